/**
 * The ability sheet's tier editor: three tiers, each with damage (value and type), forced movement
 * and conditions as editable rows. Form names follow the data (`system.tiers.1.forced.0.distance`);
 * the sheet turns the indexed objects back into arrays on submit.
 */
import { CHARACTERISTICS, DAMAGE_TYPES } from "../../rules/catalogue.ts";
import { CONDITION_IDS } from "../../rules/conditions.ts";
import { DURATIONS, FORCED_MOVEMENT_KINDS } from "../../data/vocabulary.ts";
import type { AbilityTierData } from "./ability.ts";
import type { I18n } from "./i18n.ts";

/** Conditions an ability can impose (seed 004, L6660–6710): the data model's list. */
export const ABILITY_CONDITIONS = CONDITION_IDS;

interface Option { value: string; label: string; selected: boolean }

function options(values: readonly string[], selected: string, label: (v: string) => string, blank?: string): Option[] {
  return [...(blank === undefined ? [] : [{ value: "", label: blank, selected: selected === "" }]),
    ...values.filter((v) => v !== "").map((value) => ({ value, label: label(value), selected: value === selected }))];
}

export function tierEditorContext(tiers: AbilityTierData[], i18n: I18n) {
  return tiers.map((t, index) => {
    const base = `system.tiers.${index}`;
    return {
      index,
      tier: index + 1,
      label: i18n.format("SE.PowerRoll.Tier", { tier: index + 1 }),
      damage: {
        name: `${base}.damage.value`,
        value: t.damage.value,
        typeName: `${base}.damage.type`,
        types: options(DAMAGE_TYPES, t.damage.type, (v) => i18n.localize(`SE.DamageType.${v}`), i18n.localize("SE.Ability.Untyped")),
      },
      textName: `${base}.text`,
      text: t.text,
      forced: t.forced.map((f, i) => ({
        index: i,
        kindName: `${base}.forced.${i}.kind`,
        kinds: options(FORCED_MOVEMENT_KINDS, f.kind, (v) => i18n.localize(`SE.ForcedMovement.${v}`)),
        distanceName: `${base}.forced.${i}.distance`,
        distance: f.distance,
        verticalName: `${base}.forced.${i}.vertical`,
        vertical: f.vertical,
      })),
      conditions: t.conditions.map((c, i) => ({
        index: i,
        idName: `${base}.conditions.${i}.id`,
        ids: options(ABILITY_CONDITIONS, c.id, (v) => i18n.localize(`SE.Condition.${v}`)),
        durationName: `${base}.conditions.${i}.duration`,
        durations: options(DURATIONS, c.duration, (v) => i18n.localize(`SE.DurationLabel.${v}`), i18n.localize("SE.DurationLabel.none")),
        characteristicName: `${base}.conditions.${i}.characteristic`,
        characteristics: options(CHARACTERISTICS, c.characteristic, (v) => i18n.localize(`SE.Characteristic.${v}`), "—"),
      })),
    };
  });
}

/** A copy of the tiers with a blank forced movement or condition row added to, or one removed from, a tier. */
export function editTierRows(
  tiers: AbilityTierData[],
  tier: number,
  list: "forced" | "conditions",
  change: { add: true } | { remove: number },
): AbilityTierData[] {
  const copy = structuredClone(tiers);
  const target = copy[tier];
  if (!target) return copy;
  if ("add" in change) {
    if (list === "forced") target.forced.push({ kind: "push", distance: 1, vertical: false });
    else target.conditions.push({ id: "dazed", duration: "EoT", characteristic: "" });
  } else {
    (target[list] as unknown[]).splice(change.remove, 1);
  }
  return copy;
}
