/**
 * The gallery's montage tracker: every fixture state in both themes, and a live tracker whose
 * buttons run the real montage state (src/data/montage.ts), view-model and template with random
 * dice, as the GM's client does for each player's action.
 */
import {
  directMontage, endMontage, recordMontageAssist, recordMontageDeclaration, recordMontageTest, startMontage,
} from "../src/data/montage.ts";
import type { MontageState } from "../src/data/montage.ts";
import { montageTrackerContext } from "../src/applications/view-models/montage-tracker.ts";
import type { I18n } from "../src/applications/view-models/i18n.ts";
import { MONTAGE_PARTY, montageFixtures } from "../test/fixtures/montages.ts";

const THEMES = ["theme-light", "theme-dark"] as const;
type Template = (context: object) => string;
const frame = (theme: string, html: string) =>
  `<div class="application steel-echoes montage-tracker-app ${theme}"><div class="window-content">${html}</div></div>`;

export function renderMontageSection(template: Template, i18n: I18n): string {
  return montageFixtures().map(({ name, state, viewer }) =>
    `<h2>Montage tracker: ${name}</h2><div class="themes sheet-themes" data-montage="${name}">${THEMES.map((t) =>
      `<div class="theme-column ${t}" data-theme="${t}">${frame(t, template(montageTrackerContext(state, viewer, i18n)))}</div>`).join("")}</div>`).join("");
}

/** A live tracker for the Director: start, act for each hero, adjust, next round, end. */
export function liveMontage(host: HTMLElement, template: Template, i18n: I18n): void {
  let state: MontageState | null = null;
  let rolls = 0;
  const d10 = () => 1 + Math.floor(Math.random() * 10);
  const roll = () => ({ messageId: `live${++rolls}`, dice: [d10(), d10()] as [number, number], characteristic: 1, edges: 0, banes: 0, bonuses: 0 });
  const viewer = { isGM: true, owned: new Set(MONTAGE_PARTY.map((h) => h.actorUuid)) };
  const draw = () => { host.innerHTML = frame("theme-light", template(montageTrackerContext(state, viewer, i18n))); };
  host.addEventListener("click", (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>("button[data-action]");
    if (!button) return;
    const uuid = button.dataset.actorUuid ?? "";
    let next: MontageState | string | null = state;
    switch (button.dataset.action) {
      case "montageStart": next = startMontage({ title: "Chase the pickpocket", difficulty: "moderate", heroes: MONTAGE_PARTY }); break;
      case "montageTest": next = recordMontageTest(state!, uuid, { characteristic: "agility", skill: "", roll: roll() }); break;
      case "montageAssist": {
        const target = state!.heroes.find((h) => h.actorUuid !== uuid && !h.actions.some((a) => a.round === state!.round) && !h.assist);
        next = target ? recordMontageAssist(state!, uuid, { targetUuid: target.actorUuid, skill: "", roll: roll() }) : state;
        break;
      }
      case "montageAbility": next = recordMontageDeclaration(state!, uuid, "ability", "A shortcut over the rooftops"); break;
      case "montagePass": next = recordMontageDeclaration(state!, uuid, "pass"); break;
      case "montageAdjust": next = directMontage(state!, { adjust: { ...state!.adjust, [button.dataset.field!]: state!.adjust[button.dataset.field as "successes"] + Number(button.dataset.delta) } }); break;
      case "montageNextRound": next = directMontage(state!, { nextRound: true }); break;
      case "montageEnd": next = endMontage(state!); break;
      case "montageClear": next = null; break;
    }
    if (typeof next === "string") return;
    state = next;
    draw();
  });
  draw();
}
