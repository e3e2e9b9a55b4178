/**
 * Echoes (seed 000): the rules around the Harmony/Dissonance check (src/rules/harmony.ts):
 * Motivations and Echo, damage multipliers, the weapon die, Traits, support checks, enemy activation,
 * Stamina and wounds, and the GM's Dissonance Points. Pure. Where the seed is silent the reading is a
 * labelled proposal (docs/rules-decisions.md "Echoes"), some of them switchable by a world setting.
 */
import { netBuffs } from "./harmony.ts";
import type { HarmonyOutcome } from "./harmony.ts";

/** The eight Motivations (S0:L57–58). */
export const MOTIVATIONS = ["joy", "sadness", "anger", "fear", "trust", "disgust", "surprise", "anticipation"] as const;
export type Motivation = (typeof MOTIVATIONS)[number];

const OUTCOMES: readonly HarmonyOutcome[] = ["triumph", "success", "setback", "disaster"];

function checkOutcome(outcome: HarmonyOutcome): void {
  if (!OUTCOMES.includes(outcome)) throw new RangeError(`outcome must be triumph, success, setback or disaster, got ${String(outcome)}`);
}
function whole(name: string, n: number, min = 0, max = Infinity): void {
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new RangeError(`${name} must be a whole number${max === Infinity ? ` of ${min} or more` : ` from ${min} to ${max}`}, got ${n}`);
  }
}

/** An attack's damage by outcome (S0:L106–108): Triumph ×2, Success ×1, Setback half (rounded down, a proposal), Disaster 0. */
export function echoesAttackDamage(outcome: HarmonyOutcome, damage: number): number {
  checkOutcome(outcome);
  whole("damage", damage);
  return { triumph: damage * 2, success: damage, setback: Math.floor(damage / 2), disaster: 0 }[outcome];
}

/**
 * Damage taken after a defense check (S0:L127–133): a matching resistance comes off first (never
 * below 0), then Triumph 0, Success half (rounded down), Setback all, Disaster double.
 */
export function echoesDefenseDamage(outcome: HarmonyOutcome, incoming: number, resistance = 0): number {
  checkOutcome(outcome);
  whole("incoming", incoming);
  whole("resistance", resistance);
  const base = Math.max(0, incoming - resistance);
  return { triumph: 0, success: Math.floor(base / 2), setback: base, disaster: base * 2 }[outcome];
}

export type Grip = "one-hand" | "dual-wield" | "two-hand" | "shield";
export const GRIPS: readonly Grip[] = ["one-hand", "dual-wield", "two-hand", "shield"];

/**
 * The weapon die, read from the check's two selected digits (S0:L111–116): the highest of them, or
 * their sum for a two-handed weapon. One hand and a shield is "highest die" in the attack list
 * (S0:L115) and "sum of both dice" for slow weapons (S0:L144): the list's reading by default,
 * `shieldSum` for the other (a world setting).
 */
export function weaponDie(grip: Grip, tens: number, ones: number, options: { shieldSum?: boolean } = {}): number {
  if (!GRIPS.includes(grip)) throw new RangeError(`grip must be one of ${GRIPS.join(", ")}, got ${String(grip)}`);
  whole("tens", tens, 0, 9);
  whole("ones", ones, 0, 9);
  return grip === "two-hand" || (grip === "shield" && options.shieldSum) ? tens + ones : Math.max(tens, ones);
}

/**
 * A Motivation after a check (S0:L59, L82): a pass raises it by 1; a failure resets it to 0 and
 * gives Echo equal to its value before.
 */
export function motivationAfterCheck(value: number, pass: boolean): { value: number; echo: number } {
  whole("value", value);
  return pass ? { value: value + 1, echo: 0 } : { value: 0, echo: value };
}

/**
 * The Echo it costs to choose a Motivation (S0:L60): 1 when its value is 2 or more (the proposal's
 * reading; `exactlyTwo` charges only at exactly 2, a world setting), else 0.
 */
