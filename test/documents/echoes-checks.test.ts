// Echoes checks on the strict multi-client world: a player rolls a Behavior check for their character,
// applies it through the GM (the Motivation, Echo, XP and the GM's Dissonance Points change once),
// undoes it, and nobody else can apply it or apply a check the sheet no longer matches.
import { afterEach, describe, expect, it } from "vitest";
import { harness, looksLikeRawKey } from "../harness/foundry.ts";
import { d0, setupTable } from "../fixtures/world.ts";
import type { Table } from "../fixtures/world.ts";
import type { WorldMessage, WorldUser } from "../harness/world.ts";
import { echoesSystem } from "../fixtures/echoes.ts";

const t: Table = await setupTable();
const { world, gm, alice, bob } = t;
const { rollEchoesCheck, requestEchoesApply, repickEchoesCheck, rerollEchoesCheck } = await import("../../src/documents/echoes-checks.ts");
const { onRenderEchoesCheck } = await import("../../src/applications/chat/echoes-card.ts");
const { activateEnemies } = await import("../../src/documents/echoes-activation.ts");
const { toggleEchoesCondition } = await import("../../src/documents/echoes-conditions.ts");

const vessa = world.addActor({ name: "Vessa", type: "echoes", system: echoesSystem() }, [alice]);
// Type escape: the harness keeps the system as plain data; this is its shape.
const sys = () => vessa.system as unknown as ReturnType<typeof echoesSystem>;
const shownTo = (user: WorldUser) => world.shown.filter((s) => s.user === user.name).map((s) => s.shown);
const dp = () => world.settings.get("steel-echoes.dissonancePoints")!.value as number;
const flagOf = (m: WorldMessage) => (m.flags["steel-echoes"] as { echoesCheck: { applied: unknown } }).echoesCheck;
/** Alice rewrites her own check's message, as a console could. */
const edit = (m: WorldMessage, changes: object) => world.as(alice, () => (m as unknown as { update(c: object): Promise<unknown> }).update(changes));

/**
 * Alice checks STR (34) with Anger (2: two Big Buffs and the toll) and these faces: the Dissonance
 * dice (1 + |big|), then the Harmony dice (1 + |small|).
 */
async function check(faces: number[], small = 0): Promise<WorldMessage> {
  harness.fixRandom(d0(...faces));
  return await world.as(alice, () => rollEchoesCheck(vessa as never, { kind: "behavior", key: "STR", label: "STR" },
    { motivation: "anger", trait: null, big: 2, small })) as unknown as WorldMessage;
}
const apply = (user: WorldUser, m: WorldMessage, action: "apply" | "undo" = "apply") => world.as(user, () => requestEchoesApply(m.id, action));

afterEach(async () => {
  await world.settle();
  expect(world.shown.filter((s) => looksLikeRawKey(s.shown))).toEqual([]);
  expect(harness.hooks.errors).toEqual([]);
  world.shown.length = 0;
  Object.assign(vessa.system, echoesSystem());
});

