/**
 * View-model of a player's EDGE hand (templates/dialog/edge-hand.hbs): each card with its two
 * sentences to play, and burn and discard, as radio choices `<card id>|play|<0 or 1>`,
 * `<card id>|burn`, `<card id>|discard`. Pure: the card data and the i18n in, the context out.
 */
import type { I18n } from "./i18n.ts";
import { plainText } from "../../parser/html.ts";

export interface EdgeHandCard { id: string | null; name: string; faces: readonly { text: string }[] }
export type EdgeChoice = { cardId: string; action: "play"; sentence: 0 | 1 } | { cardId: string; action: "burn" | "discard" };


export function edgeHandContext(cards: readonly EdgeHandCard[], i18n: I18n) {
  return {
    rule: i18n.localize("SE.EdgeCard.Rule"),
    burnLabel: i18n.localize("SE.EdgeCard.Burn"),
    discardLabel: i18n.localize("SE.EdgeCard.Discard"),
    cards: cards.filter((card) => card.id).map((card, i) => ({
      name: card.name,
      sentences: card.faces.slice(0, 2).map((f, s) => ({
        value: `${card.id}|play|${s}`, label: i18n.format("SE.EdgeCard.PlaySentence", { n: s + 1 }), text: plainText(String(f.text ?? "")), checked: i === 0 && s === 0,
      })),
      burn: `${card.id}|burn`, discard: `${card.id}|discard`,
    })),
  };
}

/** The dialog's choice as a request, or null for anything else. */
export function edgeChoice(value: unknown): EdgeChoice | null {
  const [cardId, action, sentence] = String(value ?? "").split("|");
  if (!cardId) return null;
  if (action === "burn" || action === "discard") return { cardId, action };
  if (action === "play" && (sentence === "0" || sentence === "1")) return { cardId, action, sentence: Number(sentence) as 0 | 1 };
  return null;
}
