/**
 * Falling (seed 004, L6188–6192; src/rules/battlefield.ts `fallingDamage`): `/fall N` drops the
 * user's selected creatures (or their character) N squares: 2 damage a square of effective height
 * (less their Agility, less 4 into liquid at least 1 square deep) when it is 2 or more, then prone.
 * Each creature must be the user's own.
 */
import { fallOutcome } from "../rules/index.ts";
import { isDrawSteel } from "../data/index.ts";
import { applyCondition } from "../documents/conditions.ts";
import { takeUntypedDamage } from "./forced-movement.ts";

type AnyActor = Actor.Implementation;

/** One creature's fall; resolves to the damage it took, or null when it is not the user's Draw Steel creature. */
export async function fall(actor: AnyActor, squares: number, liquidDepth = 0): Promise<number | null> {
  if (!actor.isOwner || !isDrawSteel(actor.system)) return null;
  const agility = Number(actor.system.characteristics?.agility) || 0;
  const { damage, prone } = fallOutcome({ squares, agility, liquidDepth });
  if (damage > 0) await takeUntypedDamage(actor, damage);
  if (prone) await applyCondition(actor, { id: "prone", duration: "" });
  return damage;
}

/** The creatures `/fall` drops: the user's controlled tokens' actors, else their character. */
export function fallers(): AnyActor[] {
  const controlled = (typeof canvas !== "undefined" && canvas?.tokens?.controlled) || [];
  const actors = controlled.map((t) => t.actor).filter((a): a is AnyActor => !!a);
  const character = game.user?.character as AnyActor | null | undefined;
  return actors.length ? [...new Set(actors)] : character ? [character] : [];
}