describe("Echoes checks (seed 000)", () => {
  it("a pass raises the Motivation after the toll; the GM gains the tens digit; applied once; undo puts everything back", async () => {
    const m = await check([7, 2, 5, 2]); // Big Buff: lowest tens 2, ones 2: 22 ≤ 34, a matched pass: Triumph
    expect(m.rolls[0]).toHaveProperty("total", 22);
    expect(flagOf(m)).toMatchObject({ motivation: "anger", motivationValue: 2, target: 34, applied: null });
    const dpBefore = dp();
    expect(await apply(alice, m)).toBe(true);
    expect(sys().motivations.anger).toBe(3);
    expect(sys().echo).toBe(4); // 3 + the toll
    expect(sys().xp.value).toBe(5); // one gain of Echo, one box
    expect(dp()).toBe(dpBefore + 2);
    expect(flagOf(m).applied).toMatchObject({ toll: 1, motivation: { from: 2, to: 3 }, echo: { from: 3, to: 4 }, dissonancePoints: 2 });
    // Once.
    expect(await apply(alice, m)).toBe(false);
    expect(shownTo(alice)).toContain("This check was already applied.");
    expect(sys().motivations.anger).toBe(3);
    // Undo.
    expect(await apply(alice, m, "undo")).toBe(true);
    expect([sys().motivations.anger, sys().echo, sys().xp.value, dp()]).toEqual([2, 3, 4, dpBefore]);
    expect(flagOf(m).applied).toBeNull();
  });

  it("a failure gives Echo equal to the Motivation and resets it; matching Harmony dice relieve Echo", async () => {
    const m = await check([8, 9, 9, 5]); // 85 > 34: Setback
    expect(await apply(alice, m)).toBe(true);
    expect(sys().motivations.anger).toBe(0);
    expect(sys().echo).toBe(3 + 1 + 2); // the toll, then the Motivation's 2
    expect(sys().xp.value).toBe(6); // two gains, two boxes
    await apply(alice, m, "undo");
    // Under a Small Debuff, two Harmony dice showing 6: 1 Echo less (S0:L64).
    const doubles = await check([8, 9, 9, 6, 6], -1); // 86: Setback
    expect(await apply(alice, doubles)).toBe(true);
    expect(sys().echo).toBe(3 + 1 + 2 - 1);
    expect(flagOf(doubles).applied).toMatchObject({ relief: 1 });
    await apply(alice, doubles, "undo");
  });

  it("only the roller who owns the character, or the GM, applies it", async () => {
    const m = await check([7, 2, 5, 2]);
    expect(await apply(bob, m)).toBe(false);
    expect(shownTo(bob)).toEqual(["You may not apply this check to Vessa."]);
    expect(sys().motivations.anger).toBe(2);
    expect(await apply(gm, m)).toBe(true);
    expect(sys().motivations.anger).toBe(3);
    await apply(gm, m, "undo");
  });

  it("refuses a check the sheet no longer matches: the Motivation moved on, or the Behavior changed", async () => {
    const m = await check([7, 2, 5, 2]);
    sys().motivations.anger = 0;
    expect(await apply(alice, m)).toBe(false);
    expect(shownTo(alice)).toEqual(["Vessa's sheet has changed since this check was rolled (its Behavior or Motivation), so it was not applied."]);
    sys().motivations.anger = 2;
    sys().behaviors[0]!.value = 90;
    expect(await apply(alice, m)).toBe(false);
    expect(sys().echo).toBe(3);
  });

  it("draws the card's footer: Apply for the roller, nothing for another player", async () => {
    const m = await check([7, 2, 5, 2]);
    // The message's element, as far as the hook uses it (no DOM here; the browser tests click the real one).
    const draw = async (user: WorldUser) => {
      let drawn = "";
      const host = { insertAdjacentHTML: (_where: string, html: string) => { drawn += html; }, querySelectorAll: () => [] };
      const html = { querySelector: (selector: string) => (selector === ".message-content" ? host : null) } as unknown as HTMLElement;
      await world.as(user, () => onRenderEchoesCheck(m as never, html));
      return drawn;
    };
    expect(await draw(alice)).toContain('data-se-echoes="apply"');
    expect(await draw(bob)).not.toContain("data-se-echoes=");
    expect(await draw(gm)).toContain('data-se-echoes="apply"');
  });
});

describe("steelEchoes.echoesCheck (macros)", () => {
  it("rolls a Behavior or a Save by name with the defaults, and says false for a name the character lacks", async () => {
    const { api } = await import("../../src/index.ts");
    harness.fixRandom(d0(7, 2, 5, 2));
    const before = world.messages.size;
    expect(await world.as(alice, () => api.echoesCheck(vessa as never, "STR", { fast: true }))).toBe(true);
    const m = [...world.messages.values()].at(-1)!;
    expect(world.messages.size).toBe(before + 1);
    // The dialog's default: the strongest Motivation (Anger 2), wounds as Debuffs (one minor: a Small Debuff).
    expect(flagOf(m)).toMatchObject({ kind: "behavior", key: "STR", target: 34, motivation: "anger", motivationValue: 2 });
    expect((m.rolls[0] as { harmonyOptions: object }).harmonyOptions).toMatchObject({ big: 2, small: -1, target: 34 });
    harness.fixRandom(d0(7, 2, 5, 2, 3));
    expect(await world.as(alice, () => api.echoesCheck(vessa as never, "hit", { fast: true }))).toBe(true);
    expect(flagOf([...world.messages.values()].at(-1)!)).toMatchObject({ kind: "save", key: "hit", target: 52 });
    expect(await world.as(alice, () => api.echoesCheck(vessa as never, "Dance", { fast: true }))).toBe(false);
    // Not Bob's character: nothing is rolled.
    const count = world.messages.size;
    await world.as(bob, () => api.echoesCheck(vessa as never, "STR", { fast: true }));
    expect(world.messages.size).toBe(count);
  });
});

