/**
 * The gallery's encounter builder: the fixture draft in both themes, and a live builder whose fields
 * and buttons run the real view-model and budget rules (src/applications/view-models/encounter-builder.ts),
 * as the Director's window does, without Foundry (no drops: the fixture's monsters are the bestiary's).
 */
import {
  addGroup, encounterBuilderContext, removeGroup, removeHero, setMemberCount, setPartyField, suggestGroups, useParty,
} from "../src/applications/view-models/encounter-builder.ts";
import type { EncounterDraft } from "../src/applications/view-models/encounter-builder.ts";
import type { I18n } from "../src/applications/view-models/i18n.ts";
import { DEFAULT_ENCOUNTER_BUDGET_RULES } from "../src/rules/index.ts";
import { PARTIES, encounterDraftFixture } from "../test/fixtures/encounters.ts";

const THEMES = ["theme-light", "theme-dark"] as const;
type Template = (context: object) => string;
const frame = (theme: string, html: string) =>
  `<div class="application steel-echoes encounter-builder-app ${theme}" style="width: 640px"><div class="window-content">${html}</div></div>`;

export function renderEncounterSection(template: Template, i18n: I18n): string {
  const context = encounterBuilderContext(encounterDraftFixture(), DEFAULT_ENCOUNTER_BUDGET_RULES, i18n, { parties: PARTIES });
  return `<h2>Encounter builder</h2><div class="themes sheet-themes" data-encounter-builder>${THEMES.map((t) =>
    `<div class="theme-column ${t}" data-theme="${t}">${frame(t, template(context))}</div>`).join("")}</div>`;
}

/** A live builder: change the party and the counts, add and remove groups, suggest groups. */
export function liveEncounter(host: HTMLElement, template: Template, i18n: I18n): void {
  let draft: EncounterDraft = encounterDraftFixture();
  // Replacing the focused field blurs it, which fires its change again: ignore what comes during a draw.
  let drawing = false;
  const draw = () => {
    if (drawing) return;
    drawing = true;
    try {
      host.innerHTML = frame("theme-light", template(encounterBuilderContext(draft, DEFAULT_ENCOUNTER_BUDGET_RULES, i18n, { parties: PARTIES })));
    } finally {
      drawing = false;
    }
  };
  host.addEventListener("change", (event) => {
    const input = event.target as HTMLInputElement;
    if (input.dataset.seParty === "mode" && input.value.startsWith("party:")) {
      // The primary party's members are the fixture's four heroes; the other party has none yet.
      const id = input.value.slice(6);
      draft = useParty(draft, { id, heroes: id === "p1" ? encounterDraftFixture().party.heroes : [] });
    } else if (input.dataset.seParty) {
      draft = setPartyField(draft, input.dataset.seParty as "count", input.value);
    } else if (input.dataset.seCount) draft = setMemberCount(draft, input.dataset.seCount, input.dataset.uuid!, input.value);
    else return;
    draw();
  });
  host.addEventListener("click", (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>("button[data-action]");
    if (!button) return;
    switch (button.dataset.action) {
      case "encounterRemoveHero": draft = removeHero(draft, button.dataset.uuid!); break;
      case "encounterRemoveGroup": draft = removeGroup(draft, button.dataset.groupId!); break;
      case "encounterRemoveMember": draft = setMemberCount(draft, button.dataset.groupId!, button.dataset.uuid!, 0); break;
      case "encounterAddGroup": draft = addGroup(draft); break;
      case "encounterSuggest": draft = suggestGroups(draft); break;
      default: return;
    }
    draw();
  });
  draw();
}
