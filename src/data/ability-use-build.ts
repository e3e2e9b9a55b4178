/**
 * An ability use's card data built and changed: what the ability flow (src/documents/ability-use.ts)
 * and the cards' actions write. Apart from what every client reads of a card (./ability-use.ts), so it
 * loads with the flow and the actions, not before `ready` (issue 31).
 */
import { rollModifiers } from "../rules/ability-use.ts";
import { downgradeOptions, dyingLossApplies, isCriticalHit, resolveAgainstTargets } from "../rules/ability-use-checks.ts";
import { resolvePowerRoll } from "../rules/power-roll.ts";
import type { AbilityTraits, CreatureState, SituationToggles } from "../rules/ability-use.ts";
import type { Tier } from "../rules/power-roll.ts";
import type { KitBonuses } from "../rules/hero.ts";
import { rollKindOf, useTiers, type AbilityUseData, type MovedRecord, type AppliedRecord, type UseAbilitySource, type UseTarget } from "./ability-use.ts";

/** A card with a target's forced movement shown (or cleared with null). */
export function withMoved(use: AbilityUseData, key: string, record: MovedRecord | null): AbilityUseData {
  return { ...use, targets: use.targets.map((t) => (t.key === key ? { ...t, moved: record, held: null } : t)) };
}

/** A card noting that a target could not be force moved (grabbed or restrained), or clearing it with null. */
export function withHeld(use: AbilityUseData, key: string, held: "grabbed" | "restrained" | null): AbilityUseData {
  return { ...use, targets: use.targets.map((t) => (t.key === key ? { ...t, held } : t)) };
}

/**
 * The record undo works from, kept on the target actor at
 * `flags.steel-echoes.cardApplied.<messageId>.<appliedKey(target key)>`: what the application took
 * from Stamina and temporary Stamina, the Stamina it restored, and the effects it created.
 */
export interface ActorAppliedRecord {
  stamina: number;
  temporary: number;
  healed: number;
  effectIds: string[];
  /** The application knocked the creature out (L7218): undo clears the marker. */
  knockedOut?: boolean;
  /** The application killed a knocked-out creature: undo puts the marker back. */
  killedKnockedOut?: boolean;
  /** Effects the application ended (Escape Grab's tier 3 ends grabbed, L7011), as their data: undo makes them again. */
  ended?: Record<string, unknown>[];
  /** Recoveries the Heal action spent (L7093): undo gives them back, never beyond the maximum. */
  recoveries?: number;
  /** Temporary Stamina the application added (L7232): undo takes back at most this much. */
  temporaryGained?: number;
  /** Whether the creature's temporary Stamina was to end with the encounter before the application. */
  temporaryEndedBefore?: boolean;
  /**
   * Damage to a squad's minion (src/documents/squads.ts): what its pool lost and the minions that died,
   * in the combat and squad named; undo gives them back (the squad's own record bounds it).
   */
  squad?: { combatId: string; groupId: string; lost: number; died: string[] };
}

/** The card's record of what was applied to a target (version 1 cards kept it in `use.applied`). */
export function appliedRecordOf(use: AbilityUseData, key: string): AppliedRecord | null {
  const target = use.targets.find((t) => t.key === key);
  return target?.applied ?? use.applied?.[key] ?? null;
}

/** The record with a target's application set (or cleared with null). */
export function withApplied(use: AbilityUseData, key: string, record: AppliedRecord | null): AbilityUseData {
  const { applied: legacy, ...rest } = use;
  const kept = legacy && key in legacy ? Object.fromEntries(Object.entries(legacy).filter(([k]) => k !== key)) : legacy;
  return { ...rest, ...(kept ? { applied: kept } : {}), targets: use.targets.map((t) => (t.key === key ? { ...t, applied: record } : t)) };
}

/** A target as gathered from the canvas. */
export interface UseTargetSource {
  key: string;
  actorUuid: string;
  name: string;
  stability: number;
  state: CreatureState;
}

