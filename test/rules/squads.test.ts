// Minion squads and captains: the seed names squads (L6784), minions' damage threshold (L7343) and
// minions at 1/5 level (L7283); the rest is our reading (docs/rules-decisions.md, "Minion squads and
// captains"), tested here.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  activeCaptainBonus, damagePerMinion, damageSquad, livingMembers, minionsPastPool, poolAfterLosses, rollModifiers, squadPoolCap,
  squadPoolMax, squadRole, squadStrikeDamage, squadSummary,
} from "../../src/rules/index.ts";
import { abilityChanges, abilityDealsPerMinion, abilityFingerprint, abilityRulesFields, lastStandSquad } from "../../src/rules/index.ts";
import type { SquadMember, SquadState } from "../../src/rules/index.ts";

const four = (stamina = 5): SquadMember[] => ["a", "b", "c", "d"].map((id) => ({ id, stamina }));
const squad = (pool = 20, dead: string[] = [], members = four()): SquadState => ({ members, dead, pool });

describe("a squad's Stamina pool (L6784: the minion squad acts as one)", () => {
  it("is the sum of its minions' Stamina", () => {
    expect(squadPoolMax(four())).toBe(20);
    expect(squadPoolMax([{ id: "a", stamina: 4 }, { id: "b", stamina: 5 }])).toBe(9);
    expect(squadPoolMax([])).toBe(0);
  });
  it("counts a nonsense Stamina as 0 and a fraction whole", () => {
    expect(squadPoolMax([{ id: "a", stamina: -3 }, { id: "b", stamina: Number.NaN }, { id: "c", stamina: 4.7 }])).toBe(4);
  });
  it("holds at most what the living minions can", () => {
    expect(squadPoolCap(squad(20, ["a"]))).toBe(15);
    expect(poolAfterLosses(squad(20, ["a"]))).toBe(15);
    expect(poolAfterLosses(squad(12, ["a"]))).toBe(12);
    expect(livingMembers(squad(20, ["b", "d"])).map((m) => m.id)).toEqual(["a", "c"]);
  });
  it("sums up for the tracker: pool, its start, minions alive of all", () => {
    expect(squadSummary(squad(13, ["a"]))).toEqual({ pool: 13, max: 20, living: 3, total: 4 });
  });
});

describe("damage to one minion spills over to the pool", () => {
  it("less than the minion's Stamina: the pool loses it and nobody dies", () => {
    expect(damageSquad(squad(), "a", 3)).toEqual({ pool: 17, lost: 3, died: [], wiped: false });
  });
  it("the struck minion dies first once the pool falls past its Stamina", () => {
    expect(damageSquad(squad(), "c", 5)).toEqual({ pool: 15, lost: 5, died: ["c"], wiped: false });
  });
  it("damage beyond one minion's Stamina kills the next ones in the squad's order", () => {
    expect(damageSquad(squad(), "c", 12)).toEqual({ pool: 8, lost: 12, died: ["c", "a"], wiped: false });
  });
  it("small hits add up: the struck minion dies when the pool falls past it", () => {
    const first = damageSquad(squad(), "a", 3);
    expect(first.died).toEqual([]);
    const second = damageSquad(squad(first.pool), "b", 2);
    expect(second).toEqual({ pool: 15, lost: 2, died: ["b"], wiped: false });
  });
  it("damage to the whole pool or more kills every minion, the pool stops at 0", () => {
    expect(damageSquad(squad(), "b", 50)).toEqual({ pool: 0, lost: 20, died: ["b", "a", "c", "d"], wiped: true });
  });
  it("a dead minion takes nothing; 0 damage changes nothing", () => {
    expect(damageSquad(squad(15, ["a"]), "a", 5)).toEqual({ pool: 15, lost: 0, died: [], wiped: false });
    expect(damageSquad(squad(), "a", 0)).toEqual({ pool: 20, lost: 0, died: [], wiped: false });
  });
  it("minions of different Stamina die as the pool falls past each one's", () => {
    const members = [{ id: "imp", stamina: 5 }, { id: "archer", stamina: 4 }, { id: "rat", stamina: 3 }];
    // 12 → 8: the struck archer (4) dies, the 8 left are exactly the imp's and the rat's.
    expect(damageSquad({ members, dead: [], pool: 12 }, "archer", 4).died).toEqual(["archer"]);
    // 12 → 6: the archer dies (8 ≥ 6); the imp would leave 3 < 6: it lives.
    expect(damageSquad({ members, dead: [], pool: 12 }, "archer", 6).died).toEqual(["archer"]);
    // 12 → 3: archer, then imp (3 ≥ 3), the rat holds the pool.
    expect(damageSquad({ members, dead: [], pool: 12 }, "archer", 9).died).toEqual(["archer", "imp"]);
  });
  it("a creature that is not one of the squad's minions is refused", () => {
    expect(() => damageSquad(squad(), "captain", 3)).toThrow(RangeError);
  });
  it("holds for any squad and damage: the pool never rises, the minions alive can always hold it, and no more die than must", () => {
    fc.assert(fc.property(
      fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 8 }), fc.nat(30), fc.nat(60), fc.nat(7),
      (stamina, taken, dealt, pick) => {
        const members = stamina.map((s, i) => ({ id: `m${i}`, stamina: s }));
        const max = squadPoolMax(members);
        const state = { members, dead: [], pool: Math.max(0, max - taken) };
        const struck = members[pick % members.length]!.id;
        const out = damageSquad(state, struck, dealt);
        expect(out.pool).toBeLessThanOrEqual(state.pool);
        expect(out.pool).toBe(Math.max(0, state.pool - dealt));
        const living = livingMembers({ members, dead: out.died });
        expect(squadPoolMax(living)).toBeGreaterThanOrEqual(out.pool);
        // One more death would leave too little for the pool (or nobody is left to die).
        const next = living[0];
        if (next && out.died.length) expect(squadPoolMax(living) - next.stamina).toBeLessThan(out.pool);
        if (out.died.length) expect(out.died[0]).toBe(struck);
        if (dealt > 0) expect(out.wiped).toBe(out.pool === 0);
      },
    ));
  });
});

