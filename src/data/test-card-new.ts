/**
 * New group and opposed test cards' data (the Director posts them). Loaded with those commands, not
 * before `ready` (issue 31).
 */
import type { Characteristic } from "../rules/catalogue.ts";
import type { TestDifficulty } from "../rules/tests.ts";
import { TEST_CARD_VERSION, type TestCardState } from "./test-card.ts";

export function newGroupTest(
  characteristic: Characteristic, difficulty: TestDifficulty, rollers: readonly { actorUuid: string; name: string }[],
): TestCardState {
  return {
    version: TEST_CARD_VERSION, mode: "group", difficulty, awarded: "",
    rollers: rollers.map((r) => ({ actorUuid: r.actorUuid, name: r.name, characteristic, result: null, assist: null })),
  };
}

export function newOpposedTest(
  first: { actorUuid: string; name: string; characteristic: Characteristic }, second: typeof first,
): TestCardState {
  return {
    version: TEST_CARD_VERSION, mode: "opposed", difficulty: "", awarded: "",
    rollers: [first, second].map((r) => ({ ...r, result: null, assist: null })),
  };
}
