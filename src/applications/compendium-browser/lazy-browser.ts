/**
 * The compendium browser as the entry knows it: a button in the Compendium sidebar and an opener;
 * the window, its view-model and its index loader are a chunk loaded on the first click (issue 31).
 */
import { CSS_ROOT } from "../../constants.ts";
import type { BrowserKind } from "../../rules/compendium-filters.ts";
import { foundryI18n } from "../foundry-i18n.ts";

/** Open the compendium browser (the sidebar's button, `steelEchoes` macros), on a tab when given. */
export async function openCompendiumBrowser(kind?: BrowserKind): Promise<void> {
  return (await import("./compendium-browser.ts")).openCompendiumBrowser(kind);
}

/**
 * `renderCompendiumDirectory` hook: the "Browse compendiums" button, once, in the directory's header
 * actions (v13 templates/sidebar/directory/header.hbs `.header-actions`), for every user: players
 * browse what their packs' ownership lets them see.
 */
export function addBrowserButton(_app: unknown, html: HTMLElement, open: () => Promise<void> = openCompendiumBrowser): void {
  if (html.querySelector(`.${CSS_ROOT}-browser-button`)) return;
  const header = html.querySelector(".header-actions") ?? html.querySelector(".directory-header");
  if (!header) return;
  const b = document.createElement("button");
  b.type = "button";
  b.className = `${CSS_ROOT}-browser-button`;
  b.innerHTML = `<i class="fa-solid fa-book-atlas"></i> `;
  b.append(foundryI18n.localize("SE.Browser.Button"));
  b.addEventListener("click", () => void open());
  header.append(b);
}
