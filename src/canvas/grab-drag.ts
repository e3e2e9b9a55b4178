/**
 * Impaling Strike's dragging clause (seed 004, L3469: "If you move while you have the target grabbed,
 * they take 1 damage for each square you move"). After a token moved (v13
 * `TokenDocument#_onUpdateMovement`, run on every client with the movement and the update operation),
 * the active GM's client looks up the grabs the moved creature holds in its own record
 * (src/settings/grabs.ts, written when the card grabbed) and deals each grabbed creature the damage
 * per square of the grab times the squares moved, posted in chat. Only the creature's own move
 * counts (a walk, a shift, any movement action but a teleport); a forced movement from a card is not
 * its move. Nothing a player writes decides it: the record is the GM's, the squares are the token's
 * movement, which the server records for the token's owner.
 */
import { applyDamage } from "../rules/damage.ts";
import { dragDamage } from "../rules/grabs.ts";
import { movementKind, movementPath } from "./opportunity-attacks.ts";
import type { MovementLike } from "./opportunity-attacks.ts";
import { currentGrabs, grabbedActor } from "../documents/grabs.ts";
import { damageModifiersOf } from "../documents/environment-statuses.ts";
import { isDrawSteel } from "../data/index.ts";
import { updateDocument } from "../documents/update.ts";
import { DAMAGE_OPTION } from "../documents/heroic-resources.ts";
import { abilityUseOf } from "../documents/card-checks.ts";
import { uuidOf } from "../documents/persisted.ts";

type TokenDoc = TokenDocument.Implementation;

/** After a token moved: on the active GM's client, the creatures its actor holds by a dragging grab take their damage. Resolves to what was dealt. */
export async function dragGrabbed(
  token: TokenDoc, movement: MovementLike, operation: object | undefined,
): Promise<{ name: string; dealt: number }[]> {
  const me = game.user;
  if (!me?.isGM || game.users?.activeGM?.id !== me.id) return [];
  const actor = token.actor as Actor.Implementation | null;
  const grid = Number((token.parent as Scene.Implementation | null)?.grid?.size) || 0;
  if (!actor || !grid) return [];
  const kind = movementKind(movement, operation);
  if (kind !== "move" && kind !== "shift") return [];
  const grabs = currentGrabs();
  const grabber = uuidOf(actor);
  const squares = movementPath(movement, grid).length - 1;
  const out: { name: string; dealt: number }[] = [];
  for (const hurt of dragDamage(grabs, grabber, squares)) {
    const held = grabbedActor(hurt);
    if (!held || !isDrawSteel(held.system)) continue;
    const s = held.system.stamina as { value: number; temporary?: number };
    const result = applyDamage({ stamina: s.value, temporary: s.temporary ?? 0 }, { amount: hurt.damage }, damageModifiersOf(held));
    const taken = s.value - result.stamina + (s.temporary ?? 0) - result.temporary;
    // Damage taken prompts a persistent ability's maintenance roll (L2884), as a card's damage does.
    await updateDocument(held, { "system.stamina.value": result.stamina, "system.stamina.temporary": result.temporary }, taken > 0 ? { [DAMAGE_OPTION]: taken } : {});
    const record = grabs.find((r) => r.grabber === grabber && r.grabbed === hurt.grabbed);
    // Type escape: abilityUseOf takes the structural message the harness and Foundry share; ChatMessage.Implementation is wider.
    const ability = abilityUseOf(game.messages?.get(record?.message ?? "") as never)?.name ?? "";
    const text = game.i18n!.format("SE.Grab.Dragged", {
      grabber: token.name || actor.name || "", squares: String(squares), name: held.name ?? "", damage: String(result.dealt), ability: String(ability),
    });
    await ChatMessage.implementation.create({ content: `<p>${foundry.utils.escapeHTML(text)}</p>` });
    out.push({ name: held.name ?? "", dealt: result.dealt });
  }
  return out;
}
