/**
 * Seed 003: 2d12 + ability against a DC, with advantage, exploits, setbacks and EDGE cards
 * (S3:L16–72), passive checks, tenacity, death saves and armor (S3:L45, L62–63, L565–598). Pure.
 */

function whole(name: string, n: number, min = 0, max = Infinity): void {
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new RangeError(`${name} must be a whole number${max === Infinity ? ` of ${min} or more` : ` from ${min} to ${max}`}, got ${n}`);
  }
}

/** Advantage from its sources (S3:L52–57): the side with more sources wins; a tie cancels. */
export function advantageFromSources(advantages: number, disadvantages: number): -1 | 0 | 1 {
  whole("advantages", advantages);
  whole("disadvantages", disadvantages);
  return advantages > disadvantages ? 1 : advantages < disadvantages ? -1 : 0;
}

export type D12Special = "exploit" | "softened" | "setback" | "yes-but" | null;

/**
 * A check (S3:L16–72): 2d12, or 3d12 keeping the two highest (advantage) or lowest (disadvantage),
 * plus the modifier, succeeds at the DC or more. On the kept dice: a 12 on a success is an exploit
 * of rank up to the other die (a double 12: 12); a 12 on a failure softens it; a 1 on a failure is a
 * setback, on a success a "yes, but"; a 1 and a 12 cancel; a double 1 or double 12 also draws an
 * EDGE card.
 */
export function resolveD12Check(input: { dice: readonly number[]; advantage: -1 | 0 | 1; modifier: number; dc: number }): {
  kept: [number, number]; total: number; success: boolean; special: D12Special; exploitRank: number; edgeCard: boolean;
} {
  const { dice, advantage, modifier, dc } = input;
  if (advantage !== -1 && advantage !== 0 && advantage !== 1) throw new RangeError(`advantage must be -1, 0 or 1, got ${advantage}`);
  const count = advantage === 0 ? 2 : 3;
  if (!Array.isArray(dice) || dice.length !== count) throw new RangeError(`dice must hold ${count} d12 faces, got ${dice?.length}`);
  for (const d of dice) whole("a die", d, 1, 12);
  whole("modifier", modifier, -99);
  whole("dc", dc, -99);
  const sorted = [...dice].sort((a, b) => b - a);
  const kept = (advantage === -1 ? sorted.slice(-2) : sorted.slice(0, 2)) as [number, number];
  const total = kept[0] + kept[1] + modifier;
  const success = total >= dc;
  const twelve = kept.includes(12);
  const one = kept.includes(1);
  const double = kept[0] === kept[1];
  if (twelve && one) return { kept, total, success, special: null, exploitRank: 0, edgeCard: false };
  let special: D12Special = null;
  if (twelve) special = success ? "exploit" : "softened";
  else if (one) special = success ? "yes-but" : "setback";
  const exploitRank = special === "exploit" ? (kept[0] === 12 ? kept[1] : kept[0]) : 0;
  return { kept, total, success, special, exploitRank, edgeCard: double && (twelve || one) };
}

const QUALITY: [number, "terrible" | "poor" | "mediocre" | "ordinary" | "decent" | "good" | "great" | "excellent" | "astounding"][] = [
  [31, "astounding"], [28, "excellent"], [25, "great"], [21, "good"], [17, "decent"], [13, "ordinary"], [10, "mediocre"], [7, "poor"],
];

/** A check's total read as the quality of its outcome (S3:L21–31): the highest rung it reaches; below 7, terrible. */
export function checkQuality(total: number): "terrible" | "poor" | "mediocre" | "ordinary" | "decent" | "good" | "great" | "excellent" | "astounding" {
  if (!Number.isFinite(total)) throw new RangeError(`total must be a number, got ${total}`);
  return QUALITY.find(([min]) => total >= min)?.[1] ?? "terrible";
}

/** A passive check (S3:L45): 12 + ability + modifiers, +3 with advantage, −3 with disadvantage. */
export function passiveCheck(ability: number, modifiers: number, advantage: -1 | 0 | 1): number {
  whole("ability", ability, -99);
  whole("modifiers", modifiers, -99);
  if (advantage !== -1 && advantage !== 0 && advantage !== 1) throw new RangeError(`advantage must be -1, 0 or 1, got ${advantage}`);
  return 12 + ability + modifiers + 3 * advantage;
}

/** Tenacity (S3:L62–63): +1 per 3 vitality points spent, at most +3. */
export function tenacityBonus(vitalitySpent: number): number {
  whole("vitalitySpent", vitalitySpent);
  return Math.min(3, Math.floor(vitalitySpent / 3));
}

