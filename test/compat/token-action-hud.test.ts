// Token Action HUD Core (issue 33) at a table of clients, with a stand-in for the module written from its
// source (Larkinabout/fvtt-token-action-hud-core 2.1.0; each piece cites the file and function it
// stands for). Installed and active: the HUD lists the selected creature's abilities, tests and
// conditions, and a click acts with the clicker's permissions. Not installed, or installed but off:
// the system registers nothing and the module's hooks find no system.
import { describe, expect, it } from "vitest";
import { harness } from "../harness/foundry.ts";
import { checkAfterEach, setupTable } from "../fixtures/world.ts";
import type { Table } from "../fixtures/world.ts";

const t: Table = await setupTable();
const { world, gm, alice, korva, goblin } = t;
const { registerTokenActionHud, TAH_CORE_ID } = await import("../../src/compat/token-action-hud.ts");
const { decodeTahValue } = await import("../../src/compat/token-action-hud-system.ts");

interface Action { id: string; name: string; encodedValue: string; cssClass?: string }

/** module/handlers/action-handlers/action-handler.mjs `ActionHandler`: `actor`, `addActions(actions, groupData)` into that group. */
class FakeActionHandler {
  actor: unknown = null;
  added: Record<string, Action[]> = {};
  addActions(actions: Action[], group: { id: string; type: string }) {
    if (!actions.length || !group?.id) return;
    (this.added[group.id] ??= []).push(...actions);
  }
}
/**
 * module/handlers/roll-handlers/roll-handler.mjs `RollHandler`: `actor` is `hudManager.actor`;
 * `handleActionClickCore(event, action)` reads the clicked button's `value` and calls `handleActionClick(event, value)`.
 */
class FakeRollHandler {
  hudManager: { actor: unknown } | null = null;
  get actor() { return this.hudManager?.actor; }
  async handleActionClickCore(event: { target: { value: string } }) { return (this as unknown as { handleActionClick(e: unknown, v: string): Promise<void> }).handleActionClick(event, event.target.value); }
  handleActionClick(_event: unknown, _value: string) {}
}
/** module/managers/system-manager.mjs `SystemManager`: `init()` registers defaults, styles and settings; the core handlers wrap the system's. */
class FakeSystemManager {
  defaults: unknown = [];
  styles: unknown = null;
  rollHandlers: unknown = null;
  constructor(public coreModuleId: string) {}
  async init() {
    const self = this as unknown as { registerDefaults(): Promise<unknown>; registerStyles(): unknown; getAvailableRollHandlers(): unknown; registerSettings(f?: unknown): void };
    this.defaults = (await self.registerDefaults()) ?? [];
    this.styles = { foundryVTT: {}, ...(self.registerStyles() as object ?? {}) };
    this.rollHandlers = self.getAvailableRollHandlers();
    self.registerSettings(() => undefined);
  }
  getActionHandlerCore(hudManager: { actor: unknown }) {
    const handler = (this as unknown as { getActionHandler(): FakeActionHandler }).getActionHandler();
    handler.actor = hudManager.actor;
    return handler;
  }
  getRollHandlerCore(hudManager: { actor: unknown }) {
    const handler = (this as unknown as { getRollHandler(id: string): FakeRollHandler | null | undefined }).getRollHandler("core") ?? new FakeRollHandler();
    handler.hudManager = hudManager;
    return handler;
  }
}

/** The module as `game.modules` lists it, and module/main.mjs's `registerCoreModule` on `tokenActionHudSystemReady`. */
function installModule(active: boolean) {
  const module = { id: TAH_CORE_ID, active, version: "2.1.0", api: undefined as unknown };
  (game as unknown as { modules: Map<string, unknown> }).modules = new Map([[TAH_CORE_ID, module]]);
  const systems: { api: { requiredCoreModuleVersion: string; SystemManager: new (id: string) => FakeSystemManager } }[] = [];
  harness.hooks.on("tokenActionHudSystemReady", (system: never) => { systems.push(system); });
  // module/core/api.mjs `registerApi`, at ready: the API on the module, then the hook.
  const ready = () => {
    module.api = { ActionHandler: FakeActionHandler, RollHandler: FakeRollHandler, SystemManager: FakeSystemManager };
    harness.hooks.callAll("tokenActionHudCoreApiReady", module);
  };
  return { systems, ready };
}
const settle = () => new Promise((r) => setTimeout(r, 20));
const services = { used: [] as string[], rolled: [] as string[] };
const spies = {
  useAbility: async (uuid: string) => { services.used.push(uuid); },
  rollTest: async (actor: { name: string | null }, c: string) => { services.rolled.push(`${actor.name} ${c}`); },
};

