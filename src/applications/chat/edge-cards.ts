/**
 * `/edge` (seed 003's EDGE cards, src/documents/edge-cards.ts): a player's hand in a dialog, where
 * they play a card (one of its two sentences), burn it or discard it; `/edge give <player>` and
 * `/edge deck` for the GM.
 */
import { edgeHand, giveEdgeCard, requestEdgeAction, setupEdgeDeck } from "../../documents/edge-cards.ts";
import type { EdgeAction, EdgeRequest, EdgeStack } from "../../documents/edge-cards.ts";
import { showNotice } from "../../documents/relay.ts";
import type { EdgeCommand } from "../../parser/chat-commands.ts";
import { renderCard } from "../../dice/render.ts";
import { templatePath } from "../../constants.ts";
import { foundryI18n } from "../foundry-i18n.ts";
import { formDialog } from "../dialogs/form-dialog.ts";

export const EDGE_HAND_TEMPLATE = templatePath("dialog/edge-hand.hbs");

const plain = (html: string) => String(html ?? "").replace(/<[^>]*>/g, "").replace(/\s+/g, " ").trim();

/** What the hand dialog shows: each card with its two sentences to play, and burn and discard. */
export function edgeHandContext(hand: EdgeStack) {
  return {
    rule: foundryI18n.localize("SE.EdgeCard.Rule"),
    burnLabel: foundryI18n.localize("SE.EdgeCard.Burn"),
    discardLabel: foundryI18n.localize("SE.EdgeCard.Discard"),
    cards: hand.cards.contents.map((card, i) => ({
      name: card.name,
      sentences: card.faces.slice(0, 2).map((f, s) => ({
        value: `${card.id}|play|${s}`, label: foundryI18n.format("SE.EdgeCard.PlaySentence", { n: s + 1 }), text: plain(f.text), checked: i === 0 && s === 0,
      })),
      burn: `${card.id}|burn`, discard: `${card.id}|discard`,
    })),
  };
}

/** The dialog's choice (`<card id>|play|<0 or 1>`, `<card id>|burn`, `<card id>|discard`) as a request. */
export function edgeChoice(value: unknown): EdgeRequest | null {
  const [cardId, action, sentence] = String(value ?? "").split("|");
  if (!cardId || !["play", "burn", "discard"].includes(action ?? "")) return null;
  if (action === "play" && sentence !== "0" && sentence !== "1") return null;
  return { cardId, action: action as EdgeAction, ...(action === "play" ? { sentence: Number(sentence) } : {}) };
}

/** Open the current user's hand; resolves to whether a card was played, burnt or discarded. */
export async function openEdgeHand(): Promise<boolean> {
  const hand = edgeHand(game.user?.id);
  if (!hand || !hand.cards.size) {
    ui.notifications?.info("SE.EdgeCard.NoCards", { localize: true });
    return false;
  }
  const form = await formDialog(foundryI18n.localize("SE.EdgeCard.HandTitle"), await renderCard(EDGE_HAND_TEMPLATE, edgeHandContext(hand)), 520, "SE.EdgeCard.Confirm");
  const request = form ? edgeChoice(form.choice) : null;
  return request ? requestEdgeAction(request) : false;
}

/** Carry out `/edge`. */
export async function runEdgeCommand(command: EdgeCommand): Promise<unknown> {
  if (command.kind === "hand") return openEdgeHand();
  if (!game.user?.isGM) {
    ui.notifications?.warn("SE.EdgeCard.Error.GmOnly", { localize: true });
    return false;
  }
  if (command.kind === "deck") {
    const deck = await setupEdgeDeck();
    if (deck) ui.notifications?.info("SE.EdgeCard.DeckReady", { localize: true, format: { name: deck.name } });
    return !!deck;
  }
  const wanted = command.name.toLowerCase();
  const user = (game.users?.contents ?? []).find((u) => (u.name ?? "").toLowerCase() === wanted);
  const outcome = user ? await giveEdgeCard(user.id!) : { ok: false, notice: { type: "warn" as const, key: "SE.EdgeCard.Error.NoPlayer", format: { name: command.name } } };
  showNotice(outcome.notice);
  return outcome.ok;
}