describe("the card's dice before applying: re-pick and the one reroll (S0:L70–71, L81)", () => {
  const picks = () => world.settings.get("steel-echoes.echoesGmPicks")!.value as Record<string, object>;
  const rollOf = (m: WorldMessage) => m.rolls[0] as { total: number; harmonyOptions: { pick?: object; reroll?: object } };

  it("the roller picks under a Buff: another die of the tens, and applying uses it", async () => {
    const m = await check([7, 2, 3, 2]); // tens 7, 2, 3 under +2 Big: 22 by default
    expect(await world.as(bob, () => repickEchoesCheck(m.id, "dissonance", 0))).toBe(false);
    expect(await world.as(gm, () => repickEchoesCheck(m.id, "dissonance", 0))).toBe(false); // the player's pick
    expect(await world.as(alice, () => repickEchoesCheck(m.id, "dissonance", 2))).toBe(true);
    expect(rollOf(m).total).toBe(32);
    expect(m.content).toBe("32");
    expect(await apply(alice, m)).toBe(true);
    expect(sys().motivations.anger).toBe(3); // 32 ≤ 34: a pass
    // Applied: the dice no longer change.
    expect(await world.as(alice, () => repickEchoesCheck(m.id, "dissonance", 0))).toBe(false);
    await apply(alice, m, "undo");
  });

  it("the GM picks under a Debuff, and a player writing a pick into their own message changes nothing", async () => {
    harness.fixRandom(d0(2, 5, 8));
    const m = await world.as(alice, () => rollEchoesCheck(vessa as never, { kind: "behavior", key: "STR", label: "STR" },
      { motivation: "fear", trait: null, big: 0, small: -1 })) as unknown as WorldMessage; // 2, then ones 5 or 8: 28 by default
    expect(rollOf(m).total).toBe(28);
    expect(await world.as(alice, () => repickEchoesCheck(m.id, "harmony", 0))).toBe(false);
    // A hostile author writes the pick straight into the roll: the card would read 25.
    const forged = (m.rolls[0] as { withPick(d: string, i: number): object }).withPick("harmony", 0);
    await edit(m, { rolls: [JSON.stringify(forged)] });
    expect(rollOf(m).total).toBe(25);
    // Applying ignores it: the GM has not picked, so the seed's usual die (the highest) counts.
    expect(await apply(gm, m)).toBe(true);
    expect(rollOf(m).total).toBe(28);
    await apply(gm, m, "undo");
    // The GM's own pick is kept where only a GM writes, and is the one applied.
    expect(await world.as(gm, () => repickEchoesCheck(m.id, "harmony", 0))).toBe(true);
    expect(picks()[m.id]).toEqual({ harmony: 0 });
    expect(await apply(alice, m)).toBe(true);
    expect(rollOf(m).total).toBe(25);
    await apply(alice, m, "undo");
  });

  it("the roller rerolls one die once; applying adds 1 Echo and an XP box for it", async () => {
    const m = await check([7, 2, 5, 2]);
    expect(await world.as(bob, () => rerollEchoesCheck(m.id, "dissonance", 1))).toBe(false);
    harness.fixRandom(d0(1));
    expect(await world.as(alice, () => rerollEchoesCheck(m.id, "dissonance", 1))).toBe(true);
    expect(rollOf(m).harmonyOptions.reroll).toEqual({ digit: "dissonance", index: 1, from: 2, to: 1 });
    expect(rollOf(m).total).toBe(12);
    expect(await world.as(alice, () => rerollEchoesCheck(m.id, "harmony", 0))).toBe(false);
    expect(shownTo(alice)).toContain("This check has already used its reroll.");
    expect(await apply(alice, m)).toBe(true);
    expect(sys().echo).toBe(3 + 1 + 1); // toll and reroll
    expect(sys().xp.value).toBe(6);
    expect(flagOf(m).applied).toMatchObject({ reroll: 1, toll: 1 });
    await apply(alice, m, "undo");
  });
});

describe("attack and defense checks applied (S0:L101–133)", () => {
  it("an attack on the Hit Save totals its damage from the selected digits, and the ability's Echo", async () => {
    harness.fixRandom(d0(4, 1, 5)); // Hit Save 52, Joy 1: tens 4 or 1 (lowest 1), ones 5: 15, a pass
    const m = await world.as(alice, () => rollEchoesCheck(vessa as never, { kind: "save", key: "hit", label: "Hit Save" },
      { motivation: "joy", trait: null, big: 1, small: 0, attack: { grip: "two-hand", abilityDamage: 4, ability: true } })) as unknown as WorldMessage;
    expect(await apply(alice, m)).toBe(true);
    // Damage Save 38: 3, + 4, + the two-handed weapon die 1 + 5.
    expect(flagOf(m).applied).toMatchObject({ attack: { modifier: 3, ability: 4, weapon: 6, base: 13, total: 13 }, ability: 1 });
    expect(sys().echo).toBe(4);
    await apply(alice, m, "undo");
    expect(sys().echo).toBe(3);
  });

  it("a defense check on a defense Behavior takes the damage off Stamina and leaves a wound; undo heals it", async () => {
    harness.fixRandom(d0(9, 9, 9, 8)); // AR 45, Anger 2: tens 9s, ones 8: 98, a Setback: full damage
    const m = await world.as(alice, () => rollEchoesCheck(vessa as never, { kind: "behavior", key: "AR", label: "AR" },
      { motivation: "anger", trait: null, big: 2, small: 0, defense: { incoming: 16, resistance: 2 } })) as unknown as WorldMessage;
    expect(await apply(alice, m)).toBe(true);
    // 16 − 2 = 14 against Stamina 8: 6 left over, at least the Wound Threshold 5: a serious wound.
    expect(sys().stamina.value).toBe(0);
    expect(sys().wounds).toEqual({ minor: 1, serious: 1 });
    expect(flagOf(m).applied).toMatchObject({ defense: { damage: 14, staminaFrom: 8, stamina: 0, wound: "serious" } });
    await apply(alice, m, "undo");
    expect(sys().stamina.value).toBe(8);
    expect(sys().wounds).toEqual({ minor: 1, serious: 0 });
  });

  it("a Behavior the sheet does not mark as a defense takes no damage, whatever the message says", async () => {
    harness.fixRandom(d0(9, 9, 9, 8));
    const m = await world.as(alice, () => rollEchoesCheck(vessa as never, { kind: "behavior", key: "STR", label: "STR" },
      { motivation: "anger", trait: null, big: 2, small: 0, defense: { incoming: 16, resistance: 0 } })) as unknown as WorldMessage;
    expect(await apply(alice, m)).toBe(true);
    expect(sys().stamina.value).toBe(8);
    expect((flagOf(m).applied as { defense?: unknown }).defense).toBeUndefined();
    await apply(alice, m, "undo");
  });
});

