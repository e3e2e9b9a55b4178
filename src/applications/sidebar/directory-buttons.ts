/**
 * The GM's buttons in the Items and Actors directories: "Import from text" and "New monster from
 * baseline". The directories render before `ready`, so the buttons are in the entry; the importers and
 * the builder (the parsers with them) are chunks that load when a button is clicked (issue 31).
 */
import { CSS_ROOT } from "../../constants.ts";
import { foundryI18n } from "../foundry-i18n.ts";
import { buildNewHero } from "../builder/open-builder.ts";

/** Open the "Import from text" dialog (applications/dialogs/importer.ts, loaded now). */
export async function openImporter(initial = ""): Promise<void> {
  return (await import("../dialogs/importer.ts")).openImporter(initial);
}

/** Open the "New monster from baseline" dialog (applications/dialogs/monster-importer.ts, loaded now). */
export async function openMonsterBuilder(): Promise<void> {
  return (await import("../dialogs/monster-importer.ts")).openMonsterBuilder();
}

function button(className: string, icon: string, key: string, onClick: () => Promise<void>): HTMLButtonElement {
  const b = document.createElement("button");
  b.type = "button";
  b.className = className;
  b.innerHTML = `<i class="fa-solid ${icon}"></i> `;
  b.append(foundryI18n.localize(key));
  b.addEventListener("click", () => void onClick());
  return b;
}

/** `renderItemDirectory` hook: the GM's "Import from text" button, once. */
export function addImportButton(_app: unknown, html: HTMLElement, open: () => Promise<void> = openImporter): void {
  if (!game.user?.isGM || html.querySelector(`.${CSS_ROOT}-import`)) return;
  const header = html.querySelector(".header-actions") ?? html.querySelector(".directory-header");
  if (!header) return;
  header.append(button(`${CSS_ROOT}-import`, "fa-file-import", "SE.Importer.Button", open));
}

/** `renderActorDirectory` hook: the GM's "Import from text" and "New monster from baseline" buttons, once. */
export function addActorDirectoryButtons(open: () => Promise<void> = openImporter, build: () => Promise<void> = openMonsterBuilder) {
  return (_app: unknown, html: HTMLElement): void => {
    if (!game.user?.isGM || html.querySelector(`.${CSS_ROOT}-monster-builder`)) return;
    const header = html.querySelector(".header-actions") ?? html.querySelector(".directory-header");
    if (!header) return;
    header.append(
      button(`${CSS_ROOT}-import`, "fa-file-import", "SE.Importer.Button", open),
      button(`${CSS_ROOT}-monster-builder`, "fa-dragon", "SE.Bestiary.Builder.Button", build),
    );
  };
}

/**
 * `renderActorDirectory` hook: "Build a hero" (issue 32) for every user who may create actors (v13
 * `User#can("ACTOR_CREATE")`, the permission Foundry's own Create Actor button checks): a new hero
 * she owns, opened in the hero builder (a chunk loaded on the click: builder/open-builder.ts).
 */
export function addHeroBuilderButton(build: () => Promise<void> = buildNewHero) {
  return (_app: unknown, html: HTMLElement): void => {
    if (!game.user?.can("ACTOR_CREATE") || html.querySelector(`.${CSS_ROOT}-hero-builder`)) return;
    const header = html.querySelector(".header-actions") ?? html.querySelector(".directory-header");
    if (!header) return;
    header.append(button(`${CSS_ROOT}-hero-builder`, "fa-hammer", "SE.Builder.DirectoryButton", build));
  };
}