export function motivationToll(value: number, options: { exactlyTwo?: boolean } = {}): number {
  whole("value", value);
  return (options.exactlyTwo ? value === 2 : value >= 2) ? 1 : 0;
}

/** Echo lost to matching Harmony dice under a Small Debuff (S0:L64): doubles 1, triples 3. */
export function echoRelief(harmonyMatches: 0 | 2 | 3): number {
  if (harmonyMatches !== 0 && harmonyMatches !== 2 && harmonyMatches !== 3) throw new RangeError(`harmonyMatches must be 0, 2 or 3, got ${harmonyMatches}`);
  return harmonyMatches === 3 ? 3 : harmonyMatches === 2 ? 1 : 0;
}

/** A Behavior's (or a Save's) modifier: its tens digit, "34 STR will grant … 3" (S0:L165). */
export function behaviorModifier(value: number): number {
  whole("value", value, 0, 100);
  return Math.floor(value / 10);
}

/**
 * A Trait written as on the sheet (S0:L66): "[+++tinkerer]" is the tinkerer Trait at strength 3, as
 * many Small Buffs or Debuffs. A Trait written without a "+" ("[starvation]", S0:L166) has strength 1.
 * Brackets and spaces around are optional. Throws a RangeError for text with no name.
 */
export function parseTrait(text: string): { name: string; strength: number } {
  const m = /^\s*\[?\s*(\+*)\s*([^[\]+][^[\]]*?)\s*\]?\s*$/.exec(String(text ?? ""));
  if (!m || !m[2]!.trim()) throw new RangeError(`text must be a Trait such as "[++name]", got ${JSON.stringify(text)}`);
  return { name: m[2]!.trim(), strength: Math.max(1, m[1]!.length) };
}

/** What a support check gives the supported check (S0:L88–100): Triumph +1 Big Buff, Success +1 Small Buff, Setback nothing, Disaster +1 Big Debuff. */
export function supportBuffs(outcome: HarmonyOutcome): { big: number; small: number } {
  checkOutcome(outcome);
  const table = {
    triumph: { big: 1, small: 0 }, success: { big: 0, small: 1 }, setback: { big: 0, small: 0 }, disaster: { big: -1, small: 0 },
  };
  return { ...table[outcome] };
}

/**
 * The enemy activations a player's turn allows (S0:L140–146), as lists of actions per enemy: after a
 * fast action, one enemy with one action; after a slow one, one enemy with two actions or two
 * enemies with one each. The GM may also activate nobody and bank the Dissonance Points.
 */
export function enemyActivationOptions(speed: "fast" | "slow"): number[][] {
  if (speed === "fast") return [[1]];
  if (speed === "slow") return [[2], [1, 1]];
  throw new RangeError(`speed must be fast or slow, got ${String(speed)}`);
}

/**
 * Stamina after a hit (S0:L24–28): damage comes off Stamina first; what is left once it reaches 0 is
 * compared to the Wound Threshold (a proposal where the seed is silent): none, no wound; less than
 * the threshold, a minor wound; the threshold or more, a serious one.
 */
export function staminaAfterHit(stamina: number, damage: number, woundThreshold: number): { stamina: number; wound: "minor" | "serious" | null } {
  whole("stamina", stamina);
  whole("damage", damage);
  whole("woundThreshold", woundThreshold, 1);
  const left = Math.max(0, damage - stamina);
  return { stamina: Math.max(0, stamina - damage), wound: left === 0 ? null : left < woundThreshold ? "minor" : "serious" };
}

/**
 * A wound taken (S0:L27–28, L38): two of each kind at most; when one kind is full the other is
 * recorded; the fifth wound kills (both full).
 */
export function takeWound(wounds: { minor: number; serious: number }, kind: "minor" | "serious"): { minor: number; serious: number; dead: boolean } {
  whole("wounds.minor", wounds?.minor, 0, 2);
  whole("wounds.serious", wounds?.serious, 0, 2);
  if (kind !== "minor" && kind !== "serious") throw new RangeError(`kind must be minor or serious, got ${String(kind)}`);
  const other = kind === "minor" ? "serious" : "minor";
  if (wounds[kind] < 2) return { ...wounds, [kind]: wounds[kind] + 1, dead: false };
  if (wounds[other] < 2) return { ...wounds, [other]: wounds[other] + 1, dead: false };
  return { ...wounds, dead: true };
}

