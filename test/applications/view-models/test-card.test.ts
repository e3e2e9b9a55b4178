// The group and opposed test card's view-model: every state it shows, in known words.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { testCardContext } from "../../../src/applications/view-models/test-card.ts";
import { langI18n } from "../../harness/handlebars-helpers.ts";
import { testCardFixtures } from "../../fixtures/test-cards.ts";

const lang = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../../lang/en.json"), "utf8"));
const i18n = langI18n(lang);

describe("test card view-model", () => {
  const contexts = Object.fromEntries(testCardFixtures().map((f) => [f.name, testCardContext(f.state, i18n)]));
  it("counts the rolls while the group rolls, and offers assists to rollers not yet assisted", () => {
    const c = contexts["group, waiting"]!;
    expect(c.result).toBe("1 of 3 rolled.");
    expect(c.rows.map((r) => [r.rolled, r.canBeAssisted])).toEqual([[true, false], [false, false], [false, true]]);
    expect(c.rows[1]!.assist).toBe("Vex assists: an edge on this roll.");
    expect(c.awardable).toBe(false);
  });
  it("shows the group's result and its collective reward or consequence, and the award until given", () => {
    expect(contexts["group, collective reward"]).toMatchObject({ result: "The group succeeds.", collectiveClass: "reward", awardable: true, awarded: "" });
    expect(contexts["group, collective reward"]!.collective).toContain("2 hero tokens");
    expect(contexts["group, collective consequence, awarded"]).toMatchObject({ result: "The group fails.", collectiveClass: "consequence", awardable: false, awarded: "Awarded." });
    expect(contexts["group, collective consequence, awarded"]!.collective).toContain("6 Villain Power");
  });
  it("names the opposed test's winner, or a tie, without outcomes", () => {
    expect(contexts["opposed, won"]).toMatchObject({ result: "Korva wins.", resultClass: "success" });
    expect(contexts["opposed, won"]!.rows.map((r) => [r.winner, r.outcome])).toEqual([[true, ""], [false, ""]]);
    expect(contexts["opposed, tie"]).toMatchObject({ result: "A tie: nothing changes in the scene.", resultClass: "tie" });
  });
  it("uses only existing localisation keys", () => {
    const text = JSON.stringify(Object.values(contexts));
    expect(text).not.toMatch(/SE\.[A-Z]\w+\.[\w.]+/);
  });
});
