// Echoes' rules around the check (src/rules/echoes.ts), by the seed's lines and by property.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ECHOES_MAX_LEVEL, GRIPS, MOTIVATIONS, behaviorModifier, echoesAttack, echoesCheckChanges, echoesDefense, echoesPool, enemyActivationCost, weaponSpeed, addEchoesCondition, adversaryHarmed, echoesConditionBuffs, echoesMovementPoints, ECHOES_CONDITIONS, echoesHit, harmedDamage, ECHOES_LEVEL_REWARD, dissonancePointsGained, echoRelief, echoesAttackDamage, echoesDefenseDamage, enemyActivationOptions,
  motivationAfterCheck, motivationToll, parseTrait, staminaAfterHit, supportBuffs, takeWound, weaponDie,
} from "../../src/rules/index.ts";
import type { EchoesTrack, HarmonyOutcome, Motivation } from "../../src/rules/index.ts";

const OUTCOMES: HarmonyOutcome[] = ["triumph", "success", "setback", "disaster"];

describe("Echoes rules", () => {
  it("names the eight Motivations (S0:L57–58)", () => {
    expect(MOTIVATIONS).toEqual(["joy", "sadness", "anger", "fear", "trust", "disgust", "surprise", "anticipation"]);
  });

  it("multiplies an attack's damage by its outcome (S0:L106–108)", () => {
    expect(OUTCOMES.map((o) => echoesAttackDamage(o, 7))).toEqual([14, 7, 3, 0]);
    expect(echoesAttackDamage("setback", 0)).toBe(0);
    expect(() => echoesAttackDamage("great" as HarmonyOutcome, 1)).toThrow(/outcome/);
    expect(() => echoesAttackDamage("success", -1)).toThrow(/damage/);
  });

  it("takes resistance off first, then applies the defense multiplier (S0:L127–133)", () => {
    expect(OUTCOMES.map((o) => echoesDefenseDamage(o, 9))).toEqual([0, 4, 9, 18]);
    expect(OUTCOMES.map((o) => echoesDefenseDamage(o, 9, 4))).toEqual([0, 2, 5, 10]);
    expect(echoesDefenseDamage("disaster", 3, 5)).toBe(0); // never below 0
    fc.assert(fc.property(fc.constantFrom(...OUTCOMES), fc.nat(50), fc.nat(10), (o, incoming, res) => {
      const taken = echoesDefenseDamage(o, incoming, res);
      expect(taken).toBeGreaterThanOrEqual(0);
      expect(taken).toBeLessThanOrEqual(2 * incoming);
    }));
  });

  it("reads the weapon die from the selected digits: highest, or the sum for two hands (S0:L111–116)", () => {
    expect(weaponDie("one-hand", 3, 7)).toBe(7);
    expect(weaponDie("dual-wield", 8, 2)).toBe(8);
    expect(weaponDie("two-hand", 3, 7)).toBe(10);
    expect(weaponDie("shield", 3, 7)).toBe(7);
    expect(weaponDie("shield", 3, 7, { shieldSum: true })).toBe(10);
    expect(weaponDie("two-hand", 0, 0)).toBe(0);
    fc.assert(fc.property(fc.constantFrom(...GRIPS), fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 }), (g, t, o) => {
      const d = weaponDie(g, t, o);
      expect(d).toBeGreaterThanOrEqual(Math.max(t, o));
      expect(d).toBeLessThanOrEqual(t + o + (t === 0 && o === 0 ? 0 : Math.max(t, o)));
    }));
    expect(() => weaponDie("bow" as never, 1, 1)).toThrow(/grip/);
    expect(() => weaponDie("one-hand", 10, 1)).toThrow(/tens/);
  });

  it("raises a Motivation on a pass and turns it into Echo on a failure (S0:L59, L82)", () => {
    expect(motivationAfterCheck(2, true)).toEqual({ value: 3, echo: 0 });
    expect(motivationAfterCheck(3, false)).toEqual({ value: 0, echo: 3 });
    expect(motivationAfterCheck(0, false)).toEqual({ value: 0, echo: 0 });
  });

  it("charges 1 Echo to choose a Motivation of 2 or more (S0:L60), or at exactly 2 by the setting", () => {
    expect([0, 1, 2, 3, 5].map((v) => motivationToll(v))).toEqual([0, 0, 1, 1, 1]);
    expect([1, 2, 3].map((v) => motivationToll(v, { exactlyTwo: true }))).toEqual([0, 1, 0]);
  });

  it("relieves Echo for Harmony doubles and triples (S0:L64), and reads a Behavior's modifier (S0:L165)", () => {
    expect([0, 2, 3].map((m) => echoRelief(m as 0 | 2 | 3))).toEqual([0, 1, 3]);
    expect(() => echoRelief(1 as 2)).toThrow(/harmonyMatches/);
    expect([34, 9, 0, 100, 57].map(behaviorModifier)).toEqual([3, 0, 0, 10, 5]);
    expect(() => behaviorModifier(101)).toThrow(/value/);
  });

  it("parses Traits as the sheet writes them (S0:L66, L166)", () => {
    expect(parseTrait("[+++tinkerer]")).toEqual({ name: "tinkerer", strength: 3 });
    expect(parseTrait("[++ old friend ]")).toEqual({ name: "old friend", strength: 2 });
    expect(parseTrait("[starvation]")).toEqual({ name: "starvation", strength: 1 });
    expect(parseTrait("+botanist")).toEqual({ name: "botanist", strength: 1 });
    for (const bad of ["", "[]", "[+++]", "   "]) expect(() => parseTrait(bad)).toThrow(RangeError);
  });

  it("gives a support check's outcome to the supported check (S0:L88–100)", () => {
    expect(OUTCOMES.map(supportBuffs)).toEqual([{ big: 1, small: 0 }, { big: 0, small: 1 }, { big: 0, small: 0 }, { big: -1, small: 0 }]);
  });

  it("offers enemy activations by the turn's speed (S0:L140–146)", () => {
    expect(enemyActivationOptions("fast")).toEqual([[1]]);
    expect(enemyActivationOptions("slow")).toEqual([[2], [1, 1]]);
    expect(() => enemyActivationOptions("quick" as never)).toThrow(/speed/);
  });

  it("takes damage off Stamina, then compares what is left to the Wound Threshold (S0:L24–28)", () => {
    expect(staminaAfterHit(10, 4, 5)).toEqual({ stamina: 6, wound: null });
    expect(staminaAfterHit(10, 10, 5)).toEqual({ stamina: 0, wound: null });
    expect(staminaAfterHit(10, 14, 5)).toEqual({ stamina: 0, wound: "minor" });
    expect(staminaAfterHit(10, 15, 5)).toEqual({ stamina: 0, wound: "serious" });
    expect(staminaAfterHit(0, 3, 5)).toEqual({ stamina: 0, wound: "minor" });
    expect(() => staminaAfterHit(5, 1, 0)).toThrow(/woundThreshold/);
  });

  it("records wounds two of each kind, the other kind when one is full, and death at the fifth (S0:L27–28, L38)", () => {
    let w = { minor: 0, serious: 0 };
    const take = (k: "minor" | "serious") => {
      const r = takeWound(w, k);
      w = { minor: r.minor, serious: r.serious };
      return r;
    };
    expect(take("minor")).toEqual({ minor: 1, serious: 0, dead: false });
    expect(take("minor")).toEqual({ minor: 2, serious: 0, dead: false });
    expect(take("minor")).toEqual({ minor: 2, serious: 1, dead: false });
    expect(take("serious")).toEqual({ minor: 2, serious: 2, dead: false });
    expect(take("minor")).toEqual({ minor: 2, serious: 2, dead: true });
    expect(() => takeWound({ minor: 3, serious: 0 }, "minor")).toThrow(/wounds.minor/);
  });

  it("gives the GM the Dissonance digit as DP, 00 as 10, or none by the setting", () => {
    expect(dissonancePointsGained(7, 3)).toBe(7);
    expect(dissonancePointsGained(0, 4)).toBe(0);
    expect(dissonancePointsGained(0, 0)).toBe(10);
    expect(dissonancePointsGained(7, 3, "none")).toBe(0);
    expect(() => dissonancePointsGained(10, 0)).toThrow(/tens/);
  });
});

