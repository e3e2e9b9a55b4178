/**
 * EDGE cards (seed 003 S3:L818–833) on Foundry's Cards documents (v13 `Cards#deal`, `Cards#shuffle`,
 * `Card#recall`, `Cards#availableCards`, read through the League's v13 types):
 * - the world's **EDGE deck** is a deck flagged `steel-echoes.edgeDeck`, made by the GM from the
 *   starter set (src/data/edge-cards.ts) when first needed, and shuffled;
 * - each player's **hand** is a hand owned by that player, made by the GM when it first gives them a
 *   card; which hand is whose is the GM's record, a world setting (src/settings/edge-cards.ts), never
 *   the hand's flags: the player owns the hand and may rewrite them;
 * - the GM **gives** a card: dealt at random, refused while the hand holds three (S3:L825);
 * - a player **plays** a card (choosing one of its two sentences, S3:L829), **burns** it for
 *   advantage on their next 2d12 check (S3:L831), or **discards** it; playing or burning is one card
 *   an encounter (S3:L828, the combat under way; outside one the Director judges). A played, burnt
 *   or discarded card goes back to the deck, which is shuffled (S3:L833).
 * The deck is the GM's, so a player's action travels through the GM relay; the GM finds the hand by
 * the requester the server names, in its own record, never by anything in the request or on the hand.
 * The once-an-encounter marker is also the GM's record. Only the advantage a burnt card leaves stays
 * on the player's User: her own next roll reads it on her own client, and the GM trusts nothing of it.
 */
import { FLAG_SCOPE } from "../constants.ts";
import { edgeCardPlayable, edgeHandHasRoom } from "../rules/d12.ts";
import { edgeDeckSource } from "../data/edge-cards.ts";
import { plainText } from "../parser/html.ts";
import { askGM, registerRelayHandler, serialized, showNotice } from "./relay.ts";
import type { Notice, RelayUser } from "./relay.ts";
import { systemFlags } from "./system-flags.ts";
import { edgeCardsRecord, setEdgeCardsFor } from "../settings/edge-cards.ts";
import { updateDocument } from "./update.ts";
import { deletion } from "../compat/versions.ts";

export const EDGE_RELAY = "edgeCard";
/** v13 CONST.CARD_DRAW_MODES.RANDOM. */
const DRAW_RANDOM = 2 as CONST.CARD_DRAW_MODES;
/** v13 CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE and OWNER. */
const NONE = 0 as CONST.DOCUMENT_OWNERSHIP_LEVELS;
const OWNER = 3 as CONST.DOCUMENT_OWNERSHIP_LEVELS;

/** A Cards stack (deck or hand) and a Card, as Foundry types them. */
export type EdgeStack = Cards.Stored;
export type EdgeCard = Card.Implementation;

export type EdgeAction = "play" | "burn" | "discard";
export interface EdgeRequest {
  cardId: string;
  action: EdgeAction;
  /** Which of the card's two sentences is played (0 or 1). */
  sentence?: number;
}

const stacks = (): EdgeStack[] => [...(game.cards ?? [])];

/** The world's EDGE deck, or null before the GM has made it. */
export function edgeDeck(): EdgeStack | null {
  return stacks().find((s) => s.type === "deck" && systemFlags(s).edgeDeck === true) ?? null;
}

/**
 * A player's EDGE hand, or null before they were given a card: the hand the GM's record names for
 * them. A hand's own flags are ignored (its player may relabel it as another's).
 */
export function edgeHand(userId: string | null | undefined): EdgeStack | null {
  if (!userId) return null;
  const id = edgeCardsRecord().hands[userId];
  const hand = id ? game.cards?.get(id) : undefined;
  return hand?.type === "hand" ? hand : null;
}

const notice = (key: string, format: Record<string, string> = {}, type: Notice["type"] = "warn"): Notice =>
  ({ type, key: `SE.EdgeCard.Error.${key}`, format });

/** The GM makes the world's EDGE deck from the starter set when it has none, shuffled. */
export async function setupEdgeDeck(): Promise<EdgeStack | null> {
  if (!game.user?.isGM) return null;
  const existing = edgeDeck();
  if (existing) return existing;
  const data = { ...edgeDeckSource(game.i18n!.localize("SE.EdgeCard.DeckName")), flags: { [FLAG_SCOPE]: { edgeDeck: true } } };
  const deck = await Cards.implementation.create(data);
  if (!deck) return null;
  await deck.shuffle({ chatNotification: false });
  return deck;
}

const postPublic = (text: string) => ChatMessage.implementation.create({ content: `<p>${foundry.utils.escapeHTML(text)}</p>` });

/** The GM deals one EDGE card to a player's hand (made when they have none). */
export async function giveEdgeCard(userId: string): Promise<{ ok: boolean; notice?: Notice }> {
  if (!game.user?.isGM) return { ok: false, notice: notice("GmOnly", {}, "error") };
  // One at a time with the players' requests: both read and write the GM's record.
  return serialized(["edge-deck"], () => dealEdgeCard(userId));
}

