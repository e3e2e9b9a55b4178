/**
 * How an ability reads on a sheet and in chat: cost, keywords, distance, target and the three tier
 * lines with kit damage bonuses added where the seed says (L4665–4686), never to the kit's own
 * signature ability, whose printed numbers already include them (L4700–4710).
 */
import { abilityDamageBonus, addDamageBonus } from "../../rules/ability-use.ts";
import type { Characteristic } from "../../rules/catalogue.ts";
import type { KitBonuses } from "../../rules/hero.ts";
import type { I18n } from "./i18n.ts";
import { signed } from "./format.ts";
import { plainText } from "../../parser/html.ts";
import type { AbilityTier, LoadedAbilitySystem } from "../../parser/ability-shape.ts";

export { plainText };

/** The ability's data as a loaded item holds it, and one tier of it (src/parser/ability-shape.ts). */
export type AbilityData = LoadedAbilitySystem;
export type AbilityTierData = AbilityTier;

export interface AbilityView {
  id: string;
  name: string;
  img: string;
  type: string;
  typeLabel: string;
  cost: string;
  keywords: string;
  distance: string;
  target: string;
  trigger: string;
  rolls: boolean;
  rollLabel: string;
  /** "Target resists + Might" for resistance-roll abilities, else "". */
  resistance: string;
  /** The effect as plain text (the sheet escapes it). */
  effect: string;
  /** The characteristic used when the ability is clicked: the highest of those it offers. */
  characteristic: Characteristic | null;
  tiers: { tier: 1 | 2 | 3; text: string }[];
  spend: string[];
  /** One line for a collapsed row: distance, target and what it does (its effect's first sentence, or its top tier). */
  summary: string;
}

/** An ability as a sheet lists it: collapsible, its name rolls it, an Edit button opens its item sheet. */
export interface SheetAbilityView extends AbilityView {
  /** A sheet's row (the item sheet's preview has no controls). */
  sheet: true;
  collapsed: boolean;
}

/** The sheet's row of an ability; `collapsed` is the viewing user's own choice (view-models/ability-collapse.ts). */
export function sheetAbility(view: AbilityView, collapsed: (itemId: string) => boolean = () => false): SheetAbilityView {
  return { ...view, sheet: true, collapsed: collapsed(view.id) };
}

/** The first sentence of a text, whole if it has no sentence end. */
function firstSentence(text: string): string {
  const t = text.trim();
  const end = t.search(/[.!?](\s|$)/);
  return end >= 0 ? t.slice(0, end + 1) : t;
}



/** "push 2", "vertical slide 3". */
export function forcedMovementText(f: { kind: string; distance: number; vertical: boolean }, i18n: I18n): string {
  return `${f.vertical ? `${i18n.localize("SE.ForcedMovement.vertical")} ` : ""}${i18n.localize(`SE.ForcedMovement.${f.kind}`).toLowerCase()} ${f.distance}`;
}

/**
 * One tier in words: the damage as given (already with any bonus, or with its rolled total),
 * forced movement, conditions with durations, and the rest of the text.
 */
export function tierText(tier: Omit<AbilityTierData, "damage">, damage: { text: string; type: string }, i18n: I18n): string {
  const parts: string[] = [];
  if (damage.text) {
    parts.push(damage.type
      ? i18n.format("SE.Ability.TypedDamage", { value: damage.text, type: i18n.localize(`SE.DamageTypeInline.${damage.type}`) })
      : i18n.format("SE.Ability.Damage", { value: damage.text }));
  }
  for (const f of tier.forced) parts.push(forcedMovementText(f, i18n));
  for (const c of tier.conditions) {
    const duration = c.duration === "resistance"
      ? i18n.format("SE.Duration.resistance", { characteristic: c.characteristic ? i18n.localize(`SE.Characteristic.${c.characteristic}`) : "" })
      : c.duration ? i18n.localize(`SE.Duration.${c.duration}`) : "";
    parts.push([i18n.localize(`SE.Condition.${c.id}`), duration].filter(Boolean).join(" "));
  }
  if (tier.text.trim()) parts.push(tier.text.trim());
  return parts.join("; ");
}