/** What the roll dialog decides. */
export interface UseChoices {
  characteristic: string;
  edges: number;
  banes: number;
  bonuses: number;
  /** Per target key: extra edges and banes and the toggles. */
  perTarget: Record<string, { edges: number; banes: number; toggles: SituationToggles }>;
}

/** Whether some tier deals damage. */
export function dealsDamage(ability: UseAbilitySource): boolean {
  return ability.tiers.some((t) => t.damage.value.trim() !== "");
}

/** What of an ability decides its edges and banes (`rollModifiers`). */
export function abilityTraits(ability: UseAbilitySource): AbilityTraits {
  return { keywords: ability.keywords, type: ability.type, damaging: dealsDamage(ability), maneuver: ability.maneuver ?? null };
}

/** Per-target automatic edges and banes (for the dialog's defaults and the final roll). */
export function targetModifiers(
  ability: UseAbilitySource, roller: CreatureState, targets: UseTargetSource[], toggles: Record<string, SituationToggles> = {},
) {
  const kind = rollKindOf(ability);
  const traits = abilityTraits(ability);
  // Conditions remember their source by actor UUID, so creatures are compared by their state's key.
  const allTargets = targets.map((t) => t.state.key);
  return targets.map((t) => ({
    key: t.key,
    ...rollModifiers({ kind: kind === "none" ? "ability" : kind, ability: traits, roller, target: t.state, allTargets, toggles: toggles[t.key] ?? {} }),
  }));
}

/** The roller's own edges and banes when there is no target (weakened, ...). */
export function untargetedModifiers(ability: UseAbilitySource, roller: CreatureState) {
  const kind = rollKindOf(ability);
  return rollModifiers({ kind: kind === "none" ? "ability" : kind, ability: abilityTraits(ability), roller });
}

export interface BuildUseInput {
  actorUuid: string;
  itemUuid: string;
  ability: UseAbilitySource;
  roller: CreatureState;
  /** The roller's characteristic scores. */
  characteristics: Record<string, number>;
  kit: KitBonuses | null;
  targets: UseTargetSource[];
  choices: UseChoices;
  /** The two d10 faces of the shared roll (ignored when the ability makes no roll or targets resist). */
  dice: [number, number];
  /** Rolled damage totals of tiers whose damage has dice, by tier index. */
  rolledDamage?: (number | null)[];
  dying: boolean;
  /** The 1d6 a dying hero loses, rolled by the caller. */
  dyingDie?: number;
  spent: AbilityUseData["spent"];
  /** Plain text of the effect. */
  effect: string;
}

