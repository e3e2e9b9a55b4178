/**
 * The gallery's negotiation tracker: every fixture state in both themes, and a live negotiation the
 * browser tests play: the real state (src/data/negotiation.ts), view-model and template, with random
 * dice for the arguments and the Director's judgements from the tracker's own controls.
 */
import { beginNegotiation, closeNegotiation, directNegotiation, dropPending, judgeArgument, recordArgumentRoll, setDiscovered } from "../src/data/negotiation.ts";
import type { NegotiationState } from "../src/data/negotiation.ts";
import { negotiationTrackerContext } from "../src/applications/view-models/negotiation-tracker.ts";
import type { I18n } from "../src/applications/view-models/i18n.ts";
import type { ArgumentKind, Attitude } from "../src/rules/index.ts";
import { DIRECTOR, NEGOTIATION_NPC, negotiationFixtures } from "../test/fixtures/negotiations.ts";

const THEMES = ["theme-light", "theme-dark"] as const;
type Template = (context: object) => string;
const frame = (theme: string, html: string) =>
  `<div class="application steel-echoes negotiation-tracker-app ${theme}"><div class="window-content">${html}</div></div>`;

export function renderNegotiationSection(template: Template, i18n: I18n): string {
  return negotiationFixtures().map(({ name, state, viewer }) =>
    `<h2>Negotiation tracker: ${name}</h2><div class="themes sheet-themes" data-negotiation="${name}">${THEMES.map((t) =>
      `<div class="theme-column ${t}" data-theme="${t}">${frame(t, template(negotiationTrackerContext(NEGOTIATION_NPC, state, viewer, i18n)))}</div>`).join("")}</div>`).join("");
}

/** A live negotiation seen by the Director, who also rolls the heroes' arguments here. */
export function liveNegotiation(host: HTMLElement, template: Template, i18n: I18n): void {
  let state: NegotiationState | null = null;
  let rolls = 0;
  const d10 = () => 1 + Math.floor(Math.random() * 10);
  const viewer = { ...DIRECTOR, hero: { uuid: "Actor.Jorn", name: "Jorn", renown: 3 } };
  const draw = () => { host.innerHTML = frame("theme-light", template(negotiationTrackerContext(NEGOTIATION_NPC, state, viewer, i18n))); };
  const field = (name: string) => host.querySelector<HTMLInputElement & HTMLSelectElement>(`[data-se-negotiation-field="${name}"]`);
  host.addEventListener("click", (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>("button[data-action]");
    if (!button) return;
    let next: NegotiationState | string | null = state;
    switch (button.dataset.action) {
      case "negotiationStart":
        next = beginNegotiation({ attitude: field("attitude")!.value as Attitude, language: Number(field("language")!.value), impression: 3, motivations: ["benevolence", "protection"], pitfalls: ["higherAuthority", "revelry"] });
        break;
      case "negotiationArgue":
        next = recordArgumentRoll(state!, { uuid: "Actor.Jorn", name: "Jorn" }, { characteristic: "presence", skill: "persuade", roll: { messageId: `live${++rolls}`, dice: [d10(), d10()], characteristic: 2, edges: 0, banes: 0, bonuses: 0 } });
        break;
      case "negotiationJudge": {
        const [kind, subject] = field("judge")!.value.split(":");
        next = judgeArgument(state!, { kind: kind as ArgumentKind, subject: subject ?? "", caughtLying: field("lying")!.checked, heroName: "Jorn" });
        break;
      }
      case "negotiationDrop": next = dropPending(state!); break;
      case "negotiationDiscover": next = setDiscovered(state!, button.dataset.id!, button.dataset.discovered === "true"); break;
      case "negotiationStat": next = directNegotiation(state!, { [button.dataset.stat!]: state![button.dataset.stat as "interest"] + Number(button.dataset.delta) }); break;
      case "negotiationClose": next = closeNegotiation(state!, field("victory")!.checked); break;
      case "negotiationClear": next = null; break;
    }
    if (typeof next === "string") return;
    state = next;
    draw();
  });
  draw();
}
