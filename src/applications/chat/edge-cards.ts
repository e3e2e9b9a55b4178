/**
 * `/edge` (seed 003's EDGE cards, src/documents/edge-cards.ts): a player's hand in a dialog, where
 * they play a card (one of its two sentences), burn it or discard it; `/edge give <player>` and
 * `/edge deck` for the GM.
 */
import { edgeHand, giveEdgeCard, requestEdgeAction, setupEdgeDeck } from "../../documents/edge-cards.ts";
import { edgeChoice, edgeHandContext } from "../view-models/edge-hand.ts";
import { showNotice } from "../../documents/relay.ts";
import type { EdgeCommand } from "../../parser/command-checks.ts";
import { renderCard } from "../../dice/render.ts";
import { templatePath } from "../../constants.ts";
import { foundryI18n } from "../foundry-i18n.ts";
import { formDialog } from "../dialogs/form-dialog.ts";

export const EDGE_HAND_TEMPLATE = templatePath("dialog/edge-hand.hbs");

/** Open the current user's hand; resolves to whether a card was played, burnt or discarded. */
export async function openEdgeHand(): Promise<boolean> {
  const hand = edgeHand(game.user?.id);
  if (!hand || !hand.cards.size) {
    ui.notifications?.info("SE.EdgeCard.NoCards", { localize: true });
    return false;
  }
  const form = await formDialog(foundryI18n.localize("SE.EdgeCard.HandTitle"), await renderCard(EDGE_HAND_TEMPLATE, edgeHandContext(hand.cards.contents, foundryI18n)), 520, "SE.EdgeCard.Confirm");
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
