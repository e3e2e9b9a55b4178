// Flanking and high ground read from the map when an ability is used (src/documents/ability-use.ts
// `mapToggles`, src/rules/battlefield.ts `positionalToggles`): the tokens' squares, dispositions,
// statuses and elevations on a canvas stand-in, and the edge they put on the roll.
import { afterEach, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry.ts";
import { answerDialog, d10, setupTable } from "../fixtures/world.ts";
import type { Table } from "../fixtures/world.ts";
import type { WorldActor, WorldMessage, WorldToken } from "../harness/world.ts";
import type { AbilityUseData } from "../../src/data/ability-use.ts";

const t: Table = await setupTable();
const { world, gm, alice, korva, tokens } = t;
const { useAbilityByUuid } = await import("../../src/applications/chat/ability-card.ts");
const { applyCondition, removeCondition } = await import("../../src/documents/conditions.ts");

const GRID = 100;
/**
 * v13's canvas as the workflow reads it (client/canvas/board.mjs): `ready` once a scene is drawn, the
 * grid's pixel size, the viewed scene's units per square, the token layer's placeables.
 */
function installCanvas(distance = 5) {
  (globalThis as Record<string, unknown>).canvas = {
    ready: true,
    grid: { size: GRID },
    scene: { grid: { distance } },
    tokens: { placeables: [...world.tokens.values()], controlled: [] },
  };
}
const place = (token: WorldToken, x: number, y: number, elevation = 0) => Object.assign(token, { x: x * GRID, y: y * GRID, elevation });
const item = (actor: WorldActor, name: string) => [...actor.items].find((i) => i.name === name)!;

async function slam(): Promise<AbilityUseData["targets"][number]> {
  harness.fixRandom(d10(5, 5));
  const m = await world.as(alice, async () => {
    alice.targets = new Set([tokens.ogre]);
    return useAbilityByUuid(item(korva, "Brutal Slam").uuid, true);
  }) as unknown as WorldMessage;
  return (m.flags["steel-echoes"] as { abilityUse: AbilityUseData }).abilityUse.targets[0]!;
}

afterEach(async () => {
  await world.settle();
  (globalThis as Record<string, unknown>).canvas = null;
  for (const token of world.tokens.values()) place(token, 20, 20);
  expect(harness.hooks.errors).toEqual([]);
});

describe("the map presets flanking and high ground", () => {
  it("gives Korva's melee attack an edge when Ryn stands across the Ogre, not when Ryn is beside it", async () => {
    installCanvas();
    place(tokens.ogre, 5, 5);
    place(tokens.korva, 4, 5);
    place(tokens.ryn, 6, 5);
    place(tokens.vex, 10, 10);
    place(tokens.goblin, 15, 15);
    const flanked = await slam();
    expect(flanked.reasons).toContain("flanking");
    place(tokens.ryn, 5, 6);
    expect((await slam()).reasons).not.toContain("flanking");
  });

  it("does not count an ally who cannot take triggered actions, nor a token of the other side", async () => {
    installCanvas();
    place(tokens.ogre, 5, 5);
    place(tokens.korva, 4, 5);
    place(tokens.goblin, 6, 5); // the Ogre's ally, not Korva's
    expect((await slam()).reasons).not.toContain("flanking");
    place(tokens.goblin, 15, 15);
    place(tokens.ryn, 6, 5);
    const dazed = await world.as(gm, () => applyCondition(t.ryn as never, { id: "dazed", duration: "EoE" })) as { id: string };
    expect((await slam()).reasons).not.toContain("flanking");
    await world.as(gm, () => removeCondition(t.ryn as never, "dazed"));
    expect(dazed.id).toBeTruthy();
    expect((await slam()).reasons).toContain("flanking");
  });

  it("gives no flanking edge when a wall stands between Ryn and the Ogre: a flanker needs line of effect (L7142)", async () => {
    installCanvas();
    place(tokens.ogre, 5, 5);
    place(tokens.korva, 4, 5);
    place(tokens.ryn, 6, 5);
    world.addWall([6, 4, 6, 7]);
    try {
      expect((await slam()).reasons).not.toContain("flanking");
    } finally {
      world.scene.wallList.length = 0;
    }
    expect((await slam()).reasons).toContain("flanking");
  });

  it("hidden (L6212): the dialog warns that a hidden target can't be attacked; a hidden attacker is found once its ability resolves", async () => {
    installCanvas();
    place(tokens.ogre, 5, 5);
    place(tokens.korva, 4, 5);
    await world.as(gm, () => applyCondition(t.ogre as never, { id: "hidden", duration: "" }));
    const opened = answerDialog(null);
    await world.as(alice, async () => {
      alice.targets = new Set([tokens.ogre]);
      return useAbilityByUuid(item(korva, "Brutal Slam").uuid, false);
    });
    expect(opened).toHaveLength(1);
    expect(opened[0]).toContain("Ogre is hidden: it cannot be targeted with attacks by a creature it is hidden from, until found.");
    await world.as(gm, () => removeCondition(t.ogre as never, "hidden"));
    // Korva hides, then attacks: the attack has the hidden edge, and then Korva is no longer hidden.
    await world.as(alice, () => applyCondition(korva as never, { id: "hidden", duration: "" }));
    expect(korva.statuses.has("hidden")).toBe(true);
    expect((await slam()).reasons).toContain("hidden");
    expect(korva.statuses.has("hidden")).toBe(false);
  });

  it("gives high ground from the tokens' elevations in the scene's units (5 per square here)", async () => {
    installCanvas(5);
    place(tokens.ogre, 5, 5, 0);
    place(tokens.korva, 4, 4, 10); // 2 squares up: above the Ogre's 1-square height
    expect((await slam()).reasons).toContain("highGround");
    place(tokens.korva, 4, 4, 5); // 1 square up: level with its top
    expect((await slam()).reasons).not.toContain("highGround");
  });
});
