/**
 * View-model of the ability-use chat card: the stored record of one ability use in, the context
 * `templates/chat/ability-card.hbs` renders out. Targets are grouped by the tier applied to them;
 * each row shows the total, the edges and banes and why, the forced movement after the target's
 * stability, and the apply / undo / downgrade controls. Pure.
 */
import { isAttack } from "../../rules/ability-use.ts";
import { downgradeOptions, forcedMovementDistance, netEdgeLabel } from "../../rules/ability-use-checks.ts";
import type { Tier } from "../../rules/power-roll.ts";
import type { AbilityUseData, UseTarget, UseTier } from "../../data/ability-use.ts";
import { appliedRecordOf, untargetedResult } from "../../data/ability-use-build.ts";
import type { I18n } from "./i18n.ts";
import { distanceText, forcedMovementText, tierText } from "./ability.ts";

export interface CardTargetRow {
  key: string;
  name: string;
  total: number | null;
  edgeLabel: string;
  reasons: string;
  forced: string;
  downgrades: { tier: Tier; label: string; selected: boolean }[];
  downgraded: boolean;
  applied: boolean;
  appliedText: string;
  /** A Resistance ability whose target has not rolled yet. */
  awaitingResistance: boolean;
  resistanceLabel: string;
  /** The tier's first horizontal forced movement, for the Move button (src/canvas/forced-movement.ts). */
  move: { kind: string; vertical?: boolean; label: string; max: number } | null;
  /** The Falls button's title after a level push off a height, or "". */
  fall: string;
  /** What the fall did, or "". */
  fellText: string;
  /** What a forced movement did, once done. */
  movedText: string;
  /** Why the target was not force moved (grabbed or restrained), or "". */
  heldText: string;
}

/** A creature the Heal action helps (L7093): its owner chooses a Recovery or a resistance roll. */
export interface CardHealRow {
  key: string;
  name: string;
  applied: boolean;
  appliedText: string;
}

export interface CardTierGroup {
  tier: Tier;
  label: string;
  effect: string;
  hasDamage: boolean;
  canKnockOut: boolean;
  hasConditions: boolean;
  targets: CardTargetRow[];
}

/**
 * The version of the card's markup, written on its root as `data-se-markup`. A message keeps the HTML
 * it was saved with, so when class names change this goes up and older cards are drawn again from
 * their data when shown (src/applications/chat/ability-card.ts).
 * 2: BEM class names (`ability-card__target`, ...); 3: the shared `chat-card__*` parts. Both in 0.2.0.
 * 5: the forced-movement buttons for vertical moves and falls. 6: the keywords and type line. 7: the Heal action's choices.
 * 8: the distance and target line, and the effect in its paragraphs.
 */
export const ABILITY_CARD_MARKUP = "8";

/** Whether a card's `data-se-markup` is the current markup. */
export function isCurrentCardMarkup(value: string | undefined): boolean {
  return value === ABILITY_CARD_MARKUP;
}

export interface AbilityCardContext {
  markup: string;
  name: string;
  /** The ability's keywords and action type ("Attack, Melee, Weapon · Action"), or "". */
  meta: string;
  messageKind: string;
  dice: number[];
  natural: number | null;
  rollLine: string;
  critical: boolean;
  spent: string;
  /** The Spend lines chosen, each with what was put into it. */
  spentLines: string[];
  /** Resource the roll gave back (insight on a tier 3 attack, Prayer's piety). */
  gained: string;
  dyingLoss: string;
  groups: CardTierGroup[];
  awaiting: CardTargetRow[];
  /** The Heal action's card: one row per creature it helps (L7093). */
  healing: CardHealRow[];
  /** Without targets: the three tiers with the one rolled highlighted. */
  untargeted: { tier: Tier; text: string; active: boolean; cssClass: string }[];
  untargetedTier: Tier | null;
  /** The ability's distance and target ("Melee 1 · One creature"), or "" on a card saved before they were kept. */
  reach: string;
  distance: string;
  target: string;
  /** The effect's paragraphs as plain text (the template escapes them). */
  effect: string[];
}

const TIERS: Tier[] = [1, 2, 3];

/** One tier's effects in words: damage (with the rolled dice total), forced movement, conditions, text. */
export function tierEffectText(tier: UseTier, i18n: I18n): string {
  const { formula, type, value } = tier.damage;
  const shown = formula && value !== null && String(value) !== formula ? `${formula} = ${value}` : formula;
  return tierText(tier, { text: shown, type }, i18n);
}

/** "push 2" or, against a target with stability, "push 3 (stability 1: 2)". */
export function forcedText(f: UseTier["forced"][number], i18n: I18n, stability?: number): string {
  const base = forcedMovementText(f, i18n);
  if (!stability) return base;
  return i18n.format("SE.AbilityCard.ForcedAfterStability", { movement: base, stability, distance: forcedMovementDistance(f.distance, stability) });
}

