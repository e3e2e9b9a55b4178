/**
 * Echoes checks from a character (seed 000): roll the Harmony/Dissonance check a Behavior or a Save
 * calls for, with the Motivation and Trait chosen, and later apply what it does to the character's
 * track (the Motivation toll, the Motivation after the outcome, Echo, Echo relief, XP and level) and
 * to the GM's Dissonance Points, once, with undo.
 *
 * Applying goes through the GM (the Dissonance Points are a world setting): the GM's client checks
 * the request against the identity Foundry's server vouches for (the relay's requester must be the
 * message's author and an owner of the character, or a GM), the roll against the character (a
 * HarmonyRoll of the same Behavior or Save value, spoken as that character), and the Motivation
 * against its value when the check was rolled, so a stale or doctored check changes nothing; an
 * attack's damage must keep within the seed's largest (`echoesAttackLimitProblem`). The dice are the
 * roller's, as every roll in Foundry.
 */
import { FLAG_SCOPE, SETTINGS, SYSTEM_ID } from "../constants.ts";
import { ECHOES_LIMITS, GRIPS, MOTIVATIONS, dissonancePointsGained, echoesAttack, echoesAttackLimitProblem, echoesCheckChanges, echoesConditionBuffs, echoesDefense, supportBuffs, weaponSpeed } from "../rules/echoes.ts";
import { harmonyPicker, resolveHarmonyCheck } from "../rules/harmony.ts";
import type { EchoesAttackDamage, EchoesCheckChanges, EchoesDefenseResult, EchoesTrack, Grip, Motivation } from "../rules/echoes.ts";
import { HarmonyRoll } from "../dice/harmony-roll.ts";
import type { HarmonyDigit } from "../dice/harmony-roll.ts";
import { echoesUndoRecord, gmPicksFor, setEchoesUndoRecords, setGmPicks } from "../settings/echoes-records.ts";
import { harmonyOutcomeRule } from "../settings/index.ts";
import { poolValue } from "./pools.ts";
import { askGM, registerRelayHandler, showNotice } from "./relay.ts";
import type { Notice, RelayUser } from "./relay.ts";
import { updateDocument } from "./update.ts";
import { isEchoesAdversary, isEchoesCharacter } from "../data/index.ts";
import type { EchoesCharacterModel } from "../data/echoes.ts";
import { echoesConditionsOf, resolveEchoesConditions, restoreEchoesConditions } from "./echoes-conditions.ts";
import { systemFlags } from "./system-flags.ts";
import { uuidOf, speakerOf } from "./persisted.ts";

export const ECHOES_APPLY_RELAY = "echoesApply";

type AnyActor = Actor.Implementation;
type Message = ChatMessage.Implementation;

/** What a check's message carries (flags.steel-echoes.echoesCheck). */
export interface EchoesCheckFlag {
  actorUuid: string;
  kind: "behavior" | "save";
  /** The Behavior's name or the Save's id ("hit", "damage"). */
  key: string;
  label: string;
  target: number;
  motivation: Motivation | null;
  /** The Motivation's value when the check was rolled. */
  motivationValue: number;
  trait: { text: string; as: "buff" | "debuff" } | null;
  /** An attack check (the Hit Save, S0:L101–121): the weapon's grip, the ability's damage and Echo. */
  attack?: EchoesAttackChoice | null;
  /** A defense check (a defense Behavior, S0:L126–133): the damage coming in and the resistance that matches it. */
  defense?: EchoesDefenseChoice | null;
  /** A support check's ally (S0:L88–100). */
  supports?: { actorUuid: string; name: string } | null;
  /** The support this check used, by the support checks' message ids. */
  supportUsed?: string[];
  /**
   * An attack's targets when it was rolled: the tokens of Echoes adversaries the roller had targeted.
   * The GM's client strikes only tokens it finds on the active scene (or the scene it views).
   */
  targets?: { tokenUuid?: string; actorUuid: string; name: string }[];
  /** What applying did, for the card to say; null until applied. */
  applied: EchoesAppliedSummary | null;
}

export interface EchoesAttackChoice {
  grip: Grip | null; abilityDamage: number; ability: boolean;
  /** An ability's own speed (S0:L15); otherwise the weapon's sets the enemies' activation. */
  speed?: "fast" | "slow";
}
export interface EchoesDefenseChoice { incoming: number; resistance: number }

