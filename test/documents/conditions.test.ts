import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { harness, installFoundryHarness } from "../harness/foundry.ts";
import { Collection, HarnessActor } from "../harness/documents.ts";
import { applyUpdate } from "../harness/update.ts";
// @ts-expect-error: plain JavaScript tools
import { deterministicId as rawDeterministicId } from "../../tools/extract.mjs";

const deterministicId = rawDeterministicId as (pack: string, slug: string) => string;

installFoundryHarness();
const { applyCondition, removeCondition, conditionSource, conditionOptionsError } = await import("../../src/documents/conditions.ts");
const { STATUS_ROWS, CONDITIONS_JOURNAL_ID, statusEffectEntries, rulesPageUuid } = await import("../../src/documents/status-effects.ts");
const { CONDITION_IDS, STATE_IDS } = await import("../../src/rules/index.ts");
const healing = await import("../../src/documents/healing.ts");
// The cards the rolls render, as index.ts registers them at init.
(await import("../../src/applications/chat/roll-cards.ts")).registerRollCards();

const g = globalThis as unknown as { game: Record<string, unknown> };
const queries: { name: string; data: Record<string, unknown> }[] = [];

beforeEach(() => {
  harness.reset();
  queries.length = 0;
  g.game.combat = null;
  g.game.users = { activeGM: { query: async (name: string, data: Record<string, unknown>) => (queries.push({ name, data }), true) } };
});

const actor = (system: Record<string, unknown> = {}) => new HarnessActor({ name: "Ash", type: "hero", system });

describe("status effects", () => {
  it("cover every condition and state, with stable 16-character ids and links to the rules pages", () => {
    const entries = statusEffectEntries();
    expect(entries.map((e) => e.id)).toEqual([...CONDITION_IDS, ...STATE_IDS]);
    expect(CONDITIONS_JOURNAL_ID).toBe(deterministicId("rules", "conditions"));
    for (const e of entries) {
      expect(e._id).toBe(deterministicId("status-effects", e.id));
      expect(e._id).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(STATUS_ROWS[e.id].pageId).toBe(deterministicId("rules", `page-${e.id}`));
      expect(e.reference).toBe(`Compendium.steel-echoes.rules.JournalEntry.${deterministicId("rules", "conditions")}.JournalEntryPage.${deterministicId("rules", `page-${e.id}`)}`);
      expect(e.name).toBe(`SE.Condition.${e.id}`);
      expect(e.img).toMatch(/^icons\/svg\/[a-z-]+\.svg$/);
    }
    expect(new Set(entries.map((e) => e._id)).size).toBe(entries.length);
    expect(entries.filter((e) => e.hud === false).map((e) => e.id)).toEqual(["winded", "dying"]);
    expect(rulesPageUuid("prone")).toContain(STATUS_ROWS.prone.pageId);
  });
  it("link to pages that exist in the rules pack's Conditions journal", () => {
    const journal = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../packs/_source/rules/conditions.json"), "utf8")) as
      { _id: string; pages: { _id: string; name: string }[] };
    expect(journal._id).toBe(CONDITIONS_JOURNAL_ID);
    const pages = new Map(journal.pages.map((p) => [p._id, p.name]));
    for (const e of statusEffectEntries()) expect(pages.get(STATUS_ROWS[e.id].pageId)?.toLowerCase(), e.id).toContain(e.id === "defending" ? "defend" : e.id);
  });
});

