// The rules on `steelEchoes.rules` from the start (src/rules/core.ts) and those of the other games,
// which join it when they load (src/games/loader.ts `GAME_RULES`): together they are every export of
// the rules core (src/rules/index.ts), and no game's rule is in both (issue 31, docs/api.md).
import { describe, expect, it } from "vitest";
import * as core from "../../src/rules/core.ts";
import * as all from "../../src/rules/index.ts";
import * as harmony from "../../src/rules/harmony.ts";
import * as echoes from "../../src/rules/echoes.ts";
import * as actionDice from "../../src/rules/action-dice.ts";
import * as arc from "../../src/rules/arc.ts";
import * as d12 from "../../src/rules/d12.ts";

const games = { echoes: [harmony, echoes], actionDice: [actionDice], arc: [arc], d12: [d12] };

describe("the rules core and the games' rules", () => {
  it("together are every export of src/rules/index.ts, the games' not in core.ts", () => {
    const gameNames = Object.values(games).flat().flatMap((m) => Object.keys(m));
    expect([...new Set([...Object.keys(core), ...gameNames])].sort()).toEqual(Object.keys(all).sort());
    for (const name of gameNames) expect(Object.keys(core), name).not.toContain(name);
  });
});
