/**
 * The test cards' GM-side actions: awarding a group test, the card's record. Loaded with the cards,
 * not before `ready` (issue 31).
 */
import { markAwarded, summarize } from "../data/test-card.ts";
import { changePoolValue } from "./pools.ts";
import { askGM, serialized, showNotice } from "./relay.ts";
import { notice, testCardOf, problemNotice, saveCard, recordCardRoll, recordCardAssist, locks, TEST_CARD_RELAY, type TestCardServices, type Message } from "./test-cards.ts";

/** The GM awards a complete group test's collective result to the pools, once. */
export async function awardGroupTest(messageId: string, services: TestCardServices): Promise<boolean> {
  if (!game.user?.isGM) {
    showNotice(notice("GMOnly", "error"));
    return false;
  }
  return serialized([`message:${messageId}`], async () => {
    const card = game.messages?.get(messageId) as Message | undefined;
    const state = testCardOf(card);
    if (!card || !state) return false;
    const next = markAwarded(state);
    if (typeof next === "string") {
      showNotice(problemNotice(next));
      return false;
    }
    const award = summarize(state).award!;
    if (award.heroTokens && (await changePoolValue("heroTokens", award.heroTokens)) === null) return false;
    if (award.villainPower && (await changePoolValue("villainPower", award.villainPower)) === null) return false;
    await saveCard(card, next, services);
    if (award.heroTokens) showNotice({ type: "info", key: "SE.TestCard.AwardedHeroTokens", format: { count: String(award.heroTokens) } });
    if (award.villainPower) showNotice({ type: "info", key: "SE.TestCard.AwardedVillainPower", format: { count: String(award.villainPower) } });
    return true;
  });
}

/** A roll or assist from a click: the GM records it at once, a player asks the GM. */
export async function requestCardRecord(kind: "roll" | "assist", data: Record<string, unknown>, services: TestCardServices): Promise<boolean> {
  const user = game.user!;
  if (user.isGM) {
    const run = kind === "roll" ? recordCardRoll : recordCardAssist;
    const outcome = await serialized(locks(data), () => run(data, user, services));
    showNotice(outcome.notice);
    return outcome.ok;
  }
  return Boolean(await askGM(TEST_CARD_RELAY[kind], data));
}