/** Assemble the record of an ability use from the dice and the choices. */
export function buildAbilityUse(input: BuildUseInput): AbilityUseData {
  const { ability, choices } = input;
  const kind = rollKindOf(ability);
  const tiers = useTiers(ability, input.kit).map((t, i) => {
    const rolled = input.rolledDamage?.[i];
    return rolled === undefined || rolled === null ? t : { ...t, damage: { ...t.damage, value: rolled } };
  });
  const characteristicScore = input.characteristics[choices.characteristic] ?? 0;
  const rolls = kind === "ability" || kind === "test";
  const toggles = Object.fromEntries(Object.entries(choices.perTarget).map(([k, v]) => [k, v.toggles]));
  const automatic = targetModifiers(ability, input.roller, input.targets, toggles);
  const own = input.targets.length ? null : untargetedModifiers(ability, input.roller);
  const rows = input.targets.map((t, i) => ({
    key: t.key,
    edges: automatic[i]!.edges + (choices.perTarget[t.key]?.edges ?? 0),
    banes: automatic[i]!.banes + (choices.perTarget[t.key]?.banes ?? 0),
  }));
  const results = rolls
    ? resolveAgainstTargets({
        dice: input.dice, characteristic: characteristicScore, bonuses: choices.bonuses,
        edges: choices.edges + (own?.edges ?? 0), banes: choices.banes + (own?.banes ?? 0), targets: rows,
      })
    : [];
  const natural = rolls ? resolvePowerRoll({ dice: input.dice, characteristic: 0 }).natural : null;
  const targets: UseTarget[] = input.targets.map((t, i) => {
    const r = results[i];
    return {
      key: t.key, actorUuid: t.actorUuid, name: t.name, stability: t.stability,
      edges: r?.edges ?? rows[i]!.edges, banes: r?.banes ?? rows[i]!.banes, reasons: automatic[i]!.reasons.map((x) => x.reason),
      rolledTier: r?.tier ?? null, tier: r?.tier ?? null, total: r?.total ?? null, applied: null,
    };
  });
  const traits = { keywords: ability.keywords, type: ability.type };
  return {
    version: 2,
    actorUuid: input.actorUuid,
    itemUuid: input.itemUuid,
    name: ability.name,
    kind,
    keywords: [...ability.keywords],
    type: ability.type,
    characteristic: choices.characteristic,
    roll: rolls
      ? {
          dice: input.dice, characteristic: characteristicScore, bonuses: choices.bonuses,
          edges: choices.edges + (own?.edges ?? 0), banes: choices.banes + (own?.banes ?? 0),
        }
      : null,
    natural,
    critical: natural !== null && kind === "ability" && isCriticalHit(natural, traits),
    tiers,
    targets,
    effect: input.effect,
    ...(ability.distance ? { distance: ability.distance } : {}),
    ...(ability.target?.trim() ? { target: ability.target.trim() } : {}),
    spent: input.spent,
    dyingLoss: dyingLossApplies({ dying: input.dying, kind, ability: traits, characteristic: choices.characteristic })
      ? (input.dyingDie ?? null)
      : null,
  };
}

/** The result of the untargeted roll (shown when an ability has no target). */
export function untargetedResult(use: AbilityUseData) {
  if (!use.roll) return null;
  const { dice, characteristic, bonuses, edges, banes } = use.roll;
  const result = resolvePowerRoll({ dice, characteristic, bonuses, edges, banes });
  // Fate's tier (L2409) replaces the rolled one.
  return use.fated ? { ...result, tier: use.fated } : result;
}

/** The card of a roll Fate decided (L2409): every target (and the untargeted roll) gets `tier`. */
export function withFate(use: AbilityUseData, tier: 1 | 3): AbilityUseData {
  if (!use.roll) return use;
  return { ...use, fated: tier, targets: use.targets.map((t) => (t.rolledTier === null ? t : { ...t, rolledTier: tier, tier })) };
}

/** A downgrade (L197–201): the roller may apply a lower tier than rolled, never a higher one. */
export function downgradeTarget(use: AbilityUseData, key: string, tier: Tier): AbilityUseData {
  const target = use.targets.find((t) => t.key === key);
  if (!target || target.rolledTier === null) throw new RangeError(`no rolled target ${key}`);
  if (tier !== target.rolledTier && !downgradeOptions(target.rolledTier).includes(tier)) throw new RangeError(`cannot change tier ${target.rolledTier} to ${tier}`);
  return { ...use, targets: use.targets.map((t) => (t.key === key ? { ...t, tier } : t)) };
}

/**
 * A target's resistance roll against a Resistance ability (L6176–6182): 2d10 + the named
 * characteristic with its own edges and banes; the tier it reaches is the tier applied to it.
 */
