// The montage tracker's view-model: what the Director and a player see in every state.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { montageActionContext, montageTrackerContext } from "../../../src/applications/view-models/montage-tracker.ts";
import { langI18n } from "../../harness/handlebars-helpers.ts";
import { MONTAGE_PARTY, montageFixtures } from "../../fixtures/montages.ts";

const lang = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../../lang/en.json"), "utf8"));
const i18n = langI18n(lang);
const fixtures = Object.fromEntries(montageFixtures().map((f) => [f.name, f]));
const view = (name: string) => {
  const f = fixtures[name]!;
  return montageTrackerContext(f.state, f.viewer, i18n) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- one context type per state
};

describe("montage tracker view-model", () => {
  it("offers the Director a start when none runs, and tells a player there is none", () => {
    expect(view("no montage, Director")).toMatchObject({ active: false, isGM: true });
    expect(montageTrackerContext(null, { isGM: false, owned: new Set() }, i18n)).toMatchObject({ active: false, none: "No montage test is running." });
  });
  it("shows a player the progress, every hero's actions, and buttons only on their own hero who has not acted", () => {
    const c = view("round 1, Loric's player");
    expect(c).toMatchObject({ round: "Round 1 of 2", difficulty: "Hard", testDifficulty: "Easy", isGM: false, ongoing: true });
    expect(c.successes).toMatchObject({ count: 1, limit: 6 });
    expect(c.successes.pips.filter((p: { filled: boolean }) => p.filled)).toHaveLength(1);
    expect(c.heroes.map((h: { name: string; canAct: boolean; acted: boolean }) => [h.name, h.acted, h.canAct])).toEqual([
      ["Urdoncara", true, false], ["Loric", false, true], ["Karrel", true, false], ["Adrian of the Long Road", false, false],
    ]);
    expect(c.heroes[0].cells[0]).toMatchObject({ label: "Test", outcome: "Success", detail: "Intuition · Nature · 12" });
    expect(c.heroes[2].cells[0]).toMatchObject({ label: "Ability or item", detail: "Sandshoes for the whole party" });
    expect(c.heroes[0].skills).toBe("Nature");
  });
  it("shows the Director every control, the assist waiting, and the next round's column", () => {
    const c = view("round 2, Director");
    expect(c).toMatchObject({ round: "Round 2 of 2", isGM: true, testDifficulty: "Hard", adjust: { successes: 1, failures: 0 } });
    expect(c.heroes.filter((h: { canAct: boolean }) => h.canAct)).toHaveLength(3);
    expect(c.heroes[3].assist).toBe("Karrel assists: an edge on this roll.");
    expect(c.rounds.map((r: { current: boolean }) => r.current)).toEqual([false, true]);
  });
  it("names the outcome and the Victories once it ended, with no buttons", () => {
    expect(view("total success, ended")).toMatchObject({ outcome: "Total success", victories: "Victories: 2", ended: true, ongoing: false });
    expect(view("total success, ended").heroes.some((h: { canAct: boolean }) => h.canAct)).toBe(false);
    expect(view("total failure, ended, Director")).toMatchObject({ outcome: "Total failure", outcomeClass: "total-failure" });
  });
  it("builds the action dialog: used skills greyed, assist targets who have not acted", () => {
    const s = fixtures["round 2, Director"]!.state!;
    const test = montageActionContext(s, MONTAGE_PARTY[0]!.actorUuid, "test", i18n);
    const nature = test.skillGroups.flatMap((g) => g.skills).find((k) => k.id === "nature")!;
    expect(nature.used).toBe(true);
    expect(test.difficulty).toBe("The Director set the next tests at Hard.");
    const assist = montageActionContext(s, MONTAGE_PARTY[1]!.actorUuid, "assist", i18n);
    expect(assist.targets.map((t) => t.name)).toEqual(["Urdoncara"]); // Karrel acted, Adrian is assisted already
    expect(montageActionContext(s, MONTAGE_PARTY[1]!.actorUuid, "ability", i18n)).toMatchObject({ note: true, characteristics: [], skillGroups: [] });
  });
  it("uses only existing localisation keys", () => {
    for (const f of montageFixtures()) expect(JSON.stringify(montageTrackerContext(f.state, f.viewer, i18n))).not.toMatch(/SE\.[A-Z]\w+\.[\w.]+/);
  });
});