export function tierLine(tier: AbilityTierData, bonus: number, i18n: I18n): string {
  return tierText(tier, { text: addDamageBonus(tier.damage.value, bonus), type: tier.damage.type }, i18n);
}

export function distanceText(d: AbilityData["distance"], i18n: I18n): string {
  if (d.text.trim()) return d.text.trim();
  const data = { n: d.primary, m: d.secondary, within: d.within };
  return i18n.format(`SE.Ability.DistanceFormat.${d.kind}`, data);
}

const toArray = (v: string[] | Set<string>) => [...v];

export function abilityView(
  item: { id: string; name: string; img: string; system: AbilityData },
  context: { characteristics?: Record<string, number>; kit?: KitBonuses | null; isKitSignature?: boolean; resourceName?: string },
  i18n: I18n,
): AbilityView {
  const a = item.system;
  const keywords = toArray(a.keywords);
  const offered = toArray(a.power.characteristics) as Characteristic[];
  const scores = context.characteristics ?? {};
  const characteristic = offered.length
    ? offered.reduce((best, c) => ((scores[c] ?? 0) > (scores[best] ?? 0) ? c : best), offered[0]!)
    : null;
  const hasTiers = a.power.kind !== "none" && a.tiers.some((t) => t.damage.value || t.text || t.forced.length || t.conditions.length);
  // The user rolls ability rolls and tests; a resistance roll against an ability is made by each
  // target (seed 004, L6176–6182), but one with distance "self" (Escape Grab) is the user's own.
  const ownResistance = a.power.kind === "resistance" && a.distance.kind === "self";
  const rolls = hasTiers && (a.power.kind !== "resistance" || ownResistance);
  const characteristicNames = offered.map((c) => i18n.localize(`SE.Characteristic.${c}`)).join("/");
  const signature = !!context.isKitSignature || !!a.signature;
  const bonusFor = (tier: 1 | 2 | 3) =>
    abilityDamageBonus(context.kit, { keywords, signature }, tier, !!a.tiers[tier - 1]?.damage.value.trim());
  const effect = plainText(a.effect);
  const tierLines = hasTiers
    ? ([1, 2, 3] as const).map((tier) => ({ tier, text: tierLine(a.tiers[tier - 1]!, bonusFor(tier), i18n) }))
    : [];
  const distance = distanceText(a.distance, i18n);
  const resource = a.cost.resource === "heroic" ? (context.resourceName || i18n.localize("SE.CostResource.heroic"))
    : a.cost.resource ? i18n.localize(`SE.CostResource.${a.cost.resource}`) : "";
  return {
    id: item.id,
    name: item.name,
    img: item.img,
    type: a.type,
    typeLabel: i18n.localize(`SE.AbilityType.${a.type}`),
    cost: a.cost.amount ? `${a.cost.amount} ${resource}`.trim() : "",
    keywords: keywords.map((k) => i18n.localize(`SE.Keyword.${k}`)).join(", "),
    distance,
    target: a.target,
    trigger: a.trigger,
    rolls,
    rollLabel: rolls && characteristic
      ? i18n.format("SE.Ability.RollWith", { characteristic: i18n.localize(`SE.Characteristic.${characteristic}`), value: signed(scores[characteristic] ?? 0) })
      : i18n.format("SE.Ability.UseLabel", { name: item.name }),
    characteristic,
    resistance: hasTiers && a.power.kind === "resistance"
      ? i18n.format(ownResistance ? "SE.Ability.OwnResistance" : "SE.Ability.TargetResists", { characteristic: characteristicNames })
      : "",
    effect,
    tiers: tierLines,
    spend: a.spend.map((s) => `${i18n.localize("SE.Ability.Spend")} ${s.amount}: ${s.text}`),
    summary: [distance, a.target.trim(), firstSentence(a.trigger) || (tierLines[2] ? `${i18n.format("SE.PowerRoll.TierShort", { tier: 3 })} ${tierLines[2].text}` : "") || firstSentence(effect)]
      .filter(Boolean).join(" · "),
  };
}