describe("echoesCheckChanges: a check's toll, Motivation, Echo and XP (S0:L46–48, L59–64, L81)", () => {
  const zero = () => Object.fromEntries(MOTIVATIONS.map((m) => [m, 0])) as Record<Motivation, number>;
  const track = (over: Partial<EchoesTrack> = {}): EchoesTrack =>
    ({ motivations: zero(), echo: 0, xp: { value: 0, max: 10 }, level: 1, ...over });

  it("raises the Motivation on a pass and gains nothing else", () => {
    const r = echoesCheckChanges(track({ motivations: { ...zero(), joy: 1 } }), { motivation: "joy", pass: true, harmonyMatches: 0 });
    expect(r.track.motivations.joy).toBe(2);
    expect([r.toll, r.reroll, r.fromFailure, r.relief, r.xpMarked, r.track.echo]).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it("pays the toll for a Motivation at 2 or more, and a failure gives its value as Echo and resets it: two gains, two XP boxes", () => {
    const r = echoesCheckChanges(track({ motivations: { ...zero(), anger: 3 }, echo: 4 }), { motivation: "anger", pass: false, harmonyMatches: 0 });
    expect(r.toll).toBe(1);
    expect(r.fromFailure).toBe(3);
    expect(r.track.motivations.anger).toBe(0);
    expect(r.track.echo).toBe(8);
    expect(r.xpMarked).toBe(2);
    expect(r.track.xp.value).toBe(2);
    // The toll only at exactly 2, the setting's reading.
    expect(echoesCheckChanges(track({ motivations: { ...zero(), anger: 3 } }), { motivation: "anger", pass: true, harmonyMatches: 0, exactlyTwo: true }).toll).toBe(0);
  });

  it("a failure with the Motivation at 0 gains no Echo and marks no box; the reroll gains 1 and marks one", () => {
    const r = echoesCheckChanges(track(), { motivation: "fear", pass: false, harmonyMatches: 0, rerolled: true });
    expect([r.fromFailure, r.reroll, r.xpMarked, r.track.echo]).toEqual([0, 1, 1, 1]);
  });

  it("Harmony doubles take 1 Echo and triples 3, never below 0, and are not a gain", () => {
    expect(echoesCheckChanges(track({ echo: 5 }), { motivation: "joy", pass: true, harmonyMatches: 2 }).track.echo).toBe(4);
    expect(echoesCheckChanges(track({ echo: 5 }), { motivation: "joy", pass: true, harmonyMatches: 3 }).track.echo).toBe(2);
    const r = echoesCheckChanges(track({ echo: 1 }), { motivation: "joy", pass: true, harmonyMatches: 3 });
    expect([r.track.echo, r.relief, r.xpMarked]).toEqual([0, 1, 0]);
  });

  it("a full XP track is a level and an empty track, up to level 10, where the track stays full", () => {
    const r = echoesCheckChanges(track({ motivations: { ...zero(), joy: 2 }, xp: { value: 9, max: 10 } }), { motivation: "joy", pass: false, harmonyMatches: 0 });
    expect([r.track.level, r.track.xp.value, r.levelsGained]).toEqual([2, 1, 1]);
    expect(r.pointsGained).toEqual({ behaviorPoints: 3, abilityPoints: 1 }); // S0:L47
    expect(ECHOES_LEVEL_REWARD).toEqual({ behaviorPoints: 3, abilityPoints: 1 });
    const top = echoesCheckChanges(track({ motivations: { ...zero(), joy: 2 }, xp: { value: 9, max: 10 }, level: 10 }), { motivation: "joy", pass: false, harmonyMatches: 0 });
    expect([top.track.level, top.track.xp.value, top.levelsGained]).toEqual([10, 10, 0]);
    expect(top.pointsGained).toEqual({ behaviorPoints: 0, abilityPoints: 0 });
  });

  it("a check without a Motivation (a fortune check) changes no Motivation and pays no toll", () => {
    const r = echoesCheckChanges(track({ motivations: { ...zero(), joy: 4 } }), { motivation: null, pass: false, harmonyMatches: 0 });
    expect(r.track.motivations.joy).toBe(4);
    expect([r.toll, r.fromFailure, r.xpMarked]).toEqual([0, 0, 0]);
  });

  it("keeps its invariants: Echo never negative, XP within the track, the level within 1–10, XP never falls but on a level", () => {
    fc.assert(fc.property(
      fc.record({
        motivations: fc.record(Object.fromEntries(MOTIVATIONS.map((m) => [m, fc.integer({ min: 0, max: 6 })])) as Record<Motivation, fc.Arbitrary<number>>),
        echo: fc.integer({ min: 0, max: 30 }), max: fc.integer({ min: 1, max: 12 }), level: fc.integer({ min: 1, max: 10 }),
      }).chain((t) => fc.record({ t: fc.constant(t), xp: fc.integer({ min: 0, max: t.max }) })),
      fc.option(fc.constantFrom(...MOTIVATIONS), { nil: null }), fc.boolean(), fc.constantFrom(0, 2, 3) as fc.Arbitrary<0 | 2 | 3>, fc.boolean(),
      ({ t, xp }, motivation, pass, harmonyMatches, rerolled) => {
        const before = { motivations: t.motivations, echo: t.echo, xp: { value: xp, max: t.max }, level: t.level };
        const r = echoesCheckChanges(before, { motivation, pass, harmonyMatches, rerolled });
        expect(r.track.echo).toBe(Math.max(0, t.echo + r.toll + r.reroll + r.fromFailure - echoRelief(harmonyMatches)));
        expect(r.track.xp.value).toBeGreaterThanOrEqual(0);
        expect(r.track.xp.value).toBeLessThanOrEqual(t.max);
        expect(r.track.level).toBeGreaterThanOrEqual(t.level);
        expect(r.track.level).toBeLessThanOrEqual(ECHOES_MAX_LEVEL);
        if (r.levelsGained === 0) expect(r.track.xp.value).toBeGreaterThanOrEqual(xp);
        expect(r.xpMarked).toBeLessThanOrEqual(3);
      },
    ));
  });

  it("refuses a track or facts out of range", () => {
    expect(() => echoesCheckChanges(track({ echo: -1 }), { motivation: "joy", pass: true, harmonyMatches: 0 })).toThrow(/echo/);
    expect(() => echoesCheckChanges(track({ xp: { value: 11, max: 10 } }), { motivation: "joy", pass: true, harmonyMatches: 0 })).toThrow(/xp.value/);
    expect(() => echoesCheckChanges(track({ level: 11 }), { motivation: "joy", pass: true, harmonyMatches: 0 })).toThrow(/level/);
    expect(() => echoesCheckChanges(track(), { motivation: "glee" as Motivation, pass: true, harmonyMatches: 0 })).toThrow(/motivation/);
  });
});

describe("echoesPool: the check's net Buffs and Debuffs (S0:L52, L58, L62–69)", () => {
  it("gives a Big Buff per Motivation level and a Trait's strength as Small Buffs or Debuffs", () => {
    expect(echoesPool({ motivation: 2 })).toEqual({ big: 2, small: 0 });
    expect(echoesPool({ motivation: 1, trait: { strength: 3, as: "buff" } })).toEqual({ big: 1, small: 3 });
    expect(echoesPool({ motivation: 0, trait: { strength: 2, as: "debuff" } })).toEqual({ big: 0, small: -2 });
  });
  it("caps each side at 3 before the same types cancel; Big never cancels Small", () => {
    expect(echoesPool({ motivation: 5, bigDebuffs: 1 })).toEqual({ big: 2, small: 0 });
    expect(echoesPool({ motivation: 1, bigBuffs: 1, smallDebuffs: 2 })).toEqual({ big: 2, small: -2 });
  });
  it("counts a minor wound as a Small Debuff and a serious one as a Big Debuff", () => {
    expect(echoesPool({ motivation: 1, wounds: { minor: 2, serious: 1 } })).toEqual({ big: 0, small: -2 });
  });
  it("always gives dice counts the check accepts, and refuses counts out of range", () => {
    fc.assert(fc.property(
      fc.nat(9), fc.nat(5), fc.nat(5), fc.nat(5), fc.nat(5), fc.nat(2), fc.nat(2), fc.option(fc.record({ strength: fc.integer({ min: 1, max: 4 }), as: fc.constantFrom("buff", "debuff") as fc.Arbitrary<"buff" | "debuff"> }), { nil: null }),
      (motivation, bigBuffs, bigDebuffs, smallBuffs, smallDebuffs, minor, serious, trait) => {
        const { big, small } = echoesPool({ motivation, bigBuffs, bigDebuffs, smallBuffs, smallDebuffs, wounds: { minor, serious }, trait });
        expect(Math.abs(big)).toBeLessThanOrEqual(3);
        expect(Math.abs(small)).toBeLessThanOrEqual(3);
      },
    ));
    expect(() => echoesPool({ motivation: -1 })).toThrow(/motivation/);
    expect(() => echoesPool({ motivation: 0, trait: { strength: 1, as: "both" as "buff" } })).toThrow(/trait.as/);
  });
});

describe("an ability's Echo (S0:L103)", () => {
  it("attacking with an ability gains 1 Echo and marks its own XP box", () => {
    const zero = Object.fromEntries(MOTIVATIONS.map((m) => [m, 0])) as Record<Motivation, number>;
    const r = echoesCheckChanges({ motivations: zero, echo: 0, xp: { value: 0, max: 10 }, level: 1 },
      { motivation: "joy", pass: true, harmonyMatches: 0, usedAbility: true, rerolled: true });
    expect([r.ability, r.reroll, r.track.echo, r.xpMarked]).toEqual([1, 1, 2, 2]);
  });
});

describe("echoesAttack: an attack check's damage (S0:L101–121)", () => {
  it("adds the Damage Save's modifier, the ability's damage and the weapon die, then applies the outcome", () => {
    // Damage Save 38 (modifier 3), ability 4, two-handed: 2 + 5; Success.
    expect(echoesAttack({ damageSave: 38, abilityDamage: 4, grip: "two-hand", tens: 2, ones: 5, outcome: "success" }))
      .toEqual({ modifier: 3, ability: 4, weapon: 7, base: 14, total: 14 });
    expect(echoesAttack({ damageSave: 38, abilityDamage: 4, grip: "one-hand", tens: 2, ones: 5, outcome: "triumph" }).total).toBe(24);
    expect(echoesAttack({ damageSave: 38, grip: "one-hand", tens: 2, ones: 5, outcome: "setback" }).total).toBe(4);
    expect(echoesAttack({ damageSave: 38, grip: "one-hand", tens: 2, ones: 5, outcome: "disaster" }).total).toBe(0);
    // No weapon, no ability: the modifier alone (a chair, S0:L123).
    expect(echoesAttack({ damageSave: 52, grip: null, tens: 9, ones: 9, outcome: "success" })).toMatchObject({ weapon: 0, base: 5 });
  });
  it("never gives negative damage, and refuses a grip or digits it does not know", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 100 }), fc.nat(20), fc.option(fc.constantFrom(...GRIPS), { nil: null }), fc.nat(9), fc.nat(9),
      fc.constantFrom(...OUTCOMES), (damageSave, abilityDamage, grip, tens, ones, outcome) => {
        const r = echoesAttack({ damageSave, abilityDamage, grip, tens, ones, outcome });
        expect(r.base).toBe(r.modifier + r.ability + r.weapon);
        expect(r.total).toBe(echoesAttackDamage(outcome, r.base));
        expect(r.total).toBeGreaterThanOrEqual(0);
      }));
    expect(() => echoesAttack({ damageSave: 30, grip: "spear" as never, tens: 1, ones: 1, outcome: "success" })).toThrow(/grip/);
    expect(() => echoesAttack({ damageSave: 30, grip: null, tens: 10, ones: 1, outcome: "success" })).toThrow(/tens/);
  });
});

