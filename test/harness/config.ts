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

/**
 * v13 client/applications/hud/token-hud.mjs `TokenHUD`, as far as the system extends it (its
 * `CONFIG.Token.hudClass`): `DEFAULT_OPTIONS.actions.effect` is `{ handler: TokenHUD.#onToggleEffect,
 * buttons: [0, 2] }`, which warns without an actor (`HUD.WarningEffectNoActor`) and otherwise calls
 * `this.actor.toggleStatusEffect(target.dataset.statusId, { active: !target.classList.contains("active"),
 * overlay: event.button === 2 })`; `actor` is `this.document?.actor`. `bind(document)` stands for
 * `BasePlaceableHUD#bind(object)` (the HUD opened on a token). `options.actions` is merged as v13
 * `ApplicationV2#_initializeApplicationOptions` (client/applications/api/application.mjs) merges
 * `DEFAULT_OPTIONS` down the inheritance chain: inner objects with `Object.assign`, so a subclass's
 * action replaces its parent's of the same name. Nothing is rendered.
 */
export class HarnessTokenHUD {
  static DEFAULT_OPTIONS: { actions: Record<string, unknown> } = {
    actions: { effect: { handler: HarnessTokenHUD.onToggleEffect, buttons: [0, 2] } },
  };
  document: { actor?: { toggleStatusEffect(id: string, o: object): Promise<unknown> } | null } | null = null;
  options: { actions: Record<string, unknown> };
  constructor() {
    const chain: { DEFAULT_OPTIONS?: { actions?: Record<string, unknown> } }[] = [];
    for (let c = this.constructor as unknown; c && c !== Function.prototype; c = Object.getPrototypeOf(c)) chain.unshift(c as never);
    const actions: Record<string, unknown> = {};
    for (const c of chain) if (Object.hasOwn(c, "DEFAULT_OPTIONS")) Object.assign(actions, c.DEFAULT_OPTIONS?.actions ?? {});
    this.options = { actions };
  }
  get actor() {
    return this.document?.actor ?? null;
  }
  bind(document: HarnessTokenHUD["document"]): this {
    this.document = document;
    return this;
  }
  static async onToggleEffect(this: HarnessTokenHUD, event: { button: number }, target: { dataset: { statusId?: string }; classList: { contains(c: string): boolean } }) {
    if (!this.actor) {
      (globalThis as unknown as { ui: { notifications: { warn(m: string, o: object): void } } }).ui.notifications.warn("HUD.WarningEffectNoActor", { localize: true });
      return;
    }
    await this.actor.toggleStatusEffect(target.dataset.statusId ?? "", { active: !target.classList.contains("active"), overlay: event.button === 2 });
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
    /** v13 `CONFIG.Token.hudClass`: the Token HUD's class (above). */
    hudClass: HarnessTokenHUD as unknown,
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
