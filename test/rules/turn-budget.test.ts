import { describe, expect, it } from "vitest";
import { FRESH_BUDGET, budgetKindOf, budgetLeft, budgetOf, budgetRefusal, spend } from "../../src/rules/index.ts";
import type { BudgetKind, BudgetRefusal, BudgetSituation, TurnBudget } from "../../src/rules/index.ts";

const onTurn = (...statuses: string[]): BudgetSituation => ({ ownTurn: true, statuses });
const offTurn = (...statuses: string[]): BudgetSituation => ({ ownTurn: false, statuses });

/** Use each kind in order; the refusals met along the way (null where allowed) and the final budget. */
function run(kinds: BudgetKind[], situation: BudgetSituation, from: TurnBudget = FRESH_BUDGET) {
  let budget = from;
  const refusals: (BudgetRefusal | null)[] = [];
  for (const kind of kinds) {
    const out = spend(budget, kind, situation);
    refusals.push(out.refusal);
    budget = out.budget;
  }
  return { refusals, budget };
}

describe("turn budget: a move action, a maneuver and an action (L6792)", () => {
  it("a turn of move, maneuver and action is allowed in any order", () => {
    for (const order of [["move", "maneuver", "action"], ["action", "move", "maneuver"], ["maneuver", "action", "move"]] as BudgetKind[][]) {
      const { refusals, budget } = run(order, onTurn());
      expect(refusals).toEqual([null, null, null]);
      expect(budget).toEqual({ action: 1, maneuver: 1, move: 1, triggered: 0 });
      expect(budgetLeft(budget, onTurn())).toEqual({ action: 0, maneuver: 0, move: 0, triggered: 1 });
    }
  });

  it("the action turned into a move: two move actions and a maneuver (L6792)", () => {
    expect(run(["move", "move", "maneuver"], onTurn()).refusals).toEqual([null, null, null]);
    // …after which the action is gone.
    expect(run(["move", "move", "maneuver", "action"], onTurn()).refusals.at(-1)).toBe("action-used");
  });

  it("the action turned into a maneuver: two maneuvers and a move action (L6792)", () => {
    expect(run(["maneuver", "maneuver", "move"], onTurn()).refusals).toEqual([null, null, null]);
    expect(run(["maneuver", "maneuver", "action"], onTurn()).refusals.at(-1)).toBe("action-used");
  });

  it("the action converts once: no third move, no third maneuver, no two actions", () => {
    expect(run(["move", "move", "move"], onTurn()).refusals).toEqual([null, null, "move-used"]);
    expect(run(["maneuver", "maneuver", "maneuver"], onTurn()).refusals).toEqual([null, null, "maneuver-used"]);
    expect(run(["action", "action"], onTurn()).refusals).toEqual([null, "action-used"]);
    // Two moves and two maneuvers would need the action twice.
    expect(run(["move", "move", "maneuver", "maneuver"], onTurn()).refusals.at(-1)).toBe("maneuver-used");
    // After the action, the second maneuver or move has nothing to come from.
    expect(run(["action", "maneuver", "maneuver"], onTurn()).refusals.at(-1)).toBe("maneuver-used");
    expect(run(["action", "move", "move"], onTurn()).refusals.at(-1)).toBe("move-used");
  });

  it("what is left counts the action's conversion", () => {
    expect(budgetLeft(FRESH_BUDGET, onTurn())).toEqual({ action: 1, maneuver: 2, move: 2, triggered: 1 });
    expect(budgetLeft(run(["maneuver"], onTurn()).budget, onTurn())).toEqual({ action: 1, maneuver: 1, move: 2, triggered: 1 });
    expect(budgetLeft(run(["maneuver", "maneuver"], onTurn()).budget, onTurn())).toEqual({ action: 0, maneuver: 0, move: 1, triggered: 1 });
    expect(budgetLeft(run(["action"], onTurn()).budget, onTurn())).toEqual({ action: 0, maneuver: 1, move: 1, triggered: 1 });
  });

  it("actions, maneuvers and moves are the creature's turn's: off its turn they are refused and not counted", () => {
    for (const kind of ["action", "maneuver", "move"] as const) {
      const out = spend(FRESH_BUDGET, kind, offTurn());
      expect(out.refusal).toBe("off-turn");
      expect(out.budget).toEqual(FRESH_BUDGET);
    }
    expect(budgetLeft(FRESH_BUDGET, offTurn())).toEqual({ action: 0, maneuver: 0, move: 0, triggered: 1 });
  });

  it("an over-budget use is still recorded (the Director may allow it)", () => {
    const { budget } = run(["action", "action"], onTurn());
    expect(budget.action).toBe(2);
    expect(budgetLeft(budget, onTurn())).toEqual({ action: 0, maneuver: 1, move: 1, triggered: 1 });
  });
});