describe("echoesDefense: a defense check's hit (S0:L126–133, L24–28)", () => {
  const base = { stamina: 6, woundThreshold: 5, wounds: { minor: 0, serious: 0 } };
  it("takes resistance off first, applies the outcome, then Stamina and a wound for what is left", () => {
    expect(echoesDefense({ ...base, outcome: "triumph", incoming: 20 })).toMatchObject({ damage: 0, stamina: 6, wound: null });
    expect(echoesDefense({ ...base, outcome: "success", incoming: 10, resistance: 2 })).toMatchObject({ damage: 4, stamina: 2, wound: null });
    expect(echoesDefense({ ...base, outcome: "setback", incoming: 9 })).toMatchObject({ damage: 9, stamina: 0, wound: "minor", wounds: { minor: 1, serious: 0 } });
    expect(echoesDefense({ ...base, outcome: "disaster", incoming: 8 })).toMatchObject({ damage: 16, stamina: 0, wound: "serious", wounds: { minor: 0, serious: 1 } });
  });
  it("the fifth wound kills", () => {
    expect(echoesDefense({ stamina: 0, woundThreshold: 5, wounds: { minor: 2, serious: 2 }, outcome: "setback", incoming: 1 }))
      .toMatchObject({ dead: true, wounds: { minor: 2, serious: 2 } });
  });
});