/**
 * Dissonance Points the GM gains from a player's check (a proposal: the seed says high rolls grant
 * many, S0:L126, and gives no number): the Dissonance (tens) digit of the selected result, 00
 * counting as 10. `none` (a world setting) gives none, for tables that set DP by hand.
 */
export function dissonancePointsGained(tens: number, ones: number, rule: "tens-digit" | "none" = "tens-digit"): number {
  whole("tens", tens, 0, 9);
  whole("ones", ones, 0, 9);
  if (rule === "none") return 0;
  if (rule !== "tens-digit") throw new RangeError(`rule must be tens-digit or none, got ${String(rule)}`);
  return tens === 0 && ones === 0 ? 10 : tens;
}

/** The highest level a character reaches (S0:L48). */
export const ECHOES_MAX_LEVEL = 10;

/** What each new level gives to distribute (S0:L47): 3 Behavior Points and 1 Ability Point. */
export const ECHOES_LEVEL_REWARD = { behaviorPoints: 3, abilityPoints: 1 } as const;

/** What an Echoes character carries from check to check. */
export interface EchoesTrack {
  motivations: Record<Motivation, number>;
  echo: number;
  /** XP boxes marked and the track's length (the seed gives no length: a proposal, 10 by default). */
  xp: { value: number; max: number };
  level: number;
}

/** What a resolved check brings to the track. */
export interface EchoesCheckFacts {
  /** The Motivation chosen, or null for a check without one (a fortune check, S0:L134). */
  motivation: Motivation | null;
  pass: boolean;
  harmonyMatches: 0 | 2 | 3;
  /** The one-die reroll was bought (+1 Echo, S0:L81). */
  rerolled?: boolean;
  /** An attack made with an ability (+1 Echo, S0:L103). */
  usedAbility?: boolean;
  /** Charge the Motivation toll only at exactly 2 (the setting of {@link motivationToll}). */
  exactlyTwo?: boolean;
}

/** The track after the check, and what changed, for the card to say. */
export interface EchoesCheckChanges {
  track: EchoesTrack;
  /** Echo paid to choose the Motivation (S0:L60). */
  toll: number;
  /** Echo from the reroll (S0:L81). */
  reroll: number;
  /** Echo from attacking with an ability (S0:L103). */
  ability: number;
  /** Echo from a failure: the Motivation's value before (S0:L59). */
  fromFailure: number;
  /** Echo removed by Harmony doubles or triples (S0:L64), never below 0. */
  relief: number;
  /** XP boxes marked: one for each time Echo was gained (S0:L46). */
  xpMarked: number;
  /** Levels gained (S0:L47–48). */
  levelsGained: number;
  /** The points those levels give (S0:L47, `ECHOES_LEVEL_REWARD`). */
  pointsGained: { behaviorPoints: number; abilityPoints: number };
}

/**
 * Everything a check does to a character's Motivation, Echo and XP, in the order of play: the toll to
 * choose a Motivation, an ability's Echo, the reroll, the Motivation after the outcome (S0:L59, L82), Echo relief on
 * matching Harmony dice. Each gain of Echo marks one XP box ("once you gain any amount of Echo …
 * mark 1 XP box", S0:L46: one box a gain, not a point); a full track is a level and an empty track
 * (S0:L47), up to level 10, where the track stays full. Echo relief is not a gain and never takes
 * Echo below 0. Throws a RangeError for a track or facts out of range.
 */
