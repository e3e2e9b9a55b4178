/** The Echoes adversary sheet: HP or Stacks, damage, speed and the DP an action costs; the view-model draws it. */
import { HandlebarsApplicationMixin } from "./handlebars-mixin.ts";
import type { SheetRenderOptions } from "./handlebars-mixin.ts";
import { echoesAdversarySheetContext } from "../view-models/echoes-sheet.ts";
import { foundryI18n } from "../foundry-i18n.ts";
import { isEchoesAdversary } from "../../data/index.ts";
import { toggleEchoesCondition } from "../../documents/echoes-conditions.ts";
import { CSS_ROOT, templatePath } from "../../constants.ts";

type AdversarySheetContext = foundry.applications.sheets.ActorSheetV2.RenderContext & ReturnType<typeof echoesAdversarySheetContext>;

export class EchoesAdversarySheet extends HandlebarsApplicationMixin(foundry.applications.sheets.ActorSheetV2<AdversarySheetContext>) {
  static override DEFAULT_OPTIONS = {
    classes: [CSS_ROOT, "actor-sheet", "echoes-sheet", "echoes-adversary-sheet"],
    position: { width: 600, height: 620 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      toggleCondition: EchoesAdversarySheet.#toggleCondition,
      toggleMode: EchoesAdversarySheet.#toggleMode,
    },
  };

  /** Play or edit, this window's own (as the hero sheet's): nothing is stored. */
  #mode: "play" | "edit" = "play";

  static #toggleMode(this: EchoesAdversarySheet) {
    this.#mode = this.#mode === "play" ? "edit" : "play";
    void this.render();
  }

  static async #toggleCondition(this: EchoesAdversarySheet, _event: PointerEvent, target: HTMLElement) {
    await toggleEchoesCondition(this.actor, target.dataset.condition ?? "");
  }

  static PARTS = { body: { template: templatePath("actor/echoes-adversary.hbs"), scrollable: [""] } };

  protected override async _prepareContext(options: SheetRenderOptions): Promise<AdversarySheetContext> {
    const context = await super._prepareContext(options);
    const actor = this.actor;
    const system = actor.system;
    if (!isEchoesAdversary(system)) throw new Error(`${actor.uuid} is not an Echoes adversary`);
    const enrich = (html: string) =>
      foundry.applications.ux.TextEditor.implementation.enrichHTML(html, { secrets: actor.isOwner, relativeTo: actor });
    const isGM = !!game.user?.isGM;
    return {
      ...context,
      ...echoesAdversarySheetContext({
        name: actor.name, img: actor.img ?? "", editable: this.isEditable, mode: this.#mode, system, isGM,
        abilitiesHTML: await enrich(system.abilities), notesHTML: isGM ? await enrich(system.notes) : "",
        abilitiesSource: system.abilities, notesSource: isGM ? system.notes : "",
      }, foundryI18n),
    };
  }
}
