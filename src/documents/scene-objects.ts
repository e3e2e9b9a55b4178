/**
 * Objects on the map for forced movement (seed 004, L6952–6969): tiles the Director marks with a
 * material in the tile's configuration (`flags.steel-echoes.material`: glass, wood, stone or metal).
 * Every square a tile covers is one square of that object (v13 BaseTile: `x`, `y`, `width`, `height`
 * in canvas pixels). Squares broken by a creature hurled through them are listed in the tile's
 * `flags.steel-echoes.broken` (`"x,y"`); a tile whose every square is broken is hidden.
 *
 * Each tile is one object with Stamina by its material and its unbroken squares (L7236–7243): the
 * damage it has taken is `flags.steel-echoes.damage`, and at 0 Stamina it is destroyed, which hides it
 * (L7238). Only a GM writes a tile: v13 common/documents/tile.mjs `BaseTile.metadata` declares no
 * permissions of its own and its schema has no `ownership`, so common/abstract/document.mjs
 * `Document#canUserModify` needs OWNER, which `#testUserPermission` gives a GM only (`getUserLevel`
 * reads `ownership`, absent: null). The GM's client reads what it wrote there.
 */
import { objectStaminaLeft } from "../rules/objects.ts";
import type { ObjectMaterial } from "../rules/battlefield.ts";
import { systemFlags } from "./system-flags.ts";

export const MATERIALS: readonly ObjectMaterial[] = ["glass", "wood", "stone", "metal"];

export interface TileLike {
  uuid: string; x: number; y: number; width: number; height: number; hidden: boolean; flags?: unknown;
  update(c: object): Promise<unknown>;
}
/** What a tile's squares and object state are read from. */
type TileShape = Pick<TileLike, "x" | "y" | "width" | "height" | "flags">;

/** The squares a tile covers, in squares of a grid of `grid`. */
export function tileSquares(tile: TileShape, grid: number): { x: number; y: number }[] {
  const x0 = Math.round(tile.x / grid);
  const y0 = Math.round(tile.y / grid);
  const w = Math.max(1, Math.round(tile.width / grid));
  const h = Math.max(1, Math.round(tile.height / grid));
  const out: { x: number; y: number }[] = [];
  for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) out.push({ x, y });
  return out;
}

export const materialOf = (tile: TileShape): ObjectMaterial | null => {
  const m = systemFlags(tile).material;
  return MATERIALS.find((x) => x === m) ?? null;
};
export const brokenOf = (tile: TileShape): string[] => {
  const b = systemFlags(tile).broken;
  return Array.isArray(b) ? b.map(String) : [];
};

/** The damage a tile's object has taken: a whole number of 0 or more (anything else reads as 0). */
export function tileDamageOf(tile: { flags?: unknown }): number {
  const d = Number(systemFlags(tile).damage);
  return Number.isInteger(d) && d > 0 ? d : 0;
}

/** A tile as an object (L7236–7243): its material, unbroken squares, damage taken and Stamina left; null when it has no material. */
export interface TileObjectState { material: ObjectMaterial; squares: number; damage: number; stamina: number; max: number }
export function tileObjectState(tile: TileShape, grid: number): TileObjectState | null {
  const material = materialOf(tile);
  if (!material || !grid) return null;
  const broken = new Set(brokenOf(tile));
  const squares = tileSquares(tile, grid).filter((q) => !broken.has(`${q.x},${q.y}`)).length;
  const damage = tileDamageOf(tile);
  const max = objectStaminaLeft({ material, squares, damage: 0 });
  return { material, squares, damage, stamina: objectStaminaLeft({ material, squares, damage }), max };
}
