/**
 * The gallery's group and opposed test cards: every fixture state, and live cards from `/gt` and
 * `/ot` in the gallery's chat box, whose Roll, Assist and Award buttons run the real card state
 * (src/data/test-card.ts), rules and view-model with random dice, as the GM's client does.
 */
import { markAwarded, recordAssist, recordRoll } from "../src/data/test-card.ts";
import { newGroupTest, newOpposedTest } from "../src/data/test-card-new.ts";
import type { TestCardState } from "../src/data/test-card.ts";
import type { GroupTestCommand, OpposedTestCommand } from "../src/parser/command-checks.ts";

const HEROES = [
  { actorUuid: "Actor.korva", name: "Korva", scores: { might: 2, agility: 1, reason: 0, intuition: 1, presence: -1 } },
  { actorUuid: "Actor.ryn", name: "Ryn", scores: { might: 0, agility: 2, reason: 1, intuition: 1, presence: 1 } },
  { actorUuid: "Actor.tamsin", name: "Tamsin Quickfoot", scores: { might: -1, agility: 2, reason: 2, intuition: 0, presence: 1 } },
];
const OGRE = { actorUuid: "Actor.ogre", name: "Ogre Brute", scores: { might: 2, agility: 0, reason: -1, intuition: 0, presence: -1 } };
const HELPER = { actorUuid: "Actor.vex", name: "Vex" };

type Render = (state: TestCardState) => string;
const d10 = () => 1 + Math.floor(Math.random() * 10);
const scoreOf = (uuid: string, characteristic: string) =>
  ([...HEROES, OGRE].find((h) => h.actorUuid === uuid)?.scores as Record<string, number> | undefined)?.[characteristic] ?? 0;

/** Live cards in the chat log: each keeps its state and redraws itself in both theme columns. */
export function liveTestCards(log: HTMLElement, render: Render) {
  const states = new Map<string, TestCardState>();
  let next = 0;
  const draw = (id: string) => {
    const html = render(states.get(id)!);
    for (const host of log.querySelectorAll<HTMLElement>(`[data-live-card="${id}"]`)) host.innerHTML = html;
  };
  const post = (state: TestCardState) => {
    const id = `card${++next}`;
    states.set(id, state);
    for (const column of log.querySelectorAll(".theme-column")) {
      column.insertAdjacentHTML("afterbegin", `<div class="chat-message" data-fixture="live-test-card"><div data-live-card="${id}"></div></div>`);
    }
    draw(id);
  };
  log.addEventListener("click", (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>("button[data-se-action]");
    const host = button?.closest<HTMLElement>("[data-live-card]");
    if (!button || !host) return;
    const id = host.dataset.liveCard!;
    const state = states.get(id)!;
    const uuid = button.dataset.actorUuid ?? "";
    let changed: TestCardState | string = state;
    if (button.dataset.seAction === "test-card-roll") {
      const roller = state.rollers.find((r) => r.actorUuid === uuid)!;
      changed = recordRoll(state, uuid, {
        messageId: `${id}-${uuid}`, dice: [d10(), d10()], characteristic: scoreOf(uuid, roller.characteristic),
        edges: Math.max(0, roller.assist?.effect.edges ?? 0), banes: 0, bonuses: roller.assist?.effect.bonus ?? 0,
      });
    } else if (button.dataset.seAction === "test-card-assist") {
      changed = recordAssist(state, uuid, HELPER, { messageId: `${id}-assist-${uuid}`, dice: [d10(), d10()], characteristic: 1, edges: 0, banes: 0, bonuses: 0 });
    } else if (button.dataset.seAction === "test-card-award") {
      changed = markAwarded(state);
    }
    if (typeof changed === "string") return;
    states.set(id, changed);
    draw(id);
  });
  return {
    group: (c: GroupTestCommand) => post(newGroupTest(c.characteristic, c.difficulty, HEROES)),
    opposed: (c: OpposedTestCommand) => post(newOpposedTest(
      { actorUuid: HEROES[0]!.actorUuid, name: HEROES[0]!.name, characteristic: c.first },
      { actorUuid: OGRE.actorUuid, name: OGRE.name, characteristic: c.second },
    )),
  };
}
