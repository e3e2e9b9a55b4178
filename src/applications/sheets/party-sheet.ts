/**
 * The party sheet (issue 32), as Foundry registers it at `init`. What it shows and does is its own
 * chunk, ./party-parts.ts, loaded with `import()` on the first render or click (issue 31: a world
 * loads little before `ready`; ApplicationV2 awaits `_prepareContext` before it renders, v13
 * client/applications/api/application.mjs `#render`).
 */
import { HandlebarsApplicationMixin } from "./handlebars-mixin.ts";
import type { SheetRenderOptions } from "./handlebars-mixin.ts";
import { CSS_ROOT, templatePath } from "../../constants.ts";
import type * as PartyPartsModule from "./party-parts.ts";

type PartyParts = typeof PartyPartsModule;
let loading: Promise<PartyParts> | null = null;
/** The party sheet's chunk, loaded once. */
const partyParts = (): Promise<PartyParts> => (loading ??= import("./party-parts.ts"));

type PartySheetContext = foundry.applications.sheets.ActorSheetV2.RenderContext & Awaited<ReturnType<PartyParts["partyContext"]>>;
type Action = (this: PartySheet, event: PointerEvent, target: HTMLElement) => Promise<void>;

const ACTIONS = ["openMember", "removeMember", "changeTokens", "placeMembers"] as const;

/** Click handlers that load the chunk and run its implementation of each. */
const lazy = Object.fromEntries(ACTIONS.map((name) => [name, async function (this: PartySheet, event: PointerEvent, target: HTMLElement) {
  await (await partyParts()).PARTY_ACTIONS[name](this, event, target);
}])) as Record<(typeof ACTIONS)[number], Action>;

export class PartySheet extends HandlebarsApplicationMixin(foundry.applications.sheets.ActorSheetV2<PartySheetContext>) {
  static override DEFAULT_OPTIONS = {
    classes: [CSS_ROOT, "actor-sheet", "party-sheet"],
    position: { width: 720, height: 520 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: { ...lazy, toggleMode: PartySheet.#toggleMode },
  };

  static PARTS = { body: { template: templatePath("actor/party-sheet.hbs"), scrollable: [""] } };

  #mode: "play" | "edit" = "play";

  protected override async _prepareContext(options: SheetRenderOptions): Promise<PartySheetContext> {
    const context = await super._prepareContext(options);
    return { ...context, ...(await partyParts()).partyContext(this, this.#mode) };
  }

  /** A hero dropped from the Actors directory joins the party (v13 ActorSheetV2 `_onDropActor(event, actor)`). */
  protected override async _onDropActor(_event: DragEvent, actor: Actor.Implementation): Promise<null> {
    await (await partyParts()).dropActor(this, actor);
    return null;
  }

  static #toggleMode(this: PartySheet) {
    this.#mode = this.#mode === "play" ? "edit" : "play";
    void this.render();
  }
}
