/**
 * Objects on the scene damaged and restored (issue 29, item 39): tiles' squares broken and mended,
 * damage dealt to a tile. Loaded with the cards' actions, not before `ready` (issue 31); the materials and
 * a tile's state, which the tile's config shows, are in ./scene-objects.ts.
 */
import { FLAG_SCOPE } from "../constants.ts";
import { damageObject } from "../rules/objects.ts";
import type { GridSpace } from "../rules/ability-use.ts";
import type { ObjectMaterial } from "../rules/battlefield.ts";
import type { DamageTaken } from "../rules/damage.ts";
import type { ObjectDamageResult } from "../rules/objects.ts";
import { updateDocument } from "./update.ts";
import { tileObjectState, brokenOf, materialOf, tileSquares, type TileLike } from "./scene-objects.ts";

type SceneLike = { tiles?: { contents?: readonly unknown[] } | null; grid?: { size?: number } };

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
