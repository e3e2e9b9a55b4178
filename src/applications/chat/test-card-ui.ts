/**
 * Group and opposed test cards' UI, in the chat cards' chunk (issue 31; test-cards.ts is what the
 * entry holds): posting a card, and a rendered card's roll, assist and award buttons.
 */
import { CHARACTERISTICS } from "../../rules/catalogue.ts";
import { TEST_DIFFICULTIES } from "../../rules/tests.ts";
import type { Characteristic } from "../../rules/catalogue.ts";
import type { TestDifficulty } from "../../rules/tests.ts";
import { FLAG_SCOPE } from "../../constants.ts";
import { ASSIST_DIALOG_TEMPLATE, TEST_CARD_TEMPLATE } from "../templates.ts";
import { renderCard } from "../../dice/render.ts";
import { MAX_ROLLERS } from "../../data/test-card.ts";
import { newGroupTest, newOpposedTest } from "../../data/test-card-new.ts";
import type { TestCardState } from "../../data/test-card.ts";
import { testCardOf } from "../../documents/test-cards.ts";
import { awardGroupTest, requestCardRecord } from "../../documents/test-card-actions.ts";
import type { TestCardServices } from "../../documents/test-cards.ts";
import { testCardContext } from "../view-models/test-card.ts";
import { foundryI18n } from "../foundry-i18n.ts";
import { formDialog } from "../dialogs/form-dialog.ts";
import { rollTest } from "./lazy-rolls.ts";
import { uuidOf } from "../../documents/persisted.ts";


type AnyActor = Actor.Implementation;
type Message = ChatMessage.Implementation;

/** A test card's HTML from its state. */
export function renderTestCard(state: TestCardState): Promise<string> {
  return renderCard(TEST_CARD_TEMPLATE, testCardContext(state, foundryI18n));
}

const error = (key: string) => {
  ui.notifications?.error(`SE.TestCard.Error.${key}`, { localize: true });
  return null;
};

/** Actors by UUID, or the GM's controlled tokens' actors, or every player's assigned hero. */
async function participants(uuids: readonly string[] | undefined): Promise<AnyActor[]> {
  let actors: (AnyActor | null | undefined)[];
  if (uuids?.length) actors = await Promise.all(uuids.map(async (u) => (await fromUuid(u).catch(() => null)) as AnyActor | null));
  else {
    const controlled = (canvas?.tokens?.controlled ?? []).map((t) => t.actor as AnyActor | null);
    actors = controlled.length ? controlled : [...(game.users ?? [])].filter((u) => !u.isGM).map((u) => u.character as AnyActor | null);
  }
  const seen = new Set<string>();
  return actors.filter((a): a is AnyActor => !!a && a.documentName === "Actor" && !seen.has(uuidOf(a)) && !!seen.add(uuidOf(a)));
}

async function postCard(state: TestCardState): Promise<Message | null> {
  const content = await renderTestCard(state);
  const data = { content, speaker: ChatMessage.getSpeaker(), flags: { [FLAG_SCOPE]: { testCard: state } } };
  return ChatMessage.create(data) as Promise<Message | null>;
}

/**
 * Post a group test card (L6041–6061), GM only: `steelEchoes.requestGroupTest({ characteristic:
 * "agility", difficulty: "medium", actorUuids? })`. Without UUIDs, the rollers are the GM's
 * controlled tokens, or else every player's assigned hero.
 */
export async function postGroupTest(
  o: { characteristic: Characteristic; difficulty: TestDifficulty; actorUuids?: string[] },
): Promise<Message | null> {
  if (!game.user?.isGM) return error("GMOnly");
  if (!CHARACTERISTICS.includes(o?.characteristic) || !TEST_DIFFICULTIES.includes(o?.difficulty)) return error("Invalid");
  const actors = await participants(o.actorUuids);
  if (!actors.length) return error("NoRollers");
  if (actors.length > MAX_ROLLERS) return error("TooMany");
  return postCard(newGroupTest(o.characteristic, o.difficulty, actors.map((a) => ({ actorUuid: uuidOf(a), name: a.name ?? "" }))));
}

/**
 * Post an opposed test card (L5867–5875), GM only: `steelEchoes.requestOpposedTest({ first:
 * "agility", second: "intuition", actorUuids? })`. Without UUIDs, the GM's first two controlled
 * tokens, in the order they were selected.
 */