export type EchoesAppliedSummary = Omit<EchoesCheckChanges, "track"> & {
  motivation: { from: number; to: number } | null;
  echo: { from: number; to: number };
  dissonancePoints: number;
  attack?: EchoesAttackDamage;
  defense?: EchoesDefenseResult & { staminaFrom: number };
  /** A support check's Buffs for its ally's next check. */
  support?: { name: string; big: number; small: number };
  /** Who this check's support came from. */
  supportUsed?: string[];
  /** Conditions the check resolved by using them (S0:L172–182), by actor name. */
  resolved?: { name: string; conditions: string[] }[];
  /** What the attack did to each target adversary. */
  targets?: { name: string; measure: string; from: number; to: number }[];
  /** The weapon's speed, which sets the enemies' activation after the turn (S0:L138–146). */
  speed?: "fast" | "slow";
};

/**
 * What applying did, for undo: kept by the GM's client in a world setting, by message id
 * (src/settings/echoes.ts `echoesUndoRecord`), which only a GM writes. Never on the character or the
 * message, which their player writes.
 */
export interface AppliedRecord {
  /** The character the check was applied to. */
  actorUuid: string;
  before: EchoesTrack;
  dissonancePoints: number;
  /** A defense check's hit: the Stamina and wounds before it. */
  body?: { stamina: number; wounds: { minor: number; serious: number } };
  /** An attack's damage to each adversary, given back on undo. */
  dealt?: { actorUuid: string; took: number }[];
  /** Conditions resolved, put back on undo. */
  resolved?: { actorUuid: string; conditions: string[] }[];
  /** Behavior and Ability Points new levels gave, taken back on undo. */
  points?: { behaviorPoints: number; abilityPoints: number };
  /** The support this check gave (taken back on undo) and the support it used (given back). */
  supportGiven?: { actorUuid: string };
  supportUsed?: SupportEntry[];
}

export interface EchoesRollChoices {
  motivation: Motivation | null;
  trait: { text: string; as: "buff" | "debuff" } | null;
  big: number;
  small: number;
  attack?: EchoesAttackChoice | null;
  defense?: EchoesDefenseChoice | null;
  supports?: { uuid: string; name: string } | null;
}

/** A support check's Buffs waiting on its ally (flags.steel-echoes.supportReceived), until the ally's next check. */
export interface SupportEntry { messageId: string; from: string; big: number; small: number }

const SUPPORT_PATH = `flags.${FLAG_SCOPE}.supportReceived`;

/** The support waiting for `actor`'s next check. */
export function supportReceived(actor: AnyActor): SupportEntry[] {
  const list = systemFlags(actor).supportReceived;
  if (!Array.isArray(list)) return [];
  return list.filter(isSupportEntry).slice(0, 10);
}

function isSupportEntry(e: unknown): e is SupportEntry {
  const s = e as Partial<SupportEntry> | null;
  return !!s && typeof s === "object" && typeof s.messageId === "string" && typeof s.big === "number" && typeof s.small === "number"
    && Number.isInteger(s.big) && Math.abs(s.big) <= 1 && Number.isInteger(s.small) && Math.abs(s.small) <= 1;
}

/** The value a Behavior or Save has now, or null when the character has none of that name. */
export function subjectValue(actor: AnyActor, kind: "behavior" | "save", key: string): number | null {
  if (!isEchoesCharacter(actor.system)) return null;
  const s = actor.system;
  if (kind === "save") return key === "hit" || key === "damage" ? s.saves[key] : null;
  return s.behaviors.find((b) => b.name === key)?.value ?? null;
}

function trackOf(actor: AnyActor): EchoesTrack | null {
  if (!isEchoesCharacter(actor.system)) return null;
  const s = actor.system;
  return {
    motivations: Object.fromEntries(MOTIVATIONS.map((m) => [m, s.motivations[m]])) as Record<Motivation, number>,
    echo: s.echo, xp: { value: s.xp.value, max: s.xp.max }, level: s.level,
  };
}

