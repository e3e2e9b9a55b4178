/**
 * A small always-visible panel with the Director's Villain Power and the party's hero tokens. Every
 * client shows the world settings and re-renders when they change; the GM edits them (buttons or
 * typing), a player spends a hero token for their own hero through the GM.
 */
import { changePoolValue, endSession, poolValue, setPoolValue } from "../../documents/pools.ts";
import type { PoolName } from "../../documents/pools.ts";
import { requestHeroTokenFor } from "../../documents/hero-tokens.ts";
import { poolsPanelContext } from "../view-models/pools-panel.ts";
import { dissonancePointsShown } from "../../settings/echoes-records.ts";
import { gameEnabled } from "../../settings/games.ts";
import { SYSTEM_ID, CSS_ROOT, templatePath } from "../../constants.ts";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;
type RenderOptions = foundry.applications.api.ApplicationV2.RenderOptions;
type Context = ReturnType<typeof poolsPanelContext> & foundry.applications.api.ApplicationV2.RenderContext;

export class PoolsPanel extends HandlebarsApplicationMixin(ApplicationV2<Context>) {
  static override DEFAULT_OPTIONS = {
    id: `${SYSTEM_ID}-pools`,
    tag: "aside",
    classes: [CSS_ROOT, "se-pools-panel"],
    window: { frame: false, positioned: false },
    actions: {
      changePool: PoolsPanel.#changePool,
      spendHeroToken: PoolsPanel.#spendHeroToken,
      endSession: () => void endSession(),
      // Echoes' enemy phase loads with its dialog (issue 31).
      enemyPhase: () => void import("../dialogs/echoes-activation.ts").then((m) => m.openEnemyActivation()),
    },
  };

  static override PARTS = { pools: { template: templatePath("combat/pools-panel.hbs") } };

  protected override async _prepareContext(): Promise<Context> {
    const hero = game.user?.character;
    return poolsPanelContext({
      villainPower: poolValue("villainPower"),
      heroTokens: poolValue("heroTokens"),
      dissonancePoints: gameEnabled("echoes") && game.actors?.some((a) => a.type === "echoes") ? poolValue("dissonancePoints") : null,
      drawSteelOff: !gameEnabled("drawSteel"),
      showDissonancePoints: dissonancePointsShown(),
      isGM: !!game.user?.isGM,
      heroName: hero && hero.type === "hero" ? hero.name : null,
    });
  }

  protected override async _onRender(context: Context, options: RenderOptions): Promise<void> {
    await super._onRender(context, options);
    const element = this.element;
    for (const input of element.querySelectorAll<HTMLInputElement>("input.se-pools__value")) {
      input.addEventListener("change", () => void setPoolValue(input.name as PoolName, Number(input.value)).then((v) => {
        if (v === null) input.value = String(poolValue(input.name as PoolName));
      }));
    }
  }

  static async #changePool(this: PoolsPanel, _event: PointerEvent, target: HTMLElement) {
    await changePoolValue(target.dataset.pool as PoolName, Number(target.dataset.delta));
  }

  static async #spendHeroToken() {
    const hero = game.user?.character;
    if (hero) await requestHeroTokenFor(hero);
  }
}

let panel: PoolsPanel | null = null;

/** Render the panel once the game is ready, inside Foundry's interface layer, and keep it in step. */
export function showPoolsPanel(): void {
  panel ??= new PoolsPanel();
  void panel.render({ force: true });
}
