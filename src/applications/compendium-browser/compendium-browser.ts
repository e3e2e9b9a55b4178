/**
 * The compendium browser (issue 33): one window over every pack of the system, a tab per kind of
 * entry, the filters that fit it, a search box and the results, which drag onto sheets, the canvas
 * and the hotbar as Foundry's compendium window drags its entries. A chunk, loaded when the window
 * first opens (lazy-browser.ts); the index model is built once per window and kept while it lives.
 */
import { CSS_ROOT, SYSTEM_ID, templatePath } from "../../constants.ts";
import { emptyBrowserFilter } from "../../rules/compendium-filters.ts";
import type { BrowserEntry, BrowserFilter, BrowserKind } from "../../rules/compendium-filters.ts";
import { browserFilterFromForm, compendiumBrowserContext } from "../view-models/compendium-browser.ts";
import { foundryI18n } from "../foundry-i18n.ts";
import { loadBrowserIndex } from "./index-loader.ts";
import type { BrowsablePack } from "./index-loader.ts";
import { onBrowserDragStart } from "./drag.ts";

export const BROWSER_TEMPLATES = {
  tabs: templatePath("compendium-browser/tabs.hbs"),
  filters: templatePath("compendium-browser/filters.hbs"),
  results: templatePath("compendium-browser/results.hbs"),
};

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;
type BrowserContext = ReturnType<typeof compendiumBrowserContext> & foundry.applications.api.ApplicationV2.RenderContext;

export class CompendiumBrowser extends HandlebarsApplicationMixin(ApplicationV2<BrowserContext>) {
  static override DEFAULT_OPTIONS = {
    id: `${SYSTEM_ID}-compendium-browser`,
    classes: [CSS_ROOT, "compendium-browser-app"],
    window: { title: "SE.Browser.Title", icon: "fa-solid fa-book-atlas", resizable: true },
    position: { width: 860, height: 680 },
    actions: {
      browserTab: CompendiumBrowser.#tab,
      browserReset: CompendiumBrowser.#reset,
      browserOpen: CompendiumBrowser.#open,
    },
  };

  static override PARTS = {
    tabs: { template: BROWSER_TEMPLATES.tabs },
    filters: { template: BROWSER_TEMPLATES.filters, scrollable: [""] },
    results: { template: BROWSER_TEMPLATES.results, scrollable: [".compendium-browser__list"] },
  };

  #entries: BrowserEntry[] | null = null;
  #loading: Promise<BrowserEntry[]> | null = null;
  filter: BrowserFilter = emptyBrowserFilter("ability");

  /** The index model, built on the first render and kept. */
  entries(): Promise<BrowserEntry[]> {
    // Type escape: the loader reads only the structural part of Foundry's CompendiumPacks it declares (BrowsablePack).
    this.#loading ??= loadBrowserIndex(game.packs as unknown as Iterable<BrowsablePack>, game.user).then((e) => (this.#entries = e));
    return this.#loading;
  }

  protected override async _prepareContext(): Promise<BrowserContext> {
    const entries = this.#entries ?? await this.entries();
    return compendiumBrowserContext(entries, this.filter, foundryI18n) as BrowserContext;
  }

  protected override async _onFirstRender(context: BrowserContext, options: foundry.applications.api.ApplicationV2.RenderOptions) {
    await super._onFirstRender(context, options);
    // Listeners on the window, which stays while its parts are drawn again.
    const root = this.element;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const apply = (rerenderFilters: boolean) => {
      const form = root.querySelector<HTMLFormElement>("[data-se-browser-filters]");
      if (!form) return;
      const pairs = [...new FormData(form).entries()].map(([k, v]) => [k, String(v)] as [string, string]);
      this.filter = browserFilterFromForm(this.filter.kind, pairs);
      void this.render({ parts: rerenderFilters ? ["filters", "results"] : ["results"] });
    };
    root.addEventListener("input", (event) => {
      if (!(event.target as HTMLElement).matches("[data-se-browser-filters] input[type=search], [data-se-browser-filters] input[type=number]")) return;
      clearTimeout(timer);
      timer = setTimeout(() => apply(false), 150);
    });
    root.addEventListener("change", (event) => {
      const target = event.target as HTMLElement;
      if (!target.closest("[data-se-browser-filters]") || target.matches("input[type=search], input[type=number]")) return;
      apply(false);
    });
    root.addEventListener("submit", (event) => event.preventDefault());
    root.addEventListener("dragstart", (event) => onBrowserDragStart(event, this.#entries ?? []));
    // Enter on a result's name opens it: src/applications/keyboard.ts clicks link-like controls.
  }

  /** Show a tab: its filters start empty, the search stays. */
  showKind(kind: BrowserKind): Promise<unknown> {
    this.filter = { ...emptyBrowserFilter(kind), search: this.filter.search };
    return this.render();
  }

  static async #tab(this: CompendiumBrowser, _event: Event, target: HTMLElement) {
    await this.showKind((target.dataset.kind ?? "ability") as BrowserKind);
  }

  static async #reset(this: CompendiumBrowser) {
    this.filter = emptyBrowserFilter(this.filter.kind);
    await this.render({ parts: ["filters", "results"] });
  }

  /** Open the entry's sheet (read-only in a locked pack), as a click in the compendium window does. */
  static async #open(_event: Event, target: HTMLElement) {
    const doc = await fromUuid(target.dataset.uuid ?? "").catch(() => null) as { sheet?: { render(o: object): unknown } } | null;
    doc?.sheet?.render({ force: true });
  }
}

let browser: CompendiumBrowser | null = null;

/** Open (or bring forward) the browser on this client, on a tab when given. */
export async function openCompendiumBrowser(kind?: BrowserKind): Promise<void> {
  browser ??= new CompendiumBrowser();
  if (kind && kind !== browser.filter.kind) browser.filter = emptyBrowserFilter(kind);
  await browser.render({ force: true });
}