describe("applyCondition / removeCondition", () => {
  it("creates the status's effect with its duration and source", async () => {
    const a = actor();
    const effect = await applyCondition(a as never, { id: "frightened", duration: "EoT", sourceUuid: "Actor.ogre" }) as { id: string; flags: Record<string, unknown> };
    expect(effect.id).toBe(STATUS_ROWS.frightened._id);
    expect(effect.flags["steel-echoes"]).toEqual({ duration: { kind: "EoT", turnEndsLeft: 1 }, sourceUuid: "Actor.ogre" });
    expect(a.statuses).toEqual(new Set(["frightened"]));
    expect(conditionSource(a as never, "frightened")).toBe("Actor.ogre");
  });
  it("a new source of frightened replaces the old; the same condition never stacks", async () => {
    const a = actor();
    await applyCondition(a as never, { id: "frightened", sourceUuid: "Actor.ogre" });
    await applyCondition(a as never, { id: "frightened", duration: "resistance", characteristic: "presence", sourceUuid: "Actor.dragon" });
    expect(a.effects.size).toBe(1);
    expect(conditionSource(a as never, "frightened")).toBe("Actor.dragon");
  });
  it("refuses bad input with a localised error and changes nothing", async () => {
    const a = actor();
    expect(await applyCondition(a as never, { id: "on-fire" })).toBeNull();
    expect(await applyCondition(a as never, { id: "slowed", duration: "save" as never })).toBeNull();
    expect(await applyCondition(a as never, { id: "slowed", duration: "resistance" })).toBeNull();
    expect(harness.notifications.map((n) => n.message)).toEqual([
      "SE.Conditions.Error.UnknownCondition", "SE.Conditions.Error.UnknownDuration", "SE.Conditions.Error.ResistanceCharacteristic"]);
    expect(a.effects.size).toBe(0);
    expect(conditionOptionsError({ id: "slowed", duration: "resistance", characteristic: "agility" })).toBeNull();
  });
  it("a user who does not own the creature is refused with a localised error, and nothing is asked of the GM", async () => {
    const a = actor();
    a.isOwner = false;
    expect(await applyCondition(a as never, { id: "prone", sourceUuid: "Actor.me" })).toBeNull();
    expect(await removeCondition(a as never, "prone")).toBe(false);
    expect(queries).toEqual([]);
    expect(harness.notifications.map((n) => n.shown)).toEqual([
      "Only the creature's owner or the Director can change its conditions. Use the ability's card to impose them.",
      "Only the creature's owner or the Director can change its conditions. Use the ability's card to impose them.",
    ]);
    expect(a.effects.size).toBe(0);
  });
  it("reads a duration stored as a bare kind, and ignores effects without condition flags", async () => {
    const { conditionFlags } = await import("../../src/documents/conditions.ts");
    const flags = (f: unknown) => conditionFlags({ flags: { "steel-echoes": f } } as never);
    expect(flags({ duration: "EoT", sourceUuid: "Actor.x", characteristic: "might" })).toEqual({
      duration: { kind: "EoT", turnEndsLeft: 1 }, sourceUuid: "Actor.x", characteristic: "might" });
    expect(flags({ duration: "save ends" })).toBeNull();
    expect(flags(undefined)).toBeNull();
  });
  it("removes a condition", async () => {
    const a = actor();
    await applyCondition(a as never, { id: "prone" });
    expect(await removeCondition(a as never, "prone")).toBe(true);
    expect(await removeCondition(a as never, "prone")).toBe(false);
  });
});

