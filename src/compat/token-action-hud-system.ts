/**
 * The system's classes for Token Action HUD Core (token-action-hud.ts says how the module takes them,
 * from its source): a SystemManager with the default layout, an ActionHandler listing the creature's
 * abilities, tests and conditions, and a RollHandler that carries out a click. Loaded only when the
 * module hands over its API.
 */
import { CHARACTERISTICS } from "../rules/catalogue.ts";
import { CONDITION_IDS } from "../rules/conditions.ts";
import { STATUS_ROWS } from "../documents/status-effects.ts";
import { applyCondition, removeCondition } from "../documents/conditions.ts";
import type { ActorLike } from "../documents/conditions.ts";
import type { TahCoreModule, TahServices } from "./token-action-hud.ts";

/** The module version this integration was written against (module.json 2.1.0; the same major is compatible). */
export const TAH_REQUIRED_CORE_VERSION = "2";

/** The HUD's groups: a tab each, with one list (`nestId` parent_child, as the layout handler nests them). */
export const TAH_GROUPS = {
  abilities: { id: "se-abilities", name: "SE.TAH.Abilities" },
  tests: { id: "se-tests", name: "SE.TAH.Tests" },
  conditions: { id: "se-conditions", name: "SE.TAH.Conditions" },
} as const;

export interface TahAction { id: string; name: string; encodedValue: string; img?: string; cssClass?: string }

type Localize = (key: string) => string;

/** The default layout and groups (`SystemManager#registerDefaults`), names localised. */
export function tahDefaults(localize: Localize) {
  const tabs = Object.entries(TAH_GROUPS).map(([tab, g]) => ({
    nestId: tab, id: tab, name: localize(`SE.TAH.Tab.${tab}`),
    groups: [{ nestId: `${tab}_${g.id}`, id: g.id, name: localize(g.name), type: "system" }],
  }));
  return { layout: tabs, groups: tabs.map((t) => t.groups[0]!) };
}

/** The members of an actor the lists read. */
export interface TahActorLike {
  items: Iterable<{ id: string | null; name: string; type: string; img?: string | null; uuid: string }>;
  system: unknown;
  statuses?: Set<string>;
}

/** The creature's actions: its abilities, a test per characteristic (with its score), and the nine conditions. */
export function tahActions(actor: TahActorLike, localize: Localize): Record<keyof typeof TAH_GROUPS, TahAction[]> {
  const scores = (actor.system as { characteristics?: Record<string, number> } | null)?.characteristics;
  const abilities = [...actor.items].filter((i) => i.type === "ability" && i.id).map((i) => ({
    id: `ability-${i.id}`, name: i.name, encodedValue: `ability|${i.id}`, ...(i.img ? { img: i.img } : {}),
  }));
  const tests = scores ? CHARACTERISTICS.map((c) => {
    const n = Number(scores[c]) || 0;
    return { id: `test-${c}`, name: `${localize(`SE.Characteristic.${c}`)} ${n < 0 ? `−${-n}` : `+${n}`}`, encodedValue: `test|${c}` };
  }) : [];
  const conditions = CONDITION_IDS.map((c) => ({
    id: `condition-${c}`, name: localize(`SE.Condition.${c}`), encodedValue: `condition|${c}`, img: STATUS_ROWS[c].img,
    ...(actor.statuses?.has(c) ? { cssClass: "active" } : {}),
  }));
  return { abilities, tests, conditions };
}

/** A clicked button's value back to what it does, or null for anything else. */
export function decodeTahValue(value: unknown): { kind: "ability" | "test" | "condition"; id: string } | null {
  const m = typeof value === "string" ? /^(ability|test|condition)\|([\w-]{1,40})$/.exec(value) : null;
  if (!m) return null;
  const kind = m[1] as "ability" | "test" | "condition";
  const id = m[2]!;
  if (kind === "test" && !(CHARACTERISTICS as readonly string[]).includes(id)) return null;
  if (kind === "condition" && !(CONDITION_IDS as readonly string[]).includes(id)) return null;
  return { kind, id };
}

/** Carry out a click for the HUD's creature, with the clicking user's permissions. */
export async function runTahAction(
  actor: Actor.Implementation | null | undefined, value: unknown, services: TahServices,
): Promise<unknown> {
  const action = decodeTahValue(value);
  if (!actor || !action) return null;
  if (action.kind === "test") return services.rollTest(actor, action.id);
  if (action.kind === "ability") {
    const item = actor.items.get(action.id);
    return item?.type === "ability" ? services.useAbility(item.uuid) : null;
  }
  // A Foundry Actor has every member ActorLike names (condition-drop.ts does the same).
  const like = actor as unknown as ActorLike;
  return actor.statuses.has(action.id) ? removeCondition(like, action.id) : applyCondition(like, { id: action.id });
}

/** The parts of Token Action HUD Core's classes the system's subclasses use (its source, cited above). */
interface TahActionHandlerBase {
  actor?: Actor.Implementation | null;
  addActions(actions: TahAction[], group: { id: string; type: string }): void;
}
interface TahRollHandlerBase { actor?: Actor.Implementation | null }
type Ctor<T> = new (...args: never[]) => T;

/**
 * The object to hand to `tokenActionHudSystemReady`: `{ api: { requiredCoreModuleVersion, SystemManager } }`,
 * its classes extending the module's own. Null when the module's API lacks a class it needs.
 */
export function tahSystemModule(coreModule: TahCoreModule, services: TahServices) {
  const api = coreModule?.api;
  const ActionHandler = api?.ActionHandler as Ctor<TahActionHandlerBase> | undefined;
  const RollHandler = api?.RollHandler as Ctor<TahRollHandlerBase> | undefined;
  const SystemManager = api?.SystemManager as Ctor<object> | undefined;
  if (typeof ActionHandler !== "function" || typeof RollHandler !== "function" || typeof SystemManager !== "function") return null;
  const localize: Localize = (key) => game.i18n?.localize(key) ?? key;

  class SteelEchoesActionHandler extends ActionHandler {
    async buildSystemActions(_groupIds: string[]): Promise<void> {
      // One creature at a time: with several selected the module gives no actor.
      if (!this.actor) return;
      // Type escape: the HUD hands us Foundry's actor; tahActions reads its structural part (TahActorLike).
      const lists = tahActions(this.actor as unknown as TahActorLike, localize);
      for (const key of Object.keys(TAH_GROUPS) as (keyof typeof TAH_GROUPS)[]) {
        this.addActions(lists[key], { id: TAH_GROUPS[key].id, type: "system" });
      }
    }
  }
  class SteelEchoesRollHandler extends RollHandler {
    async handleActionClick(_event: unknown, buttonValue: unknown): Promise<void> {
      await runTahAction(this.actor, buttonValue, services);
    }
  }
  class SteelEchoesSystemManager extends SystemManager {
    getActionHandler() { return new SteelEchoesActionHandler(); }
    getAvailableRollHandlers() { return { core: `Core ${game.system?.title ?? "Steel & Echoes"}` }; }
    getRollHandler(_rollHandlerId?: string) { return new SteelEchoesRollHandler(); }
    registerSettings() {}
    async registerDefaults() { return tahDefaults(localize); }
    registerStyles() { return {}; }
  }
  return { api: { requiredCoreModuleVersion: TAH_REQUIRED_CORE_VERSION, SystemManager: SteelEchoesSystemManager } };
}
