// Seed 003's exploits and setbacks on the check's card (S3:L65–69): the roller chooses an exploit up
// to the other die's rank after a 12 on a success; the GM chooses a setback after a 1.
import { readFileSync } from "node:fs";
import path from "node:path";
import Handlebars from "handlebars";
import { describe, expect, it } from "vitest";
import { harness } from "../../harness/foundry.ts";
import { dN, setupTable } from "../../fixtures/world.ts";
import type { WorldMessage } from "../../harness/world.ts";
import { langI18n, registerFoundryHelpers } from "../../harness/handlebars-helpers.ts";

const { world, gm, alice, bob } = await setupTable();
const { postD12Check } = await import("../../../src/applications/chat/post-rolls.ts");
const { chooseD12Result, d12ChoiceOf, d12ChoiceRights } = await import("../../../src/documents/d12-choices.ts");
const { d12ChoiceContext } = await import("../../../src/applications/view-models/d12-card.ts");

const ROOT = path.resolve(import.meta.dirname, "../../..");
const lang = JSON.parse(readFileSync(path.join(ROOT, "lang/en.json"), "utf8"));
const missing = new Set<string>();
const hbs = Handlebars.create();
registerFoundryHelpers(hbs, lang, missing);
const part = hbs.compile(readFileSync(path.join(ROOT, "templates/chat/d12-choice.hbs"), "utf8"));

const roll = async (faces: [number, number], dc: number) => {
  harness.fixRandom([dN(12, faces[0]), dN(12, faces[1])]);
  return await world.as(alice, () => postD12Check({ modifier: 2, dc })) as unknown as WorldMessage;
};

describe("2d12 exploits and setbacks", () => {
  it("the roller chooses an exploit of rank up to the other die, once; nobody else does", async () => {
    const m = await roll([12, 5], 15); // 19 ≥ 15: an exploit of rank 5 or lower
    expect(world.as(alice, () => d12ChoiceRights(m as never, alice))).toEqual({ exploit: true, setback: false });
    expect(await world.as(bob, () => chooseD12Result(m.id, "exploit", "combat:2"))).toBe(false);
    expect(await world.as(alice, () => chooseD12Result(m.id, "exploit", "combat:7"))).toBe(false); // above the rank
    expect(await world.as(alice, () => chooseD12Result(m.id, "exploit", "other:5"))).toBe(true);
    expect(d12ChoiceOf(m as never).exploit?.name).toBe("“One more thing!”");
    expect(await world.as(alice, () => chooseD12Result(m.id, "exploit", "combat:2"))).toBe(false);
    expect(await world.as(alice, () => chooseD12Result(m.id, "setback", "5"))).toBe(false);
  });

  it("the GM chooses a setback after a 1, and a player cannot", async () => {
    const m = await roll([1, 6], 15); // 9 < 15: a setback
    expect(await world.as(alice, () => chooseD12Result(m.id, "setback", "14"))).toBe(false);
    expect(await world.as(gm, () => chooseD12Result(m.id, "setback", "14"))).toBe(true);
    expect(d12ChoiceOf(m as never).setback?.name).toBe("Tumble");
    expect(await world.as(gm, () => chooseD12Result(m.id, "setback", "2"))).toBe(false);
  });

  it("shows the lists to who chooses, and what was chosen to all, escaped and localised", () => {
    const ctx = d12ChoiceContext({ rank: 3, chosen: { exploit: null, setback: null }, rights: { exploit: true, setback: false } }, langI18n(lang, missing));
    expect(ctx.exploits.map((e) => e.label)).toEqual(["2: On guard (combat)", "3: Quick movement (combat)", "2: Memorable joke", "3: Distraction"]);
    missing.clear();
    const html = part(ctx);
    expect([...missing]).toEqual([]);
    expect(html).toContain('data-se-d12-choose="exploit"');
    expect(html).not.toContain('data-se-d12-choose="setback"');
    const shown = part(d12ChoiceContext({ rank: 3, chosen: { exploit: null, setback: { roll: 4, name: "Fright", text: "<b>boo</b>", line: 1 } }, rights: { exploit: false, setback: false } }, langI18n(lang, missing)));
    expect(shown).toContain("&lt;b&gt;boo&lt;/b&gt;");
    expect(shown).not.toContain("<select");
  });
});