describe("an attack's damage to Echoes adversaries", () => {
  const adversary = (name: string, hp: number) =>
    world.addActor({ name, type: "echoesAdversary", system: { measure: "hp", hp: { value: hp, max: hp }, damage: 3, speed: "fast", actionCost: 1, resistances: "", conditions: [], abilities: "", notes: "" } });
  const hpOf = (a: { system: unknown }) => (a.system as { hp: { value: number } }).hp.value;
  const attack = async (grip: "one-hand" | "two-hand" = "two-hand") => {
    harness.fixRandom(d0(4, 1, 5)); // 15 against the Hit Save 52: damage 3 + 0 + the weapon die
    return await world.as(alice, () => rollEchoesCheck(vessa as never, { kind: "save", key: "hit", label: "Hit Save" },
      { motivation: "joy", trait: null, big: 1, small: 0, attack: { grip, abilityDamage: 0, ability: false } })) as unknown as WorldMessage;
  };
  /** A two-handed attack with one adversary's new token targeted. */
  const attackOn = async (target: ReturnType<typeof adversary>) => {
    alice.targets = new Set([world.addToken(target, -1)]);
    try {
      return await attack();
    } finally {
      alice.targets = new Set();
    }
  };

  it("takes the attack's damage off each targeted adversary's HP, says how much, and gives it back on undo", async () => {
    const shade = adversary("Shade", 20);
    const wisp = adversary("Wisp", 5);
    alice.targets = new Set([world.addToken(shade, -1), world.addToken(wisp, -1), t.tokens.goblin]);
    const m = await attack();
    expect(flagOf(m)).toMatchObject({ targets: [{ name: "Shade" }, { name: "Wisp" }] }); // the Draw Steel goblin is no Echoes target
    expect(await apply(alice, m)).toBe(true);
    // Damage Save 38: 3, + two-handed 1 + 5: 9.
    expect([hpOf(shade), hpOf(wisp)]).toEqual([11, 0]);
    expect(flagOf(m).applied).toMatchObject({ speed: "slow", targets: [{ name: "Shade", from: 20, to: 11 }, { name: "Wisp", from: 5, to: 0 }] });
    expect(await apply(alice, m, "undo")).toBe(true);
    expect([hpOf(shade), hpOf(wisp)]).toEqual([20, 5]);
    alice.targets = new Set();
  });

  it("strikes only Echoes adversaries, once each, whatever a player writes into the message's targets", async () => {
    const shade = adversary("Shade", 20);
    const [first, second] = [world.addToken(shade, -1), world.addToken(shade, -1)];
    const m = await attack("one-hand");
    const forged = [world.addToken(vessa, 1), t.tokens.ogre, first, first, second].map((k) => ({ tokenUuid: k.uuid, actorUuid: k.actor.uuid, name: k.name }));
    await edit(m, { "flags.steel-echoes.echoesCheck.targets": forged });
    const ogreBefore = structuredClone(t.ogre.system);
    expect(await apply(alice, m)).toBe(true);
    expect(sys().stamina.value).toBe(8);
    expect(t.ogre.system).toEqual(ogreBefore);
    expect(hpOf(shade)).toBe(20 - 8); // once, not three times: 3 + the higher digit 5
    await apply(alice, m, "undo");
  });

  it("strikes no adversary without a token on the active scene, nor a hidden one, whatever the message names", async () => {
    const brute = adversary("Brute", 60); // in the sidebar, on no scene
    const far = adversary("Far", 30);
    const farToken = world.addToken(far, -1);
    const lurker = adversary("Lurker", 30);
    const hidden = world.addToken(lurker, -1);
    hidden.hidden = true;
    const m = await attack();
    const forged = [{ actorUuid: brute.uuid, name: "Brute" }, { tokenUuid: brute.uuid, actorUuid: brute.uuid, name: "Brute" },
      { tokenUuid: hidden.uuid, actorUuid: lurker.uuid, name: "Lurker" }, { tokenUuid: farToken.uuid, actorUuid: far.uuid, name: "Far" }];
    await edit(m, { "flags.steel-echoes.echoesCheck.targets": forged });
    world.scene.active = false; // Far's token is on a scene that is neither active nor viewed
    try {
      expect(await apply(alice, m)).toBe(true);
    } finally {
      world.scene.active = true;
    }
    expect([hpOf(brute), hpOf(far), hpOf(lurker)]).toEqual([60, 30, 30]);
    expect(flagOf(m).applied).toMatchObject({ targets: [] });
    await apply(alice, m, "undo");
    // The GM sees hidden tokens: a check the GM applies strikes one.
    const gmCheck = await attack();
    await edit(gmCheck, { "flags.steel-echoes.echoesCheck.targets": [forged[2]] });
    expect(await apply(gm, gmCheck)).toBe(true);
    expect(hpOf(lurker)).toBe(30 - 9);
    await apply(gm, gmCheck, "undo");
  });

  it("refuses an attack whose ability damage is more than an Echoes ability deals (9,999 on the player's message)", async () => {
    const brute = adversary("Brute", 60);
    const m = await attackOn(brute);
    await edit(m, { "flags.steel-echoes.echoesCheck.attack.abilityDamage": 9_999 });
    expect(await apply(alice, m)).toBe(false);
    expect(shownTo(alice)).toEqual(["This attack's damage is beyond what the rules allow (an ability's damage at most 18, an attack's at most 92), so nothing was applied."]);
    expect(hpOf(brute)).toBe(60);
    expect(sys().echo).toBe(3);
    // 18 is the most: 3 + 18 + the two-handed weapon die 6, a Success.
    await edit(m, { "flags.steel-echoes.echoesCheck.attack.abilityDamage": 18 });
    expect(await apply(alice, m)).toBe(true);
    expect(hpOf(brute)).toBe(60 - 27);
    await apply(alice, m, "undo");
  });

  it("undo gives an adversary back what the attack took, never above its maximum HP", async () => {
    const shade = adversary("Shade", 20);
    const m = await attackOn(shade);
    expect(await apply(alice, m)).toBe(true);
    expect(hpOf(shade)).toBe(11);
    (shade.system as { hp: { value: number } }).hp.value = 18; // healed since
    expect(await apply(alice, m, "undo")).toBe(true);
    expect(hpOf(shade)).toBe(20);
  });
});

