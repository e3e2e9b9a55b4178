/**
 * Conditions and states as Active Effects: the API the chat cards and the combat tracker call.
 *
 * - `applyCondition(actor, { id, duration, characteristic, sourceUuid })` puts a condition or state
 *   on a creature, replacing the same condition if it already has it (conditions never stack and
 *   the most recent duration applies, L6612–6616; a new source of frightened or taunted replaces the
 *   old, L6670, L6694). Only the creature's owners and the GM may: a player's ability puts its
 *   conditions on other creatures through its chat card, which the GM checks (ability-results.ts).
 * - `removeCondition(actor, id)` takes it off; again only the creature's owners and the GM.
 * - `endOfTurnEffects(actor)` runs the durations at the end of the creature's turn: EoT effects end,
 *   `(X resistance ends)` effects get a resistance roll with the seed's three outcomes.
 * The rules are in src/rules/durations.ts; this file gathers data, calls them and persists.
 */
import { rollModifiers } from "../rules/ability-use.ts";
import { CHARACTERISTICS } from "../rules/catalogue.ts";
import { afterResistanceRoll, atTurnEnd, isDurationKind, newDuration } from "../rules/durations.ts";
import { resolvePowerRoll } from "../rules/power-roll.ts";
import { resistanceEndsOutcome } from "../rules/resistance.ts";
import type { Characteristic } from "../rules/catalogue.ts";
import type { DurationKind, DurationState } from "../rules/durations.ts";
import type { Tier } from "../rules/power-roll.ts";
import type { ResistanceEndsOutcome } from "../rules/resistance.ts";
import { isStatusId, STATUS_ROWS, rulesPageUuid } from "./status-effects.ts";
import type { StatusId } from "./status-effects.ts";
import { PowerRoll } from "../dice/power-roll.ts";
import { FLAG_SCOPE, QUERIES } from "../constants.ts";
import { uuidOf, speakerOf } from "./persisted.ts";
import { deletion } from "../compat/versions.ts";

const SCOPE = FLAG_SCOPE;

export interface ConditionOptions {
  /** A condition or state id (src/rules/conditions.ts). */
  id: string;
  /** "" (no printed duration), "EoT", "EoE" or "resistance". */
  duration?: DurationKind;
  /** For "resistance": the characteristic of the resistance roll. */
  characteristic?: string;
  /** The creature or item that imposed it (frightened and taunted remember it). */
  sourceUuid?: string;
}

/** What the system stores on the effect, as `flags["steel-echoes"]`. */
export interface ConditionFlags {
  duration: DurationState;
  characteristic?: Characteristic;
  sourceUuid?: string;
}

/** The few members of an Active Effect this file uses. */
export interface EffectLike {
  id: string | null;
  statuses: Set<string>;
  flags: Record<string, unknown>;
  name: string;
  update(changes: object): Promise<unknown>;
  delete(): Promise<unknown>;
}

/** The few members of an Actor this file uses. */
export interface ActorLike {
  /** Null only for a temporary actor (see uuidOf). */
  uuid: string | null;
  name: string;
  isOwner: boolean;
  statuses: Set<string>;
  effects: Iterable<EffectLike>;
  system: unknown;
  /** Foundry's generic signature; called through `createEffects`. */
  createEmbeddedDocuments(name: "ActiveEffect", data: never[], options?: never): Promise<unknown>;
  /** Foundry's ownership test (every Actor has it). */
  testUserPermission?(user: User.Implementation, level: "OWNER"): boolean;
}

/**
 * Create Active Effects on an actor: Foundry's `createEmbeddedDocuments`, whose generic data type
 * (CreateData of the embedded document) our effect data satisfies but TypeScript cannot check here.
 */
export async function createEffects(actor: ActorLike, data: object[], options: { keepId?: boolean } = {}): Promise<unknown[]> {
  // Type escape: the effect data is Foundry's ActiveEffect create data, built by conditionEffectData.
  return (await actor.createEmbeddedDocuments("ActiveEffect", data as never[], options as never)) as unknown[];
}

/** Validates the options; returns a localisation key for the first problem, or null. */
export function conditionOptionsError(o: ConditionOptions): string | null {
  if (!o || typeof o.id !== "string" || !isStatusId(o.id)) return "SE.Conditions.Error.UnknownCondition";
  const duration = o.duration ?? "";
  if (!isDurationKind(duration)) return "SE.Conditions.Error.UnknownDuration";
  if (duration === "resistance" && !(CHARACTERISTICS as readonly string[]).includes(o.characteristic ?? "")) {
    return "SE.Conditions.Error.ResistanceCharacteristic";
  }
  return null;
}

/**
 * The condition data on an effect: `flags["steel-echoes"] = { duration, characteristic?, sourceUuid? }`
 * (the roll modifiers read `sourceUuid` there). A duration stored as a bare kind ("EoT") is read as
 * a new duration of that kind; effects with no such flags (toggled in the token HUD) return null.
 */