describe("a minion's damage threshold (L7343: under the Last Stand option, 1)", () => {
  it("damage of at least the threshold kills the struck minion outright", () => {
    expect(damageSquad({ ...squad(), threshold: 1 }, "b", 1)).toEqual({ pool: 15, lost: 5, died: ["b"], wiped: false });
  });
  it("more damage still spills past it to the others", () => {
    expect(damageSquad({ ...squad(), threshold: 1 }, "b", 12).died).toEqual(["b", "a"]);
  });
  it("no threshold, or damage under it, leaves the pool alone", () => {
    expect(damageSquad({ ...squad(), threshold: null }, "b", 1).died).toEqual([]);
    expect(damageSquad({ ...squad(), threshold: 3 }, "b", 2).died).toEqual([]);
  });
});

describe("which minions the pool no longer reaches", () => {
  it("the first named dies first when it must", () => {
    expect(minionsPastPool(four(), 10, "d")).toEqual(["d", "a"]);
  });
  it("nobody when the pool is whole, everybody when it is empty", () => {
    expect(minionsPastPool(four(), 20)).toEqual([]);
    expect(minionsPastPool(four(), 0)).toEqual(["a", "b", "c", "d"]);
  });
});

describe("squad damage (a squad acts as one and deals squad damage)", () => {
  it("reads a strike that deals its damage for each minion", () => {
    expect(damagePerMinion("<p>The target takes 1 damage for each minion in the squad.</p>")).toBe(true);
    expect(damagePerMinion("2 damage per living minion")).toBe(true);
    expect(damagePerMinion("The scrapper makes a free strike against the prone creature.")).toBe(false);
    expect(damagePerMinion("")).toBe(false);
  });
  it("multiplies only such a strike's damage by the minions alive", () => {
    expect(squadStrikeDamage(2, 4, true)).toBe(8);
    expect(squadStrikeDamage(2, 4, false)).toBe(2);
    expect(squadStrikeDamage(2, 0, true)).toBe(0);
  });
  it("reads it from an ability's effect or any tier's text, never elsewhere", () => {
    expect(abilityDealsPerMinion({ effect: "The strike deals its damage per minion of the squad.", tiers: [] })).toBe(true);
    expect(abilityDealsPerMinion({ effect: "", tiers: [{ text: "" }, { text: "" }, { text: "3 damage for each minion" }] })).toBe(true);
    expect(abilityDealsPerMinion({ effect: "A free strike.", tiers: [{ text: "slowed (EoT)" }] })).toBe(false);
    expect(abilityDealsPerMinion({ effect: undefined, tiers: "per minion" })).toBe(false);
  });
  it("changes an ability's fingerprint: adding \"per minion\" to its text is an edit the Director approves", () => {
    const plain = { type: "action", keywords: ["strike"], tiers: [{ damage: { value: "1", type: "fire" }, text: "" }], effect: "" };
    const per = { ...plain, effect: "Its damage per minion." };
    expect(abilityRulesFields(per).perMinion).toBe(true);
    expect(abilityRulesFields(plain).perMinion).toBeUndefined();
    expect(abilityFingerprint(abilityRulesFields(per))).not.toBe(abilityFingerprint(abilityRulesFields(plain)));
    expect(abilityChanges(abilityRulesFields(plain), abilityRulesFields(per))).toEqual([{ path: "perMinion", before: null, after: true }]);
  });
  it("only the bestiary's Ember-Pit Needler deals damage per minion, in its second strike, not its signature", () => {
    const root = join(__dirname, "../../packs/_source/monsters");
    const minions: string[] = [];
    const perMinion: string[] = [];
    for (const folder of readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory())) {
      for (const file of readdirSync(join(root, folder.name))) {
        const doc = JSON.parse(readFileSync(join(root, folder.name, file), "utf8")) as {
          name: string; system: { organization: string }; items: { system: { effect?: string; tiers?: { text?: string }[] } }[];
        };
        if (doc.system.organization !== "minion") continue;
        minions.push(doc.name);
        for (const item of doc.items) {
          const text = [item.system.effect ?? "", ...(item.system.tiers ?? []).map((t) => t.text ?? "")].join(" ");
          if (damagePerMinion(text)) perMinion.push(`${doc.name}: ${(item as unknown as { name: string }).name}`);
        }
      }
    }
    expect(minions.length).toBeGreaterThanOrEqual(6);
    expect(perMinion).toEqual(["Ember-Pit Needler: Needle Volley"]);
  });
});