describe("turn budget: triggered actions (L6798–6804)", () => {
  it("one triggered action per round, on the creature's turn or another's (L6798)", () => {
    expect(run(["triggered", "triggered"], offTurn()).refusals).toEqual([null, "triggered-used"]);
    expect(run(["triggered", "triggered"], onTurn()).refusals).toEqual([null, "triggered-used"]);
    expect(budgetLeft(run(["triggered"], offTurn()).budget, offTurn()).triggered).toBe(0);
  });

  it("free triggered actions are unlimited and do not count against it (L6800)", () => {
    const { refusals, budget } = run(["freeTriggered", "freeTriggered", "triggered", "freeTriggered"], offTurn());
    expect(refusals).toEqual([null, null, null, null]);
    expect(budget.triggered).toBe(1);
  });

  it("a triggered action does not spend the turn's action", () => {
    expect(run(["triggered", "action", "maneuver", "move"], onTurn()).refusals).toEqual([null, null, null, null]);
  });
});

describe("turn budget: free maneuvers (L6808)", () => {
  it("as many as the creature likes, on its turn", () => {
    const { refusals, budget } = run(["freeManeuver", "freeManeuver", "freeManeuver", "action", "freeManeuver"], onTurn());
    expect(refusals).toEqual([null, null, null, null, null]);
    expect(budget).toEqual({ action: 1, maneuver: 0, move: 0, triggered: 0 });
  });

  it("not on another creature's turn (L6808 'on your turn')", () => {
    expect(spend(FRESH_BUDGET, "freeManeuver", offTurn()).refusal).toBe("off-turn");
  });
});

describe("turn budget: dazed (L6666)", () => {
  it("only one of an action, a maneuver or a move action on its turn", () => {
    for (const first of ["action", "maneuver", "move"] as const) {
      for (const second of ["action", "maneuver", "move"] as const) {
        expect(run([first, second], onTurn("dazed")).refusals).toEqual([null, "dazed-one-thing"]);
      }
    }
  });

  it("no triggered actions, free triggered actions or free maneuvers", () => {
    expect(spend(FRESH_BUDGET, "triggered", offTurn("dazed")).refusal).toBe("dazed-no-triggered");
    expect(spend(FRESH_BUDGET, "freeTriggered", offTurn("dazed")).refusal).toBe("dazed-no-triggered");
    expect(spend(FRESH_BUDGET, "freeManeuver", onTurn("dazed")).refusal).toBe("dazed-no-free-maneuver");
  });

  it("what is left: one of the three, then nothing; never a triggered action", () => {
    expect(budgetLeft(FRESH_BUDGET, onTurn("dazed"))).toEqual({ action: 1, maneuver: 1, move: 1, triggered: 0 });
    expect(budgetLeft(run(["move"], onTurn("dazed")).budget, onTurn("dazed"))).toEqual({ action: 0, maneuver: 0, move: 0, triggered: 0 });
  });
});

describe("turn budget: unconscious (L7224) and surprised (L6748)", () => {
  it("an unconscious creature can use nothing", () => {
    for (const kind of ["action", "maneuver", "move", "triggered", "freeTriggered", "freeManeuver"] as const) {
      expect(budgetRefusal(FRESH_BUDGET, kind, onTurn("unconscious"))).toBe("unconscious");
    }
    expect(budgetLeft(FRESH_BUDGET, onTurn("unconscious"))).toEqual({ action: 0, maneuver: 0, move: 0, triggered: 0 });
    expect(budgetRefusal(FRESH_BUDGET, "action", onTurn("dead"))).toBe("unconscious");
  });

  it("a surprised creature can't take triggered or free triggered actions (L6748)", () => {
    expect(spend(FRESH_BUDGET, "triggered", offTurn("surprised")).refusal).toBe("surprised-no-triggered");
    expect(spend(FRESH_BUDGET, "freeTriggered", offTurn("surprised")).refusal).toBe("surprised-no-triggered");
    expect(budgetLeft(FRESH_BUDGET, offTurn("surprised")).triggered).toBe(0);
  });

  it("surprise limits nothing else: its turn's action, maneuver and move stand", () => {
    expect(run(["move", "maneuver", "action", "freeManeuver"], onTurn("surprised")).refusals).toEqual([null, null, null, null]);
  });
});

describe("turn budget: ability types and stored data", () => {
  it("an ability's type names what it uses; villain actions and the rest use nothing of the budget", () => {
    expect(budgetKindOf("action")).toBe("action");
    expect(budgetKindOf("freeTriggered")).toBe("freeTriggered");
    expect(budgetKindOf("villain")).toBeNull();
    expect(budgetKindOf("")).toBeNull();
  });

  it("stored values that are not whole counts read as 0", () => {
    expect(budgetOf({ action: 1, maneuver: "2", move: -1, triggered: 1.5 })).toEqual({ action: 1, maneuver: 0, move: 0, triggered: 0 });
    expect(budgetOf(null)).toEqual(FRESH_BUDGET);
  });
});