describe("undo records only the GM writes", () => {
  const adversary = (name: string, hp: number) =>
    world.addActor({ name, type: "echoesAdversary", system: { measure: "hp", hp: { value: hp, max: hp }, damage: 3, speed: "fast", actionCost: 1, resistances: "", conditions: [], abilities: "", notes: "" } });
  const hpOf = (a: { system: unknown }) => (a.system as { hp: { value: number } }).hp.value;
  const conditionsOf = (a: { system: unknown }) => [...(a.system as { conditions: string[] }).conditions];
  const records = () => world.settings.get("steel-echoes.echoesApplied")!.value as Record<string, { actorUuid: string; dissonancePoints: number }>;
  const setDp = (n: number) => world.as(gm, () => game.settings!.set("steel-echoes", "dissonancePoints", n));
  /** What a console writes into the character it owns: an undo record as the system kept it before 0.2.0. */
  const forge = (m: WorldMessage, record: object) =>
    world.as(alice, () => (vessa as unknown as { update(c: object): Promise<unknown> }).update({ [`flags.steel-echoes.echoesApplied.${m.id}`]: record }));

  it("keeps what applying did in a world setting by message id, and forgets it on undo", async () => {
    const m = await check([7, 2, 5, 2]);
    expect(await apply(alice, m)).toBe(true);
    expect(records()[m.id]).toMatchObject({ actorUuid: vessa.uuid, dissonancePoints: 2, before: { echo: 3 } });
    expect((vessa.flags["steel-echoes"] as { echoesApplied?: unknown } | undefined)?.echoesApplied).toBeUndefined();
    // A player cannot write it.
    await expect(world.as(alice, () => game.settings!.set("steel-echoes", "echoesApplied", {}))).rejects.toThrow(/lacks permission/);
    world.refused.length = 0;
    expect(await apply(alice, m, "undo")).toBe(true);
    expect(records()[m.id]).toBeUndefined();
  });

  it("a record forged on the character undoes nothing: no Dissonance Points, HP or conditions change", async () => {
    await setDp(7);
    const ryn = world.addActor({ name: "Ryn", type: "echoes", system: echoesSystem({ conditions: [] }) }, [bob]);
    const ogre = adversary("Ogre", 40);
    const m = await check([7, 2, 5, 2]);
    const forged = {
      before: { motivations: { anger: 9 }, echo: 0, xp: { value: 0, max: 10 }, level: 10 }, dissonancePoints: -4_993,
      dealt: [{ actorUuid: ogre.uuid, took: 470 }], resolved: [{ actorUuid: ryn.uuid, conditions: ["stunned", "harmed"] }],
    };
    // Before applying: undo finds nothing the GM recorded.
    await forge(m, forged);
    expect(await apply(alice, m, "undo")).toBe(false);
    expect(shownTo(alice)).toEqual(["This check has not been applied."]);
    // After applying: undo reverses what the GM recorded, not the forgery.
    expect(await apply(alice, m)).toBe(true);
    await forge(m, { ...forged, dissonancePoints: 4_995 });
    expect(await apply(alice, m, "undo")).toBe(true);
    expect(dp()).toBe(7);
    expect(hpOf(ogre)).toBe(40);
    expect(conditionsOf(ryn)).toEqual([]);
    expect([sys().motivations.anger, sys().echo, sys().level]).toEqual([2, 3, 2]);
    await setDp(0);
  });

  it("an applied check stays applied when its author clears the card's own copy", async () => {
    const m = await check([7, 2, 5, 2]);
    expect(await apply(alice, m)).toBe(true);
    await edit(m, { "flags.steel-echoes.echoesCheck.applied": null });
    expect(await apply(alice, m)).toBe(false);
    expect(shownTo(alice)).toEqual(["This check was already applied."]);
    expect(sys().motivations.anger).toBe(3);
    expect(await apply(alice, m, "undo")).toBe(true);
  });
});