describe("weaponSpeed (S0:L138–146)", () => {
  it("one-handed and dual wield are fast; two-handed and with a shield are slow", () => {
    expect(GRIPS.map(weaponSpeed)).toEqual(["fast", "fast", "slow", "slow"]);
    expect(() => weaponSpeed("bow" as never)).toThrow(/grip/);
  });
});

describe("enemyActivationCost (S0:L140–146)", () => {
  it("charges each action at its enemy's price, for an activation the player's speed allows", () => {
    expect(enemyActivationCost("fast", [{ actions: 1, cost: 2 }])).toBe(2);
    expect(enemyActivationCost("slow", [{ actions: 2, cost: 1 }])).toBe(2);
    expect(enemyActivationCost("slow", [{ actions: 1, cost: 1 }, { actions: 1, cost: 3 }])).toBe(4);
    expect(enemyActivationCost("fast", [])).toBe(0); // the GM banks the points
    // Empowered: 1 DP less, never below 0 (S0:L174).
    expect(enemyActivationCost("slow", [{ actions: 2, cost: 2, empowered: true }])).toBe(3);
    expect(enemyActivationCost("fast", [{ actions: 1, cost: 0, empowered: true }])).toBe(0);
  });
  it("refuses what the speed does not allow", () => {
    expect(() => enemyActivationCost("fast", [{ actions: 2, cost: 1 }])).toThrow(/fast/);
    expect(() => enemyActivationCost("fast", [{ actions: 1, cost: 1 }, { actions: 1, cost: 1 }])).toThrow(/fast/);
    expect(() => enemyActivationCost("slow", [{ actions: 2, cost: 1 }, { actions: 1, cost: 1 }])).toThrow(/slow/);
    expect(() => enemyActivationCost("slow", [{ actions: 1, cost: -1 }])).toThrow(/cost/);
  });
});

