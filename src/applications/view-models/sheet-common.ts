/** Parts every actor sheet view-model shares. */
import { CHARACTERISTICS } from "../../rules/index.ts";
import { signed } from "./format.ts";
import type { I18n } from "./i18n.ts";

export function sheetBasics(input: { name: string; img: string; editable: boolean; mode: "play" | "edit" }) {
  return { name: input.name, img: input.img, editable: input.editable, isEdit: input.mode === "edit" && input.editable };
}

export function characteristicViews(scores: Record<string, number>, i18n: I18n) {
  return CHARACTERISTICS.map((id) => ({
    id,
    label: i18n.localize(`SE.Characteristic.${id}`),
    abbr: i18n.localize(`SE.Characteristic.abbr.${id}`),
    value: scores[id] ?? 0,
    signed: signed(scores[id] ?? 0),
  }));
}
