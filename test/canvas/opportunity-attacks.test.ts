// Opportunity attacks on the strict multi-client world (src/canvas/opportunity-attacks.ts): after a
// token moves, the user who answers for each enemy whose reach it left (and only that user) gets a
// whispered card whose button opens the enemy's melee free strike against the mover; shifting,
// teleporting, forced movement and moving outside combat provoke nothing.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry.ts";
import { answerDialog, d10, setupTable } from "../fixtures/world.ts";
import type { Table } from "../fixtures/world.ts";
import type { WorldCombat, WorldMessage, WorldToken, WorldUser } from "../harness/world.ts";
import type { AbilityUseData } from "../../src/data/ability-use.ts";

const t: Table = await setupTable();
const { world, gm, alice, bob, korva, tokens } = t;
const { strikeOfOpportunity } = await import("../../src/applications/chat/opportunity-card.ts");
const { useAbilityByUuid, cardServices } = await import("../../src/applications/chat/ability-card.ts");
const { requestForcedMove } = await import("../../src/canvas/forced-movement.ts");
const { applyCondition, removeCondition } = await import("../../src/documents/conditions.ts");

const GRID = world.scene.grid.size;
const place = (token: WorldToken, x: number, y: number) => Object.assign(token, { x: x * GRID, y: y * GRID });
const moveTo = (user: WorldUser, token: WorldToken, x: number, y: number) => world.as(user, () => token.update({ x: x * GRID, y: y * GRID }));
const prompts = () => [...world.messages].filter((m) => (m.flags["steel-echoes"] as { opportunity?: unknown } | undefined)?.opportunity) as WorldMessage[];

let combat: WorldCombat;
beforeEach(() => {
  for (const token of world.tokens.values()) place(token, 30, 30);
  place(tokens.ryn, 40, 40);
  place(tokens.vex, 44, 40);
  place(tokens.ogre, 50, 50);
  combat = world.addCombat([tokens.korva, tokens.goblin]);
  combat.round = 1;
  combat.turn = 0;
});
afterEach(async () => {
  await world.settle();
  expect(harness.hooks.errors).toEqual([]);
  for (const m of [...world.messages]) world.messages.delete(m.id);
  world.combats.delete(combat.id);
  for (const token of world.tokens.values()) token.movementAction = "walk";
  world.shown.length = 0;
});

describe("opportunity attacks (L7101–7105)", () => {
  it("prompts the GM, for a monster, when a hero walks out of its reach; no one else is told", async () => {
    place(tokens.korva, 5, 5);
    place(tokens.goblin, 6, 5);
    await moveTo(alice, tokens.korva, 2, 5);
    await world.settle();
    const [card, ...more] = prompts();
    expect(more).toEqual([]);
    expect(card!.author.id).toBe(gm.id);
    expect(card!.whisper).toEqual([gm.id]);
    expect(card!.content).toContain("Korva moved out of Goblin&#x27;s reach without shifting");
    expect(card!.flags["steel-echoes"]).toEqual({ opportunity: { attacker: tokens.goblin.uuid, target: tokens.korva.uuid } });
  });

  it("prompts the hero's player when a monster walks out of the hero's reach, and the button strikes the mover", async () => {
    place(tokens.korva, 5, 5);
    place(tokens.goblin, 6, 6);
    await moveTo(gm, tokens.goblin, 9, 9);
    await world.settle();
    const [card] = prompts();
    expect(card!.author.id).toBe(alice.id);
    expect(card!.whisper).toEqual([alice.id]);
    // Bob does not answer for Korva: his click does nothing.
    expect(await world.as(bob, () => strikeOfOpportunity(card as never))).toBeNull();
    const opened = answerDialog({ characteristic: "might" });
    harness.fixRandom(d10(6, 6));
    const strike = await world.as(alice, () => strikeOfOpportunity(card as never)) as unknown as WorldMessage;
    const use = (strike.flags["steel-echoes"] as { abilityUse: AbilityUseData }).abilityUse;
    expect(use.name).toBe("Melee Weapon Free Strike");
    expect(use.targets.map((x) => x.name)).toEqual(["Goblin"]);
    expect([...alice.targets]).toEqual([tokens.goblin]);
    expect(opened).toHaveLength(1);
  });

  it("provokes nothing from a creature outside the combat", async () => {
    place(tokens.korva, 5, 5);
    place(tokens.ogre, 6, 5); // on the scene, not a combatant
    place(tokens.goblin, 20, 20);
    await moveTo(alice, tokens.korva, 2, 5);
    await world.settle();
    expect(prompts()).toEqual([]);
  });

  it("provokes nothing by shifting, by a teleport, or by moving within reach", async () => {
    place(tokens.korva, 5, 5);
    place(tokens.goblin, 6, 5);
    tokens.korva.movementAction = "shift";
    await moveTo(alice, tokens.korva, 3, 5);
    tokens.korva.movementAction = "blink";
    await moveTo(alice, tokens.korva, 5, 5);
    tokens.korva.movementAction = "walk";
    await moveTo(alice, tokens.korva, 5, 6); // still adjacent
    await world.settle();
    expect(prompts()).toEqual([]);
  });

  it("provokes nothing by forced movement from an ability card (L6930)", async () => {
    place(tokens.korva, 4, 5);
    place(tokens.goblin, 5, 5);
    harness.fixRandom(d10(9, 8));
    const m = await world.as(alice, async () => {
      alice.targets = new Set([tokens.goblin]);
      return useAbilityByUuid([...korva.items].find((i) => i.name === "Brutal Slam")!.uuid, true);
    }) as unknown as WorldMessage;
    expect(await world.as(alice, () => requestForcedMove({ messageId: m.id, key: tokens.goblin.uuid, action: "move", squares: 3 }, cardServices))).toBe(true);
    expect(tokens.goblin.x / GRID).toBe(8);
    await world.settle();
    expect(prompts()).toEqual([]);
  });

  it("provokes nothing outside a started combat, nor from a creature that cannot take triggered actions", async () => {
    place(tokens.korva, 5, 5);
    place(tokens.goblin, 6, 5);
    combat.round = 0;
    await moveTo(alice, tokens.korva, 2, 5);
    combat.round = 1;
    await moveTo(alice, tokens.korva, 5, 5);
    world.shown.length = 0;
    const effect = await world.as(gm, () => t.goblin.toggleStatusEffect("dazed", { active: true }));
    await moveTo(alice, tokens.korva, 2, 5);
    await world.settle();
    // The walk back into reach provoked nothing; the walk away while the goblin is dazed neither.
    expect(prompts()).toEqual([]);
    if (effect && typeof effect === "object") await world.as(gm, () => (effect as { delete(): Promise<unknown> }).delete());
  });
});