/**
 * A death save's d12 (S3:L580–598): 7 or more a success, less a failure, a 1 two failures, a 12
 * stable at once. What this roll adds to the tally; three of either settles it.
 */
export function deathSave(roll: number): { successes: number; failures: number; stable: boolean } {
  whole("roll", roll, 1, 12);
  if (roll === 12) return { successes: 1, failures: 0, stable: true };
  if (roll === 1) return { successes: 0, failures: 2, stable: false };
  return roll >= 7 ? { successes: 1, failures: 0, stable: false } : { successes: 0, failures: 1, stable: false };
}

export type D12DamageType = "kinetic" | "energy" | "biotic" | "psychic";

/**
 * Damage after armor (S3:L565–574): the Armor Value in full against kinetic, halved (rounded down)
 * against energy, not at all against biotic or psychic; then resistance halves (rounded down) and
 * vulnerability doubles. Resistance and vulnerability together cancel (docs/rules-decisions.md).
 */
export function damageAfterArmor(
  input: { damage: number; type: D12DamageType; armor: number; resistant?: boolean; vulnerable?: boolean },
): number {
  const { damage, type, armor, resistant = false, vulnerable = false } = input;
  whole("damage", damage);
  whole("armor", armor);
  const soak = { kinetic: armor, energy: Math.floor(armor / 2), biotic: 0, psychic: 0 }[type];
  if (soak === undefined) throw new RangeError(`type must be kinetic, energy, biotic or psychic, got ${String(type)}`);
  const after = Math.max(0, damage - soak);
  if (resistant === vulnerable) return after;
  return resistant ? Math.floor(after / 2) : after * 2;
}

/** A death-save tally: each event a d12 death save or a failure from damage at 0 VP (S3:L587–590). */
export type DeathSaveEvent = { roll: number } | { damage: true };

/**
 * Where the tally stands (S3:L587–590): successes and failures so far, until three of a kind: three
 * successes or a 12 make the creature stable, three failures kill it (a 1 counts two, damage at 0 VP
 * one). Events after it is settled change nothing. RangeError for a roll outside 1–12.
 */
export function deathSaveTally(events: readonly DeathSaveEvent[]): { successes: number; failures: number; state: "dying" | "stable" | "dead" } {
  let successes = 0;
  let failures = 0;
  let state: "dying" | "stable" | "dead" = "dying";
  for (const e of events) {
    if (state !== "dying") break;
    const step = "damage" in e ? { successes: 0, failures: 1, stable: false } : deathSave(e.roll);
    successes = Math.min(3, successes + step.successes);
    failures = Math.min(3, failures + step.failures);
    if (step.stable || successes >= 3) state = "stable";
    else if (failures >= 3) state = "dead";
  }
  return { successes, failures, state };
}

/** The most EDGE cards a player holds at a time (S3:L825). */
export const EDGE_HAND_LIMIT = 3;

/** Whether a hand holding `held` EDGE cards may take another (S3:L825: at most three; a fourth needs a discard first). */
export function edgeHandHasRoom(held: number): boolean {
  if (!Number.isInteger(held) || held < 0) throw new RangeError(`held must be a whole number of 0 or more, got ${held}`);
  return held < EDGE_HAND_LIMIT;
}

/**
 * Whether a player may play (or burn) an EDGE card now: one for each encounter (S3:L828). `encounter`
 * names the encounter under way (null outside one, where the Director judges), `lastPlayedIn` the
 * encounter of the player's last card.
 */
export function edgeCardPlayable(lastPlayedIn: string | null, encounter: string | null): boolean {
  return encounter === null || lastPlayedIn !== encounter;
}

/**
 * Delay (S3:L378): a creature that delays moves to the bottom of the initiative order for the rest
 * of the fight. Its new initiative is one below the lowest of the others (or its own, if lower).
 */
export function delayedInitiative(own: number, others: readonly number[]): number {
  for (const n of [own, ...others]) if (!Number.isFinite(n)) throw new RangeError(`initiative must be a number, got ${n}`);
  return Math.min(own, ...others.map((n) => n - 1));
}

/** Whether a creature may act on its turn (S3:L370): a surprised one neither moves nor acts on its first turn. */
export function actsThisTurn(input: { round: number; surprised?: boolean }): boolean {
  whole("round", input?.round, 1);
  return !(input.surprised && input.round === 1);
}

/**
 * The exploit "Climb the initiative" (S3:L84): from the start of the next round the creature acts
 * first. Its new initiative is one above the highest of the others (or its own, if higher).
 */
export function climbedInitiative(own: number, others: readonly number[]): number {
  for (const n of [own, ...others]) if (!Number.isFinite(n)) throw new RangeError(`initiative must be a number, got ${n}`);
  return Math.max(own, ...others.map((n) => n + 1));
}
