// The tracker, pools panel, recovery bar and end-of-encounter view-models, and their templates
// rendered with the language file: keys exist, names are escaped, buttons match the sheet actions.
import { readFileSync } from "node:fs";
import path from "node:path";
import Handlebars from "handlebars";
import { describe, expect, it } from "vitest";
import { registerFoundryHelpers } from "../../harness/handlebars-helpers.ts";
import { combatTrackerContext } from "../../../src/applications/view-models/combat-tracker.ts";
import type { TrackerCombatantInput, TrackerInput } from "../../../src/applications/view-models/combat-tracker.ts";
import { poolsPanelContext } from "../../../src/applications/view-models/pools-panel.ts";
import { heroRecoveryContext } from "../../../src/applications/view-models/hero-recovery.ts";
import { endEncounterContext } from "../../../src/applications/view-models/end-encounter.ts";
import { HERO_SHEET_ACTIONS } from "../../../src/applications/sheets/actions.ts";
import { orderedTrackerFixture, squadTrackerFixture, trackerFixture } from "../../fixtures/combat.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const lang = JSON.parse(readFileSync(path.join(ROOT, "lang/en.json"), "utf8"));
function render(file: string, context: object) {
  const hbs = Handlebars.create();
  const missing = registerFoundryHelpers(hbs, lang);
  const html = hbs.compile(readFileSync(path.join(ROOT, "templates", file), "utf8"))(context);
  return { html, missing: [...missing] };
}

const c = (over: Partial<TrackerCombatantInput>): TrackerCombatantInput => ({
  id: "x", name: "X", img: "", side: "heroes", acted: false, acting: false, defeated: false, owner: false, mayStart: true, ...over,
});

