// Issue 33, the enrichers, at a table of clients (the Director, Alice, Bob, Mallory) on a server that
// refuses what Foundry v13's server refuses (test/harness/world.ts). A click does what its chat command
// does, with the clicking user's permissions: damage (L7164–7186, temporary Stamina first L7226–7232),
// regaining Stamina (L7190), a condition (L6656–6698), a power roll (L135–161, L187–195), a test request.
import { describe, expect, it } from "vitest";
import { harness } from "../harness/foundry.ts";
import { checkAfterEach, d10, setupTable, staminaOf } from "../fixtures/world.ts";
import type { WorldToken, WorldUser } from "../harness/world.ts";
import type { Table } from "../fixtures/world.ts";

const t: Table = await setupTable();
const { world, gm, alice, mallory, korva, goblin, ogre, tokens } = t;
const { ENRICHER_PATTERNS } = await import("../../src/parser/enricher-patterns.ts");
const { ENRICHER_KEY } = await import("../../src/applications/enrichers/enricher-key.ts");
const { onEnricherClick } = await import("../../src/applications/enrichers/lazy-enrichers.ts");
const { buildElement, viewOfMatch } = await import("../../src/applications/enrichers/enricher-render.ts");
const { runEnricherElement } = await import("../../src/applications/enrichers/enricher-actions.ts");
const { onChatMessage } = await import("../../src/applications/chat/chat-commands.ts");
const { PowerRoll } = await import("../../src/dice/power-roll.ts");

/**
 * The element a text's first enricher becomes, as Foundry inserts it: built by the system's own
 * builder on a minimal element (tag, class, dataset, attributes, children, text); `closest` finds the
 * element itself or its parent, as the click listener asks.
 */
class FakeElement {
  className = "";
  dataset: Record<string, string> = {};
  attributes: Record<string, string> = {};
  children: FakeElement[] = [];
  parent: FakeElement | null = null;
  textContent = "";
  constructor(public tagName: string) {}
  setAttribute(k: string, v: string) { this.attributes[k] = v; }
  append(...nodes: FakeElement[]) { for (const n of nodes) { n.parent = this; this.children.push(n); } }
  get text(): string { return this.textContent + this.children.map((c) => c.text).join(""); }
  closest(selector: string): FakeElement | null {
    if (selector === "[data-se-enricher]") return this.dataset.seEnricher !== undefined ? this : this.parent?.closest(selector) ?? null;
    return null;
  }
}
const maker = { createElement: (tag: string) => new FakeElement(tag) as unknown as HTMLElement };
const kinds = { inline: ENRICHER_PATTERNS.inline, condition: ENRICHER_PATTERNS.condition, block: ENRICHER_PATTERNS.powerRollBlock } as const;
function enriched(text: string): FakeElement {
  for (const [kind, pattern] of Object.entries(kinds)) {
    const match = [...text.matchAll(pattern)][0];
    if (match) return world.as(gm, () => buildElement(viewOfMatch(kind as keyof typeof kinds, match), maker)) as unknown as FakeElement;
  }
  throw new Error(`no enricher in ${text}`);
}
/** The clickable element of an enricher (a block's is its heading). */
const clickable = (el: FakeElement): FakeElement => (el.dataset.seEnricher !== undefined ? el : el.children.find((c) => c.dataset.seEnricher !== undefined)!);
async function click(user: WorldUser, el: FakeElement, targets: (keyof Table["tokens"])[] = []) {
  return world.as(user, async () => {
    user.targets = new Set<WorldToken>(targets.map((k) => tokens[k]));
    return runEnricherElement(clickable(el) as unknown as HTMLElement);
  });
}
const shownTo = (user: { name: string }) => world.shown.filter((s) => s.user === user.name).map((s) => s.shown);
const lastMessage = () => [...world.messages].at(-1)!;

checkAfterEach(world, { honest: true });

