/**
 * The record of one ability use, as stored on its chat message (`flags.steel-echoes.abilityUse`):
 * what was rolled, each target's tier, the three tiers' effects with kit bonuses added and dice
 * damage already rolled, and what has been applied to whom. Pure: built from plain data and the
 * rules core, so the workflow (`ability-use.ts`) and the card's view-model share one source of truth.
 */
import { abilityDamageBonus, addDamageBonus } from "../rules/ability-use.ts";
import { resolvePowerRoll } from "../rules/power-roll.ts";
import { sizeManeuverOf } from "../rules/size-maneuvers.ts";
import type { RollKind } from "../rules/ability-use.ts";
import type { Tier } from "../rules/power-roll.ts";
import type { SizeManeuver } from "../rules/size-maneuvers.ts";
import { FLAG_SCOPE } from "../constants.ts";
import type { KitBonuses } from "../rules/hero.ts";
import type { AbilitySystem } from "../parser/ability-shape.ts";

export interface UseTier {
  /** Damage as written plus the kit bonus ("10", "2d6 + 20"). */
  damage: { formula: string; type: string; /** The damage dealt: the formula's rolled total, or null for none. */ value: number | null };
  forced: { kind: string; distance: number; vertical: boolean }[];
  conditions: { id: string; duration: string; characteristic: string }[];
  text: string;
}

export interface UseTarget {
  /** The target token's UUID. */
  key: string;
  actorUuid: string;
  name: string;
  stability: number;
  /** Edges and banes on this target: the roll's own plus the automatic ones and the toggles. */
  edges: number;
  banes: number;
  reasons: string[];
  /** The tier the roll reached; for resistance abilities, the target's own roll (null until rolled). */
  rolledTier: Tier | null;
  /** The tier applied: the rolled tier or a lower one the roller chose (L197–201). */
  tier: Tier | null;
  total: number | null;
  /** A resistance roll made by the target: its dice and characteristic. */
  resistance?: { dice: [number, number]; characteristic: number; total: number; natural: number; edges?: number; banes?: number };
  /**
   * What was applied to this target, for the card to show; null or absent when nothing is. Kept in
   * the targets array so that saving the record replaces it whole (an object key left out of an
   * update stays stored in Foundry). Undo reads the target actor's own record, which only the
   * actor's owners write (`ActorAppliedRecord`), never this one.
   */
  applied?: AppliedRecord | null;
  /** The forced movement done to this target, for the card to show (src/canvas/forced-movement.ts). */
  moved?: MovedRecord | null;
  /**
   * Why the GM last refused to force move this target: it was grabbed or restrained (L6674, L6686).
   * Shown on the card only; the GM checks the target's conditions afresh on every request.
   */
  held?: "grabbed" | "restrained" | null;
}

/** What the card shows of a forced movement: squares moved, and whom it slammed into. */
export interface MovedRecord {
  squares: number;
  damage: number;
  /**
   * The names of the creatures it slammed into, all of them when a larger creature hit several at
   * once (L6948); a single name ("" for none) on cards from before 0.2.0.
   */
  slammed: string | string[];
  /** Moved level while standing this many squares high: the card offers the fall. */
  ledge?: number;
  /** The squares it then fell, and the fall's damage (not in `damage`). */
  fell?: number;
  fellDamage?: number;
}

/** What the card shows of an application. */
export interface AppliedRecord {
  /** Damage dealt after weakness and immunity (or healing done, negative). */
  dealt: number;
  /** Ids of the Active Effects created for conditions. */
  effectIds: string[];
  /** The user who applied it. */
  userId: string;
  /** Temporary Stamina the application added to the creature's (keep the greater, L7232). */
  temporary?: number;
  /** The Heal action's choice (L7093): a Recovery spent (or a third of a Director's creature's maximum), or a resistance roll. */
  heal?: { kind: "recovery"; gained: number; spent: number } | { kind: "resistance"; tier: Tier; outcome: string; effect: string };
  /** The attacker chose to knock the creature out instead of killing it (L7218); the card says so. */
  knockedOut?: boolean;
  /** The damage killed a creature that was knocked out (L7218); the card says so. */
  killedKnockedOut?: boolean;
  /** Extra damage the application added for a tactician's Mark on the target (L4277); the card says so. */
  marked?: number;
  /** Extra damage the application added for the War domain effect on the attacker (L2445); the card says so. */
  war?: number;
  /** A squad's strike that deals its damage per minion: the living minions it was multiplied by; the card says so. */
  perMinion?: number;
}

