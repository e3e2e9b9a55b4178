/**
 * Objects on the map for forced movement (seed 004, L6952–6969): tiles the Director marks with a
 * material in the tile's configuration (`flags.steel-echoes.material`: glass, wood, stone or metal).
 * Every square a tile covers is one square of that object (v13 BaseTile: `x`, `y`, `width`, `height`
 * in canvas pixels). Squares broken by a creature hurled through them are listed in the tile's
 * `flags.steel-echoes.broken` (`"x,y"`); a tile whose every square is broken is hidden.
 */
import { FLAG_SCOPE } from "../constants.ts";
import type { GridSpace, ObjectMaterial } from "../rules/index.ts";
import { systemFlags } from "./system-flags.ts";
import { updateDocument } from "./update.ts";

export const MATERIALS: readonly ObjectMaterial[] = ["glass", "wood", "stone", "metal"];

interface TileLike {
  uuid: string; x: number; y: number; width: number; height: number; hidden: boolean; flags?: unknown;
  update(c: object): Promise<unknown>;
}
type SceneLike = { tiles?: { contents?: readonly unknown[] } | null; grid?: { size?: number } };

/** The squares a tile covers, in squares of a grid of `grid`. */
function tileSquares(tile: TileLike, grid: number): { x: number; y: number }[] {
  const x0 = Math.round(tile.x / grid);
  const y0 = Math.round(tile.y / grid);
  const w = Math.max(1, Math.round(tile.width / grid));
  const h = Math.max(1, Math.round(tile.height / grid));
  const out: { x: number; y: number }[] = [];
  for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) out.push({ x, y });
  return out;
}

const materialOf = (tile: TileLike): ObjectMaterial | null => {
  const m = systemFlags(tile).material;
  return MATERIALS.find((x) => x === m) ?? null;
};
const brokenOf = (tile: TileLike): string[] => {
  const b = systemFlags(tile).broken;
  return Array.isArray(b) ? b.map(String) : [];
};

/** Every unbroken object square of the scene, with its material and its tile's UUID. */
export function sceneObjects(scene: SceneLike | null | undefined): (GridSpace & { material: ObjectMaterial; tileUuid: string })[] {
  const grid = Number(scene?.grid?.size) || 0;
  if (!grid) return [];
  const out: (GridSpace & { material: ObjectMaterial; tileUuid: string })[] = [];
  for (const tile of (scene?.tiles?.contents ?? []) as TileLike[]) {
    const material = materialOf(tile);
    if (!material || tile.hidden) continue;
    const broken = new Set(brokenOf(tile));
    for (const q of tileSquares(tile, grid)) if (!broken.has(`${q.x},${q.y}`)) out.push({ ...q, size: 1, material, tileUuid: tile.uuid });
  }
  return out;
}

/** What breaking squares changed on a tile, for undo. */
export interface BrokenTileRecord { tileUuid: string; broken: string[]; hidden: boolean }

/** Mark object squares broken on their tiles (hiding a tile with none left); resolves to what to undo. */
export async function breakObjectSquares(
  scene: SceneLike | null | undefined, squares: readonly { x: number; y: number; tileUuid: string }[],
): Promise<BrokenTileRecord[]> {
  const grid = Number(scene?.grid?.size) || 0;
  const records: BrokenTileRecord[] = [];
  for (const tile of (scene?.tiles?.contents ?? []) as TileLike[]) {
    const mine = squares.filter((q) => q.tileUuid === tile.uuid);
    if (!mine.length || !grid) continue;
    const before = brokenOf(tile);
    const after = [...new Set([...before, ...mine.map((q) => `${q.x},${q.y}`)])];
    const all = tileSquares(tile, grid).every((q) => after.includes(`${q.x},${q.y}`));
    records.push({ tileUuid: tile.uuid, broken: before, hidden: tile.hidden });
    await updateDocument(tile, { [`flags.${FLAG_SCOPE}.broken`]: after, ...(all ? { hidden: true } : {}) });
  }
  return records;
}

/** Undo: put the tiles' broken squares and visibility back as they were. */
export async function restoreObjectSquares(records: readonly BrokenTileRecord[]): Promise<void> {
  for (const r of records) {
    const tile = (await fromUuid(r.tileUuid).catch(() => null)) as TileLike | null;
    if (tile) await updateDocument(tile, { [`flags.${FLAG_SCOPE}.broken`]: r.broken, hidden: r.hidden });
  }
}