describe("Echoes conditions (S0:L166–194)", () => {
  it("one of each name; Endurance clears the rest, and the next condition only removes it", () => {
    expect(addEchoesCondition(["weakened"], "weakened")).toEqual(["weakened"]);
    expect(addEchoesCondition(["weakened"], "slowed")).toEqual(["weakened", "slowed"]);
    expect(addEchoesCondition(["weakened", "slowed"], "endurance")).toEqual(["endurance"]);
    expect(addEchoesCondition(["endurance"], "empowered")).toEqual([]);
    expect(() => addEchoesCondition(["cursed"], "slowed")).toThrow(/current/);
  });
  it("gives attacks and defense checks their Big Buffs and says which conditions they resolve", () => {
    expect(echoesConditionBuffs("attack", ["empowered"], ["weakened"])).toEqual({ big: 2, spentOwn: ["empowered"], spentTarget: ["weakened"] });
    expect(echoesConditionBuffs("attack", [], ["warded"])).toEqual({ big: -1, spentOwn: [], spentTarget: ["warded"] });
    expect(echoesConditionBuffs("defense", ["weakened", "warded"])).toEqual({ big: 0, spentOwn: ["weakened", "warded"], spentTarget: [] });
    expect(echoesConditionBuffs("other", ["empowered", "weakened"])).toEqual({ big: 0, spentOwn: [], spentTarget: [] });
  });
  it("takes 1 MP for Slowed (down to 0) and every MP for Immobilized from the next movement (S0:L182–186)", () => {
    expect(echoesMovementPoints(2, [])).toBe(2);
    expect(echoesMovementPoints(2, ["slowed"])).toBe(1);
    expect(echoesMovementPoints(0, ["slowed"])).toBe(0);
    expect(echoesMovementPoints(3, ["immobilized", "slowed"])).toBe(0);
    expect(echoesMovementPoints(3, ["weakened"])).toBe(3);
    expect(() => echoesMovementPoints(-1, [])).toThrow(RangeError);
    expect(() => echoesMovementPoints(2, ["sleepy"])).toThrow(RangeError);
    fc.assert(fc.property(fc.integer({ min: 0, max: 20 }), fc.subarray([...ECHOES_CONDITIONS]), (mp, list) => {
      const now = echoesMovementPoints(mp, list);
      expect(now).toBeGreaterThanOrEqual(0);
      expect(now).toBeLessThanOrEqual(mp);
    }));
  });
  it("Harmed on an enemy takes the player's Wound Threshold, down to 0 HP (S0:L194)", () => {
    expect(adversaryHarmed(9, 5)).toEqual({ hp: 4, damage: 5 });
    expect(adversaryHarmed(3, 5)).toEqual({ hp: 0, damage: 5 });
    expect(() => adversaryHarmed(-1, 5)).toThrow(RangeError);
    expect(() => adversaryHarmed(3, 0)).toThrow(RangeError);
  });
  it("never spends a condition the actor lacks", () => {
    fc.assert(fc.property(fc.subarray([...ECHOES_CONDITIONS]), fc.subarray([...ECHOES_CONDITIONS]), fc.constantFrom("attack", "defense", "other") as fc.Arbitrary<"attack" | "defense" | "other">,
      (own, target, check) => {
        const r = echoesConditionBuffs(check, own, target);
        expect(r.spentOwn.every((c) => own.includes(c))).toBe(true);
        expect(r.spentTarget.every((c) => target.includes(c))).toBe(true);
        expect(Math.abs(r.big)).toBeLessThanOrEqual(2);
      }));
  });
});

