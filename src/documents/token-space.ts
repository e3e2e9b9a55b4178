/** A token's place on the grid, as the battlefield rules (src/rules/battlefield.ts) count it. */
import type { GridSpace } from "../rules/ability-use.ts";

/**
 * A token document's space in squares: its top-left corner in pixels (v13 BaseToken `x`, `y`) over
 * the grid's size in pixels, and its width in squares as its size (at least 1).
 */
export function tokenSpace(token: { x: number; y: number; width: number }, grid: number): GridSpace {
  return { x: Math.round(token.x / grid), y: Math.round(token.y / grid), size: Math.max(1, Math.round(token.width)) };
}
