/**
 * The system's Token placeable: moving into an enemy's space costs a square more, as difficult
 * terrain does (L6830; src/canvas/movement-actions.ts), on the ruler and in the movement Foundry
 * measures. Its Stamina bar shows a hero's negative Stamina down to the death
 * threshold (red, filling toward death) instead of an empty bar. Any other bar is Foundry's own.
 */
import { STAMINA_BAR_COLORS, staminaBarView } from "../rules/stamina-bar.ts";
import { isDrawSteel } from "../data/index.ts";
import { enemySpaceCostFunction, enemySquares } from "./movement-actions.ts";
import type { CostFunction } from "./movement-actions.ts";

type BarData = { attribute: string; value: number; max: number };

/** Draw a Stamina bar on a PIXI Graphics the way Foundry draws its bars: a dark frame and a fill. */
export function drawStaminaBar(
  bar: PIXI.Graphics, number: number, data: BarData, size: { w: number; h: number }, stamina: { deathThreshold?: number; winded?: number },
) {
  const view = staminaBarView({ value: data.value, max: data.max, ...stamina });
  const height = Math.max(canvas?.dimensions?.size ?? 100, 1) / 12;
  const stroke = Math.clamp(height / 8, 1, 2);
  bar.clear();
  bar.lineStyle(stroke, 0x000000, 1.0);
  bar.beginFill(0x000000, 0.5).drawRoundedRect(0, 0, size.w, height, 3);
  bar.beginFill(STAMINA_BAR_COLORS[view.state], 1.0).drawRoundedRect(0, 0, view.fill * size.w, height, 2);
  bar.endFill();
  bar.position.set(0, number === 0 ? size.h - height : 0);
  return view;
}

export class SteelEchoesToken extends foundry.canvas.placeables.Token {
  // The options as Foundry's own declare them: TokenDocument.MeasureMovementPathOptions in v13's
  // declarations, Token.MeasureMovementPathOptions in v14's; they are only passed on.
  protected override _getMovementCostFunction(
    ...args: Parameters<foundry.canvas.placeables.Token["_getMovementCostFunction"]>
  ): TokenDocument.MovementCostFunction | void {
    const base = super._getMovementCostFunction(...args);
    const enemies = enemySquares(this.document);
    if (!enemies.size) return base;
    // Type escape: the League types TokenDocument.MovementCostFunction as an `Omit<>` of the grid's
    // cost function, which drops its call signature; CostFunction is v13's callable reading of it
    // ((from, to, distance, segment) => cost), in both directions.
    const square = Number(this.document.parent?.grid?.distance) || 1;
    const fn = enemySpaceCostFunction(base as unknown as CostFunction | undefined, enemies, square);
    return fn as unknown as TokenDocument.MovementCostFunction;
  }

  protected override _drawBar(number: number, bar: PIXI.Graphics, data: Parameters<foundry.canvas.placeables.Token["_drawBar"]>[2]): boolean {
    const actor = this.actor;
    // Type escape: Foundry's data for a token's attribute bar, typed here by the fields the Stamina bar reads.
    const d = data as unknown as BarData;
    if (actor?.type !== "hero" || !isDrawSteel(actor.system) || d.attribute !== "stamina") return super._drawBar(number, bar, data);
    const stamina = actor.system.stamina;
    const deathThreshold = "deathThreshold" in stamina ? stamina.deathThreshold : 0;
    drawStaminaBar(bar, number, d, { w: this.w, h: this.h }, { deathThreshold, winded: stamina.winded ?? 0 });
    return true;
  }
}