describe("no opportunity attack with a bane or double bane (L7105)", () => {
  const strikeButtons = (m: WorldMessage) => (m.content.match(/data-se-opportunity>/g) ?? []).length;

  it("a weakened enemy is told it can't strike, and why, on a card with no button", async () => {
    place(tokens.korva, 5, 5);
    place(tokens.goblin, 6, 5);
    await world.as(gm, () => applyCondition(t.goblin as never, { id: "weakened", duration: "EoE" }));
    await moveTo(alice, tokens.korva, 2, 5);
    await world.settle();
    const [card, ...more] = prompts();
    expect(more).toEqual([]);
    expect(card!.whisper).toEqual([gm.id]);
    expect(card!.content).toContain("Goblin can&#x27;t make an opportunity attack: it would have a bane on the free strike (weakened).");
    expect(strikeButtons(card!)).toBe(0);
    await world.as(gm, () => removeCondition(t.goblin as never, "weakened"));
  });

  it("a defending mover gives a double bane; an edge cancelling a bane leaves the strike allowed (L225–231)", async () => {
    place(tokens.korva, 5, 5);
    place(tokens.goblin, 6, 5);
    await world.as(gm, () => applyCondition(korva as never, { id: "defending", duration: "EoT" }));
    await moveTo(alice, tokens.korva, 2, 5);
    await world.settle();
    expect(prompts()[0]!.content).toContain("it would have a double bane on the free strike (target defending)");
    await world.as(gm, () => removeCondition(korva as never, "defending"));
    for (const m of [...world.messages]) world.messages.delete(m.id);

    // Weakened goblin (bane) against a restrained Korva (edge): the roll is made as usual.
    await world.as(gm, () => applyCondition(t.goblin as never, { id: "weakened", duration: "EoE" }));
    await world.as(gm, () => applyCondition(korva as never, { id: "restrained", duration: "EoE" }));
    await moveTo(alice, tokens.korva, 5, 5);
    await moveTo(alice, tokens.korva, 2, 5);
    await world.settle();
    const [card] = prompts();
    expect(card!.content).toContain("Korva moved out of Goblin&#x27;s reach without shifting");
    expect(strikeButtons(card!)).toBe(1);
    await world.as(gm, () => removeCondition(t.goblin as never, "weakened"));
    await world.as(gm, () => removeCondition(korva as never, "restrained"));
  });

  it("the button checks again: a bane gained since the prompt stops the strike", async () => {
    place(tokens.korva, 5, 5);
    place(tokens.goblin, 6, 6);
    await moveTo(gm, tokens.goblin, 9, 9);
    await world.settle();
    const [card] = prompts();
    expect(strikeButtons(card!)).toBe(1);
    await world.as(gm, () => applyCondition(korva as never, { id: "weakened", duration: "EoE" }));
    const opened = answerDialog({ characteristic: "might" });
    expect(await world.as(alice, () => strikeOfOpportunity(card as never))).toBeNull();
    expect(opened).toEqual([]);
    expect(world.shown.filter((x) => x.user === alice.name).map((x) => x.shown))
      .toEqual(["Goblin moved out of Korva's reach without shifting, but Korva can't make an opportunity attack: it would have a bane on the free strike (weakened)."]);
    await world.as(gm, () => removeCondition(korva as never, "weakened"));
  });
});

describe("the grid's diagonals (L6828)", () => {
  it("tells the GM once at ready when Grid Diagonals is not Equidistant, and says nothing otherwise", async () => {
    const { checkGridDiagonals } = await import("../../src/canvas/movement-actions.ts");
    // v13 registers core.gridDiagonals (CONST.GRID_DIAGONALS: EQUIDISTANT 0, EXACT 1, ...).
    world.as(gm, () => game.settings!.register("core" as never, "gridDiagonals" as never, { scope: "world", config: true, type: Number, default: 0 } as never));
    expect(world.as(gm, () => checkGridDiagonals(true))).toBe(false);
    await world.as(gm, () => game.settings!.set("core" as never, "gridDiagonals" as never, 1 as never));
    expect(world.as(alice, () => checkGridDiagonals(true))).toBe(false); // players are not told
    expect(world.as(gm, () => checkGridDiagonals(false))).toBe(false); // nor when Draw Steel is off
    expect(world.as(gm, () => checkGridDiagonals(true))).toBe(true);
    expect(world.shown.map((s) => s.shown)).toContain("Draw Steel counts every square as 1, diagonals too: set Configure Settings → Core → Grid Diagonals to Equidistant.");
  });
});
