/**
 * The rolls that end conditions (L6622–6634): the end of a creature's turn, the resistance roll and
 * who makes it. Loaded with `import()` by the turn flow (./combat-flow.ts), the Heal action and the
 * resistance query (./conditions.ts), not before `ready` (issue 31).
 */
import { rollModifiers } from "../rules/ability-use.ts";
import { afterResistanceRoll, atTurnEnd } from "../rules/durations.ts";
import { resolvePowerRoll } from "../rules/power-roll.ts";
import { resistanceEndsOutcome } from "../rules/resistance.ts";
import type { Characteristic } from "../rules/catalogue.ts";
import type { Tier } from "../rules/power-roll.ts";
import { PowerRoll } from "../dice/power-roll.ts";
import { FLAG_SCOPE } from "../constants.ts";
import { uuidOf, speakerOf } from "./persisted.ts";
import { nextRollOf } from "./domain-lasting.ts";
import { fatedTier } from "../rules/domain-lasting.ts";
import { deletion } from "../compat/versions.ts";
import { conditionFlags, RESISTANCE_QUERY } from "./conditions.ts";
import type { ActorLike, EffectLike, ResistanceRoller, TurnEndReport } from "./conditions.ts";

const SCOPE = FLAG_SCOPE;

/**
 * The end of the creature's turn (L6622–6634): EoT effects whose time is up end; resistance-ends
 * effects get a resistance roll (tier 1 persists, tier 2 ends at the end of the next turn, tier 3
 * ends now). Run by the GM's client from the combat tracker.
 */
export async function endOfTurnEffects(actor: ActorLike, roll: ResistanceRoller = rollByOwner): Promise<TurnEndReport> {
  const report: TurnEndReport = { ended: [], rolled: [] };
  for (const effect of [...actor.effects]) {
    const flags = conditionFlags(effect);
    if (!flags) continue;
    const label = [...effect.statuses][0] ?? effect.name;
    const step = atTurnEnd(flags.duration);
    if (step.action === "end") {
      await effect.delete();
      report.ended.push(label);
    } else if (step.action === "keep") {
      if (step.duration !== flags.duration) await effect.update({ [`flags.${SCOPE}.duration`]: step.duration });
    } else {
      const tier = await roll(actor, effect, flags.characteristic ?? "might");
      const outcome = resistanceEndsOutcome(tier);
      report.rolled.push({ id: label, outcome });
      const next = afterResistanceRoll(flags.duration, outcome);
      if (next === null) {
        await effect.delete();
        report.ended.push(label);
      } else if (next !== flags.duration) await effect.update({ [`flags.${SCOPE}.duration`]: next });
    }
  }
  return report;
}

/**
 * Roll a resistance roll (power roll + the characteristic) and post it with the three outcomes,
 * with the banes conditions impose on resistance rolls (surprised; restrained on Might and Agility)
 * from the roll modifiers.
 */
export async function rollResistance(actor: ActorLike, effect: EffectLike, characteristic: Characteristic): Promise<Tier> {
  const value = (actor.system as { characteristics?: Record<string, number> }).characteristics?.[characteristic] ?? 0;
  const i18n = game.i18n!;
  const mods = rollModifiers({ kind: "resistance", roller: { key: uuidOf(actor), statuses: [...actor.statuses] }, characteristic });
  // A resistance roll is a power roll (L2409, L2413, L2421): it takes the GM's record of a next-roll
  // grant on this creature; the GM's client uses it up when the roll is posted (./domain-effect-relay.ts).
  const nextRoll = nextRollOf(actor as Actor.Implementation);
  const roll = PowerRoll.fromOptions({
    characteristic: value,
    edges: mods.edges + nextRoll.edges,
    ...(nextRoll.tier ? { fated: nextRoll.tier } : {}),
    banes: mods.banes,
    flavor: i18n.format("SE.Conditions.ResistanceFlavor", {
      characteristic: i18n.localize(`SE.Characteristic.${characteristic}`), condition: effect.name,
    }),
    tierTexts: ["SE.Conditions.Outcome.persists", "SE.Conditions.Outcome.ends-at-end-of-next-turn", "SE.Conditions.Outcome.ends-now"].map((k) => i18n.localize(k)),
  });
  await roll.evaluate();
  await roll.toMessage({ speaker: speakerOf({ actor: actor as Actor.Implementation }) });
  // Fate's tier replaces the dice's (L2409). On the GM's client this roll's own word; a player's answer
  // to the query is her roll of her creature, as any resistance roll (./conditions.ts).
  return fatedTier(resolvePowerRoll(roll.cardInput()).tier, nextRoll);
}

/**
 * The resistance roll is the affected creature's owner's to make (L6626): ask a connected player who
 * owns it to roll on their client (query `steel-echoes.resistanceRoll`); with none, or no answer
 * within a minute, the GM's client rolls it.
 */
export const rollByOwner: ResistanceRoller = async (actor, effect, characteristic) => {
  const owner = game.users?.find((u) => u.active && !u.isGM && !!actor.testUserPermission?.(u, "OWNER"));
  if (owner) {
    // The owner's client rolls only for an effect the GM marked as waiting for this roll.
    const pending = foundry.utils.randomID(16);
    try {
      await effect.update({ [`flags.${SCOPE}.pendingRoll`]: pending });
      const tier = await owner.query(RESISTANCE_QUERY, { actorUuid: actor.uuid, effectId: effect.id, pending }, { timeout: 60_000 });
      if (tier === 1 || tier === 2 || tier === 3) return tier;
    } catch {
      // No answer: the GM rolls instead.
    } finally {
      await effect.update(deletion(`flags.${SCOPE}.pendingRoll`)).catch(() => undefined);
    }
  }
  return rollResistance(actor, effect, characteristic);
};

/**
 * The owner's side of `RESISTANCE_QUERY` (a query's sender is not known): roll only for a creature
 * this user owns, an effect the GM marked as waiting for this very roll, with the characteristic
 * the effect names. Resolves to the tier, or null.
 */
export async function answerResistanceQuery(data: { actorUuid?: unknown; effectId?: unknown; pending?: unknown }): Promise<Tier | null> {
  const doc = await fromUuid(String(data?.actorUuid ?? "")).catch(() => null);
  const actor = doc?.documentName === "Actor" ? (doc as Actor.Implementation) : null;
  const effect = actor?.effects.get(String(data?.effectId ?? ""));
  if (!actor?.isOwner || !effect || typeof data.pending !== "string") return null;
  const own = effect.flags?.[SCOPE] as { pendingRoll?: unknown } | undefined;
  const flags = conditionFlags(effect);
  if (own?.pendingRoll !== data.pending || flags?.duration.kind !== "resistance") return null;
  return rollResistance(actor, effect, flags.characteristic ?? "might");
}


declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- the League's types declare CONFIG.Queries in a namespace
  namespace CONFIG {
    interface Queries {
      "steel-echoes.resistanceRoll": typeof answerResistanceQuery;
    }
  }
}