export function echoesCheckChanges(track: EchoesTrack, facts: EchoesCheckFacts): EchoesCheckChanges {
  whole("echo", track?.echo);
  whole("xp.max", track?.xp?.max, 1);
  whole("xp.value", track?.xp?.value, 0, track.xp.max);
  whole("level", track?.level, 1, ECHOES_MAX_LEVEL);
  for (const m of MOTIVATIONS) whole(`motivations.${m}`, track.motivations?.[m]);
  if (facts.motivation !== null && !MOTIVATIONS.includes(facts.motivation)) {
    throw new RangeError(`motivation must be one of ${MOTIVATIONS.join(", ")} or null, got ${String(facts.motivation)}`);
  }
  const relief = echoRelief(facts.harmonyMatches);
  const motivations = { ...track.motivations };
  const before = facts.motivation ? motivations[facts.motivation] : 0;
  const toll = facts.motivation ? motivationToll(before, { exactlyTwo: !!facts.exactlyTwo }) : 0;
  const reroll = facts.rerolled ? 1 : 0;
  const ability = facts.usedAbility ? 1 : 0;
  let fromFailure = 0;
  if (facts.motivation) {
    const after = motivationAfterCheck(before, facts.pass);
    motivations[facts.motivation] = after.value;
    fromFailure = after.echo;
  }
  const gained = toll + reroll + ability + fromFailure;
  const xpMarked = [toll, reroll, ability, fromFailure].filter((n) => n > 0).length;
  const echoAfter = Math.max(0, track.echo + gained - relief);
  let { value: xp } = track.xp;
  let level = track.level;
  let levelsGained = 0;
  for (let i = 0; i < xpMarked; i++) {
    if (level >= ECHOES_MAX_LEVEL) { xp = Math.min(track.xp.max, xp + 1); continue; }
    xp += 1;
    if (xp >= track.xp.max) { level += 1; levelsGained += 1; xp = 0; }
  }
  return {
    track: { motivations, echo: echoAfter, xp: { value: xp, max: track.xp.max }, level },
    toll, reroll, ability, fromFailure, relief: track.echo + gained - echoAfter, xpMarked, levelsGained,
    pointsGained: {
      behaviorPoints: ECHOES_LEVEL_REWARD.behaviorPoints * levelsGained, abilityPoints: ECHOES_LEVEL_REWARD.abilityPoints * levelsGained,
    },
  };
}

/** What a player brings to a check's dice pool (S0:L52, L58, L62–69, L22–28). */
export interface EchoesPoolInput {
  /** The chosen Motivation's value: that many Big Buffs (S0:L58). */
  motivation: number;
  /** One Trait (Behavior checks only, S0:L62–63), its strength in Small Buffs or Small Debuffs. */
  trait?: { strength: number; as: "buff" | "debuff" } | null;
  /** The GM's circumstances, cover, support and conditions, counted by hand. */
  bigBuffs?: number;
  bigDebuffs?: number;
  smallBuffs?: number;
  smallDebuffs?: number;
  /** Wounds are negative Traits (S0:L22–28): each minor wound a Small Debuff, each serious one a Big Debuff (a proposal). */
  wounds?: { minor: number; serious: number };
}

/**
 * The net Big and Small Buffs (+) or Debuffs (−) of a check: each side of each type capped at 3,
 * then Buffs and Debuffs of the same type cancel (S0:L69, `netBuffs`). Throws a RangeError for
 * negative or fractional counts.
 */
export function echoesPool(input: EchoesPoolInput): { big: number; small: number } {
  const n = (name: string, v: number | undefined) => { whole(name, v ?? 0); return v ?? 0; };
  const trait = input.trait ?? null;
  if (trait && trait.as !== "buff" && trait.as !== "debuff") throw new RangeError(`trait.as must be buff or debuff, got ${String(trait.as)}`);
  const strength = trait ? n("trait.strength", trait.strength) : 0;
  const wounds = { minor: n("wounds.minor", input.wounds?.minor), serious: n("wounds.serious", input.wounds?.serious) };
  return {
    big: netBuffs(n("motivation", input.motivation) + n("bigBuffs", input.bigBuffs), n("bigDebuffs", input.bigDebuffs) + wounds.serious),
    small: netBuffs(
      n("smallBuffs", input.smallBuffs) + (trait?.as === "buff" ? strength : 0),
      n("smallDebuffs", input.smallDebuffs) + (trait?.as === "debuff" ? strength : 0) + wounds.minor,
    ),
  };
}