describe("combat tracker view-model", () => {
  const base: TrackerInput = { started: true, round: 2, firstSide: "heroes", sideToAct: "heroes", isGM: false, alternative: false, combatants: [] };
  it("shows Stamina numbers and bar to the owner and the Director, only a winded or dying state to others, and condition icons escaped", () => {
    const goblin = c({ id: "g", name: "Goblin", side: "director", stamina: { value: 4, max: 10, fill: 0.4, state: "winded" },
      conditions: [{ id: "prone", label: "Prone <b>", img: "icons/prone.svg" }] });
    const ash = c({ id: "a", name: "Ash", owner: true, stamina: { value: 20, max: 24, fill: 20 / 24, state: "healthy" } });
    const bo = c({ id: "b", name: "Bo", stamina: { value: 20, max: 24, fill: 20 / 24, state: "healthy" } });
    const asPlayer = combatTrackerContext({ ...base, combatants: [ash, bo, goblin] });
    const [ashRow, boRow] = asPlayer.sides[0]!.turns;
    expect(ashRow!.staminaView).toEqual({ text: "20 / 24", pct: 83, state: "healthy", stateKey: "" });
    expect(boRow!.staminaView).toBeNull();
    expect(asPlayer.sides[1]!.turns[0]!.staminaView).toEqual({ text: "", pct: 0, state: "winded", stateKey: "SE.StaminaState.winded" });
    const asGM = combatTrackerContext({ ...base, isGM: true, combatants: [ash, bo, goblin] });
    expect(asGM.sides[1]!.turns[0]!.staminaView).toMatchObject({ text: "4 / 10", pct: 40, stateKey: "SE.StaminaState.winded" });
    const { html, missing } = render("combat/tracker.hbs", { se: asPlayer });
    expect(missing).toEqual([]);
    expect(html).toContain("20 / 24");
    expect(html).not.toContain("4 / 10");
    expect(html).toContain(">Winded<");
    expect(html).toContain('alt="Prone &lt;b&gt;" data-tooltip="Prone &lt;b&gt;"');
  });
  it("splits the sides, counts who is left, and names who picks now", () => {
    const ctx = combatTrackerContext({ ...base, combatants: [
      c({ id: "a", name: "Ash", owner: true }), c({ id: "b", name: "Bo", acted: true, mayStart: false }),
      c({ id: "g", name: "Goblin", side: "director", mayStart: false }),
    ] });
    expect(ctx.banner).toEqual({ labelKey: "SE.Combat.SideToAct.heroes", cssClass: "se-tracker__banner--heroes", name: "" });
    expect(ctx.sides.map((s) => [s.side, s.remaining, s.total, s.active])).toEqual([["heroes", 1, 2, true], ["director", 1, 1, false]]);
    const [ash, bo] = ctx.sides[0]!.turns;
    expect([ash!.canTakeTurn, bo!.canTakeTurn, bo!.statusKey, bo!.css]).toEqual([true, false, "SE.Combat.Acted", "acted"]);
  });
  it("shows an Echoes adversary as activated by the GM, never waiting, and leaves it out of the count", () => {
    const ctx = combatTrackerContext({ ...base, isGM: true, combatants: [c({ id: "w", name: "Wisp", side: "director", mayStart: false, enemyPhase: true })] });
    const [wisp] = ctx.sides[1]!.turns;
    expect([wisp!.statusKey, wisp!.canTakeTurn, ctx.sides[1]!.remaining, ctx.sides[1]!.total]).toEqual(["SE.Combat.EnemyPhase", false, 0, 1]);
    // Which side went first means nothing there.
    expect(ctx.firstSideKey).toBe("");
  });
  it("players start only their own heroes' turns; the GM any creature's", () => {
    const input = { ...base, sideToAct: "director" as const, combatants: [c({ id: "g", side: "director", owner: true })] };
    expect(combatTrackerContext(input).sides[1]!.turns[0]!.canTakeTurn).toBe(false);
    expect(combatTrackerContext({ ...input, isGM: true }).sides[1]!.turns[0]!.canTakeTurn).toBe(true);
    expect(combatTrackerContext({ ...base, combatants: [c({ owner: false })] }).sides[0]!.turns[0]!.canTakeTurn).toBe(false);
  });
  it("shows who is acting, with an End turn button for the owner", () => {
    const ctx = combatTrackerContext({ ...base, combatants: [c({ name: "Ash", acting: true, acted: true, owner: true })] });
    expect(ctx.banner).toMatchObject({ labelKey: "SE.Combat.ActingNow", name: "Ash" });
    expect(ctx.sides[0]!.turns[0]!).toMatchObject({ canEndTurn: true, statusKey: "SE.Combat.Acting" });
    expect(ctx.sides.every((s) => !s.active)).toBe(true);
  });
  it("shows the acting creature's budget left and a Move button for its owner; another's spent triggered action (L6792, L6798)", () => {
    const budget = { action: 0, maneuver: 1, move: 1, triggered: 1 };
    const ctx = combatTrackerContext({ ...base, combatants: [
      c({ id: "a", name: "Ash", acting: true, acted: true, owner: true, budget }),
      c({ id: "b", name: "Bo", owner: false, budget: { action: 0, maneuver: 0, move: 0, triggered: 0 } }),
      c({ id: "c", name: "Cy", owner: false, budget: { action: 0, maneuver: 0, move: 0, triggered: 1 } }),
    ] });
    const [ash, bo, cy] = ctx.sides[0]!.turns;
    expect([ash!.budgetLeft, ash!.canMove, ash!.triggeredUsed]).toEqual([budget, true, false]);
    expect([bo!.budgetLeft, bo!.canMove, bo!.triggeredUsed]).toEqual([null, false, true]);
    expect([cy!.triggeredUsed, cy!.canMove]).toEqual([false, false]);
    // A player who does not own the acting creature sees its budget but has no Move button.
    const other = combatTrackerContext({ ...base, combatants: [c({ acting: true, owner: false, budget })] }).sides[0]!.turns[0]!;
    expect([other.budgetLeft, other.canMove]).toEqual([budget, false]);
    const { html, missing } = render("combat/tracker.hbs", { se: ctx });
    expect(missing).toEqual([]);
    expect(html).toContain("Left: action 0 · maneuvers 1 · moves 1 · triggered 1");
    expect(html).toContain("Triggered action: 0 left this round");
    expect(html.match(/data-action="seMove"/g)).toHaveLength(1);
  });
  it("hides hidden combatants from players, and says when the round is over or not started", () => {
    expect(combatTrackerContext({ ...base, combatants: [c({ hidden: true })] }).sides[0]!.total).toBe(0);
    expect(combatTrackerContext({ ...base, isGM: true, combatants: [c({ hidden: true })] }).sides[0]!.total).toBe(1);
    expect(combatTrackerContext({ ...base, sideToAct: null }).banner.labelKey).toBe("SE.Combat.RoundOver");
    expect(combatTrackerContext({ ...base, started: false }).banner.labelKey).toBe("SE.Combat.NotStarted");
  });
  it("renders with every key localised and names escaped", () => {
    const { html, missing } = render("combat/tracker.hbs", { se: combatTrackerContext(trackerFixture()) });
    expect(missing).toEqual([]);
    expect(html).toContain("Goblin &lt;b&gt;sniper&lt;/b&gt;");
    expect(html).toContain('<span class="se-tracker__group">Goblin &lt;i&gt;pack&lt;/i&gt;</span>');
    expect(html).not.toContain("<b>sniper</b>");
    expect(html).toContain('data-action="seTakeTurn"');
    expect(html).toContain("Heroes: pick who acts next");
    // Rows keep the core tracker's click-to-select (v13 CombatTracker action "activateCombatant");
    // every other action is one of ours.
    const rows = [...html.matchAll(/<li class="combatant[^>]*>/g)].map((m) => m[0]);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toContain('data-action="activateCombatant"');
    const actions = new Set([...html.matchAll(/data-action="([^"]+)"/g)].map((m) => m[1]));
    expect([...actions].sort()).toEqual(["activateCombatant", "seEndTurn", "seTakeTurn"].filter((a) => actions.has(a)).sort());
  });
});

describe("combat tracker view-model: minion squads (L6784, docs/rules-decisions.md)", () => {
  const director = (input: TrackerInput) => combatTrackerContext(input).sides.find((s) => s.side === "director")!;
  it("lists a squad as one row, its lead minion's, named for the squad, with the pool as its Stamina", () => {
    const side = director(squadTrackerFixture());
    expect(side.turns.map((t) => t.id)).toEqual(["s1", "boss", "loose"]);
    const row = side.turns[0]!;
    expect(row.name).toBe("Scrappers <i>of the moss</i>");
    expect(row.staminaView).toMatchObject({ text: "11 / 20", pct: 55, state: "healthy" });
    expect(row.squadView!.lines.map((l) => [l.key, l.n])).toEqual([
      ["SE.Squad.Note.Minions", "3/4"], ["SE.Squad.Note.Captain", "Grubknuckle <b>the warboss</b>"],
    ]);
    // The squad counts once among those left to act.
    expect([side.remaining, side.total]).toEqual([3, 3]);
  });
  it("names a fallen captain, a damage threshold, and the captain's own row", () => {
    const fallen = squadTrackerFixture();
    for (const c of fallen.combatants) if (c.squad) c.squad = { ...c.squad, captainBonus: null, threshold: 1 };
    const side = director(fallen);
    expect(side.turns[0]!.squadView!.lines.map((l) => l.key)).toEqual(["SE.Squad.Note.Minions", "SE.Squad.Note.CaptainFallen", "SE.Squad.Note.Threshold"]);
    expect(side.turns[1]!.squadView!.lines.map((l) => [l.key, l.n])).toEqual([["SE.Squad.Note.CaptainOf", "Scrappers <i>of the moss</i>"]]);
  });
  it("a squad with every minion dead shows dead at 0", () => {
    const wiped = squadTrackerFixture();
    for (const c of wiped.combatants) if (c.squad) c.squad = { ...c.squad, pool: 0, living: 0 };
    expect(director(wiped).turns[0]!.staminaView).toMatchObject({ text: "0 / 20", state: "dead" });
  });
  it("the squad tools are the Director's: form, make, captain, disband", () => {
    const gm = director(squadTrackerFixture());
    expect(gm.canFormSquad).toBe(true);
    expect(gm.turns[0]!.squadView!.tools).toBe(true);
    expect(gm.turns.find((t) => t.id === "loose")!.canMakeSquad).toBe(true);
    const player = director(squadTrackerFixture({ isGM: false }));
    expect(player.canFormSquad).toBe(false);
    expect(player.turns[0]!.squadView!.tools).toBe(false);
    expect(player.turns.find((t) => t.id === "loose")!.canMakeSquad).toBe(false);
  });
  it("renders with every key localised and names escaped", () => {
    const { html, missing } = render("combat/tracker.hbs", { se: combatTrackerContext(squadTrackerFixture()) });
    expect(missing).toEqual([]);
    expect(html).toContain("Scrappers &lt;i&gt;of the moss&lt;/i&gt;");
    expect(html).toContain("Captain Grubknuckle &lt;b&gt;the warboss&lt;/b&gt;: an edge on the minions&#x27; strikes");
    expect(html).not.toContain("<b>the warboss</b>");
    for (const action of ["seFormSquad", "seMakeSquad", "seSquadCaptain", "seSquadDisband"]) expect(html).toContain(`data-action="${action}"`);
    expect(html).toContain('data-squad="grp"');
  });
});

describe("combat tracker view-model: the other engines' orders", () => {
  const notes = (engine: "actionDice" | "arc" | "d12", id: string, over = {}) =>
    combatTrackerContext(orderedTrackerFixture(engine, over)).order.find((r) => r.id === id)!.notes.map((n) => [n.key.replace("SE.Combat.Note.", ""), n.n]);

  it("shows one order and no sides; the Director picks the engine only before the start", () => {
    const ctx = combatTrackerContext(orderedTrackerFixture("d12"));
    expect(ctx.ordered).toBe(true);
    expect(ctx.sides).toEqual([]);
    expect(ctx.order.map((r) => r.id)).toEqual(["ogre", "ash", "gob"]);
    expect(ctx.banner).toMatchObject({ labelKey: "SE.Combat.ActingNow", name: "Ash" });
    expect(ctx.engineChoices).toEqual([]);
    const gm = combatTrackerContext(orderedTrackerFixture("d12", { isGM: true, started: false }));
    expect(gm.engineChoices.map((c) => [c.value, c.selected])).toEqual([["drawSteel", false], ["actionDice", false], ["arc", false], ["d12", true]]);
    expect(combatTrackerContext(trackerFixture({ isGM: true, started: false, engines: ["drawSteel"] })).engineChoices).toEqual([]);
  });
  it("seed 001: Vigor, Winded, Shock, the first round's actions; a creature in Shock passes", () => {
    expect(notes("actionDice", "ogre")).toEqual([["VigorOf", "10/12"], ["Actions", "2"]]);
    expect(notes("actionDice", "ash")).toEqual([["Vigor", "3"], ["Opening.ambusher", ""], ["Actions", "3"]]);
    expect(notes("actionDice", "ash", { round: 2 })).toEqual([["Vigor", "3"], ["Actions", "2"]]);
    expect(notes("actionDice", "bo")).toEqual([["Winded", ""], ["Vigor", "0"], ["Actions", "0"]]);
    expect(notes("actionDice", "cy")).toEqual([["Shock", "3"], ["Vigor", "0"], ["Actions", "0"]]);
    const cy = combatTrackerContext(orderedTrackerFixture("actionDice")).order.find((r) => r.id === "cy")!;
    expect(cy.statusKey).toBe("SE.Combat.Skips");
  });
  it("seed 002: the SOM in the initiative column, who does not declare, and a missing SOM", () => {
    const ctx = combatTrackerContext(orderedTrackerFixture("arc"));
    expect(ctx.order.map((r) => r.shownInitiative)).toEqual(["2", "3", "6", ""]);
    expect(notes("arc", "ryn")).toEqual([["SurprisedDeclare", ""], ["Ties", "4/6"]]);
    expect(notes("arc", "ryn", { round: 2 })).toEqual([["Ties", "4/6"]]);
    expect(notes("arc", "nyx")).toEqual([["NoSom", ""]]);
    const lost = orderedTrackerFixture("arc", { round: 2 }).combatants.map((c) => (c.id === "ash" ? { ...c, lostTurn: 2 } : c));
    expect(combatTrackerContext({ ...orderedTrackerFixture("arc"), round: 2, combatants: lost }).order.find((r) => r.id === "ash")!.notes[0]!.key)
      .toBe("SE.Combat.Note.LostTurn");
    // Seed 002 rolls nothing.
    expect(ctx.order.every((r) => !r.canRoll)).toBe(true);
  });
  it("seed 003: DEX with modifiers, the surprised do nothing on their first turn", () => {
    expect(notes("d12", "ogre")).toEqual([["Dex", "+1"]]);
    expect(notes("d12", "gob")).toEqual([["SurprisedActs", ""], ["Dex", "+3"]]);
    expect(notes("d12", "gob", { round: 2 })).toEqual([["Dex", "+3"]]);
  });
  it("buttons: a player rolls once and edits their own; end turn and Delay for the acting creature's owner; the Director all", () => {
    const player = combatTrackerContext(orderedTrackerFixture("actionDice")).order;
    const by = (rows: typeof player, id: string) => rows.find((r) => r.id === id)!;
    expect(by(player, "late")).toMatchObject({ canRoll: true, canEditStats: true, canEndTurn: false });
    expect(by(player, "bo")).toMatchObject({ canRoll: false, canEditStats: true });
    expect(by(player, "ogre")).toMatchObject({ canRoll: false, canEditStats: false });
    expect(by(player, "ash")).toMatchObject({ canEndTurn: true, canDelay: false });
    const d12 = combatTrackerContext(orderedTrackerFixture("d12")).order;
    expect(by(d12, "ash")).toMatchObject({ canEndTurn: true, canDelay: true });
    const gm = combatTrackerContext(orderedTrackerFixture("actionDice", { isGM: true })).order;
    expect(gm.every((r) => r.canRoll && r.canEditStats)).toBe(true);
  });
  it("renders each engine with every key localised, names escaped, and only our actions", () => {
    for (const engine of ["actionDice", "arc", "d12"] as const) {
      for (const over of [{}, { isGM: true, started: false }]) {
        const { html, missing } = render("combat/tracker.hbs", { se: combatTrackerContext(orderedTrackerFixture(engine, over)) });
        expect(missing).toEqual([]);
        const actions = new Set([...html.matchAll(/data-action="([^"]+)"/g)].map((m) => m[1]));
        for (const a of actions) expect(["activateCombatant", "seEndTurn", "seRollInitiative", "seEngineStats", "seDelay"]).toContain(a);
      }
    }
    const { html } = render("combat/tracker.hbs", { se: combatTrackerContext(orderedTrackerFixture("actionDice")) });
    expect(html).toContain("Ash &lt;b&gt;the bold&lt;/b&gt;");
    expect(html).toContain("Shock, rounds left: 3");
    expect(html).toContain("Ambusher: +1 action");
    const gm = render("combat/tracker.hbs", { se: combatTrackerContext(orderedTrackerFixture("arc", { isGM: true, started: false })) }).html;
    expect(gm).toContain('<select data-se-engine>');
    expect(gm).toContain('<option value="arc" selected>');
  });
});

describe("engine stats dialog", () => {
  it("offers each engine's fields with their ranges and renders with every key localised", async () => {
    const { engineStatsContext } = await import("../../../src/applications/view-models/engine-stats.ts");
    const ad = engineStatsContext("actionDice", { stamina: 12, vigor: 3, shockRounds: 2, opening: "overwatch" });
    expect(ad.numbers.map((n) => [n.name, n.value])).toEqual([["bonusDice", ""], ["actions", ""], ["stamina", 12], ["vigor", 3], ["vigorMax", ""]]);
    expect(ad.opening!.find((o) => o.selected)!.value).toBe("overwatch");
    expect(ad.shock).toEqual({ checked: true, rounds: 2 });
    expect(engineStatsContext("arc", {}).numbers.map((n) => [n.name, n.min, n.max])).toEqual([["som", 1, 10], ["empathy", 0, 99], ["perception", 0, 99]]);
    expect(engineStatsContext("d12", { surprised: true }).checks).toEqual([{ name: "surprised", labelKey: "SE.Combat.Stat.surprised", checked: true }]);
    for (const engine of ["actionDice", "arc", "d12"] as const) {
      const { missing } = render("combat/engine-stats.hbs", engineStatsContext(engine, { shockRounds: 1 }));
      expect(missing).toEqual([]);
    }
  });
});

describe("pools panel", () => {
  it("lets the GM edit both pools and a player spend a token for their hero", () => {
    const gm = poolsPanelContext({ villainPower: 3, heroTokens: 1, isGM: true, heroName: null });
    expect(gm.pools.map((p) => [p.id, p.value, p.editable])).toEqual([["villainPower", 3, true], ["heroTokens", 1, true]]);
    expect(gm.canSpendToken).toBe(false);
    // Ending the session (L254) is the Director's alone.
    expect(gm.canEndSession).toBe(true);
    expect(render("combat/pools-panel.hbs", gm).html).toContain('data-action="endSession"');
    const player = poolsPanelContext({ villainPower: 3, heroTokens: 1, isGM: false, heroName: "Ash" });
    expect(player.canEndSession).toBe(false);
    expect(render("combat/pools-panel.hbs", player).html).not.toContain('data-action="endSession"');
    expect(poolsPanelContext({ villainPower: 3, heroTokens: 1, drawSteelOff: true, isGM: true, heroName: null }).canEndSession).toBe(false);
    expect(poolsPanelContext({ villainPower: 3, heroTokens: 1, isGM: false, heroName: "Ash" }).canSpendToken).toBe(true);
    expect(poolsPanelContext({ villainPower: 3, heroTokens: 0, isGM: false, heroName: "Ash" }).canSpendToken).toBe(false);
  });
  it("shows the GM's Dissonance Points to the GM alone, in a world with Echoes characters", () => {
    const gm = poolsPanelContext({ villainPower: 3, heroTokens: 1, dissonancePoints: 7, isGM: true, heroName: null });
    expect(gm.pools.map((p) => [p.id, p.value, p.editable])).toContainEqual(["dissonancePoints", 7, true]);
    expect(gm.pools.find((p) => p.id === "dissonancePoints")?.activation).toBe(true);
    expect(render("combat/pools-panel.hbs", gm).html).toContain('data-action="enemyPhase"');
    expect(poolsPanelContext({ villainPower: 3, heroTokens: 1, dissonancePoints: null, isGM: true, heroName: null }).pools.map((p) => p.id))
      .toEqual(["villainPower", "heroTokens"]);
    expect(poolsPanelContext({ villainPower: 3, heroTokens: 1, dissonancePoints: 7, isGM: false, heroName: "Ash" }).pools.map((p) => p.id))
      .not.toContain("dissonancePoints");
    expect(render("combat/pools-panel.hbs", gm).missing).toEqual([]);
    // A world that does not play Draw Steel has no Villain Power or hero tokens.
    expect(poolsPanelContext({ villainPower: 3, heroTokens: 1, dissonancePoints: 7, drawSteelOff: true, isGM: true, heroName: null }).pools.map((p) => p.id))
      .toEqual(["dissonancePoints"]);
    expect(poolsPanelContext({ villainPower: 3, heroTokens: 1, drawSteelOff: true, isGM: false, heroName: "Ash" }).canSpendToken).toBe(false);
    // The world may show them to the players, read-only and without the enemy phase.
    const shown = poolsPanelContext({ villainPower: 3, heroTokens: 1, dissonancePoints: 7, showDissonancePoints: true, isGM: false, heroName: "Ash" });
    expect(shown.pools.find((p) => p.id === "dissonancePoints")).toMatchObject({ value: 7, editable: false, activation: false });
  });
  it("renders inputs for the GM and plain numbers for players", () => {
    const gm = render("combat/pools-panel.hbs", poolsPanelContext({ villainPower: 3, heroTokens: 1, isGM: true, heroName: null }));
    expect(gm.missing).toEqual([]);
    expect(gm.html.match(/<input/g)).toHaveLength(2);
    const player = render("combat/pools-panel.hbs", poolsPanelContext({ villainPower: 3, heroTokens: 1, isGM: false, heroName: "<i>Ash</i>" }));
    expect(player.html).not.toContain("<input");
    expect(player.html).toContain("&lt;i&gt;Ash&lt;/i&gt;");
  });
});

describe("hero recovery bar", () => {
  const base = { recoveries: 3, recoveryValue: 10, state: "winded", inCombat: true, statuses: [], heroTokens: 1, victories: 2, editable: true };
  it("disables what the rules forbid, with the reason", () => {
    expect(heroRecoveryContext(base)).toMatchObject({ catchBreath: { disabled: false }, spendRecovery: { disabled: true, titleKey: "SE.Healing.InCombatHint" } });
    expect(heroRecoveryContext({ ...base, state: "dying" }).catchBreath).toEqual({ disabled: true, titleKey: "SE.Healing.Refusal.dying" });
    expect(heroRecoveryContext({ ...base, statuses: ["bleeding"] }).catchBreath.titleKey).toBe("SE.Healing.Refusal.bleeding");
    expect(heroRecoveryContext({ ...base, recoveries: 0, inCombat: false }).spendRecovery.titleKey).toBe("SE.Healing.Refusal.no-recoveries");
    expect(heroRecoveryContext({ ...base, heroTokens: 0 }).heroToken.disabled).toBe(true);
    expect(heroRecoveryContext({ ...base, statuses: ["dazed"] }).warnings).toEqual([{ key: "SE.Dazed.Warning", cssClass: "hero-recovery__warning--dazed" }]);
  });
  it("renders only sheet actions and known keys", () => {
    const { html, missing } = render("actor/hero-recovery.hbs", { recovery: heroRecoveryContext({ ...base, statuses: ["dazed", "bleeding"] }) });
    expect(missing).toEqual([]);
    for (const [, action] of html.matchAll(/data-action="([^"]+)"/g)) expect(HERO_SHEET_ACTIONS as readonly string[]).toContain(action);
    expect(html).toContain("Spend a Recovery (+10)");
  });
});

describe("end-of-encounter dialog", () => {
  it("offers 0, 1 or 2 Victories (1 selected) and ticks every effect, EoE ones fixed", () => {
    const ctx = endEncounterContext(["Ash"], [{ key: "A|1", actorName: "Ash", label: "Slowed", mandatory: true }, { key: "A|2", actorName: "Ash", label: "Prone", mandatory: false }]);
    expect(ctx.victoryChoices.map((v) => [v.value, v.selected])).toEqual([[0, false], [1, true], [2, false]]);
    const { html, missing } = render("combat/end-encounter.hbs", ctx);
    expect(missing).toEqual([]);
    expect(html.match(/checked/g)).toHaveLength(2);
    expect(html.match(/disabled/g)).toHaveLength(1);
  });
});

describe("+2 VP on a test with a consequence (L5790, L5802)", async () => {
  const { powerRollCardContext } = await import("../../../src/applications/view-models/power-roll-card.ts");
  it("offers the Director's Villain Power only when the outcome has a consequence", () => {
    const vp = (dice: [number, number], difficulty: "easy" | "medium" | "hard") => powerRollCardContext({ dice, characteristic: 0, difficulty }).test!.villainPower;
    expect(vp([3, 3], "medium")).toBe(2); // 6: failure with a consequence
    expect(vp([6, 7], "medium")).toBe(2); // 13: success with a consequence
    expect(vp([9, 9], "medium")).toBe(0); // 18: success
    expect(vp([3, 3], "easy")).toBe(0); // failure
    expect(powerRollCardContext({ dice: [3, 3], characteristic: 0 }).test).toBeNull();
  });
  it("renders the button with its amount on the card", () => {
    const { html, missing } = render("chat/power-roll.hbs", powerRollCardContext({ dice: [3, 3], characteristic: 0, difficulty: "hard" }));
    expect(missing).toEqual([]);
    expect(html).toContain('data-se-gain-vp="2"');
    expect(html).toContain("+2 VP");
    expect(render("chat/power-roll.hbs", powerRollCardContext({ dice: [9, 9], characteristic: 0, difficulty: "hard" })).html).not.toContain("data-se-gain-vp");
  });
});