/** A target key (a token UUID, with dots) as a flag key Foundry will not split into nested objects. */
export function appliedKey(targetKey: string): string {
  return targetKey.replace(/[^A-Za-z0-9_-]/g, "_");
}

export interface AbilityUseData {
  /** 2: applications are kept on each target; 1: in `applied`. */
  version: 1 | 2;
  actorUuid: string;
  itemUuid: string;
  name: string;
  kind: RollKind | "none";
  keywords: string[];
  type: string;
  /** The characteristic rolled (or the one targets resist with). */
  characteristic: string;
  roll: { dice: [number, number]; characteristic: number; bonuses: number; edges: number; banes: number } | null;
  natural: number | null;
  critical: boolean;
  tiers: UseTier[];
  targets: UseTarget[];
  /** Effect text (plain text, escaped by the template); paragraphs separated by a blank line (older cards: one). */
  effect: string;
  /** The ability's distance as its item stores it, for the card's distance line (absent on older cards). */
  distance?: UseDistance;
  /** The ability's target line as written ("One creature or object"; absent on older cards). */
  target?: string;
  /** What the use spent, with the Spend lines chosen and the amount put into each. */
  spent: { amount: number; resource: string; lines?: { amount: number; text: string }[] };
  /** Resource the roll gave back to the roller (insight on a tier 3 attack L3891, Prayer's piety L2390–2391). */
  gained?: { amount: number; resource: string };
  /** Stamina a dying hero lost after using the ability (L7204), rolled on 1d6; null when not dying. */
  dyingLoss: number | null;
  /** Version 1 cards: applications by target key (read only; version 2 keeps them on the targets). */
  applied?: Record<string, AppliedRecord>;
  /**
   * The Heal action's card (L7091–7093): each target's owner chooses a Recovery or a resistance roll.
   * For the card's display only; the client that carries the choice out checks the ability itself.
   */
  heal?: boolean;
  /**
   * Fate's result (L2409): the roll got this tier whatever its dice said, from a next-roll grant the
   * GM recorded (src/documents/domain-lasting.ts). The GM trusts it only from its own claim of the card.
   */
  fated?: 1 | 3;
  /** The domain effects this roll used (next power roll modifiers, L2409–2421), for the card to say. */
  nextRoll?: string[];
}

/**
 * The ability as the workflow sees it (an `ability` item's system data, arrays for sets), with its
 * target line and, for the basic Grab, Knockback and Escape Grab, which of them it is (from the
 * basic action's `seedLine` flag): what their sizes decide (src/rules/size-maneuvers.ts).
 */
/** An ability's distance (src/parser/ability-shape.ts): a kind and its numbers, or the text that replaces them. */
export interface UseDistance { kind: string; primary: number; secondary: number; within: number; text: string }

export type UseAbilitySource = Pick<AbilitySystem, "keywords" | "type" | "signature" | "power" | "tiers" | "effect"> & {
  name: string;
  target?: string;
  distance?: UseDistance;
  maneuver?: SizeManeuver | null;
};

/** The size maneuver a basic action item is (Grab, Knockback, Escape Grab, by its `seedLine` flag), or null. */
export function sizeManeuverOfItem(item: { flags?: unknown }): SizeManeuver | null {
  const flags = (item.flags as Record<string, { basicAction?: unknown; seedLine?: unknown } | undefined> | undefined)?.[FLAG_SCOPE];
  return flags?.basicAction === true ? sizeManeuverOf(flags.seedLine) : null;
}

/** An `ability` item's data as plain arrays (its keyword and characteristic sets become arrays). */
export function abilitySource(item: { name: string; system: unknown; flags?: unknown }): UseAbilitySource {
  const s = item.system as {
    keywords: Iterable<string>; type: string; signature?: boolean; effect: string; target?: unknown; distance?: Partial<UseDistance>;
    power: { kind: string; characteristics: Iterable<string> };
    tiers: UseAbilitySource["tiers"];
  };
  return {
    name: item.name,
    keywords: [...s.keywords],
    type: s.type,
    signature: !!s.signature,
    power: { kind: s.power.kind, characteristics: [...s.power.characteristics] },
    tiers: s.tiers,
    effect: s.effect,
    target: typeof s.target === "string" ? s.target : "",
    ...(s.distance && typeof s.distance.kind === "string" ? { distance: useDistance(s.distance) } : {}),
    maneuver: sizeManeuverOfItem(item),
  };
}

