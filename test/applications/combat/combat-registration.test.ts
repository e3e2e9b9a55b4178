// Registration at init. The GM's relay handlers re-checking permission are played out by a GM and
// players, attackers included, in test/scenarios/.
import { beforeEach, describe, expect, it } from "vitest";
import { harness, installFoundryHarness } from "../../harness/foundry.ts";

installFoundryHarness();
const { registerCombat } = await import("../../../src/applications/combat/combat-registration.ts");
const { RESISTANCE_QUERY } = await import("../../../src/documents/conditions.ts");
const { relayHandlerNames } = await import("../../../src/documents/relay.ts");
const { SteelEchoesCombat, SteelEchoesCombatant } = await import("../../../src/documents/combat.ts");
const { SteelEchoesCombatTracker } = await import("../../../src/applications/combat/combat-tracker.ts");

beforeEach(() => harness.reset());

describe("registerCombat", () => {
  it("sets the status effects, document classes, tracker, settings and queries", () => {
    registerCombat();
    // Draw Steel's nine conditions and seven states, where a creature is (underwater, no air); Echoes'
    // eight conditions come with its chunk (below).
    const ids = (harness.CONFIG.statusEffects as { id: string }[]).map((s) => s.id);
    expect(ids).toHaveLength(18);
    expect(ids.slice(16, 18)).toEqual(["underwater", "noAir"]);
    expect(ids.slice(18)).toEqual([]);
    expect(harness.CONFIG.Combat.documentClass).toBe(SteelEchoesCombat);
    expect(harness.CONFIG.Combatant.documentClass).toBe(SteelEchoesCombatant);
    expect(harness.CONFIG.ui.combat).toBe(SteelEchoesCombatTracker);
    // The queries are the GM's to a player (her resistance roll; the dying hero's token prompt, issue 33);
    // what players ask of the GM goes through the relay.
    expect(Object.keys(harness.CONFIG.queries)).toEqual([RESISTANCE_QUERY, "steel-echoes.heroTokenPrompt"]);
    expect(relayHandlerNames().sort()).toEqual(["climb", "delayTurn", "endTurn", "engineInitiative", "loseTurn", "spendBudget", "spendHeroToken", "takeTurn"]);
    for (const key of ["alternativeInitiative", "villainPower", "heroTokens"]) expect(harness.settings.has(`steel-echoes.${key}`), key).toBe(true);
  });
});

describe("the entry point", () => {
  it("registers combat at init and exposes the condition and pool API", async () => {
    harness.CONFIG.statusEffects = [];
    await import("../../../src/index.ts");
    await harness.initialize();
    // Every game is on by default: Echoes' chunk adds its eight conditions after Draw Steel's (src/games/echoes.ts).
    const ids = (harness.CONFIG.statusEffects as { id: string }[]).map((s) => s.id);
    expect(ids).toHaveLength(26);
    expect(ids.slice(18)).toEqual(["echoes-empowered", "echoes-weakened", "echoes-warded", "echoes-slowed", "echoes-immobilized", "echoes-endurance", "echoes-stunned", "echoes-harmed"]);
    expect(harness.CONFIG.Combat.documentClass).toBe(SteelEchoesCombat);
    const api = (globalThis as unknown as { steelEchoes: Record<string, unknown> }).steelEchoes;
    expect(typeof api.applyCondition).toBe("function");
    expect(typeof api.removeCondition).toBe("function");
    expect(Object.keys(api.pools as object)).toEqual(["get", "change", "set"]);
    expect(Object.keys(api.edge as object)).toEqual(["setupDeck", "give", "openHand"]);
  });
});