export async function postOpposedTest(
  o: { first: Characteristic; second?: Characteristic; actorUuids?: string[] },
): Promise<Message | null> {
  if (!game.user?.isGM) return error("GMOnly");
  const second = o?.second ?? o?.first;
  if (!CHARACTERISTICS.includes(o?.first) || !CHARACTERISTICS.includes(second)) return error("Invalid");
  const actors = await participants(o.actorUuids);
  if (actors.length !== 2) return error("TwoRollers");
  const [a, b] = actors as [AnyActor, AnyActor];
  return postCard(newOpposedTest(
    { actorUuid: uuidOf(a), name: a.name ?? "", characteristic: o.first },
    { actorUuid: uuidOf(b), name: b.name ?? "", characteristic: second },
  ));
}

/** The hero who assists on this client: the user's character, else a controlled token's actor. */
function assistingActor(): AnyActor | null {
  const own = game.user?.character as AnyActor | null | undefined;
  if (own) return own;
  return ((canvas?.tokens?.controlled ?? [])[0]?.actor as AnyActor | null | undefined) ?? null;
}

async function rollFromCard(message: Message, actorUuid: string, fast: boolean, testCardServices: TestCardServices): Promise<void> {
  const state = testCardOf(message);
  const roller = state?.rollers.find((r) => r.actorUuid === actorUuid);
  const actor = (await fromUuid(actorUuid).catch(() => null)) as AnyActor | null;
  if (!state || !roller || !actor) return void error("Gone");
  const value = (actor.system.characteristics as Record<string, number>)[roller.characteristic] ?? 0;
  const rolled = await rollTest(actor, roller.characteristic, value, {
    fast, ...(state.difficulty ? { difficulty: state.difficulty } : {}), ...(roller.assist ? { assist: roller.assist.effect } : {}),
  });
  if (rolled) await requestCardRecord("roll", { messageId: message.id, actorUuid, rollMessageId: rolled.id }, testCardServices);
}

async function assistFromCard(message: Message, targetUuid: string, helper: AnyActor, testCardServices: TestCardServices): Promise<void> {
  const characteristics = CHARACTERISTICS.map((id) => ({ id, label: foundryI18n.localize(`SE.Characteristic.${id}`) }));
  const content = await renderCard(ASSIST_DIALOG_TEMPLATE, { characteristics, hint: foundryI18n.localize("SE.TestCard.AssistHint") });
  const form = await formDialog(foundryI18n.format("SE.TestCard.AssistTitle", { name: helper.name ?? "" }), content);
  const characteristic = CHARACTERISTICS.find((c) => c === form?.characteristic);
  if (!characteristic) return;
  const value = (helper.system.characteristics as Record<string, number>)[characteristic] ?? 0;
  const rolled = await rollTest(helper, characteristic, value, { difficulty: "easy" });
  if (rolled) {
    await requestCardRecord("assist", {
      messageId: message.id, targetUuid, helperUuid: helper.uuid, characteristic, rollMessageId: rolled.id,
    }, testCardServices);
  }
}

/** A rendered test card: keep the buttons this user can use, and wire them. */
export function wireTestCard(message: Message, card: HTMLElement, testCardServices: TestCardServices): void {
  const state = testCardOf(message);
  if (!state) return;
  const user = game.user!;
  const helper = assistingActor();
  const participant = (uuid: string | undefined) => state.rollers.some((r) => r.actorUuid === uuid);
  for (const button of card.querySelectorAll<HTMLButtonElement>("button[data-se-action]")) {
    const uuid = button.dataset.actorUuid ?? "";
    const action = button.dataset.seAction;
    const actor = uuid ? (fromUuidSync(uuid) as AnyActor | null) : null;
    if (action === "test-card-roll") {
      if (!actor || !actor.testUserPermission(user, "OWNER")) button.remove();
      else button.addEventListener("click", (event) => void rollFromCard(message, uuid, (event as MouseEvent).shiftKey, testCardServices));
    } else if (action === "test-card-assist") {
      if (!helper || participant(uuidOf(helper)) || !helper.testUserPermission(user, "OWNER")) button.remove();
      else button.addEventListener("click", () => void assistFromCard(message, uuid, helper, testCardServices));
    } else if (action === "test-card-award") {
      if (!user.isGM) button.remove();
      else button.addEventListener("click", () => void awardGroupTest(message.id!, testCardServices));
    }
  }
}