/** A stored distance read as numbers and text, whatever a hand-edited item holds. */
function useDistance(d: Partial<UseDistance>): UseDistance {
  const n = (v: unknown) => (Number.isFinite(Number(v)) ? Number(v) : 0);
  return { kind: String(d.kind), primary: n(d.primary), secondary: n(d.secondary), within: n(d.within), text: typeof d.text === "string" ? d.text : "" };
}

export function rollKindOf(ability: UseAbilitySource): RollKind | "none" {
  const k = ability.power.kind;
  return k === "ability" || k === "test" || k === "resistance" ? k : "none";
}

/** Each tier's effects with the kit bonus added where the seed says; damage not yet rolled. */
export function useTiers(ability: UseAbilitySource, kit: KitBonuses | null): UseTier[] {
  return ability.tiers.slice(0, 3).map((t, i) => {
    const tier = (i + 1) as Tier;
    const hasDamage = t.damage.value.trim() !== "";
    const formula = addDamageBonus(t.damage.value, abilityDamageBonus(kit, ability, tier, hasDamage));
    return {
      damage: { formula, type: t.damage.type, value: /^\d+$/.test(formula) ? Number(formula) : null },
      forced: t.forced.map((f) => ({ ...f })),
      conditions: t.conditions.map((c) => ({ ...c })),
      text: t.text,
    };
  });
}

/** What a card control does. */
export type CardAction = "apply" | "knockOut" | "heal" | "undo" | "downgrade" | "resist" | "healRecovery" | "healResist";

/**
 * Who may do what from an ability card: the GM anything; the roller (the message's author) may
 * apply, heal, undo and downgrade for every target of their roll; a target's owner may apply, heal
 * and undo on it, make its resistance roll and choose what the Heal action does for it (L7093). Everyone else nothing.
 */
export function mayUseCardAction(action: CardAction, who: { isGM: boolean; isAuthor: boolean; ownsTarget: boolean }): boolean {
  if (who.isGM) return true;
  switch (action) {
    case "apply":
    case "undo":
      return who.isAuthor || who.ownsTarget;
    // "As healing" is the Director's ruling that a tier's amount heals; a player's attack never turns
    // into Stamina for her own hero (an ability that heals says so in its effect, used as written).
    case "heal":
      return false;
    // The attacker chooses to knock a creature out instead of killing it (L7218).
    case "knockOut":
      return who.isAuthor;
    case "downgrade":
      return who.isAuthor;
    case "resist":
      return who.ownsTarget;
    // The creature the Heal action helps chooses what it does (L7093): its owner, or the Director.
    case "healRecovery":
    case "healResist":
      return who.ownsTarget;
    default:
      return false;
  }
}

/**
 * Whether the user can carry an action out on their own client: they must be allowed to, be able to
 * update the message (its author, or the GM) and, for anything that changes the target, own it.
 * Otherwise the GM's client does it.
 */
export function canActLocally(action: CardAction, who: { isGM: boolean; isAuthor: boolean; ownsTarget: boolean }): boolean {
  if (who.isGM) return true;
  if (!mayUseCardAction(action, who) || !who.isAuthor) return false;
  return action === "downgrade" || who.ownsTarget;
}

/** Immunities or weaknesses as stored (`[{ key, value }]`) to the rules' map, keeping the highest per key. */
export function damageModifierMap(list: readonly { key: string; value: number }[] | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const { key, value } of list ?? []) out[key] = Math.max(out[key] ?? 0, value);
  return out;
}

