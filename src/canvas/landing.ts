/**
 * Hurting a creature outside an ability's damage (a collision, L6946; a fall, L6190) and landing
 * after a fall (L6194–6196), shared by forced movement (src/canvas/forced-movement.ts) and falls
 * (src/canvas/falling.ts).
 */
import { FLAG_SCOPE } from "../constants.ts";
import { fallOutcome, landOnCreature, nearestFreeSpace } from "../rules/falling.ts";
import { applyDamage, forcedMoveDamage } from "../rules/damage.ts";
import { isDrawSteel } from "../data/index.ts";
import { applyCondition } from "../documents/conditions.ts";
import { damageModifiersOf } from "../documents/environment-statuses.ts";
import { tokenSpace } from "../documents/token-space.ts";
import { updateDocument } from "../documents/update.ts";
import { DAMAGE_OPTION } from "../documents/heroic-resources.ts";
import { uuidOf } from "../documents/persisted.ts";

type AnyActor = Actor.Implementation;
type TokenDoc = TokenDocument.Implementation;

/**
 * The update option that marks a token's movement as forced (or a fall): it provokes no opportunity
 * attack (L6930, L6192; src/canvas/opportunity-attacks.ts).
 */
export const FORCED_OPTION = { [FLAG_SCOPE]: { forced: true } };

/** An actor's Stamina and temporary Stamina (0 for one without Draw Steel's Stamina). */
export function staminaOf(actor: AnyActor): { stamina: number; temporary: number } {
  if (!isDrawSteel(actor.system)) return { stamina: 0, temporary: 0 };
  const s = actor.system.stamina;
  return { stamina: s.value, temporary: s.temporary ?? 0 };
}

/**
 * Untyped damage (a collision, L6946; a fall, L6190) to an actor; resolves to what it took, for undo.
 * `forcedMove`: the damage comes from forced movement (a collision), which the creature's forced move
 * damage immunity reduces (L7172).
 */
export async function takeUntypedDamage(
  actor: AnyActor, amount: number, options: { forcedMove?: boolean } = {},
): Promise<{ stamina: number; temporary: number }> {
  if (amount <= 0) return { stamina: 0, temporary: 0 };
  const before = staminaOf(actor);
  const damage = options.forcedMove ? forcedMoveDamage(amount) : { amount, type: "", keywords: [] };
  const result = applyDamage(before, damage, damageModifiersOf(actor));
  const took = { stamina: before.stamina - result.stamina, temporary: before.temporary - result.temporary };
  // Damage taken prompts a persistent ability's maintenance roll (L2884), as a card's damage does.
  const taken = took.stamina + took.temporary;
  await updateDocument(actor, { "system.stamina.value": result.stamina, "system.stamina.temporary": result.temporary }, taken > 0 ? { [DAMAGE_OPTION]: taken } : {});
  return took;
}

/** Knock a creature prone unless it already is; resolves to the new effect's id, for undo. */
export async function landProne(actor: AnyActor): Promise<string | undefined> {
  if (actor.statuses?.has("prone")) return undefined;
  const effect = await applyCondition(actor, { id: "prone", duration: "" });
  return effect && typeof effect === "object" && "id" in effect ? String(effect.id) : undefined;
}

/**
 * A creature falls `squares` (L6188–6190): 2 damage a square of the height less its Agility (and 4
 * into liquid `liquidDepth` deep) when that is 2 or more, then prone. Resolves to the damage, what it
 * took, and the prone effect it added, for undo.
 */
export async function takeFall(
  actor: AnyActor, squares: number, liquidDepth = 0,
): Promise<{ damage: number; took: { stamina: number; temporary: number }; proneEffectId?: string }> {
  const agility = Number((actor.system as { characteristics?: { agility?: number } }).characteristics?.agility) || 0;
  const { damage, prone } = fallOutcome({ squares, agility, liquidDepth });
  const took = await takeUntypedDamage(actor, damage);
  const proneEffectId = prone ? await landProne(actor) : undefined;
  return { damage, took, ...(proneEffectId ? { proneEffectId } : {}) };
}

/** What landing on a creature did to it, for undo. */
export interface LandedRecord { actorUuid: string; name: string; stamina: number; temporary: number; proneEffectId?: string }

/**
 * A creature that fell lands on its token's space (L6194–6196): each other creature standing there
 * takes the same damage, and falls prone when the faller's size is greater than its Might; the
 * faller moves to the nearest unoccupied space. A creature this user may not change is named in
 * `unapplied` for the GM to hurt by hand. Resolves to what it did to each.
 */
export async function landOn(token: TokenDoc, damage: number): Promise<{ landed: LandedRecord[]; unapplied: string[] }> {
  const scene = token.parent as Scene.Implementation | null;
  const grid = Number(scene?.grid?.size) || 0;
  const out = { landed: [] as LandedRecord[], unapplied: [] as string[] };
  if (!scene || !grid) return out;
  const mine = tokenSpace(token, grid);
  const others = ((scene.tokens?.contents ?? []) as TokenDoc[]).filter((t) => t !== token && t.actor && !(Number(t.elevation) > 0));
  const under = others.filter((t) => {
    const s = tokenSpace(t, grid);
    return s.x < mine.x + mine.size && mine.x < s.x + s.size && s.y < mine.y + mine.size && mine.y < s.y + s.size;
  });
  if (!under.length) return out;
  for (const t of under) {
    const actor = t.actor as AnyActor;
    const name = t.name ?? actor.name ?? "";
    const might = Number((actor.system as { characteristics?: { might?: number } }).characteristics?.might) || 0;
    const hit = landOnCreature({ damage, fallerSize: mine.size, might });
    if (!actor.isOwner) {
      out.unapplied.push(name);
      continue;
    }
    const took = await takeUntypedDamage(actor, hit.damage);
    const proneEffectId = hit.prone ? await landProne(actor) : undefined;
    out.landed.push({ actorUuid: uuidOf(actor), name, ...took, ...(proneEffectId ? { proneEffectId } : {}) });
  }
  const free = nearestFreeSpace(mine, others.map((t) => tokenSpace(t, grid)));
  if (free && (free.x !== mine.x || free.y !== mine.y)) await updateDocument(token, { x: free.x * grid, y: free.y * grid }, FORCED_OPTION);
  return out;
}