describe("registration", () => {
  it("registers the three patterns, and takes [[/pr]] power rolls from core's inline rolls (the rest stay core's)", async () => {
    const config = harness.CONFIG as unknown as { TextEditor: { enrichers: { pattern: RegExp }[] }; ux: { TextEditor: { _createInlineRoll(m: RegExpMatchArray, d: object): Promise<unknown> } } };
    expect(config.TextEditor.enrichers.map((e) => e.pattern)).toEqual([ENRICHER_PATTERNS.inline, ENRICHER_PATTERNS.condition, ENRICHER_PATTERNS.powerRollBlock]);
    // v13 text-editor.mjs `_enrichInlineRolls`' pattern, whose matches `_createInlineRoll` receives.
    const core = (text: string) => [...text.matchAll(/\[\[(\/[a-zA-Z]+\s)?(.*?)(]{2,3})(?:{([^}]+)})?/gi)][0]!;
    expect(await config.ux.TextEditor._createInlineRoll(core("[[/pr 2d10+3]]"), {})).toBeNull();
    expect(await config.ux.TextEditor._createInlineRoll(core("[[/pr might e]]{Slam}"), {})).toBeNull();
    expect(await config.ux.TextEditor._createInlineRoll(core("[[/pr 1d20]]"), {})).toEqual({ coreInlineRoll: "[[/pr 1d20]]" });
    expect(await config.ux.TextEditor._createInlineRoll(core("[[/r 2d10+3]]"), {})).toEqual({ coreInlineRoll: "[[/r 2d10+3]]" });
  });
});

describe("what an enricher shows", () => {
  it("the issue's enrichers, as text (escaped by construction: textContent), with their action recorded and this client's key", () => {
    expect(enriched("[[/pr 2d10+3]]").text).toBe("Power Roll +3");
    expect(enriched("[[/damage 5 fire]]").text).toBe("5 Fire damage");
    expect(enriched("[[/heal 4]]").text).toBe("regain 4 Stamina");
    expect(enriched("[[/test might hard]]").text).toBe("Hard Might test");
    expect(enriched("@Condition[prone]").text).toBe("Prone");
    const el = enriched("[[/damage 5 fire]]");
    expect(el.tagName).toBe("a");
    expect(el.dataset).toMatchObject({ seEnricher: "damage", seArgs: "5 fire", seKey: ENRICHER_KEY });
    const block = enriched("@PowerRoll[might]{3 damage | 5 damage; <b>push</b> 1 | 7 damage; prone}");
    expect(block.tagName).toBe("div");
    expect(block.children[0]!.text).toBe("Power Roll + Might");
    expect(block.children[1]!.children.map((c) => c.textContent)).toEqual(["≤11", "3 damage", "12–16", "5 damage; <b>push</b> 1", "17+", "7 damage; prone"]);
  });
  it("a label never hides what damage, healing or a condition does; a broken enricher says why and does nothing", () => {
    expect(enriched("[[/damage 999]]{Read more}").text).toBe("Read more: 999 damage");
    expect(enriched("[[/pr 2]]{Slam}").text).toBe("Slam");
    const broken = enriched("[[/damage 5 bludgeoning]]");
    expect(broken.tagName).toBe("span");
    expect(broken.dataset.seEnricher).toBeUndefined();
    expect(broken.dataset.tooltip).toContain("“bludgeoning” is not a damage type");
  });
});

