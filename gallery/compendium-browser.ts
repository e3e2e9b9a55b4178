/**
 * The gallery's compendium browser: the real packs (packs/_source, indexed as getIndex would), the
 * real view-model and templates, in both themes, and a live window whose tabs, filters and search
 * run as the window does (src/applications/compendium-browser/compendium-browser.ts) and whose
 * results drag with the window's own drag start.
 */
import { browserEntries, emptyBrowserFilter } from "../src/rules/index.ts";
import type { BrowserFilter, BrowserKind } from "../src/rules/index.ts";
import { browserFilterFromForm, compendiumBrowserContext } from "../src/applications/view-models/compendium-browser.ts";
import type { I18n } from "../src/applications/view-models/i18n.ts";
import { onBrowserDragStart } from "../src/applications/compendium-browser/drag.ts";
import { packIndexes } from "../test/fixtures/pack-index.ts";
import type { PackManifest } from "../test/fixtures/pack-index.ts";
import manifest from "../system.json";

const sources = import.meta.glob("../packs/_source/**/*.json", { eager: true, import: "default" }) as Record<string, Record<string, unknown>>;
const files = Object.entries(sources).map(([p, json]) => ({ path: p.replace("../packs/_source/", ""), json }));
// Foundry serves the packs' images (icons/svg/…); the gallery has none, so each shows a small drawn book.
const BOOK = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><rect x="7" y="5" width="22" height="26" rx="2" fill="#8a3b12"/><rect x="11" y="9" width="14" height="3" fill="#f4efe6"/></svg>')}`;
export const browserGalleryEntries = browserEntries(packIndexes(files, manifest.packs as PackManifest[])).map((e) => ({ ...e, img: BOOK }));

const THEMES = ["theme-light", "theme-dark"] as const;
type Template = (context: object) => string;
export interface BrowserTemplates { tabs: Template; filters: Template; results: Template }

const frame = (theme: string, html: string) =>
  `<div class="application steel-echoes compendium-browser-app ${theme}" style="height: 640px; width: 860px"><div class="window-content">${html}</div></div>`;

function draw(t: BrowserTemplates, filter: BrowserFilter, i18n: I18n): string {
  const c = compendiumBrowserContext(browserGalleryEntries, filter, i18n);
  return `<div data-part="tabs" style="display: contents">${t.tabs(c)}</div>${t.filters(c)}<div data-part="results" style="display: contents">${t.results(c)}</div>`;
}

/** Fixed states in both themes: the abilities tab, and monsters filtered to solos and leaders by EV. */
export function renderBrowserSection(t: BrowserTemplates, i18n: I18n): string {
  const states: [string, BrowserFilter][] = [
    ["abilities", emptyBrowserFilter("ability")],
    ["monsters", { ...emptyBrowserFilter("monster"), sort: "ev", monster: { ...emptyBrowserFilter("monster").monster, organizations: ["leader", "solo"] } }],
  ];
  return states.map(([name, filter]) => `<h2>Compendium browser: ${name}</h2><div class="themes sheet-themes" data-browser="${name}">${
    THEMES.map((theme) => `<div class="theme-column ${theme}" data-theme="${theme}">${frame(theme, draw(t, filter, i18n))}</div>`).join("")}</div>`).join("");
}

/** A live browser: tabs, filter chips, ranges and search redraw the results as the window does. */
export function liveBrowser(host: HTMLElement, t: BrowserTemplates, i18n: I18n): void {
  let filter = emptyBrowserFilter("ability");
  const redraw = (all: boolean) => {
    if (all) host.innerHTML = frame("theme-light", draw(t, filter, i18n));
    else host.querySelector("[data-part=results]")!.innerHTML = t.results(compendiumBrowserContext(browserGalleryEntries, filter, i18n));
  };
  const read = () => {
    const form = host.querySelector<HTMLFormElement>("[data-se-browser-filters]")!;
    filter = browserFilterFromForm(filter.kind, [...new FormData(form).entries()].map(([k, v]) => [k, String(v)] as [string, string]));
    redraw(false);
  };
  host.addEventListener("click", (event) => {
    const button = (event.target as HTMLElement).closest<HTMLElement>("[data-action]");
    if (button?.dataset.action === "browserTab") {
      filter = { ...emptyBrowserFilter(button.dataset.kind as BrowserKind), search: filter.search };
      redraw(true);
    } else if (button?.dataset.action === "browserReset") {
      filter = emptyBrowserFilter(filter.kind);
      redraw(true);
    }
  });
  host.addEventListener("input", read);
  host.addEventListener("change", read);
  host.addEventListener("submit", (event) => event.preventDefault());
  host.addEventListener("dragstart", (event) => onBrowserDragStart(event, browserGalleryEntries));
  redraw(true);
}