checkAfterEach(world, { honest: true });

describe("Token Action HUD Core not installed, or off", () => {
  it("registers nothing: the module's API hook finds no system and nothing breaks", async () => {
    (game as unknown as { modules?: unknown }).modules = new Map();
    expect(world.as(gm, () => registerTokenActionHud(spies as never))).toBe(false);
    const off = installModule(false);
    expect(world.as(gm, () => registerTokenActionHud(spies as never))).toBe(false);
    off.ready();
    await settle();
    expect(off.systems).toEqual([]);
  });
});

describe("Token Action HUD Core active", () => {
  it("hands the module a SystemManager whose HUD lists the hero's abilities, tests and conditions", async () => {
    const on = installModule(true);
    expect(world.as(alice, () => registerTokenActionHud(spies as never))).toBe(true);
    on.ready();
    await settle();
    expect(on.systems).toHaveLength(1);
    const system = on.systems[0]!;
    expect(system.api.requiredCoreModuleVersion).toBe("2");
    const manager = new system.api.SystemManager(TAH_CORE_ID);
    await world.as(alice, () => manager.init());
    expect((manager.defaults as { layout: { nestId: string; groups: { nestId: string }[] }[] }).layout.map((l) => [l.nestId, l.groups[0]!.nestId])).toEqual([
      ["abilities", "abilities_se-abilities"], ["tests", "tests_se-tests"], ["conditions", "conditions_se-conditions"],
    ]);
    const handler = manager.getActionHandlerCore({ actor: korva });
    await world.as(alice, () => (handler as unknown as { buildSystemActions(ids: string[]): Promise<void> }).buildSystemActions([]));
    expect(handler.added["se-abilities"]!.map((a) => a.name)).toEqual(["Brutal Slam", "Flame Burst"]);
    expect(handler.added["se-tests"]!.map((a) => a.encodedValue)).toEqual(["test|might", "test|agility", "test|reason", "test|intuition", "test|presence"]);
    expect(handler.added["se-conditions"]!.map((a) => a.name)).toEqual(["Bleeding", "Dazed", "Frightened", "Grabbed", "Prone", "Restrained", "Slowed", "Taunted", "Weakened"]);

    // Clicks: an ability is used, a test rolled, a condition toggled on the HUD's creature.
    const roll = manager.getRollHandlerCore({ actor: korva });
    const click = (value: string) => world.as(alice, () => roll.handleActionClickCore({ target: { value } }));
    const slam = handler.added["se-abilities"]![0]!;
    await click(slam.encodedValue);
    expect(services.used).toEqual([[...korva.items].find((i) => i.name === "Brutal Slam")!.uuid]);
    await click("test|agility");
    expect(services.rolled).toEqual(["Korva agility"]);
    await click("condition|prone");
    expect(korva.statuses.has("prone")).toBe(true);
    const again = manager.getActionHandlerCore({ actor: korva });
    await world.as(alice, () => (again as unknown as { buildSystemActions(ids: string[]): Promise<void> }).buildSystemActions([]));
    expect(again.added["se-conditions"]!.find((a) => a.id === "condition-prone")!.cssClass).toBe("active");
    await click("condition|prone");
    expect(korva.statuses.has("prone")).toBe(false);
  });
  it("a click on another's creature is refused on the player's client; forged values do nothing", async () => {
    const on = installModule(true);
    world.as(alice, () => registerTokenActionHud(spies as never));
    on.ready();
    await settle();
    const manager = new on.systems[0]!.api.SystemManager(TAH_CORE_ID);
    const roll = manager.getRollHandlerCore({ actor: goblin });
    await world.as(alice, () => roll.handleActionClickCore({ target: { value: "condition|prone" } }));
    expect(goblin.statuses.has("prone")).toBe(false);
    expect(world.shown.filter((s) => s.user === "Alice").map((s) => s.shown)).toEqual([
      "Only the creature's owner or the Director can change its conditions. Use the ability's card to impose them.",
    ]);
    for (const value of ["condition|dying", "test|luck", "ability|", "ability|x|y", "<b>", ""]) expect(decodeTahValue(value), value).toBeNull();
  });
});
