// Issue 33 at a table of clients (the Director, a second GM, Alice, Bob, Mallory), each with their
// own game.user, on a server that refuses what Foundry v13's server refuses (test/harness/world.ts):
// Villain Power each round, the hero token prompt when a hero is dying, and the end of the encounter.
import { beforeAll, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry.ts";
import { ROLES } from "../harness/world.ts";
import { checkAfterEach, d10, setupTable } from "../fixtures/world.ts";
import type { Table } from "../fixtures/world.ts";
import { heroTokensSeenBy, setHeroTokens } from "../fixtures/party.ts";
import type { WorldActor } from "../harness/world.ts";
import type { SteelEchoesCombat, SteelEchoesCombatant } from "../../src/documents/combat.ts";

const t: Table = await setupTable();
const { world, gm, alice, bob, korva, ryn, ogre, tokens } = t;
// A second GM (an assistant Director at the same table): not the active GM (v13 `Users#activeGM`, the lowest id).
const coGM = world.addUser("Co-Director", ROLES.GAMEMASTER);
const { RELAY } = await import("../../src/documents/relay.ts");
const { useAbilityByUuid, cardServices } = await import("../../src/applications/chat/ability-card.ts");
const { requestCardAction } = await import("../../src/documents/ability-results.ts");
const { answerHeroTokenPrompt } = await import("../../src/documents/hero-token-prompt.ts");
const { requestHeroTokenFor } = await import("../../src/documents/hero-tokens.ts");
const { trackerInput } = await import("../../src/applications/combat/tracker-input.ts");
const { combatTrackerContext } = await import("../../src/applications/view-models/combat-tracker.ts");
const { heroStaminaState, heroStaminaThresholds } = await import("../../src/rules/index.ts");
type Combat = SteelEchoesCombat;

/**
 * The world harness keeps an actor's system as its source data and does not run the model's
 * `prepareDerivedData`; Foundry prepares it when the update is applied, before `_onUpdate` and the
 * update hooks (v13 client/data/client-backend.mjs `#handleUpdateDocuments` → `updateSource`, which
 * resets and prepares the document). A hero's winded value, recovery value, death threshold and
 * Stamina state are derived: here each update of a hero derives them from her stored maximum as the
 * hero model does (src/data/hero.ts: `heroStaminaThresholds`, `heroStaminaState`). This hook runs
 * after the system's own on each client, whose work waits for a queue (src/documents/relay.ts
 * `serialized`) and so reads the derived data.
 */
function derive(actor: WorldActor): void {
  if (actor.type !== "hero") return;
  const stamina = actor.system.stamina as { value: number; max: number };
  const thresholds = heroStaminaThresholds(stamina.max);
  Object.assign(stamina, thresholds, { state: heroStaminaState(stamina.value, { ...thresholds, staminaMax: stamina.max }) });
}
for (const hero of [korva, ryn, t.vex]) derive(hero);
Hooks.on("updateActor", (actor: unknown) => derive(actor as WorldActor));
type Combatant = SteelEchoesCombatant;

const vp = () => world.as(gm, () => game.settings!.get("steel-echoes", "villainPower"));
const setting = (key: "villainPowerRule" | "villainPowerFixed" | "villainPower", value: unknown) =>
  world.as(gm, () => game.settings!.set("steel-echoes", key, value as never));
const chat = () => [...world.messages].map((m) => m.content);
const shownTo = (user: { name: string }) => world.shown.filter((s) => s.user === user.name).map((s) => s.shown);

beforeAll(() => {
  RELAY.timeoutMs = 2_000;
});

checkAfterEach(world, { honest: true });

describe("Villain Power each round (issue 33, our proposal)", () => {
  let combat: Combat;
  const combatantOf = (actor: WorldActor) => [...combat.combatants].find((c) => (c.actor as unknown) === actor) as unknown as Combatant;
  /** Each creature takes its turn as the sides alternate (L6770) until the round turns over; run by `director`'s client. */
  async function playRound(director = gm): Promise<void> {
    const round = combat.round;
    for (let i = 0; i < 6 && combat.round === round; i++) {
      const next = [korva, ryn, ogre].map(combatantOf).find((c) => combat.turnRefusal(c) === null)!;
      await world.as(director, () => combat.takeTurn(next));
      await world.as(director, () => combat.nextTurn());
    }
    await world.settle();
  }

  it("the Director gains 1 VP per hero not dead as round 1 starts (the default rule), posted to chat", async () => {
    expect(world.as(alice, () => game.settings!.get("steel-echoes", "villainPowerRule"))).toBe("heroes");
    combat = world.addCombat([tokens.korva, tokens.ryn, tokens.ogre]) as unknown as Combat;
    harness.fixRandom(d10(8));
    await world.as(gm, () => combat.startCombat());
    await world.settle();
    expect(vp()).toBe(2);
    expect(chat().at(-1)).toContain("Round 1: the Director gains 2 Villain Power (2).");
    // Every client reads the pool (the pools panel).
    expect(world.as(bob, () => game.settings!.get("steel-echoes", "villainPower"))).toBe(2);
  });

  it("once per round: a second GM, a reload (the catch-up at ready) and the active GM again grant nothing more", async () => {
    expect(await world.as(coGM, () => combat.gainRoundVillainPower())).toBeNull();
    expect(await world.as(gm, () => combat.gainRoundVillainPower())).toBeNull();
    expect(vp()).toBe(2);
    expect((combat.flags as Record<string, unknown>)["steel-echoes"]).toMatchObject({ villainPowerRound: 1 });
  });

  it("the next round gives again; test consequences add on top; a dead hero does not count", async () => {
    await setting("villainPower", 5);
    await playRound();
    expect(combat.round).toBe(2);
    expect(vp()).toBe(7);
    await world.as(gm, () => ryn.update({ "system.stamina.value": -30 }));
    expect((ryn.system as { stamina: { state: string } }).stamina.state).toBe("dead");
    await playRound();
    expect(combat.round).toBe(3);
    expect(vp()).toBe(8);
    await world.as(gm, () => ryn.update({ "system.stamina.value": 20 }));
    await world.settle();
  });

  it("going back a round and forward again gives nothing twice", async () => {
    await world.as(gm, () => combat.update({ round: 2, turn: null }));
    await world.as(gm, () => combat.update({ round: 3, turn: null }));
    await world.settle();
    expect(vp()).toBe(8);
  });

  it("the fixed rule gives its number, the second GM's round counts once; off gives none", async () => {
    await setting("villainPowerRule", "fixed");
    await setting("villainPowerFixed", 3);
    // The second GM ends the round: the active GM's client grants it.
    await playRound(coGM);
    expect(combat.round).toBe(4);
    expect(vp()).toBe(11);
    await setting("villainPowerRule", "off");
    await playRound();
    expect(combat.round).toBe(5);
    expect(vp()).toBe(11);
    await setting("villainPowerRule", "heroes");
  });

  it("a round a player writes into the combat is no new round: put back, and no VP", async () => {
    const before = vp();
    await world.as(alice, () => combat.update({ round: 9 }));
    await world.settle();
    expect(combat.round).toBe(5);
    expect(vp()).toBe(before);
    // Alice's write is one Foundry allows any player (BaseCombat#canUpdate: round and turn); the GM's client undid it.
    expect(chat().at(-1)).toContain("Alice");
    world.shown.length = 0;
  });

  it("a player cannot change the rule or the pool: the server refuses", async () => {
    await expect(world.as(alice, () => game.settings!.set("steel-echoes", "villainPowerRule", "fixed"))).rejects.toThrow();
    await expect(world.as(alice, () => game.settings!.set("steel-echoes", "villainPower", 0))).rejects.toThrow();
    expect(world.refused).toEqual(["Alice update Setting [steel-echoes.villainPowerRule]", "Alice update Setting [steel-echoes.villainPower]"]);
    world.refused.length = 0;
    await world.as(gm, () => combat.delete());
  });
});

/**
 * The dialogs each client opens, and each user's answer: v13 `DialogV2.wait` resolves to the pressed
 * button's callback value (client/applications/api/dialog.mjs), here `{ choice }` (null: closed).
 */
const dialogs: { user: string; title: string; content: string }[] = [];
const answers = new Map<string, "yes" | "no" | null>();
// Type escape: the harness's DialogV2 is a bare class standing in for Foundry's; `wait` is set on it here.
(foundry.applications.api.DialogV2 as unknown as { wait: (o: { window: { title: string }; content: string }) => Promise<unknown> }).wait = async (o) => {
  dialogs.push({ user: game.user!.name!, title: o.window.title, content: o.content });
  const choice = answers.get(game.user!.name!) ?? null;
  return choice ? { choice } : null;
};

describe("hero tokens at the edge: the dying hero's player is asked on her own client (L252, L7204)", () => {
  const item = (actor: WorldActor, name: string) => [...actor.items].find((i) => i.name === name)!;
  const stamina = (actor: WorldActor) => (actor.system.stamina as { value: number }).value;
  // The hero tokens are the primary party's (issue 32: test/fixtures/party.ts).
  const tokens_ = () => heroTokensSeenBy(world, gm);

  /** Mallory's Vex hits Korva with Brutal Slam (d10 1 + 1 + Might 2 = 4: tier 1, 3 + kit 1 = 4 damage); the Director applies it. */
  async function hitKorva(): Promise<void> {
    harness.fixRandom(d10(1, 1));
    const message = await world.as(t.mallory, async () => {
      t.mallory.targets = new Set([tokens.korva]);
      return useAbilityByUuid(item(t.vex, "Brutal Slam").uuid, true);
    }) as unknown as { id: string };
    expect(await world.as(gm, () => requestCardAction({ messageId: message.id, action: "apply", key: tokens.korva.uuid }, cardServices))).toBe(true);
    await world.settle();
  }

  it("damage that leaves Korva dying asks Alice, and only Alice; she spends a token and the GM applies it", async () => {
    await setHeroTokens(world, gm, 2);
    await world.as(gm, () => korva.update({ "system.stamina.value": 2 }));
    dialogs.length = 0;
    answers.set("Alice", "yes");
    await hitKorva();
    expect(dialogs.map((d) => d.user)).toEqual(["Alice"]);
    expect(dialogs[0]!.title).toBe("Korva is dying");
    const text = dialogs[0]!.content;
    expect(text).toContain("Korva took 4 damage and is dying.");
    // Her recovery value is a third of her 20 Stamina (L357): 6, from -2 to 4, out of dying.
    expect(text).toContain("regain 6 Stamina (your recovery value) without spending a Recovery. Stamina becomes 4.");
    expect(text).toContain("That lifts Korva out of dying.");
    expect(await tokens_()).toBe(1);
    expect(stamina(korva)).toBe(4);
    expect(chat().at(-1)).toContain("Korva");
  });

  it("Alice can decline: nothing is spent; with no token left nobody is asked", async () => {
    await world.as(gm, () => korva.update({ "system.stamina.value": 2 }));
    dialogs.length = 0;
    answers.set("Alice", "no");
    await hitKorva();
    expect(dialogs.map((d) => d.user)).toEqual(["Alice"]);
    expect(await tokens_()).toBe(1);
    expect(stamina(korva)).toBe(-2);
    await setHeroTokens(world, gm, 0);
    dialogs.length = 0;
    await hitKorva();
    expect(dialogs).toEqual([]);
    expect(stamina(korva)).toBe(-6);
  });

  it("Mallory cannot answer Alice's prompt: her client shows none for Korva, and her spend for Korva is refused by the GM", async () => {
    await setHeroTokens(world, gm, 1);
    dialogs.length = 0;
    answers.set("Mallory", "yes");
    // The query's handler on Mallory's client (a query's sender is not known: as if sent to her).
    expect(await world.as(t.mallory, () => answerHeroTokenPrompt({ actorUuid: korva.uuid, taken: 4 }))).toBe(false);
    expect(dialogs).toEqual([]);
    // Mallory asks the GM to spend a token for Korva through the relay.
    expect(await world.as(t.mallory, () => requestHeroTokenFor(korva))).toBeNull();
    expect(shownTo(t.mallory)).toEqual(["You don't own Korva."]);
    expect(await tokens_()).toBe(1);
    expect(stamina(korva)).toBe(-6);
  });

  it("with Alice not connected nobody is asked (the Director has the pools panel)", async () => {
    await world.as(gm, () => korva.update({ "system.stamina.value": 2 }));
    alice.active = false;
    try {
      dialogs.length = 0;
      await hitKorva();
      expect(dialogs).toEqual([]);
      expect(await tokens_()).toBe(1);
    } finally {
      alice.active = true;
    }
    await world.as(gm, () => korva.update({ "system.stamina.value": 20 }));
    await world.settle();
  });
});

describe("the end of the encounter: the diminish-numbers guideline (L7283) and the Last Stand (L7343)", () => {
  let combat: Combat;
  const panel = (user: typeof gm) => world.as(user, () => combatTrackerContext(trackerInput(combat, user)).endOfEncounter ?? null);
  const stam = (actor: WorldActor) => structuredClone(actor.system.stamina as { value: number; temporary: number });

  it("the Director's tracker counts the enemies (minions 1/5) against the heroes not dying; players see no count", async () => {
    // The ogre leads (a boss, level 3); the goblin is a level-2 minion.
    await world.as(gm, () => ogre.update({ "system.level": 3, "system.organization": "leader" }));
    await world.as(gm, () => t.goblin.update({ "system.level": 2, "system.organization": "minion" }));
    combat = world.addCombat([tokens.korva, tokens.ryn, tokens.vex, tokens.ogre, tokens.goblin]) as unknown as Combat;
    harness.fixRandom(d10(8));
    await world.as(gm, () => combat.startCombat());
    await world.settle();
    // Three level-1 heroes; enemies 3 + 2/5 = 3.4; the boss lives, so the guideline does not apply.
    expect(panel(gm)).toEqual({
      heroes: "3", enemies: "3.4", verdictKey: "SE.RoundTools.Diminish.SoloOrBoss", css: "", canLastStand: true, lastStandActive: false,
    });
    expect(panel(alice)).toBeNull();
    expect(panel(bob)).toBeNull();
  });

  it("with the boss down, the heroes' levels twice the enemies' say call it; a dying hero does not count", async () => {
    await world.as(gm, () => ogre.update({ "system.stamina.value": 0 }));
    // Heroes 3 against a minion's 2/5.
    expect(panel(gm)).toMatchObject({ heroes: "3", enemies: "0.4", verdictKey: "SE.RoundTools.Diminish.CallIt", css: "se-tracker__end--call" });
    await world.as(gm, () => ogre.update({ "system.stamina.value": 30, "system.organization": "troop", "system.level": 1 }));
    await world.as(gm, () => korva.update({ "system.stamina.value": -3 }));
    await world.as(gm, () => ryn.update({ "system.stamina.value": -3 }));
    await world.settle();
    // Vex alone (1) against 1 + 0.4: fight on.
    expect(panel(gm)).toMatchObject({ heroes: "1", enemies: "1.4", verdictKey: "SE.RoundTools.Diminish.FightOn" });
    await world.as(gm, () => korva.update({ "system.stamina.value": 20 }));
    await world.as(gm, () => ryn.update({ "system.stamina.value": 20 }));
    await world.settle();
    // Korva and Ryn are back: 3 ≥ 2 × 1.4.
    expect(panel(gm)).toMatchObject({ heroes: "3", verdictKey: "SE.RoundTools.Diminish.CallIt" });
  });

  it("a player cannot call the last stand: refused on her client, and the server refuses her flag", async () => {
    const { startLastStand } = await import("../../src/documents/encounter-end.ts");
    expect(await world.as(alice, () => startLastStand(combat))).toMatchObject({ ok: false });
    // Type escape: the League types the Combat's flags by its configured keys; this is the forged write Foundry's server refuses.
    await expect(world.as(alice, () => combat.update({ flags: { "steel-echoes": { lastStand: true } } } as never))).rejects.toThrow();
    expect(world.refused).toEqual([`Alice update Combat [${combat.id}]`]);
    world.refused.length = 0;
    expect(stam(ogre).value).toBe(30);
  });

  it("the Director confirms the Last Stand: every enemy standing drops to 1 Stamina, temporary gone; once", async () => {
    await world.as(gm, () => ogre.update({ "system.stamina.temporary": 2 }));
    const { confirmLastStand } = await import("../../src/applications/dialogs/round-tools.ts");
    dialogs.length = 0;
    answers.set("Director", "no");
    expect(await world.as(gm, () => confirmLastStand(combat))).toBe(false);
    expect(stam(ogre)).toMatchObject({ value: 30, temporary: 2 });
    answers.set("Director", "yes");
    expect(await world.as(gm, () => confirmLastStand(combat))).toBe(true);
    expect(dialogs.map((d) => `${d.user}: ${d.title}`)).toEqual(["Director: Last-stand Stamina", "Director: Last-stand Stamina"]);
    expect(stam(ogre)).toMatchObject({ value: 1, temporary: 0 });
    expect(stam(t.goblin)).toMatchObject({ value: 1 });
    // The heroes are untouched.
    expect(stam(korva).value).toBe(20);
    expect(chat().at(-1)).toContain("Last stand: 2 enemies drop to 1 Stamina.");
    expect(shownTo(gm)).toEqual(["Last stand: 2 enemies drop to 1 Stamina."]);
    const { lastStandIn, minionThresholdIn } = await import("../../src/documents/encounter-end.ts");
    expect(world.as(bob, () => lastStandIn(combat))).toBe(true);
    expect(minionThresholdIn(combat, 5)).toBe(1);
    expect(panel(gm)).toMatchObject({ canLastStand: false, lastStandActive: true });
    world.shown.length = 0;
    expect(await world.as(gm, () => confirmLastStand(combat))).toBe(false);
    expect(shownTo(gm)).toEqual(["The last stand already began in this combat."]);
    await world.as(gm, () => combat.delete());
  });
});
