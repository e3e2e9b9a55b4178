/**
 * Damaging objects on the map from an ability card (seed 004, L281, L6544, L7236–7245): the Director
 * selects the object tiles an ability hits (tiles with a material, src/documents/scene-objects.ts) and
 * applies the card's damage to them, or undoes that. A tile is unattended by nature (L281: held, worn
 * or controlled objects are not tiles), and the Director's click is the Director's call that this
 * ability reaches it (L6544).
 *
 * The tier is the card's own roll (the power roll with its own edges and banes, before any target's);
 * an object makes no resistance roll, so a resistance ability's card has none to apply. Only a GM
 * writes a tile (see scene-objects.ts), so this runs on the GM's client only and needs no relay: a
 * player whose ability hits a door asks the Director. A card a player wrote is checked as every other
 * card action checks it (`cardLimitRefusal`, `cardProblem`, `cardApprovalRefusal`) before its damage
 * touches a tile. What each card did to a tile is kept on that tile
 * (`flags.steel-echoes.cardDamage.<message id>`), which only a GM writes: one application per card
 * and tile, and its undo.
 */
import { untargetedResult } from "../data/ability-use-build.ts";
import { FLAG_SCOPE } from "../constants.ts";
import { abilityUseOf, cardProblem } from "./ability-results.ts";
import { cardApprovalRefusal, cardLimitRefusal } from "./card-refusals.ts";
import type { CardServices } from "./card-refusals.ts";
import type { Notice } from "./relay.ts";
import { systemFlags } from "./system-flags.ts";
import { tileObjectState } from "./scene-objects.ts";
import { damageTile, restoreObjectSquares } from "./scene-object-damage.ts";
import { updateDocument } from "./update.ts";
import { deletion } from "../compat/versions.ts";
import { boundedAmount } from "./card-target-tiers.ts";
import { NUMBER_CEILING } from "../data/fields.ts";

type Message = ChatMessage.Implementation;

export interface ObjectDamageRequest {
  messageId: string;
  /** The tiles' UUIDs (the Director's selection on the Tiles layer). */
  tileUuids: readonly string[];
  action: "apply" | "undo";
}

/** What a card's application did to a tile, kept on the tile for its undo. */
interface TileCardRecord { dealt: number; hidden: boolean; damage: number }

interface TileDoc {
  uuid: string; name?: string | null; x: number; y: number; width: number; height: number; hidden: boolean; flags?: unknown;
  documentName?: string; parent?: { grid?: { size?: number } } | null;
  update(c: object): Promise<unknown>;
}

const notice = (key: string, format?: Record<string, string>, type: Notice["type"] = "warn"): Notice =>
  ({ type, key: `SE.ObjectDamage.${key}`, ...(format ? { format } : {}) });

function recordOf(tile: TileDoc, messageId: string): TileCardRecord | null {
  const all = systemFlags(tile).cardDamage as Record<string, unknown> | undefined;
  const r = all && typeof all === "object" ? all[messageId] : null;
  return r && typeof r === "object" ? r as TileCardRecord : null;
}

/** A tile's name for the Director's notices: its material and its place on the grid. */
function tileLabel(tile: TileDoc, material: string, i18n: { localize(k: string): string }): string {
  const grid = Number(tile.parent?.grid?.size) || 1;
  return `${i18n.localize(`SE.Object.Material.${material}`)} (${Math.round(tile.x / grid)}, ${Math.round(tile.y / grid)})`;
}

/**
 * Apply a card's damage to the selected object tiles, or undo it, as `user` (a GM). Resolves to the
 * notices to show: one per tile, or the one reason nothing was done.
 */