describe("a squad under Last-Stand Stamina (L7343: each enemy drops to 1 Stamina, each minion has a damage threshold of 1)", () => {
  it("each minion's share drops to 1, the pool to the minions alive, the threshold to 1", () => {
    // 4 × 5, one minion dead, 13 left: three living minions at 1 each.
    expect(lastStandSquad(squad(13, ["a"]))).toEqual({ members: four(1), dead: ["a"], pool: 3, threshold: 1 });
    expect(squadSummary(lastStandSquad(squad(13, ["a"])))).toEqual({ pool: 3, max: 4, living: 3, total: 4 });
  });
  it("keeps the rest of the record (captain, bonus) and never raises a pool", () => {
    const record = { ...squad(2, ["a", "b"]), captainId: "x", bonus: "edge" as const };
    expect(lastStandSquad(record)).toEqual({ ...record, members: four(1), pool: 2, threshold: 1 });
    expect(lastStandSquad(squad(0, ["a", "b", "c", "d"])).pool).toBe(0);
    expect(lastStandSquad({ members: [{ id: "a", stamina: 0 }, { id: "b", stamina: 7 }], dead: [], pool: 7 }).members).toEqual([{ id: "a", stamina: 0 }, { id: "b", stamina: 1 }]);
  });
  it("afterwards any damage kills the struck minion, and more spills over one minion per Stamina", () => {
    const last = lastStandSquad(squad(13, ["a"]));
    expect(damageSquad(last, "c", 1)).toEqual({ pool: 2, lost: 1, died: ["c"], wiped: false });
    expect(damageSquad(last, "c", 2)).toEqual({ pool: 1, lost: 2, died: ["c", "b"], wiped: false });
    expect(damageSquad(last, "c", 9)).toEqual({ pool: 0, lost: 3, died: ["c", "b", "d"], wiped: true });
  });
  it("holds for any squad and its damage so far: the pool is never more than the living minions, each at 1", () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 6 }), fc.array(fc.nat(30), { maxLength: 6 }), (staminas, hits) => {
      const members = staminas.map((stamina, i) => ({ id: `m${i}`, stamina }));
      let state: SquadState = { members, dead: [], pool: squadPoolMax(members) };
      for (const [i, hit] of hits.entries()) {
        const alive = livingMembers(state);
        if (!alive.length) break;
        const out = damageSquad(state, alive[i % alive.length]!.id, hit);
        state = { ...state, pool: out.pool, dead: [...state.dead, ...out.died] };
      }
      const last = lastStandSquad(state);
      const living = livingMembers(last).length;
      expect(last.pool).toBe(living);
      expect(last.threshold).toBe(1);
      expect(minionsPastPool(livingMembers(last), last.pool)).toEqual([]);
    }));
  });
});

describe("a captain (our reading: its bonus is an edge on the minions' strikes while it lives)", () => {
  it("gives its bonus while alive, none once dead or without one", () => {
    expect(activeCaptainBonus({ alive: true, bonus: "edge" })).toBe("edge");
    expect(activeCaptainBonus({ alive: false, bonus: "edge" })).toBeNull();
    expect(activeCaptainBonus(null)).toBeNull();
  });
  it("a minion monster is a squad's minion, any other creature can captain it", () => {
    expect(squadRole("minion")).toBe("minion");
    expect(squadRole("leader")).toBe("captain");
    expect(squadRole(undefined)).toBe("captain");
  });
  it("the edge counts on a minion's strike, not on its other rolls", () => {
    const roller = { key: "m", statuses: [], captainEdge: true };
    const strike = rollModifiers({ kind: "ability", roller, ability: { keywords: ["attack", "melee", "strike", "weapon"] } });
    expect(strike.edges).toBe(1);
    expect(strike.reasons.map((r) => r.reason)).toContain("captain");
    const area = rollModifiers({ kind: "ability", roller, ability: { keywords: ["area", "magic"] } });
    expect(area.edges).toBe(0);
    const without = rollModifiers({ kind: "ability", roller: { key: "m", statuses: [] }, ability: { keywords: ["attack", "strike"] } });
    expect(without.edges).toBe(0);
  });
});