/** Roll a check for `actor` and post it; the card offers to apply it. */
export async function rollEchoesCheck(
  actor: AnyActor, subject: { kind: "behavior" | "save"; key: string; label: string }, choices: EchoesRollChoices,
): Promise<Message | null> {
  const target = subjectValue(actor, subject.kind, subject.key);
  const track = trackOf(actor);
  if (target === null || !track) return null;
  const motivationName = choices.motivation ? game.i18n!.localize(`SE.Echoes.Motivation.${choices.motivation}`) : "";
  const roll = HarmonyRoll.fromOptions({
    target, big: choices.big, small: choices.small, outcomeRule: harmonyOutcomeRule(),
    flavor: motivationName
      ? game.i18n!.format("SE.Echoes.CheckFlavor", { name: subject.label, motivation: motivationName })
      : subject.label,
  });
  await roll.evaluate();
  const flag: EchoesCheckFlag = {
    actorUuid: uuidOf(actor), kind: subject.kind, key: subject.key, label: subject.label, target,
    motivation: choices.motivation, motivationValue: choices.motivation ? track.motivations[choices.motivation] : 0,
    trait: choices.trait, applied: null,
    ...(subject.kind === "save" && subject.key === "hit" && choices.attack ? { attack: choices.attack, targets: adversaryTargets() } : {}),
    ...(subject.kind === "behavior" && choices.defense ? { defense: choices.defense } : {}),
    ...(subject.kind === "behavior" && choices.supports ? { supports: { actorUuid: choices.supports.uuid, name: choices.supports.name } } : {}),
    supportUsed: supportReceived(actor).map((s) => s.messageId),
  };
  return (await roll.toMessage({
    speaker: speakerOf({ actor }),
    flags: { [FLAG_SCOPE]: { echoesCheck: flag } },
  })) as Message | null;
}

export function echoesCheckOf(message: Message | undefined | null): EchoesCheckFlag | null {
  const flag = systemFlags(message).echoesCheck;
  return flag && typeof flag === "object" ? flag as EchoesCheckFlag : null;
}

const notice = (key: string, format?: Record<string, string>, type: Notice["type"] = "warn"): Notice =>
  ({ type, key: `SE.Echoes.Error.${key}`, ...(format ? { format } : {}) });

/** The most Dissonance Points one check gives the GM (`dissonancePointsGained`: the tens digit, 00 counting 10). */
const DISSONANCE_POINTS_CAP = 10;

const whole = (v: unknown, max: number) => Math.min(max, Math.max(0, Math.trunc(Number(v) || 0)));

/**
 * The undo record of a message's check, from the world setting only the GM writes, or null. Every
 * field is checked again, so even a record written before 0.2.0 (the migration moved those off the
 * characters, where their players could have forged them) undoes no more than an application can do.
 */
function appliedRecord(messageId: string): AppliedRecord | null {
  const r = echoesUndoRecord(messageId);
  const before = r?.before as Partial<EchoesTrack> | undefined;
  if (!r || typeof r.actorUuid !== "string" || !before || typeof before !== "object") return null;
  const list = (v: unknown): Record<string, unknown>[] =>
    (Array.isArray(v) ? v : []).filter((e): e is Record<string, unknown> => !!e && typeof e === "object").slice(0, 20);
  const motivations = (before.motivations ?? {}) as Partial<Record<Motivation, unknown>>;
  const xp = (before.xp ?? {}) as { value?: unknown; max?: unknown };
  const body = r.body as { stamina?: unknown; wounds?: { minor?: unknown; serious?: unknown } } | undefined;
  const points = r.points as { behaviorPoints?: unknown; abilityPoints?: unknown } | undefined;
  const given = r.supportGiven as { actorUuid?: unknown } | undefined;
  return {
    actorUuid: r.actorUuid,
    before: {
      motivations: Object.fromEntries(MOTIVATIONS.map((m) => [m, whole(motivations[m], 9_999)])) as Record<Motivation, number>,
      echo: whole(before.echo, 9_999), xp: { value: whole(xp.value, 9_999), max: whole(xp.max, 9_999) }, level: whole(before.level, 9_999),
    },
    dissonancePoints: whole(r.dissonancePoints, DISSONANCE_POINTS_CAP),
    ...(body && typeof body === "object" ? {
      body: {
        stamina: whole(body.stamina, 9_999),
        wounds: { minor: whole(body.wounds?.minor, 2), serious: whole(body.wounds?.serious, 2) },
      },
    } : {}),
    ...(r.dealt ? { dealt: list(r.dealt).map((d) => ({ actorUuid: String(d.actorUuid), took: whole(d.took, 9_999) })) } : {}),
    ...(r.resolved ? {
      resolved: list(r.resolved).map((e) => ({
        actorUuid: String(e.actorUuid), conditions: Array.isArray(e.conditions) ? e.conditions.map(String).slice(0, 20) : [],
      })),
    } : {}),
    ...(points && typeof points === "object"
      ? { points: { behaviorPoints: whole(points.behaviorPoints, 9_999), abilityPoints: whole(points.abilityPoints, 9_999) } } : {}),
    ...(given && typeof given.actorUuid === "string" ? { supportGiven: { actorUuid: given.actorUuid } } : {}),
    ...(r.supportUsed ? { supportUsed: list(r.supportUsed).flatMap((e) => (isSupportEntry(e) ? [e] : [])) } : {}),
  };
}