/** What an application did, in words: damage, healing, temporary Stamina or the Heal action's choice. */
function appliedText(applied: NonNullable<ReturnType<typeof appliedRecordOf>>, i18n: I18n): string {
  const heal = applied.heal;
  if (heal?.kind === "recovery") {
    return i18n.format(heal.spent ? "SE.Healing.HealAction.SpentRecovery" : "SE.Healing.HealAction.RegainedThird", { healed: heal.gained });
  }
  if (heal?.kind === "resistance") {
    return i18n.format("SE.Healing.HealAction.Resisted", {
      effect: heal.effect, tier: heal.tier, outcome: i18n.localize(`SE.Conditions.Outcome.${heal.outcome}`),
    });
  }
  // An ability that only grants temporary Stamina (Armor of the Faithful, L2763) dealt nothing to name.
  if (applied.temporary && applied.dealt === 0) return i18n.format("SE.AbilityCard.AppliedTemporary", { amount: applied.temporary });
  // The attacker's choice to knock out instead of kill, and damage that killed a knocked-out creature (L7218).
  const damageKey = applied.knockedOut ? "AppliedKnockedOut" : applied.killedKnockedOut ? "AppliedKilledKnockedOut" : "AppliedDamage";
  const parts = [applied.dealt >= 0 ? i18n.format(`SE.AbilityCard.${damageKey}`, { dealt: applied.dealt }) : i18n.format("SE.AbilityCard.AppliedHealing", { healed: -applied.dealt })];
  if (applied.perMinion) parts.push(i18n.format("SE.AbilityCard.AppliedPerMinion", { minions: applied.perMinion }));
  if (applied.marked) parts.push(i18n.format("SE.AbilityCard.AppliedMarked", { extra: applied.marked }));
  if (applied.war) parts.push(i18n.format("SE.AbilityCard.AppliedWar", { extra: applied.war }));
  if (applied.temporary) parts.push(i18n.format("SE.AbilityCard.AppliedTemporary", { amount: applied.temporary }));
  return parts.join(" ");
}

function targetRow(use: AbilityUseData, t: UseTarget, i18n: I18n): CardTargetRow {
  const tier = t.tier ? use.tiers[t.tier - 1] : undefined;
  const applied = appliedRecordOf(use, t.key);
  const label = netEdgeLabel(t.edges, t.banes);
  return {
    key: t.key,
    name: t.name,
    total: t.total,
    edgeLabel: label === "none" ? "" : i18n.localize(`SE.AbilityCard.Net.${label}`),
    reasons: t.reasons.map((r) => i18n.localize(`SE.Edge.${r}`)).join(", "),
    forced: tier ? tier.forced.map((f) => forcedText(f, i18n, t.stability)).join("; ") : "",
    downgrades: t.rolledTier && t.rolledTier > 1
      ? [t.rolledTier, ...downgradeOptions(t.rolledTier)].sort().map((d) => ({ tier: d, label: i18n.format("SE.PowerRoll.TierShort", { tier: d }), selected: d === t.tier }))
      : [],
    downgraded: t.tier !== null && t.rolledTier !== null && t.tier < t.rolledTier,
    applied: !!applied,
    appliedText: applied ? appliedText(applied, i18n) : "",
    awaitingResistance: use.kind === "resistance" && t.rolledTier === null,
    move: (() => {
      const f = tier?.forced[0];
      if (!f || t.moved) return null;
      const max = forcedMovementDistance(f.distance, t.stability);
      return { kind: f.kind, vertical: f.vertical, label: forcedText(f, i18n, t.stability), max };
    })(),
    // A level push off a height: the Director decides whether it went over an edge (L6977–6979).
    fall: t.moved?.ledge && !t.moved.fell ? i18n.format("SE.ForcedMove.Fall", { squares: t.moved.ledge }) : "",
    fellText: t.moved?.fell ? i18n.format("SE.ForcedMove.Fell", { squares: t.moved.fell, damage: t.moved.fellDamage ?? 0 }) : "",
    heldText: t.held === "grabbed" || t.held === "restrained"
      ? i18n.format(`SE.ForcedMove.Error.Held${t.held === "grabbed" ? "Grabbed" : "Restrained"}`, { name: t.name })
      : "",
    movedText: (() => {
      if (!t.moved) return "";
      const names = slammedNames(t.moved.slammed);
      return i18n.format(`SE.ForcedMove.${names.length ? "Slammed" : t.moved.damage > 0 ? "Stopped" : "Moved"}${t.moved.squares === 1 ? "One" : ""}`,
        { squares: t.moved.squares, name: nameList(names, i18n), damage: t.moved.damage });
    })(),
    resistanceLabel: use.kind === "resistance" ? i18n.format("SE.AbilityCard.RollResistance", { characteristic: i18n.localize(`SE.Characteristic.${use.characteristic}`) }) : "",
  };
}

