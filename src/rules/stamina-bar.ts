/**
 * The Stamina bar on a token (pure: src/canvas/token.ts draws it in these colours). Above 0 it fills by Stamina over its maximum, green, then amber
 * once winded; at 0 or below a hero is dying, and the bar turns red and fills by how far Stamina has
 * fallen toward the death threshold (seed 004, L7198–7206), so the table sees at a glance how close to
 * death a hero is. Monsters die at 0 and keep the ordinary bar.
 */
export interface StaminaBarInput {
  value: number;
  max: number;
  /** Minus the winded value (heroes); 0 or absent for creatures that die at 0. */
  deathThreshold?: number;
  winded?: number;
}

export interface StaminaBarView {
  /** Fraction of the bar filled, 0..1. */
  fill: number;
  state: "healthy" | "winded" | "dying";
}

export function staminaBarView({ value, max, deathThreshold = 0, winded }: StaminaBarInput): StaminaBarView {
  const v = Number.isFinite(value) ? value : 0;
  if (v <= 0 && deathThreshold < 0) {
    return { fill: Math.min(1, Math.max(0, v / deathThreshold)), state: "dying" };
  }
  const fill = max > 0 ? Math.min(1, Math.max(0, v / max)) : 0;
  const windedAt = winded ?? Math.floor(max / 2);
  return { fill, state: v <= windedAt ? "winded" : "healthy" };
}

/** Bar colours (PIXI hex numbers) by state. */
export const STAMINA_BAR_COLORS: Record<StaminaBarView["state"], number> = {
  healthy: 0x3c9a48,
  winded: 0xd29a2a,
  dying: 0xc0392b,
};