function trackUpdate(track: EchoesTrack): Record<string, unknown> {
  return {
    ...Object.fromEntries(MOTIVATIONS.map((m) => [`system.motivations.${m}`, track.motivations[m]])),
    "system.echo": track.echo, "system.xp.value": track.xp.value, "system.level": track.level,
  };
}

async function addDissonancePoints(delta: number): Promise<void> {
  if (!delta) return;
  await game.settings!.set(SYSTEM_ID, SETTINGS.dissonancePoints, Math.max(0, poolValue("dissonancePoints") + delta));
}

/** Apply a check (or undo it) as `user`: the GM, or the relay's requester on the GM's client. */
export async function performEchoesApply(
  request: { messageId: string; action: "apply" | "undo" }, user: { id: string | null; isGM: boolean },
): Promise<{ ok: boolean; notice?: Notice }> {
  const message = game.messages?.get(String(request?.messageId)) as Message | undefined;
  const flag = echoesCheckOf(message);
  if (!message || !flag) return { ok: false, notice: notice("Gone") };
  const done = appliedRecord(message.id!);
  // Undo acts on the character the GM recorded; the message's author may have renamed another since.
  const actor = (await fromUuid(String(request.action === "undo" && done ? done.actorUuid : flag.actorUuid)).catch(() => null)) as AnyActor | null;
  const track = actor ? trackOf(actor) : null;
  if (!actor || !track) return { ok: false, notice: notice("Gone") };
  const requester = user.id ? game.users?.get(user.id) : undefined;
  const isOwner = !!requester && actor.testUserPermission(requester, "OWNER");
  if (!user.isGM && (message.author?.id !== user.id || !isOwner)) return { ok: false, notice: notice("NotAllowed", { name: actor.name ?? "" }, "error") };

  if (request.action === "undo") {
    if (!done) return { ok: false, notice: notice("NotApplied", undefined, "info") };
    await undoApplied(message, actor, done);
    return { ok: true };
  }

  if (done || flag.applied) return { ok: false, notice: notice("AlreadyApplied", undefined, "info") };
  const roll = message.rolls?.[0];
  const motivation = MOTIVATIONS.find((m) => m === flag.motivation) ?? null;
  // The roll must be this character's check of this Behavior or Save, its Motivation still as rolled.
  if (!(roll instanceof HarmonyRoll) || message.speaker?.actor !== actor.id
    || subjectValue(actor, flag.kind, String(flag.key)) !== roll.harmonyOptions.target
    || (motivation && track.motivations[motivation] !== flag.motivationValue)) {
    return { ok: false, notice: notice("Stale", { name: actor.name ?? "" }, "error") };
  }
  // The picks that count: the roller's under a Buff (on the roll), the GM's under a Debuff (kept
  // where only a GM writes), else the seed's usual die.
  const options = roll.harmonyOptions;
  const gm = gmPicksFor(message.id!);
  const pick = {
    ...(options.big > 0 && options.pick?.dissonance !== undefined ? { dissonance: options.pick.dissonance } : {}),
    ...(options.big < 0 && gm.dissonance !== undefined ? { dissonance: gm.dissonance } : {}),
    ...(options.small > 0 && options.pick?.harmony !== undefined ? { harmony: options.pick.harmony } : {}),
    ...(options.small < 0 && gm.harmony !== undefined ? { harmony: gm.harmony } : {}),
  };
  let result;
  let shown: HarmonyRoll;
  try {
    result = resolveHarmonyCheck({ ...roll.cardInput(), pick });
    shown = roll.withPick("dissonance", result.picked.dissonance).withPick("harmony", result.picked.harmony);
  } catch {
    return { ok: false, notice: notice("Stale", { name: actor.name ?? "" }, "error") };
  }
  const system = actor.system;
  if (!isEchoesCharacter(system)) return { ok: false, notice: notice("Gone") };
  const attack = attackOf(flag, system, result);
  // A player writes her own check's message: an attack beyond the seed's largest damage strikes nobody.
  const beyond = attack && !message.author?.isGM
    ? echoesAttackLimitProblem({ abilityDamage: flag.attack?.abilityDamage, total: attack.total }) : null;
  if (beyond) {
    const format = { ability: String(ECHOES_LIMITS.abilityDamage), max: String(ECHOES_LIMITS.attackDamage) };
    return { ok: false, notice: notice("DamageBeyondLimits", format, "error") };
  }
  const defense = defenseOf(flag, system, result);
  const changes = echoesCheckChanges(track, {
    motivation, pass: result.pass, harmonyMatches: result.harmonyMatches,
    rerolled: !!options.reroll, usedAbility: !!attack && !!flag.attack?.ability,
  });
  const dissonancePoints = dissonancePointsGained(result.tens, result.ones);
  const body = { stamina: system.stamina.value, wounds: { minor: system.wounds.minor, serious: system.wounds.serious } };
  const targets = attack ? await attackTargets(flag, user) : [];
  const hits = attack ? await strike(targets, attack.total) : [];
  // The conditions the check used (the character's; an attack's first target's) are resolved.
  const firstTarget = targets[0] ?? null;
  const spent = echoesConditionBuffs(attack ? "attack" : defense ? "defense" : "other", echoesConditionsOf(actor), echoesConditionsOf(firstTarget));
  const resolved = [
    { actor, conditions: await resolveEchoesConditions(actor, spent.spentOwn) },
    ...(firstTarget ? [{ actor: firstTarget, conditions: await resolveEchoesConditions(firstTarget, spent.spentTarget) }] : []),
  ].filter((r) => r.conditions.length);
  const dealt = hits.map((h) => ({ actorUuid: h.actorUuid, took: h.from - h.to }));
  // Support (S0:L88–100): this check's Buffs wait on its ally; the support this check used is gone.
  const ally = flag.kind === "behavior" && flag.supports ? (await fromUuid(String(flag.supports.actorUuid)).catch(() => null)) as AnyActor | null : null;
  const given = ally && ally !== actor && isEchoesCharacter(ally.system) ? supportBuffs(result.outcome) : null;
  if (ally && given && (given.big || given.small)) {
    await updateDocument(ally, { [SUPPORT_PATH]: [...supportReceived(ally), { messageId: message.id!, from: actor.name ?? "", ...given }] });
  }
  const usedIds = Array.isArray(flag.supportUsed) ? flag.supportUsed.map(String) : [];
  const used = supportReceived(actor).filter((s) => usedIds.includes(s.messageId));
  if (used.length) await updateDocument(actor, { [SUPPORT_PATH]: supportReceived(actor).filter((s) => !usedIds.includes(s.messageId)) });
  const record: AppliedRecord = {
    actorUuid: uuidOf(actor), before: track, dissonancePoints, ...(defense ? { body } : {}), ...(hits.length ? { dealt } : {}),
    ...(ally && given && (given.big || given.small) ? { supportGiven: { actorUuid: uuidOf(ally) } } : {}),
    ...(used.length ? { supportUsed: used } : {}),
    ...(resolved.length ? { resolved: resolved.map((r) => ({ actorUuid: uuidOf(r.actor), conditions: r.conditions })) } : {}),
    ...(changes.levelsGained ? { points: changes.pointsGained } : {}),
  };
  // New levels' points to distribute (S0:L47).
  const points = changes.levelsGained ? {
    "system.behaviorPoints": system.behaviorPoints + changes.pointsGained.behaviorPoints,
    "system.abilityPoints": system.abilityPoints + changes.pointsGained.abilityPoints,
  } : {};
  await updateDocument(actor, { ...trackUpdate(changes.track), ...(defense ? bodyUpdate(defense) : {}), ...points });
  // JSON-safe by construction (numbers, strings and arrays of them).
  await setEchoesUndoRecords({ [message.id!]: { ...record } });
  await addDissonancePoints(dissonancePoints);
  const { track: after, ...counts } = changes;
  const summary: EchoesAppliedSummary = {
    ...counts,
    motivation: motivation ? { from: track.motivations[motivation], to: after.motivations[motivation] } : null,
    echo: { from: track.echo, to: after.echo },
    dissonancePoints,
    ...(attack ? { attack, targets: hits.map(({ name, measure, from, to }) => ({ name, measure, from, to })) } : {}),
    ...(resolved.length ? { resolved: resolved.map((r) => ({ name: r.actor.name ?? "", conditions: r.conditions })) } : {}),
    ...(ally && given ? { support: { name: ally.name ?? "", ...given } } : {}),
    ...(used.length ? { supportUsed: used.map((s) => s.from) } : {}),
    ...(attack && (flag.attack?.speed === "fast" || flag.attack?.speed === "slow") ? { speed: flag.attack.speed }
      : attack && flag.attack?.grip && GRIPS.includes(flag.attack.grip) ? { speed: weaponSpeed(flag.attack.grip) } : {}),
    ...(defense ? { defense: { ...defense, staminaFrom: body.stamina } } : {}),
  };
  // The card shows the dice that were applied.
  await updateDocument(message, {
    [`flags.${FLAG_SCOPE}.echoesCheck.applied`]: summary, rolls: [JSON.stringify(shown)], content: String(shown.total),
  });
  return { ok: true };
}