/** An attack check's damage, its parts and its total after the outcome (S0:L101–121). */
export interface EchoesAttackDamage {
  /** The Damage Save's modifier (its tens digit, S0:L110). */
  modifier: number;
  /** The ability's damage, when the attack uses one. */
  ability: number;
  /** The weapon die from the check's selected digits, 0 without a weapon (S0:L111–115). */
  weapon: number;
  /** modifier + ability + weapon. */
  base: number;
  /** The base after the outcome: Triumph ×2, Success ×1, Setback half, Disaster 0 (S0:L116–120). */
  total: number;
}

/**
 * An attack check's damage (S0:L110): the Damage Save's modifier, plus the ability's damage, plus
 * the weapon die (`weaponDie` of the selected tens and ones digits; none for an attack without a
 * weapon, S0:L123), multiplied by the outcome (`echoesAttackDamage`). RangeError for bad input.
 */
export function echoesAttack(input: {
  damageSave: number; abilityDamage?: number; grip: Grip | null; tens: number; ones: number; outcome: HarmonyOutcome; shieldSum?: boolean;
}): EchoesAttackDamage {
  const modifier = behaviorModifier(input.damageSave);
  const ability = input.abilityDamage ?? 0;
  whole("abilityDamage", ability);
  if (input.grip !== null && !GRIPS.includes(input.grip)) throw new RangeError(`grip must be one of ${GRIPS.join(", ")} or null, got ${String(input.grip)}`);
  const weapon = input.grip === null ? (whole("tens", input.tens, 0, 9), whole("ones", input.ones, 0, 9), 0)
    : weaponDie(input.grip, input.tens, input.ones, { shieldSum: !!input.shieldSum });
  const base = modifier + ability + weapon;
  return { modifier, ability, weapon, base, total: echoesAttackDamage(input.outcome, base) };
}

/**
 * The largest attack damage the Echoes seed allows, as caps the GM's client puts on a player's
 * attack check before it strikes an adversary. The Damage Save's modifier is at most 10 (a Save of
 * 100, its tens digit, S0:L110) and the weapon die at most 18 (the sum of both dice, 9 + 9,
 * S0:L144–145). An ability's damage has no number in the seed (S0:L110 names it only): [PROPOSAL]
 * at most 18, as much as the largest weapon die. A Triumph doubles the sum (S0:L117–118).
 */
export const ECHOES_LIMITS: Readonly<{ abilityDamage: number; attackDamage: number }> = Object.freeze({
  abilityDamage: 18,
  attackDamage: 2 * (10 + 18 + 18),
});

/**
 * Why the GM's client refuses an attack check's damage, or null: the ability's damage the check
 * names is not a whole number from 0 to `abilityDamage`, or the attack's total exceeds `attackDamage`.
 */
export function echoesAttackLimitProblem(
  attack: { abilityDamage: unknown; total?: number }, limits: { abilityDamage: number; attackDamage: number } = ECHOES_LIMITS,
): "abilityDamage" | "attackDamage" | null {
  const ability = attack?.abilityDamage ?? 0;
  if (typeof ability !== "number" || !Number.isInteger(ability) || ability < 0 || ability > limits.abilityDamage) return "abilityDamage";
  if (attack.total !== undefined && !(attack.total >= 0 && attack.total <= limits.attackDamage)) return "attackDamage";
  return null;
}

/** What a defense check does to the defender (S0:L126–133, L24–28, L38). */
export interface EchoesDefenseResult {
  /** The damage taken after resistance and the outcome. */
  damage: number;
  stamina: number;
  /** The wound the hit leaves, if any, and the wounds after it. */
  wound: "minor" | "serious" | null;
  wounds: { minor: number; serious: number };
  /** The fifth wound (S0:L38). */
  dead: boolean;
}