describe("the GM's enemy phase (S0:L140–146)", () => {
  const services = { renderCard: async (parts: { name: string; actions: number }[]) => parts.map((p) => `${p.name}:${p.actions}`).join(",") };
  const foe = (name: string, hp: number, actionCost = 1) =>
    world.addActor({ name, type: "echoesAdversary", system: { measure: "hp", hp: { value: hp, max: 10 }, damage: 3, speed: "fast", actionCost, resistances: "", conditions: [], abilities: "", notes: "" } });
  const setDp = (n: number) => world.as(gm, () => game.settings!.set("steel-echoes", "dissonancePoints", n));

  it("activates what the turn's speed allows, pays each action's price in Dissonance Points and tells the table", async () => {
    const shade = foe("Shade", 10, 2);
    const wisp = foe("Wisp", 4);
    await setDp(5);
    const before = world.messages.size;
    expect(await world.as(gm, () => activateEnemies({ speed: "slow", parts: [{ actorUuid: shade.uuid, actions: 1 }, { actorUuid: wisp.uuid, actions: 1 }] }, services))).toBe(true);
    expect(dp()).toBe(2);
    expect([...world.messages.values()].at(-1)!.content).toBe("Shade:1,Wisp:1");
    expect(world.messages.size).toBe(before + 1);
    // Not what a fast turn allows; not enough points; a defeated enemy; a player.
    expect(await world.as(gm, () => activateEnemies({ speed: "fast", parts: [{ actorUuid: shade.uuid, actions: 2 }] }, services))).toBe(false);
    expect(await world.as(gm, () => activateEnemies({ speed: "slow", parts: [{ actorUuid: shade.uuid, actions: 2 }] }, services))).toBe(false);
    expect(shownTo(gm)).toEqual(["That turn's speed does not allow this activation.", "That costs 4 Dissonance Points; the GM has 2."]);
    const fallen = foe("Fallen", 0);
    expect(await world.as(gm, () => activateEnemies({ speed: "fast", parts: [{ actorUuid: fallen.uuid, actions: 1 }] }, services))).toBe(false);
    expect(await world.as(alice, () => activateEnemies({ speed: "fast", parts: [{ actorUuid: wisp.uuid, actions: 1 }] }, services))).toBe(false);
    // A Draw Steel monster or a character is not an Echoes adversary.
    expect(await world.as(gm, () => activateEnemies({ speed: "fast", parts: [{ actorUuid: t.ogre.uuid, actions: 1 }] }, services))).toBe(false);
    expect(dp()).toBe(2);
    // Nobody: the GM banks the points.
    expect(await world.as(gm, () => activateEnemies({ speed: "fast", parts: [] }, services))).toBe(true);
    expect(dp()).toBe(2);
    await setDp(0);
  });
});

