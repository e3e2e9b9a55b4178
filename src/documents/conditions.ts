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
import { CHARACTERISTICS } from "../rules/catalogue.ts";
import { isDurationKind, newDuration } from "../rules/durations.ts";
import type { Characteristic } from "../rules/catalogue.ts";
import type { DurationKind, DurationState } from "../rules/durations.ts";
import type { Tier } from "../rules/power-roll.ts";
import type { ResistanceEndsOutcome } from "../rules/resistance.ts";
import { isStatusId, STATUS_ROWS, rulesPageUuid } from "./status-effects.ts";
import type { StatusId } from "./status-effects.ts";
import { FLAG_SCOPE, QUERIES } from "../constants.ts";


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

/** The query the GM sends a creature's owner to make its resistance roll. */
export const RESISTANCE_QUERY = QUERIES.resistanceRoll;

declare module "@league-of-foundry-developers/foundry-vtt-types/configuration" {
  interface FlagConfig {
    ActiveEffect: {
      [FLAG_SCOPE]?: { duration?: unknown; characteristic?: string; sourceUuid?: string; pendingRoll?: string };
    };
  }
}