/** The names a forced movement slammed into: a list, or one name on an older card. */
function slammedNames(slammed: string | string[] | undefined): string[] {
  return (Array.isArray(slammed) ? slammed : [slammed]).filter((n): n is string => typeof n === "string" && n !== "");
}

/** "A", "A and B", "A, B and C" (SE.ForcedMove.NameList joins the last). */
function nameList(names: readonly string[], i18n: I18n): string {
  if (names.length < 2) return names[0] ?? "";
  return i18n.format("SE.ForcedMove.NameList", { names: names.slice(0, -1).join(", "), last: names[names.length - 1]! });
}

export function abilityCardContext(use: AbilityUseData, i18n: I18n): AbilityCardContext {
  const rows = use.targets.map((t) => targetRow(use, t, i18n));
  const groups: CardTierGroup[] = [3, 2, 1].map((tier) => {
    const t = tier as Tier;
    const data = use.tiers[t - 1]!;
    return {
      tier: t,
      label: i18n.format("SE.PowerRoll.Tier", { tier: t }),
      effect: tierEffectText(data, i18n),
      hasDamage: data.damage.formula !== "",
      // Knocking out is a choice for damage from an attack (L7218).
      canKnockOut: data.damage.formula !== "" && isAttack({ keywords: use.keywords }),
      hasConditions: data.conditions.length > 0,
      targets: rows.filter((_, i) => use.targets[i]!.tier === t),
    };
  }).filter((g) => g.targets.length > 0);
  const untargeted = use.targets.length === 0 ? untargetedResult(use) : null;
  const hasTierText = use.tiers.some((t) => tierEffectText(t, i18n) !== "");
  const roll = use.roll;
  return {
    markup: ABILITY_CARD_MARKUP,
    name: use.name,
    meta: [
      use.keywords.map((k) => i18n.localize(`SE.Keyword.${k}`)).join(", "),
      use.type ? i18n.localize(`SE.AbilityType.${use.type}`) : "",
    ].filter(Boolean).join(" · "),
    messageKind: use.kind,
    dice: roll ? [...roll.dice] : [],
    natural: use.natural,
    rollLine: roll
      ? i18n.format("SE.AbilityCard.RollLine", {
          characteristic: i18n.localize(`SE.Characteristic.${use.characteristic}`),
          value: roll.characteristic >= 0 ? `+${roll.characteristic}` : `−${Math.abs(roll.characteristic)}`,
        }) + (roll.bonuses ? ` ${roll.bonuses > 0 ? "+" : "−"}${Math.abs(roll.bonuses)}` : "")
      : use.kind === "resistance"
        ? i18n.format("SE.Ability.TargetResists", { characteristic: i18n.localize(`SE.Characteristic.${use.characteristic}`) })
        : "",
    critical: use.critical,
    spent: use.spent.amount ? i18n.format("SE.AbilityCard.Spent", { amount: use.spent.amount, resource: use.spent.resource }) : "",
    spentLines: (Array.isArray(use.spent.lines) ? use.spent.lines : [])
      .map((l) => i18n.format("SE.AbilityCard.SpentLine", { amount: l.amount, resource: use.spent.resource, text: String(l.text ?? "") })),
    gained: use.gained?.amount ? i18n.format("SE.AbilityCard.Gained", { amount: use.gained.amount, resource: use.gained.resource }) : "",
    dyingLoss: use.dyingLoss !== null ? i18n.format("SE.AbilityCard.DyingLoss", { loss: use.dyingLoss }) : "",
    groups,
    awaiting: rows.filter((r) => r.awaitingResistance),
    healing: use.heal
      ? use.targets.map((t) => {
          const applied = appliedRecordOf(use, t.key);
          return { key: t.key, name: t.name, applied: !!applied, appliedText: applied ? appliedText(applied, i18n) : "" };
        })
      : [],
    untargeted: untargeted && hasTierText
      ? TIERS.map((t) => ({ tier: t, text: tierEffectText(use.tiers[t - 1]!, i18n), active: t === untargeted.tier, cssClass: t === untargeted.tier ? `chat-card__tier--${t} chat-card__tier--active` : `chat-card__tier--${t}` }))
      : [],
    untargetedTier: untargeted?.tier ?? null,
    ...reachLine(use, i18n),
    effect: String(use.effect ?? "").split(/\n{2,}/).map((p) => p.trim()).filter(Boolean),
  };
}

/** The distance and the target line a card shows under its title; a card saved without them shows none. */
function reachLine(use: AbilityUseData, i18n: I18n): { reach: string; distance: string; target: string } {
  const distance = use.distance ? distanceText(use.distance, i18n) : "";
  const target = typeof use.target === "string" ? use.target.trim() : "";
  return { reach: [distance, target].filter(Boolean).join(" · "), distance, target };
}