describe("healing on documents", () => {
  const heroSystem = () => ({ stamina: { value: 4, max: 30, temporary: 3, recoveryValue: 10, state: "winded" }, recoveries: { value: 2, max: 8 }, xp: 8, victories: 2 });
  it("spendRecovery and Catch Breath update Stamina and Recoveries; Catch Breath adds defending", async () => {
    const a = actor(heroSystem());
    expect(await healing.spendRecovery(a as never)).toEqual({ ok: true, gained: 10 });
    expect(a.system).toMatchObject({ stamina: { value: 14 }, recoveries: { value: 1 } });
    expect(await healing.catchBreath(a as never)).toEqual({ ok: true, gained: 10 });
    expect(a.statuses.has("defending")).toBe(true);
    expect(await healing.spendRecovery(a as never)).toEqual({ ok: false, reason: "no-recoveries" });
    expect(a.system).toMatchObject({ stamina: { value: 24 }, recoveries: { value: 0 } });
  });
  it("bleeding blocks regaining Stamina and spends no Recovery", async () => {
    const a = actor(heroSystem());
    await applyCondition(a as never, { id: "bleeding", duration: "EoT" });
    expect(await healing.regainStamina(a as never, 5)).toEqual({ ok: false, reason: "bleeding" });
    expect(await healing.spendRecovery(a as never)).toEqual({ ok: false, reason: "bleeding" });
    expect(a.system).toMatchObject({ stamina: { value: 4 }, recoveries: { value: 2 } });
    expect(harness.notifications.map((n) => n.message)).toEqual(["SE.Healing.Refusal.bleeding", "SE.Healing.Refusal.bleeding"]);
  });
  it("a dying hero can't Catch Breath in combat", async () => {
    const a = actor({ ...heroSystem(), stamina: { value: -2, max: 30, temporary: 0, recoveryValue: 10, state: "dying" } });
    a.inCombat = true;
    expect(await healing.catchBreath(a as never)).toEqual({ ok: false, reason: "dying" });
  });
  it("respite restores everything and converts Victories to XP", async () => {
    const a = actor(heroSystem());
    expect(await healing.takeRespite(a as never)).toMatchObject({ xp: 10, levelUp: true });
    expect(a.system).toMatchObject({ stamina: { value: 30, temporary: 0 }, recoveries: { value: 8 }, xp: 10, victories: 0, heroicResource: { value: 0 } });
    expect(harness.messages.at(-1)!.content).toContain("SE.Respite.LevelUp");
  });
  it("winded, dying and dead follow the Stamina state", async () => {
    const a = actor(heroSystem());
    await healing.syncStaminaStatuses(a as never);
    expect([...a.statuses]).toEqual(["winded"]);
    (a.system.stamina as { state: string }).state = "dying";
    await healing.syncStaminaStatuses(a as never);
    expect([...a.statuses].sort()).toEqual(["dying", "winded"]);
    (a.system.stamina as { state: string }).state = "healthy";
    await healing.syncStaminaStatuses(a as never);
    expect(a.statuses.size).toBe(0);
  });
  it("a hero token heals without a Recovery, at most one per turn", async () => {
    // The hero tokens are the primary party's (issue 32): here the world's one party, which holds 2.
    const party = { id: "party00000000001", type: "party", system: { members: [], heroTokens: 2 } };
    g.game.actors = new Collection([[party.id, party]]);
    const a = actor(heroSystem());
    let tokens = 2;
    const setTokens = async (n: number) => { tokens = n; party.system.heroTokens = n; };
    // The marker is kept in the combat's flags (only a GM writes them), not on the hero.
    const combat = { started: true, id: "c1", round: 1, combatant: { id: "x" }, flags: {}, async update(changes: Record<string, unknown>) { applyUpdate(this, changes); } };
    g.game.combat = combat;
    expect(await healing.spendHeroTokenAsGM(a as never, setTokens)).toEqual({ ok: true, gained: 10 });
    expect(await healing.spendHeroTokenAsGM(a as never, setTokens)).toEqual({ ok: false, reason: "hero-token-this-turn" });
    expect(tokens).toBe(1);
    expect(a.system).toMatchObject({ stamina: { value: 14 }, recoveries: { value: 2 } });
    expect(combat.flags).toEqual({ "steel-echoes": { heroTokenTurns: { [a.uuid.replaceAll(".", "_")]: "c1:1:x" } } });
    expect(a.flags).toEqual({});
  });
});

describe("resistance rolls are the owner's (L6626)", async () => {
  const { rollByOwner } = await import("../../src/documents/condition-rolls.ts");
  it("asks a connected player who owns the creature, and the GM rolls when nobody answers", async () => {
    const a = Object.assign(actor({ characteristics: { might: 2 } }), { testUserPermission: (u: { id: string }) => u.id === "p1" });
    const [effect] = await a.createEmbeddedDocuments("ActiveEffect", [{ name: "Restrained", statuses: ["restrained"] }]);
    const asked: [string, { pending: string }, unknown][] = [];
    // While the owner is asked, the effect is marked as waiting for that roll; the mark goes after.
    const player = { id: "p1", active: true, isGM: false, query: async (name: string, data: { pending: string }) => (asked.push([name, data, structuredClone(effect!.flags)]), 2) };
    g.game.users = { find: (fn: (u: unknown) => boolean) => [{ id: "gm", active: true, isGM: true }, player].find(fn) };
    expect(await rollByOwner(a as never, effect as never, "might")).toBe(2);
    expect(asked).toEqual([["steel-echoes.resistanceRoll", { actorUuid: a.uuid, effectId: effect!.id, pending: expect.stringMatching(/^[A-Za-z0-9]{16}$/) }, { "steel-echoes": { pendingRoll: asked[0]![1].pending } }]]);
    expect(effect!.flags).toEqual({ "steel-echoes": {} });
    player.query = async () => { throw new Error("timeout"); };
    harness.fixRandom([0.05, 0.05]); // 10 + 10 + 2: tier 3, rolled by the GM
    expect(await rollByOwner(a as never, effect as never, "might")).toBe(3);
    expect(harness.messages).toHaveLength(1);
    // Restrained: a bane on a Might resistance roll (L6686); 5 + 5 + 2 − 2 = 10, tier 1.
    harness.fixRandom([0.5, 0.5]);
    expect(await rollByOwner(a as never, effect as never, "might")).toBe(1);
    expect((harness.messages.at(-1)!.rolls as { options: { banes: number } }[])[0]!.options.banes).toBe(1);
  });
});