describe("echoesHit and harmedDamage (S0:L24–28, L38, L192–193)", () => {
  it("takes damage off Stamina first, then leaves a wound by the Wound Threshold", () => {
    expect(echoesHit({ damage: 4, stamina: 6, woundThreshold: 5, wounds: { minor: 0, serious: 0 } })).toMatchObject({ stamina: 2, wound: null });
    expect(echoesHit({ damage: 12, stamina: 6, woundThreshold: 5, wounds: { minor: 0, serious: 2 } })).toMatchObject({ stamina: 0, wound: "serious", wounds: { minor: 1, serious: 2 } });
  });
  it("Harmed deals the Wound Threshold, which AR and RES do not prevent", () => {
    expect(harmedDamage({ stamina: 3, woundThreshold: 5, wounds: { minor: 1, serious: 0 } })).toEqual({ damage: 5, stamina: 0, wound: "minor", wounds: { minor: 2, serious: 0 }, dead: false });
  });
  it("agrees with echoesDefense for every outcome", () => {
    fc.assert(fc.property(fc.constantFrom(...OUTCOMES), fc.nat(30), fc.nat(20), fc.integer({ min: 1, max: 10 }), (outcome, incoming, stamina, woundThreshold) => {
      const wounds = { minor: 0, serious: 0 };
      expect(echoesDefense({ outcome, incoming, stamina, woundThreshold, wounds }))
        .toEqual(echoesHit({ damage: echoesDefenseDamage(outcome, incoming), stamina, woundThreshold, wounds }));
    }));
  });
});
