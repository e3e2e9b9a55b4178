/**
 * Dropping a condition item (the conditions pack) on a token applies its status to the token's
 * actor. v13 calls `dropCanvasData(canvas, data, event)` with the drop point in canvas coordinates
 * (client/canvas/board.mjs `Canvas#_onDrop`); returning false stops Foundry's own handling.
 */
import { applyConditionItem } from "../documents/item.ts";
import type { ActorLike } from "../documents/conditions.ts";

interface TokenLike { bounds: { contains(x: number, y: number): boolean }; actor: object | null; visible?: boolean }
interface CanvasLike { tokens?: { placeables: TokenLike[] } | null }

/** The topmost visible token under a point, or null. */
export function tokenAt(canvas: CanvasLike, x: number, y: number): TokenLike | null {
  const hits = (canvas.tokens?.placeables ?? []).filter((t) => t.visible !== false && t.bounds.contains(x, y));
  return hits.at(-1) ?? null;
}

type ConditionItem = { type?: string; name?: string; system?: { statusId?: string } };

/**
 * The hook must answer at once, so it decides from what Foundry knows synchronously (a compendium's
 * index has each entry's type) and loads the whole item (its status) afterwards.
 */
export function onDropCanvasData(canvas: CanvasLike, data: { type?: string; uuid?: string; x?: number; y?: number }): boolean | void {
  if (data?.type !== "Item" || typeof data.uuid !== "string") return;
  const known = fromUuidSync(data.uuid) as ConditionItem | null;
  if (known?.type !== "condition") return;
  const token = tokenAt(canvas, Number(data.x), Number(data.y));
  if (!token?.actor) return false;
  // The token's actor is a Foundry Actor, which has every member ActorLike names.
  const actor = token.actor as ActorLike;
  void (async () => {
    const item = await fromUuid(data.uuid!) as ConditionItem | null;
    if (item?.type === "condition") await applyConditionItem(actor, String(item.system?.statusId ?? ""), String(item.name ?? ""));
  })();
  return false;
}