type Viewer = { id: string | null; isGM: boolean };
type Resolved = ReturnType<typeof resolveHarmonyCheck>;

const count = (v: unknown) => Math.min(9_999, Math.max(0, Math.trunc(Number(v) || 0)));

/** An attack check's damage, when the check is the Hit Save's and says it is an attack. */
function attackOf(flag: EchoesCheckFlag, system: EchoesCharacterModel, result: Resolved): EchoesAttackDamage | null {
  if (flag.kind !== "save" || flag.key !== "hit" || !flag.attack) return null;
  const grip = GRIPS.find((g) => g === flag.attack!.grip) ?? null;
  return echoesAttack({
    damageSave: system.saves.damage, abilityDamage: count(flag.attack.abilityDamage), grip,
    tens: result.tens, ones: result.ones, outcome: result.outcome,
  });
}

/** A defense check's hit, when the check is of a Behavior the character's sheet marks as a defense. */
function defenseOf(flag: EchoesCheckFlag, system: EchoesCharacterModel, result: Resolved): EchoesDefenseResult | null {
  if (flag.kind !== "behavior" || !flag.defense) return null;
  if (!system.behaviors.find((b) => b.name === flag.key)?.defense) return null;
  return echoesDefense({
    outcome: result.outcome, incoming: count(flag.defense.incoming), resistance: count(flag.defense.resistance),
    stamina: system.stamina.value, woundThreshold: Math.max(1, system.woundThreshold), wounds: system.wounds,
  });
}

