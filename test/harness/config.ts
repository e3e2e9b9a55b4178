/**
 * The global `CONFIG` as far as the system reads and writes it (v13 client/config.mjs): document
 * classes and data models, queries, status effects, dice classes (filled by test/harness/dice.ts).
 */
/**
 * v13 client/applications/ux/text-editor.mjs `TextEditor`, as far as the system extends it: the class
 * `CONFIG.ux.TextEditor` holds and `TextEditor.enrichHTML` defers to. `_createInlineRoll` stands for
 * core's inline roll: any `[[/command formula]]` match becomes core's roll element (the real one asks
 * `ChatLog.parse` for a roll command; here every match is one), described as a plain object.
 */
export class HarnessTextEditor {
  static async _createInlineRoll(match: RegExpMatchArray, _rollData: object, _options?: object): Promise<unknown> {
    return { coreInlineRoll: match[0] };
  }
}

export const CONFIG = {
  /** v13 client/config.mjs `CONFIG.TextEditor.enrichers`: custom enrichers, applied after core's (`TextEditor.enrichHTML`). */
  TextEditor: { enrichers: [] as unknown[] },
  /** v13 client/config.mjs `CONFIG.ux.TextEditor`: the configured TextEditor class. */
  ux: { TextEditor: HarnessTextEditor as unknown },
  Actor: { dataModels: {} as Record<string, unknown> },
  Item: { dataModels: {} as Record<string, unknown> },
  Combat: { documentClass: null as unknown },
  Combatant: { documentClass: null as unknown },
  ui: {} as Record<string, unknown>,
  /** v13's query handlers, by name (`User#query` calls them on the receiving client). */
  queries: {} as Record<string, unknown>,
  statusEffects: [] as unknown[],
  /** v13 client/config.mjs `CONFIG.specialStatusEffects`: the status ids core itself toggles (DEFEATED by the tracker). */
  specialStatusEffects: { DEFEATED: "dead", INVISIBLE: "invisible", BLIND: "blind", BURROW: "burrow", HOVER: "hover", FLY: "fly" },
  Token: {
    objectClass: null as unknown,
    documentClass: null as unknown,
    /** v13 `CONFIG.Token.movement`: the default action and the movement actions (below). */
    movement: { defaultAction: "walk", actions: v13MovementActions() },
  },
  Dice: {
    rolls: [] as unknown[],
    terms: {} as Record<string, unknown>,
    randomUniform: Math.random as () => number,
  },
};

/**
 * v13's default movement actions (client/config.mjs `CONFIG.Token.movement.actions`, as the League's
 * types document them): walk, fly, swim, burrow at cost; crawl, climb and jump at double cost; blink
 * and displace teleport (displace is not measured and costs nothing).
 */
export function v13MovementActions(): Record<string, Record<string, unknown>> {
  const double = () => (cost: number) => cost * 2;
  return {
    walk: { label: "TOKEN.MOVEMENT.ACTIONS.walk.label", icon: "fa-solid fa-person-walking", order: 0 },
    fly: { label: "TOKEN.MOVEMENT.ACTIONS.fly.label", icon: "fa-solid fa-person-fairy", order: 1 },
    swim: { label: "TOKEN.MOVEMENT.ACTIONS.swim.label", icon: "fa-solid fa-person-swimming", order: 2 },
    burrow: { label: "TOKEN.MOVEMENT.ACTIONS.burrow.label", icon: "fa-solid fa-person-digging", order: 3 },
    crawl: { label: "TOKEN.MOVEMENT.ACTIONS.crawl.label", icon: "fa-solid fa-person-praying", order: 4, getCostFunction: double },
    climb: { label: "TOKEN.MOVEMENT.ACTIONS.climb.label", icon: "fa-solid fa-person-through-window", order: 5, getCostFunction: double },
    jump: { label: "TOKEN.MOVEMENT.ACTIONS.jump.label", icon: "fa-solid fa-person-running-fast", order: 6, getCostFunction: double },
    blink: { label: "TOKEN.MOVEMENT.ACTIONS.blink.label", icon: "fa-solid fa-person-from-portal", order: 7, teleport: true },
    displace: {
      label: "TOKEN.MOVEMENT.ACTIONS.displace.label", icon: "fa-solid fa-transporter-1", order: 8, teleport: true, measure: false, walls: null,
      visualize: false, canSelect: () => false, getCostFunction: () => () => 0,
    },
  };
}