export async function damageObjectsFromCard(
  request: ObjectDamageRequest, user: { id: string | null; isGM: boolean }, services: CardServices,
  i18n: { localize(k: string): string } = game.i18n!,
): Promise<{ ok: boolean; notices: Notice[] }> {
  if (!user.isGM) return { ok: false, notices: [notice("Error.GmOnly", undefined, "error")] };
  const message = game.messages?.get(String(request?.messageId)) as Message | undefined;
  const use = abilityUseOf(message);
  if (!message || !use) return { ok: false, notices: [{ type: "warn", key: "SE.AbilityCard.Error.Gone" }] };
  const tiles: TileDoc[] = [];
  for (const uuid of new Set(Array.isArray(request.tileUuids) ? request.tileUuids.map(String) : [])) {
    const doc = (await fromUuid(uuid).catch(() => null)) as TileDoc | null;
    if (doc?.documentName === "Tile" && tileObjectState(doc, Number(doc.parent?.grid?.size) || 0)) tiles.push(doc);
  }
  if (!tiles.length) return { ok: false, notices: [notice("Error.NoTile")] };

  const notices: Notice[] = [];
  if (request.action === "undo") {
    for (const tile of tiles) {
      const state = tileObjectState(tile, Number(tile.parent?.grid?.size) || 0)!;
      const label = tileLabel(tile, state.material, i18n);
      const r = recordOf(tile, message.id!);
      if (!r) {
        notices.push(notice("NotDamaged", { name: label }, "info"));
        continue;
      }
      // Only a GM wrote the record; it is still read within bounds.
      const damage = Math.max(0, state.damage - boundedAmount(r.dealt, NUMBER_CEILING));
      const broken = systemFlags(tile).broken;
      const back = { tileUuid: tile.uuid, broken: Array.isArray(broken) ? broken.map(String) : [], hidden: r.hidden === true, damage };
      await restoreObjectSquares([back]);
      await updateDocument(tile, deletion(`flags.${FLAG_SCOPE}.cardDamage.${message.id}`));
      notices.push(notice("Undone", { name: label }, "info"));
    }
    return { ok: true, notices };
  }

  const beyond = cardLimitRefusal(message, use);
  if (beyond) return { ok: false, notices: [beyond] };
  if (await cardProblem(message, use)) return { ok: false, notices: [{ type: "error", key: "SE.AbilityCard.Error.Tampered" }] };
  const unapproved = await cardApprovalRefusal(message, use, services, user.id);
  if (unapproved) return { ok: false, notices: [unapproved] };
  // An object makes no resistance roll: only the card's own power roll gives its tier.
  const tier = use.kind === "resistance" ? null : untargetedResult(use)?.tier ?? null;
  if (!tier) return { ok: false, notices: [notice("Error.NoTier")] };
  const tierData = use.tiers[tier - 1];
  const amount = tierData?.damage.value;
  if (amount === null || amount === undefined || !tierData) return { ok: false, notices: [notice("Error.NoDamage", { tier: String(tier) })] };

  for (const tile of tiles) {
    const state = tileObjectState(tile, Number(tile.parent?.grid?.size) || 0)!;
    const label = tileLabel(tile, state.material, i18n);
    if (recordOf(tile, message.id!)) {
      notices.push(notice("AlreadyDamaged", { name: label }, "info"));
      continue;
    }
    if (tile.hidden) {
      notices.push(notice("Destroyed", { name: label }, "info"));
      continue;
    }
    const record = (dealt: number): TileCardRecord => ({ dealt, hidden: false, damage: state.damage });
    const damage = { amount: boundedAmount(amount, NUMBER_CEILING), type: tierData.damage.type, keywords: use.keywords };
    const done = await damageTile(tile, damage,
      (result) => ({ [`flags.${FLAG_SCOPE}.cardDamage.${message.id}`]: record(result.dealt) }));
    if (!done) continue;
    const format = { name: label, damage: String(done.result.dealt), stamina: String(done.result.stamina) };
    notices.push(notice(done.result.destroyed ? "DestroyedBy" : "Took", format, "info"));
  }
  return { ok: true, notices };
}
