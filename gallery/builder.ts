/**
 * The gallery's hero builder (issue 32): each step of the window in both themes, from the builder's
 * test catalogue (test/fixtures/builder-catalogue.ts) and a hero part-way through, with the real
 * view-model, template and CSS.
 */
import { heroBuilderContext } from "../src/applications/view-models/hero-builder.ts";
import type { I18n } from "../src/applications/view-models/i18n.ts";
import type { BuildRecord } from "../src/documents/hero-builder.ts";
import { BUILDER_STEPS } from "../src/rules/index.ts";
import { CATALOGUE, NEW_HERO } from "../test/fixtures/builder-catalogue.ts";

const THEMES = ["theme-light", "theme-dark"] as const;
type Template = (context: object) => string;
const frame = (theme: string, html: string) =>
  `<div class="application steel-echoes hero-builder-app ${theme}" style="height: 640px"><div class="window-content">${html}</div></div>`;

/** A devil fury part-way through: ancestry and culture done, the class missing its 5-cost pick, a duplicate skill. */
const RECORD: BuildRecord = {
  ancestry: { uuid: "A.devil", purchases: ["Horns", "Wings"] },
  culture: { aspects: { environment: "C.nomadic", organization: "C.bureaucratic", upbringing: "C.martial" }, language: "Caelian" },
  career: { uuid: "K.sage", incident: "Bookish Ideas" },
  class: { uuid: "X.fury", subclasses: ["Berserker"], abilities: ["B.brutal", "B.back"] },
  kit: { uuids: ["Kit.mountain"] },
  skills: {
    "culture.environment": ["climb"], "culture.organization": ["history"], "culture.upbringing": ["lift"],
    career: ["history", "magic"], "class.subclass": ["lift"],
  },
};
const HERO = {
  ...NEW_HERO, characteristics: { might: 2, agility: 1, reason: 0, intuition: 0, presence: -1 },
  skills: ["climb", "history", "lift", "magic", "swim"], languages: ["Caelian"],
};

export function renderBuilderSection(template: Template, i18n: I18n): string {
  return BUILDER_STEPS.map((step) =>
    `<h2>Hero builder: ${step}</h2><div class="themes sheet-themes" data-builder="${step}">${THEMES.map((t) =>
      `<div class="theme-column ${t}" data-theme="${t}">${frame(t, template(heroBuilderContext({
        step, catalogue: CATALOGUE, hero: HERO, record: RECORD, complicationsOn: true,
      }, i18n)))}</div>`).join("")}</div>`).join("");
}