/** The Echoes adversaries this user targets (v13 `User#targets`: the targeted Token placeables), by token. */
function adversaryTargets(): { tokenUuid: string; actorUuid: string; name: string }[] {
  return [...(game.user?.targets ?? [])].flatMap((t) => {
    const actor = t.actor;
    return actor && isEchoesAdversary(actor.system)
      ? [{ tokenUuid: uuidOf(t.document), actorUuid: uuidOf(actor), name: t.document.name || actor.name || "" }] : [];
  }).slice(0, 20);
}

async function adversaryAt(uuid: unknown): Promise<AnyActor | null> {
  if (typeof uuid !== "string" || uuid.length > 200) return null;
  const doc = (await fromUuid(uuid).catch(() => null)) as AnyActor | null;
  return doc?.documentName === "Actor" && isEchoesAdversary(doc.system) ? doc : null;
}

/**
 * The adversaries an attack may strike, checked on the GM's client, once each: the message's targets
 * are its author's to write, so each must name a token that is on the active scene (or the scene this
 * client views), visible to a player requester, whose actor is an Echoes adversary. An actor named
 * without a token, a token on another scene, a hidden one or a second token of the same creature
 * strikes nothing.
 */
async function attackTargets(flag: EchoesCheckFlag, requester: { isGM: boolean }): Promise<AnyActor[]> {
  const scenes = [game.scenes?.active, game.scenes?.viewed].filter((s): s is Scene.Stored => !!s);
  const out: AnyActor[] = [];
  const seen = new Set<string>();
  for (const target of (Array.isArray(flag.targets) ? flag.targets : []).slice(0, 20)) {
    const uuid = target?.tokenUuid;
    if (typeof uuid !== "string" || uuid.length > 200) continue;
    const token = await fromUuid(uuid).catch(() => null);
    if (!(token instanceof foundry.documents.TokenDocument) || !token.id) continue;
    const scene = token.parent;
    if (!scene || !scenes.some((s) => s === scene && s.tokens.get(token.id!) === token)) continue;
    if (token.hidden && !requester.isGM) continue;
    const adversary = token.actor;
    if (!adversary || !isEchoesAdversary(adversary.system) || seen.has(uuidOf(adversary))) continue;
    seen.add(uuidOf(adversary));
    out.push(adversary);
  }
  return out;
}

