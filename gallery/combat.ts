/**
 * The gallery's combat section: the tracker (a GM's and a player's view, and a live encounter
 * driven by the real turn-order rules), the pools panel, the hero sheet's recovery bar and the
 * end-of-encounter dialog, each in Foundry's light and dark themes.
 */
import Handlebars from "handlebars/dist/cjs/handlebars.js";
import { formValues } from "./form.ts";
import lang from "../lang/en.json";
import { langI18n, registerFoundryHelpers } from "../test/harness/handlebars-helpers.ts";
import { orderedTrackerFixture, squadTrackerFixture, trackerFixture } from "../test/fixtures/combat.ts";
import { combatTrackerContext } from "../src/applications/view-models/combat-tracker.ts";
import type { TrackerInput } from "../src/applications/view-models/combat-tracker.ts";
import { poolsPanelContext } from "../src/applications/view-models/pools-panel.ts";
import { heroRecoveryContext } from "../src/applications/view-models/hero-recovery.ts";
import { endEncounterContext } from "../src/applications/view-models/end-encounter.ts";
import { heroTokenPromptContent } from "../src/applications/view-models/hero-token-prompt.ts";
import { diminishNumbers, heroTokenOfferAtDying } from "../src/rules/index.ts";
import { engineStatsContext } from "../src/applications/view-models/engine-stats.ts";
import { statsAfterForm } from "../src/data/engine-stats-form.ts";
import type { EngineStats } from "../src/data/engine-stats.ts";
import {
  delayedInitiative, descendingInitiative, nextOrderedTurn, recoveryPhase, sideToAct, turnRefusal,
} from "../src/rules/index.ts";
import type { Side } from "../src/rules/index.ts";

const sources = import.meta.glob("../templates/combat/*.hbs", { query: "?raw", import: "default", eager: true }) as Record<string, string>;
const recoverySource = (import.meta.glob("../templates/actor/hero-recovery.hbs", { query: "?raw", import: "default", eager: true }) as Record<string, string>)["../templates/actor/hero-recovery.hbs"]!;
const hbs = Handlebars.create();
export const combatMissing = registerFoundryHelpers(hbs, lang);
const tpl = (name: string) => hbs.compile(sources[`../templates/combat/${name}`]!);
const tracker = tpl("tracker.hbs");
const pools = tpl("pools-panel.hbs");
const endEncounter = tpl("end-encounter.hbs");
const engineStats = tpl("engine-stats.hbs");
const recovery = hbs.compile(recoverySource);
const galleryI18n = langI18n(lang, combatMissing);

const THEMES = ["theme-light", "theme-dark"] as const;
const both = (attr: string, html: (theme: string) => string) =>
  `<div class="themes combat-themes" ${attr}>${THEMES.map((t) => `<div class="theme-column ${t}" data-theme="${t}">${html(t)}</div>`).join("")}</div>`;
const sidebar = (t: string, inner: string) => `<div class="application sidebar-tab se-gallery-sidebar ${t}" data-tab="combat">${inner}</div>`;

// A live encounter on plain data with the real rules: the GM's view, every button works.
interface LiveCombatant { id: string; name: string; img: string; side: Side; actedRound: number }
const live = {
  round: 1,
  firstSide: "heroes" as Side,
  lastSide: null as Side | null,
  acting: null as string | null,
  combatants: trackerFixture().combatants.filter((c) => !c.defeated).map((c) => ({ id: c.id, name: c.name, img: c.img, side: c.side, actedRound: 0 })) as LiveCombatant[],
};
function liveSide(): Side | null {
  const remaining = { heroes: 0, director: 0 };
  for (const c of live.combatants) if (c.actedRound !== live.round) remaining[c.side]++;
  return sideToAct({ firstSide: live.firstSide, lastSide: live.lastSide, remaining });
}
function liveInput(): TrackerInput {
  const side = liveSide();
  return {
    started: true, round: live.round, firstSide: live.firstSide, sideToAct: side, isGM: true, alternative: false,
    combatants: live.combatants.map((c) => ({
      id: c.id, name: c.name, img: c.img, side: c.side, acted: c.actedRound === live.round, acting: live.acting === c.id,
      defeated: false, owner: true,
      mayStart: turnRefusal({ started: true, someoneActing: live.acting !== null, acted: c.actedRound === live.round, side: c.side, sideToAct: side }) === null,
    })),
  };
}

