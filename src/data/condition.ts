/**
 * The `condition` item: a condition or state as a compendium document (the `conditions` pack), with
 * the seed's rules text and the status it stands for. Dropped on an actor or a token it applies that
 * status (src/documents/item.ts, src/canvas/condition-drop.ts) instead of becoming an item.
 */
import { CONDITION_IDS, STATE_IDS } from "../rules/conditions.ts";
import { choice, html } from "./fields.ts";

export const CONDITION_ITEM_STATUSES = [...CONDITION_IDS, ...STATE_IDS] as const;

export function defineConditionSchema() {
  return {
    statusId: choice(CONDITION_ITEM_STATUSES, "bleeding", false, "SE.Condition"),
    description: html(),
  };
}

export class ConditionModel extends foundry.abstract.TypeDataModel<ReturnType<typeof defineConditionSchema>, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["SE.Item.Condition"];
  static override defineSchema() {
    return defineConditionSchema();
  }
}