/**
 * A defense check's hit on the defender: resistance first, then the outcome's multiplier
 * (`echoesDefenseDamage`), Stamina first and a wound for what is left (`staminaAfterHit`,
 * `takeWound`). RangeError for bad input.
 */
export function echoesDefense(input: {
  outcome: HarmonyOutcome; incoming: number; resistance?: number;
  stamina: number; woundThreshold: number; wounds: { minor: number; serious: number };
}): EchoesDefenseResult {
  return echoesHit({ ...input, damage: echoesDefenseDamage(input.outcome, input.incoming, input.resistance ?? 0) });
}

/**
 * Damage a character takes (S0:L24–28, L38): Stamina first (`staminaAfterHit`), then a wound for
 * what is left (`takeWound`), the fifth one fatal. RangeError for bad input.
 */
export function echoesHit(input: {
  damage: number; stamina: number; woundThreshold: number; wounds: { minor: number; serious: number };
}): EchoesDefenseResult {
  const hit = staminaAfterHit(input.stamina, input.damage, input.woundThreshold);
  const after = hit.wound ? takeWound(input.wounds, hit.wound) : { ...input.wounds, dead: false };
  const wounds = { minor: after.minor, serious: after.serious };
  return { damage: input.damage, stamina: hit.stamina, wound: hit.wound, wounds, dead: after.dead };
}

/**
 * Harmed at the start of a character's activation (S0:L192–193): damage equal to its own Wound
 * Threshold, which AR and RES do not prevent.
 */
export function harmedDamage(input: {
  stamina: number; woundThreshold: number; wounds: { minor: number; serious: number };
}): EchoesDefenseResult {
  return echoesHit({ ...input, damage: input.woundThreshold });
}

/**
 * Harmed on an enemy at the start of the enemy phase (S0:L194): damage equal to the player's Wound
 * Threshold (read as the character whose turn opened the phase), which AR and RES do not prevent;
 * the adversary's HP go no lower than 0. RangeError for a negative HP or a Wound Threshold below 1.
 */
export function adversaryHarmed(hp: number, woundThreshold: number): { hp: number; damage: number } {
  if (!Number.isInteger(hp) || hp < 0) throw new RangeError(`hp must be a whole number of 0 or more, got ${hp}`);
  if (!Number.isInteger(woundThreshold) || woundThreshold < 1) throw new RangeError(`woundThreshold must be a whole number of 1 or more, got ${woundThreshold}`);
  return { hp: Math.max(0, hp - woundThreshold), damage: woundThreshold };
}

/** A weapon's speed (S0:L138–146): one-handed and dual wield are fast, two-handed and with a shield slow. */
export function weaponSpeed(grip: Grip): "fast" | "slow" {
  if (!GRIPS.includes(grip)) throw new RangeError(`grip must be one of ${GRIPS.join(", ")}, got ${String(grip)}`);
  return grip === "two-hand" || grip === "shield" ? "slow" : "fast";
}

/** One enemy's part in an activation: how many actions, the Dissonance Points each costs, and whether it is Empowered. */
export interface ActivationPart {
  actions: number;
  cost: number;
  /** Empowered: its next action costs 1 DP less (S0:L174). */
  empowered?: boolean;
}

/**
 * What activating enemies costs the GM (S0:L140–146, L174): the activation must be one the player's
 * speed allows (`enemyActivationOptions`: the parts' actions, in any order, are one of its lists),
 * and each action costs its enemy's price in Dissonance Points, the first 1 less for an Empowered
 * enemy (S0:L174). The GM may also activate nobody (an
 * empty plan, cost 0). RangeError for a plan the speed does not allow or a bad price.
 */