async function dealEdgeCard(userId: string): Promise<{ ok: boolean; notice?: Notice }> {
  const user = game.users?.get(userId);
  if (!user || user.isGM) return { ok: false, notice: notice("NoPlayer", { name: String(userId) }) };
  const deck = await setupEdgeDeck();
  if (!deck) return { ok: false, notice: notice("NoDeck") };
  let hand = edgeHand(user.id);
  if (hand && !edgeHandHasRoom(hand.cards.size)) return { ok: false, notice: notice("HandFull", { name: user.name ?? "" }) };
  if (!deck.availableCards.length) return { ok: false, notice: notice("DeckEmpty") };
  if (!hand) {
    const data = {
      name: game.i18n!.format("SE.EdgeCard.HandName", { name: user.name ?? "" }), type: "hand" as const,
      ownership: { default: NONE, [user.id!]: OWNER },
    };
    hand = (await Cards.implementation.create(data)) ?? null;
    if (!hand) return { ok: false, notice: notice("NoDeck") };
    await setEdgeCardsFor(user.id!, { hand: hand.id });
  }
  await deck.deal([hand], 1, { how: DRAW_RANDOM, chatNotification: false });
  await postPublic(game.i18n!.format("SE.EdgeCard.Given", { name: user.name ?? "" }));
  return { ok: true };
}


/** Play, burn or discard a card of `user`'s hand, on the GM's client. */
export async function performEdgeAction(
  request: EdgeRequest, user: { id: string | null; name: string | null },
): Promise<{ ok: boolean; notice?: Notice }> {
  const hand = edgeHand(user.id);
  const card = hand?.cards.get(String(request.cardId));
  const deck = edgeDeck();
  if (!hand || !card || !deck) return { ok: false, notice: notice("Gone") };
  const action = request.action;
  if (action !== "play" && action !== "burn" && action !== "discard") return { ok: false, notice: notice("Gone") };
  const encounter = game.combat?.started ? game.combat.id ?? null : null;
  const last = user.id ? edgeCardsRecord().playedIn[user.id] ?? null : null;
  if (action !== "discard" && !edgeCardPlayable(last, encounter)) return { ok: false, notice: notice("OnePerEncounter") };
  const sentence = Number(request.sentence);
  if (action === "play" && sentence !== 0 && sentence !== 1) return { ok: false, notice: notice("Gone") };
  // A card's face is HTML; the chat shows its words, escaped.
  const text = action === "play" ? plainText(String(card.faces[sentence]?.text ?? "")) : "";
  const name = user.name ?? "";
  // Back to the deck, which is shuffled (S3:L833).
  await card.recall({ chatNotification: false });
  await deck.shuffle({ chatNotification: false });
  if (action !== "discard" && encounter && user.id) await setEdgeCardsFor(user.id, { playedIn: encounter });
  if (action === "play") await postPublic(game.i18n!.format("SE.EdgeCard.Played", { name, card: card.name, text }));
  if (action === "burn") {
    // The burner's next 2d12 check has one more source of advantage (src/applications/chat/post-rolls.ts).
    const burner = user.id ? game.users?.get(user.id) : null;
    if (burner) await updateDocument(burner, { [`flags.${FLAG_SCOPE}.edgeAdvantage`]: true });
    await postPublic(game.i18n!.format("SE.EdgeCard.Burnt", { name }));
  }
  if (action === "discard") await postPublic(game.i18n!.format("SE.EdgeCard.Discarded", { name }));
  return { ok: true };
}

/** A player's (or the GM's own) card action: the GM carries it out, a player asks the GM. */
export async function requestEdgeAction(request: EdgeRequest): Promise<boolean> {
  const user = game.user!;
  if (user.isGM) {
    const outcome = await serialized(["edge-deck"], () => performEdgeAction(request, user));
    showNotice(outcome.notice);
    return outcome.ok;
  }
  return Boolean(await askGM(EDGE_RELAY, { ...request }));
}

/** The GM's side of the relay (index.ts registers it at init). */
export function registerEdgeRelay(): void {
  registerRelayHandler<Record<string, unknown>>(EDGE_RELAY, {
    locks: () => ["edge-deck"],
    run: async (data, requester: RelayUser) => {
      const request: EdgeRequest = {
        cardId: String(data.cardId), action: String(data.action) as EdgeAction,
        ...(data.sentence === undefined ? {} : { sentence: Number(data.sentence) }),
      };
      const outcome = await performEdgeAction(request, requester);
      return { value: outcome.ok, ...(outcome.notice ? { notice: outcome.notice } : {}) };
    },
  });
}

/** Take the advantage a burnt EDGE card left on the current user: true once, then cleared. */
export async function takeEdgeAdvantage(): Promise<boolean> {
  const user = game.user;
  if (!user || systemFlags(user).edgeAdvantage !== true) return false;
  await updateDocument(user, deletion(`flags.${FLAG_SCOPE}.edgeAdvantage`));
  return true;
}

// The flags the system writes on its EDGE deck (above); `edgeHandOf` and `playedIn` are what hands
// carried before 0.2.0, read only by the migration (src/migrations/gm-records.ts).
declare module "@league-of-foundry-developers/foundry-vtt-types/configuration" {
  interface FlagConfig {
    Cards: { [FLAG_SCOPE]?: { edgeDeck?: boolean; edgeHandOf?: string; playedIn?: string } };
  }
}