// An Echoes combat as the tracker gathers it (src/applications/combat/combat-tracker.ts): the
// characters' refusals from the real rules, the adversaries activated in the enemy phase.
const echoesCombat: TrackerInput = (() => {
  const img = trackerFixture().combatants[0]!.img;
  const pcs = [{ id: "lira", name: "Lira", acted: true }, { id: "oren", name: "Oren", acted: false }];
  const foes = [{ id: "wisp", name: "Wisp" }, { id: "shade", name: "Shade of the Expanse" }];
  const remaining = { heroes: pcs.filter((p) => !p.acted).length, director: 0 };
  const side = sideToAct({ firstSide: "director", lastSide: "heroes", remaining });
  const refusal = (acted: boolean, s: Side, enemyPhase = false) =>
    turnRefusal({ started: true, someoneActing: false, acted, side: s, sideToAct: side, activatedInEnemyPhase: enemyPhase });
  return {
    started: true, round: 1, firstSide: "director", sideToAct: side, isGM: true, alternative: false,
    combatants: [
      ...pcs.map((p) => ({ id: p.id, name: p.name, img, side: "heroes" as Side, acted: p.acted, acting: false, defeated: false, owner: true, mayStart: refusal(p.acted, "heroes") === null })),
      ...foes.map((f) => ({
        id: f.id, name: f.name, img, side: "director" as Side, acted: false, acting: false, defeated: false, owner: true,
        mayStart: refusal(false, "director", true) === null, enemyPhase: true,
      })),
    ],
  };
})();

// A live encounter of an engine with an order, on plain data with the real rules: End turn walks the
// order (nextOrderedTurn), the Recovery Phase runs after seed 001's rounds, Delay sends seed 003's
// acting creature to the bottom (delayedInitiative). As the Combat document does (src/documents/combat.ts).
interface OrderedLive {
  engine: "actionDice" | "d12";
  round: number;
  acting: string | null;
  log: string[];
  combatants: { id: string; name: string; img: string; initiative: number; stats: EngineStats; actedRound: number }[];
}
function orderedLive(engine: "actionDice" | "d12"): OrderedLive {
  const combatants = orderedTrackerFixture(engine).combatants.filter((c) => c.initiative !== null && !c.skips)
    .map((c) => ({ id: c.id, name: c.name, img: c.img, initiative: c.initiative!, stats: { ...c.stats, winded: undefined, surprised: undefined }, actedRound: 0 }));
  const state: OrderedLive = { engine, round: 1, acting: null, log: [], combatants };
  startNext(state, true);
  return state;
}
const liveOrder = (s: OrderedLive) => [...s.combatants].sort(descendingInitiative);
function startNext(s: OrderedLive, fromTop = false): void {
  const next = nextOrderedTurn(liveOrder(s).map((c) => ({ id: c.id, acted: c.actedRound === s.round, skips: false })), fromTop ? null : s.acting);
  if (next) {
    s.acting = next;
    s.combatants.find((c) => c.id === next)!.actedRound = s.round;
    return;
  }
  if (s.engine === "actionDice") {
    s.log = [];
    for (const c of s.combatants) {
      if (c.stats.stamina === undefined) continue;
      const out = recoveryPhase({ vigor: c.stats.vigor ?? 0, stamina: c.stats.stamina, vigorMax: c.stats.vigorMax ?? null, winded: !!c.stats.winded, shockRounds: null });
      c.stats = { ...c.stats, vigor: out.vigor };
      if (out.gained) s.log.push(lang.SE.Combat.Recovery.Vigor.replace("{name}", c.name).replace("{gained}", String(out.gained)).replace("{vigor}", String(out.vigor)));
    }
  }
  s.round++;
  startNext(s, true);
}
function orderedInput(s: OrderedLive): TrackerInput {
  return {
    started: true, round: s.round, firstSide: null, sideToAct: null, isGM: true, alternative: false, engine: s.engine,
    combatants: liveOrder(s).map((c) => ({
      id: c.id, name: c.name, img: c.img, side: "heroes" as Side, acted: c.actedRound === s.round, acting: c.id === s.acting, defeated: false,
      owner: true, mayStart: false, initiative: c.initiative, stats: c.stats,
    })),
  };
}
const liveOrdered = { actionDice: orderedLive("actionDice"), d12: orderedLive("d12") };

