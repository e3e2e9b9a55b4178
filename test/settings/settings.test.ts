// The system's world settings as a table's users meet them: registered at init on every client, the
// Director's to change, shown in the settings form with localised names and choices (or hidden when
// they hold the system's own state), and each change reaching every client's hooks.
import { afterEach, describe, expect, it } from "vitest";
import { typedAsHookSees } from "../harness/chat.ts";
import { harness } from "../harness/foundry.ts";
import { setupTable } from "../fixtures/world.ts";
import { i18n } from "../harness/world.ts";

const { world, gm, alice, bob } = await setupTable();
const { assistTable } = await import("../../src/settings/assist-table.ts");
const { ASSIST_TABLES } = await import("../../src/rules/index.ts");
const { HOOKS, SYSTEM_ID } = await import("../../src/constants.ts");
const { MIGRATION_SETTING } = await import("../../src/migrations/index.ts");

const ours = () => [...world.settings.entries()].filter(([key]) => key.startsWith(`${SYSTEM_ID}.`));
const setting = (key: string) => world.settings.get(`${SYSTEM_ID}.${key}`)!;

afterEach(async () => {
  await world.settle();
  expect(harness.hooks.errors).toEqual([]);
});

describe("the system's settings", () => {
  it("are all world settings: one value for the table, not one per browser", () => {
    expect(ours().map(([key]) => key).sort()).toEqual([
      "advancementSpeed", "alternativeInitiative", "approvedAbilities", "areaRegions", "assistTable", "combatEngine", "complications", "dissonancePoints", "echoesApplied", "echoesGmPicks", "edgeCards", "encounterBudget", "forcedMoves", "gameActionDice", "gameArc", "gameD12", "gameDrawSteel", "gameEchoes", "grabs", "harmonyOutcomeRule", "heroTokens", "heroTokensPerSession", "montage", "negotiation",
      MIGRATION_SETTING, "primaryParty", "showDissonancePoints", "trustAbilityEdits", "victorySumAtEqual", "villainPower",
      "villainPowerFixed", "villainPowerRule",
      // The GM's record of which Prayers had their domain effect (issue 29, item 20).
      "domainEffects",
      // What domain effects leave in force: next power rolls, turn-long effects (issue 29, item 20).
      "domainLasting",
    ].map((k) => `${SYSTEM_ID}.${k}`).sort());
    for (const [, s] of ours()) expect(s.scope).toBe("world");
  });

  it("show in the settings form with a localised name, hint and choices; the system's own state stays hidden", () => {
    const shown = ours().filter(([, s]) => s.registration.config === true).map(([key]) => key.split(".")[1]).sort();
    expect(shown).toEqual([
      "advancementSpeed", "alternativeInitiative", "areaRegions", "assistTable", "combatEngine", "complications", "gameActionDice", "gameArc", "gameD12", "gameDrawSteel", "gameEchoes",
      "harmonyOutcomeRule", "heroTokensPerSession", "showDissonancePoints", "trustAbilityEdits", "victorySumAtEqual",
      "villainPowerFixed", "villainPowerRule",
    ]);
    for (const [key, s] of ours()) {
      const r = s.registration as { name?: string; hint?: string; choices?: Record<string, string>; config: boolean; default: unknown };
      if (r.config) expect(i18n.has(r.name ?? "") && i18n.has(r.hint ?? ""), `${key} name and hint`).toBe(true);
      else if (r.name) expect(i18n.has(r.name), `${key} name`).toBe(true);
      for (const label of Object.values(r.choices ?? {})) expect(i18n.has(label), `${key} choice ${label}`).toBe(true);
      if (r.choices) expect(Object.keys(r.choices)).toContain(r.default);
    }
  });

  it("are the Director's to change: a player's write is refused and changes nothing", async () => {
    await expect(world.as(alice, () => game.settings!.set(SYSTEM_ID, "assistTable", "bonuses"))).rejects.toThrow(/lacks permission/);
    expect(setting("assistTable").value).toBe("edges");
    expect(world.as(alice, () => assistTable())).toEqual(ASSIST_TABLES.edges);
  });

  it("reach every client: the assist table a player's client reads follows the Director's choice", async () => {
    await world.as(gm, () => game.settings!.set(SYSTEM_ID, "assistTable", "bonuses"));
    expect(world.as(bob, () => assistTable())).toEqual(ASSIST_TABLES.bonuses);
    await world.as(gm, () => game.settings!.set(SYSTEM_ID, "assistTable", "edges"));
    expect(world.as(bob, () => assistTable())).toEqual(ASSIST_TABLES.edges);
  });

  it("call the system's hook on every connected client when a pool, the montage or the negotiation changes", async () => {
    for (const [key, hook] of [["villainPower", HOOKS.poolsChanged], ["montage", HOOKS.montageChanged], ["negotiation", HOOKS.negotiationChanged]] as const) {
      const heard: string[] = [];
      const id = harness.hooks.on(hook, () => heard.push(game.user!.name));
      const before = setting(key).value;
      await world.as(gm, () => game.settings!.set(SYSTEM_ID, key, key === "villainPower" ? 3 : key === "montage" ? {} : ""));
      harness.hooks.off(hook, id);
      expect(heard.sort(), key).toEqual(world.users.filter((u) => u.active).map((u) => u.name).sort());
      // Type escape: each key's own value type; the loop treats them alike.
      await world.as(gm, () => game.settings!.set(SYSTEM_ID, key, before as never));
    }
  });
  it("switch a game off: its commands say so, /help leaves it out, and switched on again it plays", async () => {
    const { onChatMessage } = await import("../../src/applications/chat/chat-commands.ts");
    await world.as(gm, () => game.settings!.set(SYSTEM_ID, "gameD12", false));
    const before = world.messages.size;
    expect(world.as(alice, () => onChatMessage({}, typedAsHookSees("/d12 +3")))).toBe(false);
    await world.settle();
    expect(world.messages.size).toBe(before);
    expect(world.shown.filter((s) => s.user === alice.name).map((s) => s.shown)).toContain("2d12 Exploits is not played in this world (Configure Settings → System).");
    world.as(alice, () => onChatMessage({}, typedAsHookSees("/help")));
    await world.settle();
    await new Promise((r) => setTimeout(r, 0));
    const help = [...world.messages.values()].at(-1)!.content;
    expect(help).not.toContain("<code>/d12</code>");
    expect(help).toContain("<code>/pr</code>");
    await world.as(gm, () => game.settings!.set(SYSTEM_ID, "gameD12", true));
    world.as(alice, () => onChatMessage({}, typedAsHookSees("/d12 +3")));
    await world.settle();
    await new Promise((r) => setTimeout(r, 0));
    expect(world.messages.size).toBe(before + 2);
  });
});
