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
import {
  ECHOES_LIMITS, GRIPS, MOTIVATIONS, dissonancePointsGained, echoesAttack, echoesAttackLimitProblem, echoesCheckChanges,
  echoesConditionBuffs, echoesDefense, harmonyPicker, resolveHarmonyCheck, supportBuffs, weaponSpeed,
} from "../rules/index.ts";
import type { EchoesAttackDamage, EchoesCheckChanges, EchoesDefenseResult, EchoesTrack, Grip, Motivation } from "../rules/index.ts";
import { HarmonyRoll } from "../dice/harmony-roll.ts";
import type { HarmonyDigit } from "../dice/harmony-roll.ts";
import { gmPicksFor, setGmPicks } from "../settings/echoes.ts";
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
  /** An attack's targets when it was rolled: the Echoes adversaries the roller had targeted. */
  targets?: { actorUuid: string; name: string }[];
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

/** What applying did to the character, kept on the character (which only its owners and the GM write) for undo. */
interface AppliedRecord {
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
  return list.filter((e): e is SupportEntry => !!e && typeof e === "object" && typeof e.messageId === "string"
    && Number.isInteger(e.big) && Math.abs(e.big) <= 1 && Number.isInteger(e.small) && Math.abs(e.small) <= 1).slice(0, 10);
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
const recordKey = (messageId: string) => `flags.${FLAG_SCOPE}.echoesApplied.${messageId}`;

function appliedRecord(actor: AnyActor, messageId: string): AppliedRecord | null {
  const r = (systemFlags(actor).echoesApplied as Record<string, AppliedRecord> | undefined)?.[messageId];
  return r && typeof r === "object" ? r : null;
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
  const actor = (await fromUuid(String(flag.actorUuid)).catch(() => null)) as AnyActor | null;
  const track = actor ? trackOf(actor) : null;
  if (!actor || !track) return { ok: false, notice: notice("Gone") };
  const requester = user.id ? game.users?.get(user.id) : undefined;
  const isOwner = !!requester && actor.testUserPermission(requester, "OWNER");
  if (!user.isGM && (message.author?.id !== user.id || !isOwner)) return { ok: false, notice: notice("NotAllowed", { name: actor.name ?? "" }, "error") };
  const done = appliedRecord(actor, message.id!);

  if (request.action === "undo") {
    if (!done) return { ok: false, notice: notice("NotApplied", undefined, "info") };
    const points = done.points && isEchoesCharacter(actor.system) ? {
      "system.behaviorPoints": Math.max(0, actor.system.behaviorPoints - (Number(done.points.behaviorPoints) || 0)),
      "system.abilityPoints": Math.max(0, actor.system.abilityPoints - (Number(done.points.abilityPoints) || 0)),
    } : {};
    await updateDocument(actor, {
      ...trackUpdate(done.before), ...(done.body ? bodyUpdate(done.body) : {}), ...points,
      [`flags.${FLAG_SCOPE}.echoesApplied.-=${message.id}`]: null,
    });
    await addDissonancePoints(-done.dissonancePoints);
    if (done.supportGiven) {
      const ally = (await fromUuid(String(done.supportGiven.actorUuid)).catch(() => null)) as AnyActor | null;
      if (ally?.documentName === "Actor") await updateDocument(ally, { [SUPPORT_PATH]: supportReceived(ally).filter((s) => s.messageId !== message.id) });
    }
    if (done.supportUsed?.length) await updateDocument(actor, { [SUPPORT_PATH]: [...supportReceived(actor), ...done.supportUsed] });
    for (const r of done.resolved ?? []) {
      const who = (await fromUuid(String(r.actorUuid)).catch(() => null)) as AnyActor | null;
      if (who?.documentName === "Actor") await restoreEchoesConditions(who, Array.isArray(r.conditions) ? r.conditions : []);
    }
    for (const d of done.dealt ?? []) {
      const adversary = await adversaryAt(d.actorUuid);
      if (adversary && isEchoesAdversary(adversary.system)) {
        await updateDocument(adversary, { "system.hp.value": adversary.system.hp.value + Math.max(0, Number(d.took) || 0) });
      }
    }
    await updateDocument(message, { [`flags.${FLAG_SCOPE}.echoesCheck.applied`]: null });
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
  const hits = attack ? await strike(flag, attack.total) : [];
  // The conditions the check used (the character's; an attack's first target's) are resolved.
  const firstTarget = attack ? await adversaryAt(Array.isArray(flag.targets) ? flag.targets[0]?.actorUuid : null) : null;
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
    before: track, dissonancePoints, ...(defense ? { body } : {}), ...(hits.length ? { dealt } : {}),
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
  await updateDocument(actor, {
    ...trackUpdate(changes.track), ...(defense ? bodyUpdate(defense) : {}), ...points, [recordKey(message.id!)]: record,
  });
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

/** The Echoes adversaries this user targets (v13 `User#targets`: the targeted Token placeables). */
function adversaryTargets(): { actorUuid: string; name: string }[] {
  return [...(game.user?.targets ?? [])].flatMap((t) => {
    const actor = t.actor;
    return actor && isEchoesAdversary(actor.system) ? [{ actorUuid: uuidOf(actor), name: t.document.name || actor.name || "" }] : [];
  }).slice(0, 20);
}

async function adversaryAt(uuid: unknown): Promise<AnyActor | null> {
  if (typeof uuid !== "string" || uuid.length > 200) return null;
  const doc = (await fromUuid(uuid).catch(() => null)) as AnyActor | null;
  return doc?.documentName === "Actor" && isEchoesAdversary(doc.system) ? doc : null;
}

/** An attack's damage to each target adversary (HP or Stacks, never below 0). */
async function strike(flag: EchoesCheckFlag, damage: number) {
  const hits: { actorUuid: string; name: string; measure: string; from: number; to: number }[] = [];
  const seen = new Set<string>();
  for (const target of (Array.isArray(flag.targets) ? flag.targets : []).slice(0, 20)) {
    const adversary = await adversaryAt(target?.actorUuid);
    if (!adversary || seen.has(uuidOf(adversary)) || !isEchoesAdversary(adversary.system)) continue;
    seen.add(uuidOf(adversary));
    const from = adversary.system.hp.value;
    const to = Math.max(0, from - damage);
    if (to !== from) await updateDocument(adversary, { "system.hp.value": to });
    hits.push({ actorUuid: uuidOf(adversary), name: adversary.name ?? "", measure: adversary.system.measure, from, to });
  }
  return hits;
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