describe("Echoes conditions in checks and the enemy phase (S0:L166–194)", () => {
  const foe = (name: string, conditions: string[]) =>
    world.addActor({ name, type: "echoesAdversary", system: { measure: "hp", hp: { value: 20, max: 20 }, damage: 3, speed: "fast", actionCost: 2, resistances: "", conditions, abilities: "", notes: "" } });
  const conditionsOf = (a: { system: unknown }) => [...(a.system as { conditions: string[] }).conditions];

  it("an attack resolves the attacker's Empowered and the target's Weakened; undo puts them back", async () => {
    sys().conditions = ["empowered"];
    const shade = foe("Shade", ["weakened", "slowed"]);
    alice.targets = new Set([world.addToken(shade, -1)]);
    harness.fixRandom(d0(4, 1, 5));
    const m = await world.as(alice, () => rollEchoesCheck(vessa as never, { kind: "save", key: "hit", label: "Hit Save" },
      { motivation: "joy", trait: null, big: 1, small: 0, attack: { grip: null, abilityDamage: 0, ability: false } })) as unknown as WorldMessage;
    expect(await apply(alice, m)).toBe(true);
    expect(conditionsOf(vessa)).toEqual([]);
    expect(conditionsOf(shade)).toEqual(["slowed"]);
    expect(flagOf(m).applied).toMatchObject({ resolved: [{ name: "Vessa", conditions: ["empowered"] }, { name: "Shade", conditions: ["weakened"] }] });
    await apply(alice, m, "undo");
    expect(conditionsOf(vessa)).toEqual(["empowered"]);
    expect(conditionsOf(shade).sort()).toEqual(["slowed", "weakened"]);
    alice.targets = new Set();
  });

  it("a defense check resolves the defender's Weakened; an ordinary check resolves nothing", async () => {
    sys().conditions = ["weakened"];
    harness.fixRandom(d0(1, 1, 1, 2));
    const m = await world.as(alice, () => rollEchoesCheck(vessa as never, { kind: "behavior", key: "AR", label: "AR" },
      { motivation: "anger", trait: null, big: 2, small: 0, defense: { incoming: 0, resistance: 0 } })) as unknown as WorldMessage;
    expect(await apply(alice, m)).toBe(true);
    expect(conditionsOf(vessa)).toEqual([]);
    await apply(alice, m, "undo");
    sys().conditions = ["weakened"];
    const plain = await check([7, 2, 5, 2]);
    expect(await apply(alice, plain)).toBe(true);
    expect(conditionsOf(vessa)).toEqual(["weakened"]);
    await apply(alice, plain, "undo");
  });

  it("the sheet's toggles: one of each name, Endurance as the seed says, for the actor's owners only", async () => {
    sys().conditions = ["slowed"];
    await world.as(alice, () => toggleEchoesCondition(vessa as never, "stunned"));
    expect(conditionsOf(vessa)).toEqual(["slowed", "stunned"]);
    await world.as(alice, () => toggleEchoesCondition(vessa as never, "endurance"));
    expect(conditionsOf(vessa)).toEqual(["endurance"]);
    await world.as(alice, () => toggleEchoesCondition(vessa as never, "harmed"));
    expect(conditionsOf(vessa)).toEqual([]);
    await world.as(bob, () => toggleEchoesCondition(vessa as never, "harmed"));
    expect(conditionsOf(vessa)).toEqual([]);
  });

  it("the enemy phase skips a Stunned enemy and charges an Empowered one 1 DP less, resolving it", async () => {
    const services = { renderCard: async () => "" };
    const stunned = foe("Dazed", ["stunned"]);
    const strong = foe("Blessed", ["empowered"]);
    await world.as(gm, () => game.settings!.set("steel-echoes", "dissonancePoints", 5));
    expect(await world.as(gm, () => activateEnemies({ speed: "fast", parts: [{ actorUuid: stunned.uuid, actions: 1 }] }, services))).toBe(false);
    expect(shownTo(gm)).toContain("Dazed is stunned and cannot be activated in this enemy phase.");
    expect(await world.as(gm, () => activateEnemies({ speed: "slow", parts: [{ actorUuid: strong.uuid, actions: 2 }] }, services))).toBe(true);
    expect(dp()).toBe(5 - (2 * 2 - 1));
    expect(conditionsOf(strong)).toEqual([]);
    await world.as(gm, () => game.settings!.set("steel-echoes", "dissonancePoints", 0));
  });
});

