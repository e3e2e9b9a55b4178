/**
 * The GM's prompt for a player's ability that differs from its approved copy
 * (src/documents/ability-approval.ts): who asks, what it is measured against, and each changed field
 * in words ("Tier 2: damage", 8 → 30). Pure: the request and an I18n in, the template's context out.
 */
import type { AbilityChange } from "../../rules/ability-fingerprint.ts";
import type { I18n } from "./i18n.ts";

export interface AbilityApprovalInput {
  itemName: string;
  actorName: string;
  userName: string;
  against: "compendium" | "approved" | "none";
  changes: AbilityChange[];
}

export interface AbilityApprovalRow {
  field: string;
  before: string;
  after: string;
}

export interface AbilityApprovalContext {
  title: string;
  intro: string;
  against: string;
  rows: AbilityApprovalRow[];
}

/** Field paths (numbers as `#`) and their labels' keys under SE.AbilityApproval.Field. */
const FIELDS: Record<string, string> = {
  "type": "Type", "signature": "Signature", "keywords": "Keywords", "persistent": "Persistent",
  "cost.amount": "CostAmount", "cost.resource": "CostResource",
  "distance.kind": "DistanceKind", "distance.primary": "DistancePrimary", "distance.secondary": "DistanceSecondary", "distance.within": "DistanceWithin",
  "power.kind": "PowerKind", "power.characteristics": "Characteristics",
  "tiers.#.damage.value": "Damage", "tiers.#.damage.type": "DamageType",
  "tiers.#.forced.#.kind": "ForcedKind", "tiers.#.forced.#.distance": "ForcedDistance", "tiers.#.forced.#.vertical": "ForcedVertical",
  "tiers.#.conditions.#.id": "Condition", "tiers.#.conditions.#.duration": "ConditionDuration", "tiers.#.conditions.#.characteristic": "ConditionCharacteristic",
  "tiers.#.temporaryStamina": "TemporaryStamina", "temporaryEndsWithEncounter": "TemporaryEndsWithEncounter",
  "tiers.#.temporaryStaminaEqualTo": "TemporaryStaminaEqualTo",
  "perMinion": "PerMinion",
};

/** A changed field's label: "Tier 2: condition 1, duration"; a path the table lacks is shown as it is. */
export function abilityFieldLabel(path: string, i18n: I18n): string {
  const numbers = path.split(".").filter((s) => /^\d+$/.test(s));
  const key = FIELDS[path.split(".").map((s) => (/^\d+$/.test(s) ? "#" : s)).join(".")];
  if (!key) return path;
  const label = i18n.format(`SE.AbilityApproval.Field.${key}`, { n: numbers[1] ?? "" });
  return path.startsWith("tiers.") ? i18n.format("SE.AbilityApproval.TierField", { tier: numbers[0] ?? "", field: label }) : label;
}

function value(v: AbilityChange["before"], i18n: I18n): string {
  if (v === null || v === "") return i18n.localize("SE.AbilityApproval.None");
  if (typeof v === "boolean") return i18n.localize(v ? "SE.AbilityApproval.Yes" : "SE.AbilityApproval.No");
  return String(v);
}

export function abilityApprovalContext(input: AbilityApprovalInput, i18n: I18n): AbilityApprovalContext {
  const names = { user: input.userName, actor: input.actorName, ability: input.itemName };
  return {
    title: i18n.format("SE.AbilityApproval.Title", { ability: input.itemName }),
    intro: i18n.format("SE.AbilityApproval.Intro", names),
    against: i18n.localize(`SE.AbilityApproval.Against.${input.against}`),
    rows: input.changes.map((c) => ({
      field: abilityFieldLabel(c.path, i18n), before: value(c.before, i18n), after: value(c.after, i18n),
    })),
  };
}