/** An attack's damage to each target adversary (HP or Stacks, never below 0). */
async function strike(targets: AnyActor[], damage: number) {
  const hits: { actorUuid: string; name: string; measure: string; from: number; to: number }[] = [];
  for (const adversary of targets) {
    if (!isEchoesAdversary(adversary.system)) continue;
    const from = adversary.system.hp.value;
    const to = Math.max(0, from - damage);
    if (to !== from) await updateDocument(adversary, { "system.hp.value": to });
    hits.push({ actorUuid: uuidOf(adversary), name: adversary.name ?? "", measure: adversary.system.measure, from, to });
  }
  return hits;
}

/**
 * Undo what the GM recorded applying a check did, never more: the character's track, body and
 * points as they were; the Dissonance Points it gave (at most a check's); each adversary's HP it
 * took (up to the adversary's maximum); the conditions it resolved, on the character or a creature it
 * struck only; the support it gave and used.
 */
async function undoApplied(message: Message, actor: AnyActor, done: AppliedRecord): Promise<void> {
  const points = done.points && isEchoesCharacter(actor.system) ? {
    "system.behaviorPoints": Math.max(0, actor.system.behaviorPoints - done.points.behaviorPoints),
    "system.abilityPoints": Math.max(0, actor.system.abilityPoints - done.points.abilityPoints),
  } : {};
  await updateDocument(actor, { ...trackUpdate(done.before), ...(done.body ? bodyUpdate(done.body) : {}), ...points });
  await setEchoesUndoRecords({ [message.id!]: null });
  await addDissonancePoints(-done.dissonancePoints);
  if (done.supportGiven) {
    const ally = (await fromUuid(String(done.supportGiven.actorUuid)).catch(() => null)) as AnyActor | null;
    if (ally?.documentName === "Actor") await updateDocument(ally, { [SUPPORT_PATH]: supportReceived(ally).filter((s) => s.messageId !== message.id) });
  }
  if (done.supportUsed?.length) await updateDocument(actor, { [SUPPORT_PATH]: [...supportReceived(actor), ...done.supportUsed] });
  const struck = new Set((done.dealt ?? []).map((d) => d.actorUuid));
  for (const r of done.resolved ?? []) {
    if (r.actorUuid !== done.actorUuid && !struck.has(r.actorUuid)) continue;
    const who = (await fromUuid(String(r.actorUuid)).catch(() => null)) as AnyActor | null;
    if (who?.documentName === "Actor") await restoreEchoesConditions(who, r.conditions);
  }
  for (const d of done.dealt ?? []) {
    const adversary = await adversaryAt(d.actorUuid);
    if (adversary && isEchoesAdversary(adversary.system)) {
      const hp = adversary.system.hp;
      const back = Math.min(hp.value + d.took, Math.max(hp.value, hp.max));
      if (back !== hp.value) await updateDocument(adversary, { "system.hp.value": back });
    }
  }
  await updateDocument(message, { [`flags.${FLAG_SCOPE}.echoesCheck.applied`]: null });
}

function bodyUpdate(body: { stamina: number; wounds: { minor: number; serious: number } }): Record<string, unknown> {
  return { "system.stamina.value": body.stamina, "system.wounds.minor": body.wounds.minor, "system.wounds.serious": body.wounds.serious };
}

/** The check's roll, when it may still change (not applied). */
function openCheck(message: Message | undefined): { flag: EchoesCheckFlag; roll: HarmonyRoll } | null {
  const flag = echoesCheckOf(message);
  const roll = message?.rolls?.[0];
  return flag && !flag.applied && roll instanceof HarmonyRoll ? { flag, roll } : null;
}