export function conditionFlags(effect: EffectLike): ConditionFlags | null {
  const flags = effect.flags?.[SCOPE] as { duration?: unknown; characteristic?: unknown; sourceUuid?: unknown } | undefined;
  if (!flags) return null;
  let duration: DurationState | null = null;
  if (typeof flags.duration === "string" && isDurationKind(flags.duration)) duration = newDuration(flags.duration);
  else if (flags.duration && typeof flags.duration === "object" && isDurationKind((flags.duration as DurationState).kind)) duration = flags.duration as DurationState;
  if (!duration) return null;
  const out: ConditionFlags = { duration };
  const characteristic = String(flags.characteristic);
  if ((CHARACTERISTICS as readonly string[]).includes(characteristic)) out.characteristic = characteristic as Characteristic;
  if (typeof flags.sourceUuid === "string" && flags.sourceUuid) out.sourceUuid = flags.sourceUuid;
  return out;
}

function effectsWithStatus(actor: ActorLike, id: string): EffectLike[] {
  return [...actor.effects].filter((e) => e.statuses.has(id));
}

/** True when the creature is the one acting in the active combat. */
function isActingNow(actor: ActorLike): boolean {
  const current = game.combat?.combatant?.actor;
  return !!current && current.uuid === actor.uuid;
}

/** The Active Effect data of a condition (status id, icon, localised name, rules link, duration flags). */
export function conditionEffectData(o: ConditionOptions, { duringOwnTurn }: { duringOwnTurn: boolean }) {
  const id = o.id as StatusId;
  const duration = newDuration(o.duration ?? "", { duringOwnTurn });
  const flags: ConditionFlags = { duration };
  if (o.duration === "resistance") flags.characteristic = o.characteristic as Characteristic;
  if (o.sourceUuid) flags.sourceUuid = o.sourceUuid;
  return {
    _id: STATUS_ROWS[id]._id,
    name: game.i18n?.localize(`SE.Condition.${id}`) ?? id,
    img: STATUS_ROWS[id].img,
    statuses: [id],
    description: `<p>@UUID[${rulesPageUuid(id)}]</p>`,
    ...(o.sourceUuid ? { origin: o.sourceUuid } : {}),
    flags: { [SCOPE]: flags },
  };
}

function notifyError(key: string): null {
  ui.notifications?.error(key, { localize: true });
  return null;
}

/**
 * Apply a condition or state to a creature. Resolves to the created effect (or, when the GM applied
 * it for this user, true), or null after a localised error (nothing is changed).
 */
export async function applyCondition(actor: ActorLike, options: ConditionOptions): Promise<unknown> {
  const error = conditionOptionsError(options);
  if (error) return notifyError(error);
  if (!actor.isOwner) return notifyError("SE.Conditions.Error.NotOwner");
  for (const existing of effectsWithStatus(actor, options.id)) await existing.delete();
  const data = conditionEffectData(options, { duringOwnTurn: isActingNow(actor) });
  const [created] = await createEffects(actor, [data], { keepId: true });
  return created ?? null;
}

/** Remove a condition or state from a creature; resolves to true if something was removed. */
export async function removeCondition(actor: ActorLike, id: string): Promise<boolean> {
  if (!isStatusId(id)) return notifyError("SE.Conditions.Error.UnknownCondition") ?? false;
  if (!actor.isOwner) return notifyError("SE.Conditions.Error.NotOwner") ?? false;
  const effects = effectsWithStatus(actor, id);
  for (const e of effects) await e.delete();
  return effects.length > 0;
}


/** The source a frightened or taunted creature remembers, or null. */
export function conditionSource(actor: ActorLike, id: "frightened" | "taunted"): string | null {
  for (const e of effectsWithStatus(actor, id)) {
    const flags = conditionFlags(e);
    if (flags?.sourceUuid) return flags.sourceUuid;
  }
  return null;
}

/** A resistance roll: rolls the dice and returns the tier (posting the card). Injected so tests can fix it. */
export type ResistanceRoller = (actor: ActorLike, effect: EffectLike, characteristic: Characteristic) => Promise<Tier>;

/** What happened to each timed effect at the end of a turn (for the chat summary and tests). */
export interface TurnEndReport {
  ended: string[];
  rolled: { id: string; outcome: ResistanceEndsOutcome }[];
}

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
  const roll = PowerRoll.fromOptions({
    characteristic: value,
    edges: mods.edges,
    banes: mods.banes,
    flavor: i18n.format("SE.Conditions.ResistanceFlavor", {
      characteristic: i18n.localize(`SE.Characteristic.${characteristic}`), condition: effect.name,
    }),
    tierTexts: ["SE.Conditions.Outcome.persists", "SE.Conditions.Outcome.ends-at-end-of-next-turn", "SE.Conditions.Outcome.ends-now"].map((k) => i18n.localize(k)),
  });
  await roll.evaluate();
  await roll.toMessage({ speaker: speakerOf({ actor: actor as Actor.Implementation }) });
  return resolvePowerRoll(roll.cardInput()).tier;
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

/** The query the GM sends a creature's owner to make its resistance roll. */
export const RESISTANCE_QUERY = QUERIES.resistanceRoll;

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

declare module "@league-of-foundry-developers/foundry-vtt-types/configuration" {
  interface FlagConfig {
    ActiveEffect: {
      [FLAG_SCOPE]?: { duration?: unknown; characteristic?: string; sourceUuid?: string; pendingRoll?: string };
    };
  }
}