/** The least and most a damage formula ("7", "2d6 + 18", "1d6 - 1") can roll, or null when it is not one. */
export function damageRange(formula: string): { min: number; max: number } | null {
  const compact = formula.replace(/\s+/g, "");
  if (!/^[+-]?(\d+d\d+|\d+)([+-](\d+d\d+|\d+))*$/i.test(compact)) return null;
  let min = 0;
  let max = 0;
  for (const [, sign, term] of compact.matchAll(/([+-]?)(\d+d\d+|\d+)/gi)) {
    const s = sign === "-" ? -1 : 1;
    const dice = /^(\d+)d(\d+)$/i.exec(term!);
    const [lo, hi] = dice ? [Number(dice[1]), Number(dice[1]) * Number(dice[2])] : [Number(term), Number(term)];
    if (s > 0) { min += lo; max += hi; } else { min -= hi; max -= lo; }
  }
  return { min, max };
}

const sameJSON = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const LIMITS = { edges: 10, bonuses: 20 };

/**
 * Why a card's record is not what this ability of this actor can produce, or null when it is. The GM
 * checks a player's card with it before applying anything from it to a creature the player does not
 * own: the tiers' damage, conditions and forced movement must be the ability's (with the kit bonus),
 * damage rolled from dice must lie within the formula's range, the characteristic must be one the
 * ability offers at the actor's score, and each target's tier must be the one the recorded roll gives
 * (or a lower one). The dice themselves are the roller's, as every roll in Foundry is.
 */
export function abilityUseProblem(
  use: AbilityUseData,
  source: { ability: UseAbilitySource; kit: KitBonuses | null; characteristics: Record<string, number>; fated?: 1 | 3 | null },
): string | null {
  const { ability } = source;
  // A Fate tier (L2409) only as the GM's record of the roll vouches for it.
  if (use.fated !== undefined && use.fated !== source.fated) return "tier";
  if (use.kind !== rollKindOf(ability) || use.name !== ability.name) return "ability";
  const expected = useTiers(ability, source.kit);
  if (!Array.isArray(use.tiers) || use.tiers.length !== expected.length) return "tiers";
  for (const [i, want] of expected.entries()) {
    const got = use.tiers[i]!;
    if (!sameJSON(got.conditions, want.conditions) || !sameJSON(got.forced, want.forced)) return "tiers";
    if (got.damage?.type !== want.damage.type || got.damage?.formula !== want.damage.formula) return "tiers";
    if (want.damage.value !== null) {
      if (got.damage.value !== want.damage.value) return "damage";
    } else if (got.damage.value !== null) {
      const range = damageRange(want.damage.formula);
      if (!range || !Number.isInteger(got.damage.value) || got.damage.value < range.min || got.damage.value > range.max) return "damage";
    }
  }
  const keys = new Set<string>();
  for (const t of use.targets) {
    if (typeof t.key !== "string" || keys.has(t.key)) return "targets";
    keys.add(t.key);
    if (t.tier !== null && (t.rolledTier === null || ![1, 2, 3].includes(t.tier) || t.tier > t.rolledTier)) return "tier";
  }
  if (use.kind === "ability" || use.kind === "test") {
    const roll = use.roll;
    if (!roll || !ability.power.characteristics.includes(use.characteristic)) return "characteristic";
    if (roll.characteristic !== (source.characteristics[use.characteristic] ?? 0)) return "characteristic";
    if (!Number.isInteger(roll.bonuses) || Math.abs(roll.bonuses) > LIMITS.bonuses) return "roll";
    for (const t of use.targets) {
      if (![t.edges, t.banes].every((n) => Number.isInteger(n) && n >= 0 && n <= LIMITS.edges)) return "roll";
      let r: ReturnType<typeof resolvePowerRoll>;
      try {
        const { dice, characteristic, bonuses } = roll;
        r = resolvePowerRoll({ dice, characteristic, bonuses, edges: t.edges, banes: t.banes });
      } catch {
        return "roll";
      }
      if (t.rolledTier !== (use.fated ?? r.tier)) return "tier";
    }
  } else if (use.kind === "resistance") {
    for (const t of use.targets) {
      if (t.rolledTier === null) continue;
      const res = t.resistance;
      if (!res) return "tier";
      try {
        const [edges, banes] = [res.edges ?? 0, res.banes ?? 0];
        if (edges > LIMITS.edges || banes > LIMITS.edges) return "roll";
        if (resolvePowerRoll({ dice: res.dice, characteristic: res.characteristic, edges, banes }).tier !== t.rolledTier) return "tier";
      } catch {
        return "roll";
      }
    }
  } else if (use.targets.some((t) => t.rolledTier !== null)) return "tier";
  return null;
}