/** The roller who owns the character: the check's author, an owner of its actor. */
function isRoller(message: Message, flag: EchoesCheckFlag, user: Viewer): boolean {
  const actor = fromUuidSync(String(flag.actorUuid)) as AnyActor | null;
  const doc = user.id ? game.users?.get(user.id) : undefined;
  return message.author?.id === user.id && !!doc && !!actor?.testUserPermission(doc, "OWNER");
}

/** What this user may do to a check's dice now: pick a digit's die, reroll one. */
export function echoesDiceRights(message: Message, user: Viewer): { pick: Record<HarmonyDigit, boolean>; reroll: boolean } {
  const open = openCheck(message);
  if (!open) return { pick: { dissonance: false, harmony: false }, reroll: false };
  const { flag, roll } = open;
  const roller = isRoller(message, flag, user);
  const may = (net: number) => {
    const picker = harmonyPicker(net);
    return (picker === "player" && roller) || (picker === "gm" && user.isGM);
  };
  const o = roll.harmonyOptions;
  return { pick: { dissonance: may(o.big), harmony: may(o.small) }, reroll: roller && !o.reroll };
}

async function showRoll(message: Message, roll: HarmonyRoll): Promise<void> {
  await updateDocument(message, { rolls: [JSON.stringify(roll)], content: String(roll.total) });
}

/**
 * Pick the die a digit uses (S0:L70–71): the roller under a net Buff, the GM under a net Debuff
 * (the GM's pick is also kept in a world setting, which only a GM writes). Before the check is applied.
 */
export async function repickEchoesCheck(messageId: string, digit: HarmonyDigit, index: number): Promise<boolean> {
  const message = game.messages?.get(String(messageId)) as Message | undefined;
  const user = game.user!;
  const open = openCheck(message);
  if (!message || !open || (digit !== "dissonance" && digit !== "harmony")) return false;
  if (!echoesDiceRights(message, user).pick[digit]) {
    showNotice(notice("NotYours", undefined, "warn"));
    return false;
  }
  let roll: HarmonyRoll;
  try {
    roll = open.roll.withPick(digit, index);
  } catch {
    return false;
  }
  if (user.isGM && harmonyPicker(digit === "dissonance" ? roll.harmonyOptions.big : roll.harmonyOptions.small) === "gm") {
    await setGmPicks(message.id!, { ...gmPicksFor(message.id!), [digit]: index });
  }
  await showRoll(message, roll);
  return true;
}

/** The one reroll a check allows (S0:L81), by the roller, before the check is applied: 1 Echo when applied. */
export async function rerollEchoesCheck(messageId: string, digit: HarmonyDigit, index: number): Promise<boolean> {
  const message = game.messages?.get(String(messageId)) as Message | undefined;
  const open = openCheck(message);
  if (!message || !open || (digit !== "dissonance" && digit !== "harmony")) return false;
  if (!echoesDiceRights(message, game.user!).reroll) {
    showNotice(notice(open.roll.harmonyOptions.reroll ? "Rerolled" : "NotYours", undefined, "warn"));
    return false;
  }
  const die = await new foundry.dice.Roll(digit === "dissonance" ? "1dt" : "1dh").evaluate();
  let roll: HarmonyRoll;
  try {
    roll = open.roll.withReroll(digit, index, Number(die.total));
  } catch {
    return false;
  }
  await showRoll(message, roll);
  return true;
}

const locks = (r: { messageId?: unknown }) => [`message:${String(r.messageId)}`, "pool:dissonancePoints"];

/** Apply or undo from a click: the GM does it, a player asks the GM. */
export async function requestEchoesApply(messageId: string, action: "apply" | "undo"): Promise<boolean> {
  return Boolean(await askGM(ECHOES_APPLY_RELAY, { messageId, action }));
}

/** The GM's side of the relay (index.ts registers it at init). */
export function registerEchoesRelay(): void {
  registerRelayHandler<Record<string, unknown>>(ECHOES_APPLY_RELAY, {
    locks,
    run: async (data, requester: RelayUser) => {
      const outcome = await performEchoesApply({ messageId: String(data.messageId), action: data.action === "undo" ? "undo" : "apply" }, requester);
      return { value: outcome.ok, ...(outcome.notice ? { notice: outcome.notice } : {}) };
    },
  });
}