export function recordResistance(
  use: AbilityUseData, key: string, roll: { dice: [number, number]; characteristic: number; edges?: number; banes?: number },
): AbilityUseData {
  const target = use.targets.find((t) => t.key === key);
  if (!target) throw new RangeError(`no target ${key}`);
  if (use.kind !== "resistance") throw new RangeError("not a resistance ability");
  if (target.rolledTier !== null) return use;
  const r = resolvePowerRoll({ dice: roll.dice, characteristic: roll.characteristic, edges: roll.edges ?? 0, banes: roll.banes ?? 0 });
  return {
    ...use,
    targets: use.targets.map((t) => (t.key === key
      ? {
          ...t, rolledTier: r.tier, tier: r.tier, total: r.total,
          resistance: {
            dice: roll.dice, characteristic: roll.characteristic, total: r.total, natural: r.natural,
            edges: roll.edges ?? 0, banes: roll.banes ?? 0,
          },
        }
      : t)),
  };
}

/** The damage a target takes from its tier (before its weakness and immunity), or null for none. */
export function tierDamageFor(use: AbilityUseData, key: string): { amount: number; type: string; keywords: string[] } | null {
  const target = use.targets.find((t) => t.key === key);
  if (!target?.tier) return null;
  const value = use.tiers[target.tier - 1]?.damage.value;
  if (value === null || value === undefined) return null;
  return { amount: value, type: use.tiers[target.tier - 1]!.damage.type, keywords: use.keywords };
}

/**
 * What the roll dialog offers when an ability is used (built by the workflow from the actor, the
 * ability and the targets; the dialog's view-model renders it).
 */
export interface DialogTargetInput {
  key: string;
  name: string;
  edges: number;
  banes: number;
  reasons: string[];
  /** Toggles already known from the map (an enemy adjacent to the roller), preset in the dialog. */
  toggles?: SituationToggles;
  /** True when a wall on the map stands between the roller and this target (L6646). */
  noLineOfEffect?: boolean;
  /** True when the target is hidden and the ability is an attack: it can't be targeted until found (L6212). */
  hidden?: boolean;
  /** True when the target is larger than the user and the ability takes only its size or smaller (L7022, L7045, L3461). */
  tooLarge?: boolean;
}

export interface AbilityDialogInput {
  name: string;
  kind: string;
  /** Characteristics the ability offers (empty: none is rolled). */
  offered: string[];
  characteristics: Record<string, number>;
  /** The characteristic preselected (the best offered). */
  characteristic: string;
  /** The Spend lines; one spent by the point (`variable`) takes an amount within its bounds. */
  spend: { amount: number; text: string; variable?: { min: number; max: number } }[];
  resourceName: string;
  resourceValue: number | null;
  cost: number;
  /** Skills the hero has, for tests (a skill adds +2, L5900). */
  skills: string[];
  targets: DialogTargetInput[];
  /** Edges and banes on the roller alone (used when there is no target). */
  ownEdges: number;
  ownBanes: number;
  ownReasons: string[];
  /**
   * When the use would go over the creature's turn budget (src/rules/turn-budget.ts): the warning's
   * key under SE.Budget.Refusal and the creature's name. The user may still go on.
   */
  budgetWarning?: { key: string; name: string };
  /** Rules the use would break that the Director may allow (src/rules/grab-limits.ts): each warning's key and its data. */
  ruleWarnings?: { key: string; data: Record<string, string | number> }[];
  /** A persistent ability (L2872–2888): its value, and whether the hero may maintain it now. */
  maintain?: { persistent: number; allowed: boolean };
}

/** The choices the dialog adds to the roll's: the Spend amounts (and lines), and maintaining. */
export type DialogChoices = UseChoices & {
  spend: number[]; skill: string; spendLines?: { amount: number; text: string }[]; maintain?: boolean;
};

/** The choices when the dialog is skipped (shift-click): the preselected characteristic, nothing extra. */
export function defaultChoices(input: Pick<AbilityDialogInput, "characteristic" | "targets">): DialogChoices {
  return {
    characteristic: input.characteristic, edges: 0, banes: 0, bonuses: 0, spend: [], skill: "", spendLines: [], maintain: false,
    perTarget: Object.fromEntries(input.targets.map((t) => [t.key, { edges: 0, banes: 0, toggles: { ...t.toggles } }])),
  };
}