export function renderCombatSection(root: HTMLElement): void {
  const section = document.createElement("section");
  section.id = "combat";
  const gm = trackerFixture({ isGM: true });
  const acting = trackerFixture({ combatants: trackerFixture().combatants.map((c) => (c.id === "bo" ? { ...c, acting: true, acted: true, mayStart: false } : { ...c, mayStart: false })) });
  const hero = { recoveries: 3, recoveryValue: 10, state: "winded", inCombat: true, heroTokens: 2, victories: 2, editable: true };
  section.innerHTML = `<h1>Combat</h1>
    <h2>Combat tracker: live encounter (GM, the real turn-order rules)</h2>
    ${both('data-combat="live"', (t) => sidebar(t, `<div class="live-tracker" data-live="${t}"></div>`))}
    <h2>Combat tracker: the GM's view</h2>
    ${both('data-combat="tracker-gm"', (t) => sidebar(t, tracker({ se: combatTrackerContext(gm) })))}
    <h2>Combat tracker: a player's view while Bo acts</h2>
    ${both('data-combat="tracker-player"', (t) => sidebar(t, tracker({ se: combatTrackerContext(acting) })))}
    <h2>Combat tracker: a minion squad (one row, its pool 11 / 20, three minions alive) and its captain, the Director's view</h2>
    ${both('data-combat="tracker-squad"', (t) => sidebar(t, tracker({ se: combatTrackerContext(squadTrackerFixture()) })))}
    <h2>Combat tracker: an Echoes combat (Lira has acted; adversaries act in the enemy phase)</h2>
    ${both('data-combat="tracker-echoes"', (t) => sidebar(t, tracker({ se: combatTrackerContext(echoesCombat) })))}
    <h2>Combat tracker: seed 001's order, live (End turn walks the order; the Recovery Phase ends each round)</h2>
    ${both('data-combat="live-action-dice"', (t) => sidebar(t, `<div class="live-ordered" data-engine="actionDice" data-live="${t}"></div>`))}
    <h2>Combat tracker: seed 003's DEX order, live (Delay sends the acting creature to the bottom)</h2>
    ${both('data-combat="live-d12"', (t) => sidebar(t, `<div class="live-ordered" data-engine="d12" data-live="${t}"></div>`))}
    <h2>Combat tracker: seed 001, a player's view (Ash acts as an Ambusher; Bo Winded; Cyrene in Shock)</h2>
    ${both('data-combat="tracker-action-dice"', (t) => sidebar(t, tracker({ se: combatTrackerContext(orderedTrackerFixture("actionDice")) })))}
    <h2>Combat tracker: seed 002's declarations by State of Mind, the Director before the start</h2>
    ${both('data-combat="tracker-arc"', (t) => sidebar(t, tracker({ se: combatTrackerContext(orderedTrackerFixture("arc", {
      isGM: true, started: false, combatants: orderedTrackerFixture("arc").combatants.map((c) => ({ ...c, acting: false, skips: false })),
    })) })))}
    <h2>A creature's stats for the engine (seeds 001, 002, 003)</h2>
    ${both('data-combat="engine-stats"', (t) => `<div class="se-gallery-dialogs ${t}">${([
      ["actionDice", { bonusDice: 2, actions: 2, stamina: 12, vigor: 3, opening: "ambusher", shockRounds: 2 }],
      ["arc", { som: 4, empathy: 5, perception: 6, surprised: true }],
      ["d12", { dex: 2, initiativeModifier: 1 }],
    ] as const).map(([engine, stats]) => `<div class="application dialog se-gallery-dialog ${t}"><div class="window-content">${engineStats(engineStatsContext(engine, stats))}</div></div>`).join("")}</div>`)}
    <h2>Pools panel: GM and player</h2>
    ${both('data-combat="pools"', (t) => `<div class="se-gallery-pools ${t}">${pools(poolsPanelContext({ villainPower: 5, heroTokens: 2, isGM: true, heroName: null }))}${
      pools(poolsPanelContext({ villainPower: 5, heroTokens: 2, isGM: false, heroName: "Ash" }))}</div>`)}
    <h2>Hero sheet: recovery bar (dazed and bleeding; dying in combat)</h2>
    ${both('data-combat="recovery"', (t) => `<div class="application sheet steel-echoes actor-sheet se-gallery-recovery ${t}"><div class="window-content">${
      recovery({ recovery: heroRecoveryContext({ ...hero, statuses: ["dazed", "bleeding"] }) })}${
      recovery({ recovery: heroRecoveryContext({ ...hero, state: "dying", recoveries: 1, statuses: [] }) })}</div></div>`)}
    <h2>Combat tracker: the Director's end-of-encounter panel (L7283: the boss is down, call it; L7343: Last stand)</h2>
    ${both('data-combat="tracker-end"', (t) => sidebar(t, tracker({ se: combatTrackerContext(trackerFixture({
      isGM: true,
      // Diminish numbers from the real rule: three level-2 heroes (one dying) against a level-1 platoon creature and five level-1 minions.
      endOfEncounter: { lastStand: false, tally: diminishNumbers(
        [{ level: 1, organization: "platoon", alive: true }, { level: 3, organization: "leader", alive: false }, ...Array.from({ length: 5 }, () => ({ level: 1, organization: "minion", alive: true }))],
        [{ level: 2, state: "healthy" }, { level: 2, state: "winded" }, { level: 2, state: "dying" }],
      ) },
    })) })))}
    <h2>A dying hero's player is asked: spend a hero token? (L252)</h2>
    ${both('data-combat="hero-token-prompt"', (t) => `<div class="se-gallery-dialogs ${t}">${[
      heroTokenOfferAtDying({ taken: 9, state: "dying", stamina: -3, max: 24, recoveryValue: 8, tokens: 2, bleeding: false, spentThisTurn: false }),
      heroTokenOfferAtDying({ taken: 14, state: "dying", stamina: -10, max: 24, recoveryValue: 8, tokens: 1, bleeding: false, spentThisTurn: false }),
    ].map((offer, i) => `<div class="application dialog se-gallery-dialog ${t}"><header class="window-header"><h1 class="window-title">${
      Handlebars.escapeExpression(galleryI18n.format("SE.RoundTools.HeroToken.Title", { name: i ? "Bo <b>the bold</b>" : "Ash" }))}</h1></header><div class="window-content">${heroTokenPromptContent(
      { ...offer!, name: i ? "Bo <b>the bold</b>" : "Ash", taken: i ? 14 : 9 }, galleryI18n, Handlebars.escapeExpression)}</div><footer class="form-footer"><button type="button">${
      lang.SE.RoundTools.HeroToken.Spend}</button><button type="button">${lang.SE.RoundTools.HeroToken.Decline}</button></footer></div>`).join("")}</div>`)}
    <h2>End of the encounter</h2>
    ${both('data-combat="end-encounter"', (t) => `<div class="application dialog se-gallery-dialog ${t}"><div class="window-content">${endEncounter(endEncounterContext(["Ash", "Bo", "Cyrene"], [
      { key: "a|1", actorName: "Ash", label: "Slowed", mandatory: true },
      { key: "a|2", actorName: "Ash", label: "Prone", mandatory: false },
      { key: "b|1", actorName: "Goblin warrior", label: "Frightened", mandatory: false },
    ]))}</div></div>`)}`;
  root.append(section);

  const draw = () => {
    const html = tracker({ se: combatTrackerContext(liveInput()) });
    for (const host of section.querySelectorAll<HTMLElement>(".live-tracker")) host.innerHTML = html;
    for (const host of section.querySelectorAll<HTMLElement>(".live-ordered")) {
      const state = liveOrdered[host.dataset.engine as "actionDice" | "d12"];
      host.innerHTML = tracker({ se: combatTrackerContext(orderedInput(state)) })
        + (state.log.length ? `<ul class="se-gallery-log">${state.log.map((l) => `<li>${Handlebars.escapeExpression(l)}</li>`).join("")}</ul>` : "");
    }
  };
  section.addEventListener("click", (event) => {
    const button = (event.target as HTMLElement).closest<HTMLElement>("[data-action]");
    const host = button?.closest<HTMLElement>(".live-ordered");
    if (!button || !host) return;
    const state = liveOrdered[host.dataset.engine as "actionDice" | "d12"];
    if (button.dataset.action === "seEngineStats") {
      // The Stats dialog as Foundry's form would give it (numbers as numbers, ticks as booleans), saved through statsAfterForm.
      const c = state.combatants.find((x) => x.id === button.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId)!;
      const dialogHost = host.parentElement!.querySelector<HTMLElement>(".live-stats") ?? host.insertAdjacentElement("afterend", Object.assign(document.createElement("div"), { className: "live-stats" }))!;
      dialogHost.innerHTML = `<form class="application dialog steel-echoes"><div class="window-content">${engineStats(engineStatsContext(state.engine, c.stats))}</div>`
        + `<footer class="form-footer"><button type="submit">${lang.SE.Combat.SaveStats}</button></footer></form>`;
      dialogHost.querySelector("form")!.addEventListener("submit", (e) => {
        e.preventDefault();
        const form = formValues(e.target as HTMLFormElement);
        c.stats = statsAfterForm(c.stats, form);
        dialogHost.replaceChildren();
        draw();
      });
      return;
    }
    if (button.dataset.action === "seEndTurn") startNext(state);
    else if (button.dataset.action === "seDelay") {
      const current = state.combatants.find((c) => c.id === state.acting)!;
      const others = state.combatants.filter((c) => c !== current).map((c) => c.initiative);
      const next = nextOrderedTurn(liveOrder(state).map((c) => ({ id: c.id, acted: c.actedRound === state.round, skips: false })), current.id);
      if (next) {
        current.initiative = delayedInitiative(current.initiative, others);
        current.actedRound = 0;
        state.acting = next;
        state.combatants.find((c) => c.id === next)!.actedRound = state.round;
      }
    }
    draw();
  });
  section.addEventListener("click", (event) => {
    const button = (event.target as HTMLElement).closest<HTMLElement>("[data-action]");
    if (!button?.closest(".live-tracker")) return;
    const id = button.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId;
    const c = live.combatants.find((x) => x.id === id);
    if (!c) return;
    if (button.dataset.action === "seTakeTurn") {
      c.actedRound = live.round;
      live.acting = c.id;
    } else if (button.dataset.action === "seEndTurn") {
      live.acting = null;
      live.lastSide = c.side;
      if (liveSide() === null) {
        live.round++;
        live.lastSide = null;
      }
    }
    draw();
  });
  draw();
}

/** The recovery bar of a gallery hero sheet, from the fixture's data as the sheet gathers it (not in combat, 2 hero tokens). */
export function galleryRecovery(system: { stamina: { recoveryValue: number; state: string }; recoveries: { value: number }; victories: number }) {
  return {
    recovery: heroRecoveryContext({
      recoveries: system.recoveries.value, recoveryValue: system.stamina.recoveryValue, state: system.stamina.state,
      inCombat: false, statuses: [], heroTokens: 2, victories: system.victories, editable: true,
    }),
  };
}
