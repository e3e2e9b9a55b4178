/**
 * The Director marks a tile as an object of some material for forced movement (src/documents/
 * scene-objects.ts): a *Material* field added to Foundry's tile configuration on `renderTileConfig`
 * (v13 TileConfig, a DocumentSheetV2 whose form submits every named field: `flags.steel-echoes.material`
 * is saved with the tile). The field goes at the end of the sheet's active tab, else before the
 * form's footer; the exact markup of v13's TileConfig could not be checked here, so it only looks
 * for a form, a tab and a footer. An object tile also shows its Stamina (L7236–7243) and the damage it
 * has taken (`flags.steel-echoes.damage`), which the Director can correct there (a well-made or poorly
 * made object, L7245, or a repair).
 */
import { FLAG_SCOPE } from "../../constants.ts";
import { MATERIALS, tileObjectState } from "../../documents/scene-objects.ts";
import { systemFlags } from "../../documents/system-flags.ts";
import type { I18n } from "../view-models/i18n.ts";
import { foundryI18n } from "../foundry-i18n.ts";

const esc = (s: string) => foundry.utils.escapeHTML(s);

/**
 * The form group of the Material field, with the tile's current material selected, and for an object
 * its damage taken and Stamina left.
 */
export function tileMaterialField(
  current: string, i18n: I18n, escape: (s: string) => string = esc, object: { damage: number; stamina: number; max: number } | null = null,
): string {
  const options = [{ value: "", label: i18n.localize("SE.Object.None") }, ...MATERIALS.map((m) => ({ value: m, label: i18n.localize(`SE.Object.Material.${m}`) }))]
    .map((o) => `<option value="${o.value}"${o.value === current ? " selected" : ""}>${escape(o.label)}</option>`).join("");
  return `<div class="form-group steel-echoes-tile-material"><label>${escape(i18n.localize("SE.Object.Label"))}</label>`
    + `<div class="form-fields"><select name="flags.${FLAG_SCOPE}.material">${options}</select></div>`
    + `<p class="hint">${escape(i18n.localize("SE.Object.Hint"))}</p></div>`
    + (object
      ? `<div class="form-group steel-echoes-tile-damage"><label>${escape(i18n.localize("SE.Object.Damage"))}</label>`
        + `<div class="form-fields"><input type="number" name="flags.${FLAG_SCOPE}.damage" min="0" step="1" value="${object.damage}"></div>`
        + `<p class="hint">${escape(i18n.format("SE.Object.Stamina", { stamina: object.stamina, max: object.max }))}</p></div>`
      : "");
}

/** `renderTileConfig`: add the field for the GM. */
type TileDoc = Parameters<typeof tileObjectState>[0] & { parent?: { grid?: { size?: number } } | null };

export function onRenderTileConfig(app: { document?: TileDoc }, html: HTMLElement): void {
  if (!game.user?.isGM || html.querySelector(".steel-echoes-tile-material")) return;
  const current = String(systemFlags(app.document).material ?? "");
  const object = app.document ? tileObjectState(app.document, Number(app.document.parent?.grid?.size) || 0) : null;
  const field = tileMaterialField(current, foundryI18n, esc, object);
  const tab = html.querySelector(".tab.active");
  const footer = html.querySelector("footer.form-footer, .form-footer");
  if (tab) tab.insertAdjacentHTML("beforeend", field);
  else if (footer) footer.insertAdjacentHTML("beforebegin", field);
  else html.querySelector("form")?.insertAdjacentHTML("beforeend", field);
}
