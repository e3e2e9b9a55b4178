// The negotiation tracker's view-model: what the Director and a player see in every state.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { argumentDialogContext, negotiationTrackerContext } from "../../../src/applications/view-models/negotiation-tracker.ts";
import { langI18n } from "../../harness/handlebars-helpers.ts";
import { NEGOTIATION_NPC, negotiationFixtures } from "../../fixtures/negotiations.ts";

const lang = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../../lang/en.json"), "utf8"));
const i18n = langI18n(lang);
const fixtures = Object.fromEntries(negotiationFixtures().map((f) => [f.name, f]));
const view = (name: string) => {
  const f = fixtures[name]!;
  return negotiationTrackerContext(f.state ? NEGOTIATION_NPC : NEGOTIATION_NPC, f.state, f.viewer, i18n) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- one context type per state
};

describe("negotiation tracker view-model", () => {
  it("offers the Director the attitudes with their starting stats (L7561–7568)", () => {
    const c = view("none, Director");
    expect(c).toMatchObject({ active: false, isGM: true, name: "Zola Honeycut" });
    expect(c.attitudes.map((a: { label: string }) => a.label)).toContain("Neutral (interest 2, patience 3)");
    expect(c.attitudes.find((a: { selected: boolean }) => a.selected).id).toBe("neutral");
    expect(c.statBlock).toBe("");
    const withBlock = negotiationTrackerContext({ name: "Zola", statBlock: { interest: 3, patience: 4 } }, null, { isGM: true, hero: null }, i18n);
    expect((withBlock as { statBlock: string }).statBlock).toBe("Use the stat block's interest 3 and patience 4");
  });
  it("shows the Director everything, the argument waiting and every judgement", () => {
    const c = view("argument waiting, Director");
    expect(c.pending.text).toBe("Linn made an argument: 14 (tier 2). The Director judges it.");
    expect(c.motivations.map((m: { id: string }) => m.id)).toEqual(["benevolence", "protection"]);
    expect(c.judgeOptions.map((o: { value: string }) => o.value)).toEqual([
      "motivation:benevolence", "motivation:protection", "pitfall:higherAuthority", "pitfall:revelry", "no-motivation:", "repeated-argument:",
    ]);
    expect(c.log[0]).toMatchObject({ heroName: "Korvo", response: "— the argument did harm.", detail: "A pitfall (Higher Authority): interest -1, patience -1." });
    expect(c.canArgue).toBe(false);
  });
  it("shows a player only what the heroes discovered, and the offer while the stats are shared", () => {
    const c = view("under way, Jorn's player");
    expect(c.motivations.map((m: { id: string; used: boolean }) => [m.id, m.used])).toEqual([["benevolence", false], ["protection", true]]);
    expect(c.pitfalls.map((p: { id: string }) => p.id)).toEqual(["higherAuthority"]);
    expect(c).toMatchObject({ seesStats: true, canArgue: true, interest: { value: 2 } });
    expect(c.offer).toEqual({ id: "no-but", label: "“No, but …”: not what they asked, but something lesser." });
    expect(c.judgeOptions).toEqual([]);
    const hidden = view("stats hidden, Jorn's player");
    expect(hidden).toMatchObject({ seesStats: false, offer: null });
    expect(hidden.log.every((e: { detail: string }) => e.detail === "")).toBe(true);
  });
  it("names the final offer and the close", () => {
    expect(view("final offer, Director").ended).toMatchObject({ closed: false, text: "This is the NPC's final offer." });
    expect(view("closed with a Victory, Jorn's player").ended).toMatchObject({ closed: true, victory: "Each hero gained a Victory." });
    expect(view("closed with a Victory, Jorn's player").canArgue).toBe(false);
  });
  it("offers the Renown edge only when Renown reaches the NPC's Impression (L7634)", () => {
    const s = fixtures["under way, Jorn's player"]!.state!;
    expect(argumentDialogContext(s, { renown: 3 }, i18n).renownEdge).toBe(true);
    expect(argumentDialogContext(s, { renown: 2 }, i18n).renownEdge).toBe(false);
    expect(argumentDialogContext(s, { renown: 3 }, i18n).characteristics.map((c) => c.id)).toEqual(["reason", "intuition", "presence"]);
  });
  it("uses only existing localisation keys", () => {
    for (const f of negotiationFixtures()) {
      expect(JSON.stringify(negotiationTrackerContext(NEGOTIATION_NPC, f.state, f.viewer, i18n))).not.toMatch(/SE\.[A-Z]\w+\.[\w.]+/);
    }
  });
});