export function enemyActivationCost(speed: "fast" | "slow", parts: readonly ActivationPart[]): number {
  if (!Array.isArray(parts)) throw new RangeError("parts must be a list");
  for (const p of parts) {
    whole("actions", p?.actions, 1);
    whole("cost", p?.cost);
  }
  if (parts.length) {
    const actions = parts.map((p) => p.actions).sort((a, b) => a - b).join(",");
    const allowed = enemyActivationOptions(speed).map((o) => [...o].sort((a, b) => a - b).join(","));
    if (!allowed.includes(actions)) throw new RangeError(`a ${speed} turn allows ${allowed.map((a) => `[${a}]`).join(" or ")}, not [${actions}]`);
  }
  return parts.reduce((sum, p) => sum + Math.max(0, p.actions * p.cost - (p.empowered ? 1 : 0)), 0);
}

/**
 * Echoes' conditions by the effect the seed gives each group (S0:L166–194; the group names are the
 * issue's: the seed shows only examples such as "blessed, inspired, focused").
 */
export const ECHOES_CONDITIONS = ["empowered", "weakened", "warded", "slowed", "immobilized", "endurance", "stunned", "harmed"] as const;
export type EchoesCondition = (typeof ECHOES_CONDITIONS)[number];

function checkConditions(name: string, list: readonly string[]): void {
  if (!Array.isArray(list) || list.some((c) => !ECHOES_CONDITIONS.includes(c as EchoesCondition))) {
    throw new RangeError(`${name} must list conditions among ${ECHOES_CONDITIONS.join(", ")}, got ${JSON.stringify(list)}`);
  }
}

/**
 * A condition applied to an actor (S0:L168–170, L186–188): one of each name at most; Endurance
 * clears every other condition, and while it lasts the next condition applied only removes it.
 */
export function addEchoesCondition(current: readonly string[], condition: EchoesCondition): EchoesCondition[] {
  checkConditions("current", current);
  checkConditions("condition", [condition]);
  const list = current as readonly EchoesCondition[];
  if (condition === "endurance") return ["endurance"];
  if (list.includes("endurance")) return list.filter((c) => c !== "endurance");
  return list.includes(condition) ? [...list] : [...list, condition];
}

/**
 * The Buffs a check gets from conditions (S0:L172–182), and the conditions it resolves by using them:
 * an attack by an Empowered PC +1 Big Buff; against a Weakened enemy +1 Big Buff, a Warded one +1 Big
 * Debuff; a defense check while Weakened +1 Big Debuff, while Warded +1 Big Buff. Other checks none.
 */
export function echoesConditionBuffs(
  check: "attack" | "defense" | "other", own: readonly string[], target: readonly string[] = [],
): { big: number; spentOwn: EchoesCondition[]; spentTarget: EchoesCondition[] } {
  checkConditions("own", own);
  checkConditions("target", target);
  let big = 0;
  const spentOwn: EchoesCondition[] = [];
  const spentTarget: EchoesCondition[] = [];
  if (check === "attack") {
    if (own.includes("empowered")) { big += 1; spentOwn.push("empowered"); }
    if (target.includes("weakened")) { big += 1; spentTarget.push("weakened"); }
    if (target.includes("warded")) { big -= 1; spentTarget.push("warded"); }
  } else if (check === "defense") {
    if (own.includes("weakened")) { big -= 1; spentOwn.push("weakened"); }
    if (own.includes("warded")) { big += 1; spentOwn.push("warded"); }
  } else if (check !== "other") {
    throw new RangeError(`check must be attack, defense or other, got ${String(check)}`);
  }
  return { big, spentOwn, spentTarget };
}

/**
 * Movement points for an Echoes actor's next movement under its conditions (S0:L182–186): Slowed
 * takes 1 away (down to 0), Immobilized allows none during the next activation. RangeError for a
 * negative or fractional base or an unknown condition.
 */
export function echoesMovementPoints(movement: number, conditions: readonly string[]): number {
  if (!Number.isInteger(movement) || movement < 0) throw new RangeError(`movement must be a whole number of 0 or more, got ${movement}`);
  checkConditions("conditions", conditions);
  if (conditions.includes("immobilized")) return 0;
  return conditions.includes("slowed") ? Math.max(0, movement - 1) : movement;
}