describe("support checks (S0:L88–100)", () => {
  it("a support check's outcome waits on the ally, the ally's next check uses it, and undo gives each back", async () => {
    const ryn = world.addActor({ name: "Ryn", type: "echoes", system: echoesSystem({ conditions: [] }) }, [bob]);
    const supportOf = () => ((ryn.flags["steel-echoes"] as { supportReceived?: unknown[] } | undefined)?.supportReceived ?? []);
    harness.fixRandom(d0(7, 2, 5, 3)); // 23 ≤ 34: a Success, +1 Small Buff
    const help = await world.as(alice, () => rollEchoesCheck(vessa as never, { kind: "behavior", key: "STR", label: "STR" },
      { motivation: "anger", trait: null, big: 2, small: 0, supports: { uuid: ryn.uuid, name: "Ryn" } })) as unknown as WorldMessage;
    expect(await apply(alice, help)).toBe(true);
    expect(supportOf()).toEqual([{ messageId: help.id, from: "Vessa", big: 0, small: 1 }]);
    expect(flagOf(help).applied).toMatchObject({ support: { name: "Ryn", big: 0, small: 1 } });
    // Ryn's next check uses it.
    harness.fixRandom(d0(7, 2, 5, 3, 4));
    const next = await world.as(bob, () => rollEchoesCheck(ryn as never, { kind: "behavior", key: "STR", label: "STR" },
      { motivation: "anger", trait: null, big: 2, small: 1 })) as unknown as WorldMessage;
    expect(flagOf(next)).toMatchObject({ supportUsed: [help.id] });
    expect(await apply(bob, next)).toBe(true);
    expect(supportOf()).toEqual([]);
    expect(await apply(bob, next, "undo")).toBe(true);
    expect(supportOf()).toHaveLength(1);
    // Undoing the support check takes its Buff back.
    expect(await apply(alice, help, "undo")).toBe(true);
    expect(supportOf()).toEqual([]);
  });
});

describe("an Echoes actor's conditions end with its turn (S0:L168)", () => {
  it("ends them when the combat turn ends, and says so in chat", async () => {
    const vessaToken = world.addToken(vessa, 1);
    const shade = world.addActor({ name: "Shade", type: "echoesAdversary", system: { measure: "hp", hp: { value: 9, max: 9 }, damage: 3, speed: "fast", actionCost: 1, resistances: "", conditions: ["stunned"], abilities: "", notes: "" } });
    const combat = world.addCombat([vessaToken, world.addToken(shade, -1)]) as unknown as Combat & { takeTurn(c: unknown): Promise<unknown> };
    harness.fixRandom([0.1, 0.1]);
    await world.as(gm, () => combat.startCombat());
    sys().conditions = ["weakened", "slowed"];
    const mine = [...combat.combatants].find((c) => (c.actor as unknown) === vessa);
    expect(await world.as(gm, () => combat.takeTurn(mine))).toBeNull();
    const before = world.messages.size;
    await world.as(gm, () => combat.nextTurn());
    expect([...sys().conditions]).toEqual([]);
    expect((shade.system as { conditions: string[] }).conditions).toEqual(["stunned"]); // not its turn
    expect(world.messages.size).toBe(before + 1);
    expect([...world.messages.values()].at(-1)!.content).toContain("Weakened");
  });
});

describe("a new level (S0:L47)", () => {
  it("gives 3 Behavior Points and 1 Ability Point to distribute; undo takes them back", async () => {
    sys().xp = { value: 9, max: 10 };
    const m = await check([8, 9, 9, 5]); // a Setback: the toll and the Motivation's Echo, two boxes
    expect(await apply(alice, m)).toBe(true);
    expect([sys().level, sys().xp.value, sys().behaviorPoints, sys().abilityPoints]).toEqual([3, 1, 3, 1]);
    expect(await apply(alice, m, "undo")).toBe(true);
    expect([sys().level, sys().xp.value, sys().behaviorPoints, sys().abilityPoints]).toEqual([2, 9, 0, 0]);
  });
});

describe("an attack with an Echoes ability item", () => {
  it("rolls with the ability's damage and the equipped weapon's grip, gains its Echo, and the GM sees the ability's speed", async () => {
    const { echoesCheckWithUI } = await import("../../src/applications/sheets/echoes-sheet.ts");
    harness.fixRandom(d0(4, 1, 5, 6));
    await world.as(alice, () => echoesCheckWithUI(vessa as never, { kind: "save", key: "hit", label: "Prism Lash", value: 52 }, true,
      { grip: "one-hand", abilityDamage: 4, ability: true, speed: "slow" }));
    const m = [...world.messages.values()].at(-1)! as WorldMessage;
    expect(flagOf(m)).toMatchObject({ label: "Prism Lash", attack: { grip: "one-hand", abilityDamage: 4, ability: true, speed: "slow" } });
    expect(await apply(alice, m)).toBe(true);
    expect(flagOf(m).applied).toMatchObject({ ability: 1, speed: "slow", attack: { ability: 4 } });
    await apply(alice, m, "undo");
  });
});
