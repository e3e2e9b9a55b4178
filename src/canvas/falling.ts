/**
 * Falling (seed 004, L6188–6192; src/rules/falling.ts `fallingDamage`): `/fall N` drops the
 * user's selected creatures (or their character) N squares: 2 damage a square of effective height
 * (less their Agility, less 4 into liquid at least 1 square deep) when it is 2 or more, then prone.
 * Each creature must be the user's own. A flying creature knocked prone or held to speed 0 falls
 * too (`fallAndTell`, through ./flying-falls.ts). Not in the entry: `/fall` (the chat commands' chunk)
 * and ./flying-falls.ts load it when one falls (docs/architecture.md, "Loading").
 */
import { isDrawSteel } from "../data/index.ts";
import { landOn, takeFall } from "./landing.ts";
import { updateDocument } from "../documents/update.ts";

type AnyActor = Actor.Implementation;

/** One creature's fall; resolves to the damage it took, or null when it is not the user's Draw Steel creature. */
export async function fall(actor: AnyActor, squares: number, liquidDepth = 0): Promise<number | null> {
  if (!actor.isOwner || !isDrawSteel(actor.system)) return null;
  return (await takeFall(actor, squares, liquidDepth)).damage;
}

/** The creatures `/fall` drops: the user's controlled tokens' actors, else their character. */
export function fallers(): AnyActor[] {
  const controlled = (typeof canvas !== "undefined" && canvas?.tokens?.controlled) || [];
  const actors = controlled.map((t) => t.actor).filter((a): a is AnyActor => !!a);
  const character = game.user?.character as AnyActor | null | undefined;
  return actors.length ? [...new Set(actors)] : character ? [character] : [];
}

/**
 * A flying creature knocked prone or held to speed 0 falls (L6882; falling, L6188–6190): each of the
 * actor's tokens that is flying (v13 TokenDocument `movementAction` "fly") above elevation 0 comes
 * down to 0, and the actor takes the fall's damage once, for the highest of them (its elevation in
 * the scene's units over the grid's distance, less its Agility). Run by the user who applied the
 * status; resolves to what happened, or null when nothing fell. Creatures that only stand high (on a
 * ledge, at an elevation while walking) do not fall: Foundry does not know where the ground is.
 */
export async function fallIfFlying(
  actor: AnyActor,
): Promise<{ squares: number; damage: number; landedOn: string[]; unapplied: string[] } | null> {
  if (!actor.isOwner || !isDrawSteel(actor.system)) return null;
  const tokens = actor.getActiveTokens().map((t) => t.document).filter((t) => t.movementAction === "fly" && Number(t.elevation) > 0);
  if (!tokens.length) return null;
  const squares = Math.max(...tokens.map((t) => Math.round(Number(t.elevation) / (Number(t.parent?.grid?.distance) || 1))));
  for (const t of tokens) await updateDocument(t, { elevation: 0 });
  const { damage } = await takeFall(actor, squares);
  // Landing on a creature hurts it as much (L6194–6196).
  const landing = damage > 0 ? await landOn(tokens[0]!, damage) : { landed: [], unapplied: [] };
  return { squares, damage, landedOn: landing.landed.map((l) => l.name), unapplied: landing.unapplied };
}

/**
 * On the client of the user who applied a grounding status to `actor` (./flying-falls.ts, which
 * loads this module then): its flying tokens fall, and the chat says what it took.
 */
export async function fallAndTell(actor: AnyActor): Promise<void> {
  const fell = await fallIfFlying(actor);
  if (!fell) return;
  const format = { name: actor.name ?? "", squares: String(fell.squares), damage: String(fell.damage) };
  const text = game.i18n!.format(fell.damage ? "SE.Fall.Hurt" : "SE.Fall.Unhurt", format);
  const lines = [game.i18n!.format("SE.Fall.Grounded", { text })];
  for (const name of [...fell.landedOn, ...fell.unapplied]) {
    const key = fell.unapplied.includes(name) ? "SE.Fall.LandedOnUnapplied" : "SE.Fall.LandedOn";
    lines.push(game.i18n!.format(key, { name, damage: String(fell.damage) }));
  }
  await ChatMessage.implementation.create({ content: lines.map((l) => `<p>${foundry.utils.escapeHTML(l)}</p>`).join("") });
}
