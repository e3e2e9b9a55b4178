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
import { FLAG_SCOPE } from "../constants.ts";
import { damageObject, objectStaminaLeft } from "../rules/objects.ts";
import type { GridSpace } from "../rules/ability-use.ts";
import type { ObjectMaterial } from "../rules/battlefield.ts";
import type { DamageTaken } from "../rules/damage.ts";
import type { ObjectDamageResult } from "../rules/objects.ts";
import { systemFlags } from "./system-flags.ts";
import { updateDocument } from "./update.ts";

export const MATERIALS: readonly ObjectMaterial[] = ["glass", "wood", "stone", "metal"];

interface TileLike {
  uuid: string; x: number; y: number; width: number; height: number; hidden: boolean; flags?: unknown;
  update(c: object): Promise<unknown>;
}
/** What a tile's squares and object state are read from. */
type TileShape = Pick<TileLike, "x" | "y" | "width" | "height" | "flags">;
type SceneLike = { tiles?: { contents?: readonly unknown[] } | null; grid?: { size?: number } };

/** The squares a tile covers, in squares of a grid of `grid`. */
function tileSquares(tile: TileShape, grid: number): { x: number; y: number }[] {
  const x0 = Math.round(tile.x / grid);
  const y0 = Math.round(tile.y / grid);
  const w = Math.max(1, Math.round(tile.width / grid));
  const h = Math.max(1, Math.round(tile.height / grid));
  const out: { x: number; y: number }[] = [];
  for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) out.push({ x, y });
  return out;
}

const materialOf = (tile: TileShape): ObjectMaterial | null => {
  const m = systemFlags(tile).material;
  return MATERIALS.find((x) => x === m) ?? null;
};
const brokenOf = (tile: TileShape): string[] => {
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

/**
 * Damage a tile's object (L7238): immune to poison and psychic damage, destroyed (hidden) at 0
 * Stamina. GM's client only. Resolves to the outcome and what to undo, or null for a tile that is not
 * a standing object (no material, hidden, or off a scene with a grid).
 */
export async function damageTile(
  tile: TileLike, damage: DamageTaken, extra: (result: ObjectDamageResult) => Record<string, unknown> = () => ({}),
): Promise<{ result: ObjectDamageResult; record: BrokenTileRecord } | null> {
  const scene = (tile as { parent?: SceneLike | null }).parent;
  const state = tileObjectState(tile, Number(scene?.grid?.size) || 0);
  if (!state || tile.hidden) return null;
  const result = damageObject(state, damage);
  const record: BrokenTileRecord = { tileUuid: tile.uuid, broken: brokenOf(tile), hidden: tile.hidden, damage: state.damage };
  await updateDocument(tile, { [`flags.${FLAG_SCOPE}.damage`]: result.damage, ...(result.destroyed ? { hidden: true } : {}), ...extra(result) });
  return { result, record };
}

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
export interface BrokenTileRecord {
  tileUuid: string; broken: string[]; hidden: boolean;
  /** The damage its object had taken before (absent in records from before objects had Stamina). */
  damage?: number;
}

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
    if (!tile) continue;
    const damage = Number(r.damage);
    await updateDocument(tile, {
      [`flags.${FLAG_SCOPE}.broken`]: r.broken, hidden: r.hidden,
      ...(Number.isInteger(damage) && damage >= 0 ? { [`flags.${FLAG_SCOPE}.damage`]: damage } : {}),
    });
  }
}
