/**
 * Running out of air in combat (seed 004, L6390): a creature marked *No air* (src/documents/
 * environment-statuses.ts) holds its breath for rounds equal to its Might (at least 1), then takes
 * 1d6 damage at the end of each round after that. The active GM's client counts, at the end of each
 * round of a Draw Steel combat (`SteelEchoesCombat#nextRound`), in the Combat's
 * `flags.steel-echoes.breath.<combatant id>`, which only a GM can write (v13 `BaseCombat.#canUpdate`:
 * a player may not update a Combat's flags); the 1d6 is the GM's roll, posted as a chat card. A
 * creature whose mark is removed breathes again: its count is cleared.
 */
import { SUFFOCATION_DAMAGE, applyDamage, breathRounds, suffocates } from "../rules/damage.ts";
import { FLAG_SCOPE } from "../constants.ts";
import { deletion } from "../compat/versions.ts";
import { damageModifiersOf } from "./environment-statuses.ts";
import { isDrawSteel } from "../data/index.ts";
import { updateDocument } from "./update.ts";
import { DAMAGE_OPTION } from "./heroic-resources.ts";
import { speakerOf } from "./persisted.ts";

type AnyActor = Actor.Implementation;
type AnyCombat = Combat.Implementation;

const BREATH = `flags.${FLAG_SCOPE}.breath`;

/** The rounds each combatant has been without air (the Combat's flags). */
export function breathCounts(combat: AnyCombat): Record<string, number> {
  const stored = (combat.flags as Record<string, Record<string, unknown> | undefined>)[FLAG_SCOPE]?.breath;
  const out: Record<string, number> = {};
  if (stored && typeof stored === "object") {
    for (const [id, n] of Object.entries(stored)) if (Number.isInteger(n) && (n as number) > 0) out[id] = n as number;
  }
  return out;
}

/** The end of a round (GM): count each breathless creature's round, and hurt those out of breath. */
export async function endOfRoundBreath(combat: AnyCombat): Promise<void> {
  if (!game.user?.isGM) return;
  const counts = breathCounts(combat);
  const changes: Record<string, unknown> = {};
  const seen = new Set<AnyActor>();
  for (const c of combat.combatants) {
    const id = c.id!;
    const actor = c.actor as AnyActor | null;
    if (!actor || !isDrawSteel(actor.system) || !actor.statuses.has("noAir") || seen.has(actor)) {
      if (counts[id]) Object.assign(changes, deletion(`${BREATH}.${id}`));
      continue;
    }
    seen.add(actor);
    const rounds = (counts[id] ?? 0) + 1;
    changes[`${BREATH}.${id}`] = rounds;
    const might = Number((actor.system as { characteristics?: { might?: number } }).characteristics?.might) || 0;
    if (suffocates(rounds, might)) await suffocate(actor, c, rounds, might);
  }
  if (Object.keys(changes).length) await updateDocument(combat, changes);
}

/** The 1d6 of a creature out of breath: rolled by the GM, applied, and shown in chat. */
async function suffocate(actor: AnyActor, combatant: Combatant.Implementation, rounds: number, might: number): Promise<void> {
  const roll = await new foundry.dice.Roll(SUFFOCATION_DAMAGE).evaluate();
  const amount = Math.max(0, roll.total ?? 0);
  const s = actor.system as { stamina: { value: number; temporary?: number } };
  const result = applyDamage({ stamina: s.stamina.value, temporary: s.stamina.temporary ?? 0 }, { amount }, damageModifiersOf(actor));
  // Damage taken prompts a persistent ability's maintenance roll (L2884), as a card's damage does.
  const taken = s.stamina.value - result.stamina + (s.stamina.temporary ?? 0) - result.temporary;
  await updateDocument(actor, { "system.stamina.value": result.stamina, "system.stamina.temporary": result.temporary }, taken > 0 ? { [DAMAGE_OPTION]: taken } : {});
  const flavor = game.i18n!.format("SE.Environment.Suffocating", {
    name: combatant.name ?? actor.name ?? "", rounds: String(rounds), breath: String(breathRounds(might)), damage: String(result.dealt),
  });
  const speaker = speakerOf({ actor, token: combatant.token, alias: combatant.name });
  await roll.toMessage({ flavor: foundry.utils.escapeHTML(flavor), speaker });
}
