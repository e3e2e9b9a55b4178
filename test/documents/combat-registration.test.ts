// Registration at init, and the GM's query handlers re-checking permission.
import { beforeEach, describe, expect, it } from "vitest";
import { harness, installFoundryHarness } from "../harness/foundry.ts";
import { HarnessActor } from "../harness/documents.ts";

installFoundryHarness();
const { registerCombat } = await import("../../src/applications/combat-registration.ts");
const { handlers, QUERY_NAMES } = await import("../../src/applications/combat-queries.ts");
const { SteelEchoesCombat, SteelEchoesCombatant } = await import("../../src/documents/combat.ts");
const { SteelEchoesCombatTracker } = await import("../../src/applications/combat-tracker.ts");

const g = globalThis as unknown as Record<string, unknown> & { game: Record<string, unknown> };
beforeEach(() => harness.reset());

describe("registerCombat", () => {
  it("sets the status effects, document classes, tracker, settings and queries", () => {
    registerCombat();
    expect((harness.CONFIG.statusEffects as { id: string }[]).map((s) => s.id)).toHaveLength(16);
    expect(harness.CONFIG.Combat.documentClass).toBe(SteelEchoesCombat);
    expect(harness.CONFIG.Combatant.documentClass).toBe(SteelEchoesCombatant);
    expect(harness.CONFIG.ui.combat).toBe(SteelEchoesCombatTracker);
    expect(Object.keys(harness.CONFIG.queries).sort()).toEqual([...QUERY_NAMES].sort());
    for (const key of ["alternativeInitiative", "villainPower", "heroTokens"]) expect(harness.settings.has(`steel-echoes.${key}`), key).toBe(true);
  });
});

describe("query handlers re-check permission", () => {
  const owned = (owner: string) => Object.assign(new HarnessActor({ name: "Target", type: "monster", system: {} }), {
    testUserPermission: (user: { id: string }) => user.id === owner,
  });
  const users: Record<string, { id: string; isGM: boolean }> = { p1: { id: "p1", isGM: false }, p2: { id: "p2", isGM: false } };
  const docs: Record<string, unknown> = {};
  beforeEach(() => {
    g.game.users = { get: (id: string) => users[id] };
    g.fromUuid = async (uuid: string) => docs[uuid] ?? null;
  });

  it("applyCondition: allowed when the user owns the target or the source, refused otherwise", async () => {
    const target = owned("gm");
    docs["Actor.target"] = target;
    docs["Actor.source"] = owned("p1");
    const apply = handlers["steel-echoes.applyCondition"];
    expect(await apply({ actorUuid: "Actor.target", userId: "p2", options: { id: "prone", sourceUuid: "Actor.source" } })).toBe(false);
    expect(target.statuses.size).toBe(0);
    expect(await apply({ actorUuid: "Actor.target", userId: "p1", options: { id: "prone", sourceUuid: "Actor.source" } })).toBe(true);
    expect(target.statuses).toEqual(new Set(["prone"]));
    expect(await apply({ actorUuid: "Actor.nobody", userId: "p1", options: { id: "prone" } })).toBe(false);
  });

  it("spendHeroToken: only for the user's own hero", async () => {
    docs["Actor.hero"] = owned("p1");
    expect(await handlers["steel-echoes.spendHeroToken"]({ actorUuid: "Actor.hero", userId: "p2" })).toEqual({ ok: false, reason: "not-owner" });
  });
});

describe("the entry point", () => {
  it("registers combat at init and exposes the condition and pool API", async () => {
    harness.CONFIG.statusEffects = [];
    await import("../../src/index.ts");
    harness.call("init");
    expect(harness.CONFIG.statusEffects).toHaveLength(16);
    expect(harness.CONFIG.Combat.documentClass).toBe(SteelEchoesCombat);
    const api = (globalThis as unknown as { steelEchoes: Record<string, unknown> }).steelEchoes;
    expect(typeof api.applyCondition).toBe("function");
    expect(typeof api.removeCondition).toBe("function");
    expect(Object.keys(api.pools as object)).toEqual(["get", "change", "set"]);
  });
});