describe("clicking: the chat command's action, with the clicker's permissions", () => {
  it("[[/pr 2d10+3]] posts a power roll card as /pr 3 does; [[/test might hard]] posts a test request", async () => {
    harness.fixRandom(d10(9, 4));
    await click(alice, enriched("[[/pr 2d10+3]]"));
    const roll = lastMessage().rolls[0] as InstanceType<typeof PowerRoll>;
    expect(roll).toBeInstanceOf(PowerRoll);
    expect(roll.options).toMatchObject({ characteristic: 3, edges: 0, banes: 0 });
    expect(roll.total).toBe(16);
    await click(gm, enriched("[[/test might hard]]"));
    expect(lastMessage().content).toContain("test-request-card");
    expect(lastMessage().content).toContain("Hard");
  });
  it("a named characteristic reads the clicker's hero; a power-roll block posts its tiers", async () => {
    harness.fixRandom(d10(6, 6));
    await click(alice, enriched("@PowerRoll[might e]{3 damage | 5 damage | 7 damage}"));
    const roll = lastMessage().rolls[0] as InstanceType<typeof PowerRoll>;
    expect(roll.options).toMatchObject({ characteristic: (korva.system.characteristics as { might: number }).might, edges: 1, tierTexts: ["3 damage", "5 damage", "7 damage"] });
  });
  it("[[/damage 5 fire]]: the Director's targets take it after immunity, temporary Stamina first", async () => {
    await click(gm, enriched("[[/damage 5 fire]]"), ["goblin", "ogre"]);
    expect(staminaOf(goblin).value).toBe(5);
    // The ogre's fire immunity 3 leaves 2, all from its 2 temporary Stamina.
    expect(staminaOf(ogre)).toMatchObject({ value: 30, temporary: 0 });
    expect(world.as(alice, () => [...game.messages!].slice(-2).map((m) => m.content))).toEqual([
      expect.stringContaining("Goblin takes 5 Fire damage (Stamina 5)."), expect.stringContaining("Ogre takes 2 Fire damage (Stamina 30)."),
    ]);
  });
  it("a player's click hurts only what she owns: her target the goblin is refused on her client, her hero takes it", async () => {
    const before = staminaOf(goblin).value;
    const korvaBefore = staminaOf(korva).value;
    await click(alice, enriched("[[/damage 3]]"), ["goblin", "korva"]);
    expect(staminaOf(goblin).value).toBe(before);
    expect(staminaOf(korva).value).toBe(korvaBefore - 3);
    expect(shownTo(alice)).toEqual(["You don't own Goblin: the Director changes it, or an ability card does."]);
  });
  it("[[/heal 4]] with nothing selected or targeted heals her character; a monster she does not own is refused", async () => {
    const before = staminaOf(korva).value;
    await click(alice, enriched("[[/heal 4]]"));
    expect(staminaOf(korva).value).toBe(Math.min(before + 4, staminaOf(korva).max));
    const goblinBefore = staminaOf(goblin).value;
    await click(alice, enriched("[[/heal 4]]"), ["goblin"]);
    expect(staminaOf(goblin).value).toBe(goblinBefore);
    expect(shownTo(alice)).toEqual(["You don't own Goblin."]);
  });
  it("@Condition[prone] knocks her own hero prone, and refuses the goblin", async () => {
    await click(alice, enriched("@Condition[prone]"), ["korva", "goblin"]);
    expect(korva.statuses.has("prone")).toBe(true);
    expect(goblin.statuses.has("prone")).toBe(false);
    expect(shownTo(alice)).toContain("You don't own Goblin: the Director changes it, or an ability card does.");
  });
  it("/damage typed in chat does what the enricher does", async () => {
    const before = staminaOf(goblin).value;
    await world.as(gm, async () => {
      gm.targets = new Set([tokens.goblin]);
      expect(onChatMessage({}, "/damage 2 cold")).toBe(false);
    });
    await world.settle();
    expect(staminaOf(goblin).value).toBe(before - 2);
  });
});

describe("an attacker's text", () => {
  it("Mallory's [[/damage 999]]{Read more} in her own description: her click changes nothing she does not own", async () => {
    const text = enriched("[[/damage 999]]{Read more}");
    const goblinBefore = staminaOf(goblin).value;
    await click(mallory, text, ["goblin", "korva"]);
    expect(staminaOf(goblin).value).toBe(goblinBefore);
    expect(shownTo(mallory)).toEqual(["You don't own Goblin: the Director changes it, or an ability card does.", "You don't own Korva: the Director changes it, or an ability card does."]);
  });
  it("an anchor she wrote as HTML with the enricher's data attributes but not this client's key does nothing when the Director clicks it", async () => {
    const forged = new FakeElement("a");
    Object.assign(forged.dataset, { seEnricher: "damage", seArgs: "999", seKey: "guessed" });
    const goblinBefore = staminaOf(goblin).value;
    let prevented = false;
    await world.as(gm, async () => {
      gm.targets = new Set([tokens.goblin]);
      onEnricherClick({ target: forged, preventDefault: () => { prevented = true; } } as unknown as Event);
    });
    await world.settle();
    expect(prevented).toBe(false);
    expect(staminaOf(goblin).value).toBe(goblinBefore);
    // The same element built by this client's enricher acts: the key is the only difference.
    forged.dataset.seKey = ENRICHER_KEY;
    forged.dataset.seArgs = "1";
    await world.as(gm, async () => onEnricherClick({ target: forged, preventDefault: () => { prevented = true; } } as unknown as Event));
    await new Promise((r) => setTimeout(r, 20));
    await world.settle();
    expect(prevented).toBe(true);
    expect(staminaOf(goblin).value).toBe(goblinBefore - 1);
  });
});
