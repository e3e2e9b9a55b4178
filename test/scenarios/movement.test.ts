// Movement on a table of separate clients (seed 004, L6226, L6674, L6836, L6856–6890): Alice drags
// Korva's token and her client's token ruler (src/canvas/token-ruler.ts) shows the movement used
// against Korva's speed now and flags the part beyond it; a grab the Director applied on a creature
// at least Korva's size halves that speed, on the ruler and on her sheet; sneaking halves it for
// a hidden Korva; her sheet's climb toggle makes climbing cost one square a square.
import { beforeAll, describe, expect, it } from "vitest";
import { checkAfterEach, setupTable } from "../fixtures/world.ts";
import type { Table } from "../fixtures/world.ts";
import type { WorldToken } from "../harness/world.ts";
import { measuredPath } from "../harness/token-ruler.ts";
import type { RulerWaypoint } from "../harness/token-ruler.ts";

const t: Table = await setupTable();
const { world, gm, alice, korva, ryn, ogre, goblin, tokens } = t;
const { SteelEchoesTokenRuler, OVER_SPEED_CLASS, OVER_SPEED_COLOR } = await import("../../src/canvas/token-ruler.ts");
const { SteelEchoesToken } = await import("../../src/canvas/token.ts");
const { applyCondition, removeCondition } = await import("../../src/documents/conditions.ts");
const { actorScene, currentSpeed } = await import("../../src/documents/movement.ts");
const { HeroSheet } = await import("../../src/applications/sheets/hero-sheet.ts");
const { ACTOR_MODELS } = await import("../../src/data/index.ts");

/**
 * The world harness keeps an actor's system as its source data: it does not run the model's
 * `prepareDerivedData`, which Foundry runs whenever the actor is prepared. A hero's speed and size
 * are derived, so they are derived here as Foundry would (the hero model over the hero's source,
 * items and statuses) and set on the system before each read.
 */
function derive(hero: typeof korva): void {
  type Derived = Record<"level" | "speed" | "baseSpeed" | "stability" | "size" | "stamina" | "recoveries" | "heroicResource", unknown>;
  const Hero = ACTOR_MODELS.hero as unknown as new (source: object, options: object) => Derived & { prepareDerivedData(): void };
  const model = new Hero(structuredClone(hero.system), { parent: hero });
  model.prepareDerivedData();
  const { level, speed, baseSpeed, stability, size, stamina, recoveries, heroicResource } = model;
  Object.assign(hero.system, {
    level, speed, baseSpeed, stability, size,
    stamina: { ...stamina as object }, recoveries: { ...recoveries as object }, heroicResource: { ...heroicResource as object },
  });
}

const GRID = world.scene.grid.size;
/** The creature's speed now where its token stands, as the sheet and the ruler read it on the calling client. */
// Type escape: the harness actor stands for the system's Actor (as in the other scenarios).
const speedOf = (actor: typeof korva) => currentSpeed(actor as never, actorScene(actor as never));
const place = (token: WorldToken, x: number, y: number) => Object.assign(token, { x: x * GRID, y: y * GRID });
const actions = () => CONFIG.Token.movement.actions as unknown as Record<string, Record<string, unknown>>;

/** Korva's placeable, as Foundry's canvas holds it (`CONFIG.Token.objectClass` over her TokenDocument). */
const korvaToken = () => Object.assign(Object.create(SteelEchoesToken.prototype), { document: tokens.korva }) as InstanceType<typeof SteelEchoesToken>;

type Drawn = { labels: { cost: { total: string }; cssClass: string }[]; segments: { style: { color?: number } }[]; squares: { style: { color?: number } }[] };

/** Korva dragged east from (1, 1) over `squares` squares with `action`, as the ruler on `user`'s client draws it. */
function drag(user: typeof alice, squares: number, action = "walk"): Drawn {
  derive(korva);
  return world.as(user, () => {
    const token = korvaToken();
    const path = Array.from({ length: squares + 1 }, (_, i) => ({ x: 1 + i, y: 1 }));
    const waypoints: RulerWaypoint[] = measuredPath(token as never, path, action, actions());
    const ruler = new SteelEchoesTokenRuler(token as never);
    ruler.refresh({ passedWaypoints: [], pendingWaypoints: waypoints, plannedMovement: {} } as never);
    return ruler as unknown as Drawn;
  });
}

const overColor = (d: Drawn) => d.segments.map((s) => s.style.color === OVER_SPEED_COLOR);

beforeAll(async () => {
  // Korva (1M) stands far from the monsters; the Ogre is size 2, the Goblin size 1S (the Director's stat blocks).
  place(tokens.korva, 1, 1);
  place(tokens.ryn, 1, 3);
  place(tokens.ogre, 12, 12);
  place(tokens.goblin, 15, 15);
  place(tokens.vex, 1, 5);
  await world.as(gm, () => ogre.update({ "system.size": { value: 2, letter: "" } }));
  await world.as(gm, () => goblin.update({ "system.size": { value: 1, letter: "S" } }));
});

checkAfterEach(world, { honest: true });

describe("the token ruler against the speed (L6836)", () => {
  it("labels each square with the movement used over Korva's speed and flags the squares beyond it", () => {
    derive(korva);
    const speed = korva.system.speed as number;
    expect(speed).toBe(5);
    const d = drag(alice, 7);
    // The harness scene is 5 ft a square: speed 5 is 25 ft.
    expect(d.labels.map((l) => l.cost.total)).toEqual([
      "5 / 25", "10 / 25", "15 / 25", "20 / 25", "25 / 25", "30 / 25 · 2 moves", "35 / 25 · 2 moves",
    ]);
    expect(d.labels.map((l) => l.cssClass.includes(OVER_SPEED_CLASS))).toEqual([false, false, false, false, false, true, true]);
    expect(overColor(d)).toEqual([false, false, false, false, false, true, true]);
    expect(d.squares.map((s) => s.style.color === OVER_SPEED_COLOR)).toEqual([false, false, false, false, false, false, true, true]);
  });

  it("counts what the movement costs, not the squares: climbing without a climb speed costs double (L6860)", () => {
    const d = drag(alice, 3, "climb");
    expect(d.labels.map((l) => l.cost.total)).toEqual(["10 / 25", "20 / 25", "30 / 25 · 2 moves"]);
  });

  it("shows the GM the same for a monster's token, and nothing extra for a teleport", () => {
    expect(drag(gm, 6).labels.at(-1)!.cost.total).toBe("30 / 25 · 2 moves");
    const blink = drag(alice, 8, "blink");
    expect(blink.labels.every((l) => !l.cssClass.includes(OVER_SPEED_CLASS))).toBe(true);
  });
});

describe("a grabber moves at half speed while it holds a creature its size or larger (L6674)", () => {
  it("halves Korva's speed on her player's ruler and sheet while she holds the size-2 Ogre, not the 1S Goblin", async () => {
    // The Director applies the grab (as Grab's tier 3 does, with Korva as its source).
    await world.as(gm, () => applyCondition(goblin as never, { id: "grabbed", duration: "EoE", sourceUuid: korva.uuid }));
    derive(korva);
    expect(world.as(alice, () => speedOf(korva))).toEqual({ speed: 5, halvedBy: [] });
    expect(drag(alice, 5).labels.at(-1)!.cost.total).toBe("25 / 25");

    await world.as(gm, () => applyCondition(ogre as never, { id: "grabbed", duration: "EoE", sourceUuid: korva.uuid }));
    derive(korva);
    expect(world.as(alice, () => speedOf(korva))).toEqual({ speed: 2, halvedBy: ["grab"] });
    const d = drag(alice, 3);
    expect(d.labels.map((l) => l.cost.total)).toEqual(["5 / 10 (halved)", "10 / 10 (halved)", "15 / 10 (halved) · 2 moves"]);
    expect(overColor(d)).toEqual([false, false, true]);

    // The sheet's context on Alice's client says why.
    const { heroSheetContext } = await import("../../src/applications/view-models/hero-sheet.ts");
    const { foundryI18n } = await import("../../src/applications/foundry-i18n.ts");
    const view = world.as(alice, () => heroSheetContext({
      name: korva.name, img: "", editable: true, mode: "play", system: korva.system as never, items: [], biographyHTML: "",
      speedNow: speedOf(korva),
    }, foundryI18n));
    expect(view.movement).toMatchObject({ speed: 2, speedNote: "halved: grabbing a creature at least as large" });

    // Ryn's speed is not Korva's grab's business; the grab ended, Korva has her speed back.
    derive(ryn);
    expect(world.as(gm, () => speedOf(ryn))).toEqual({ speed: 5, halvedBy: [] });
    await world.as(gm, () => removeCondition(ogre as never, "grabbed"));
    await world.as(gm, () => removeCondition(goblin as never, "grabbed"));
    expect(drag(alice, 5).labels.at(-1)!.cost.total).toBe("25 / 25");
  });
});

describe("sneaking is at half speed (L6226)", () => {
  it("offers Sneak to a hidden Korva only, and measures it against half her speed", async () => {
    const canSelect = () => world.as(alice, () => (actions().sneak!.canSelect as (t: unknown) => boolean)(tokens.korva));
    expect(canSelect()).toBe(false);
    await world.as(alice, () => applyCondition(korva as never, { id: "hidden", duration: "EoE" }));
    expect(canSelect()).toBe(true);
    const d = drag(alice, 3, "sneak");
    expect(d.labels.map((l) => l.cost.total)).toEqual(["5 / 10 (halved)", "10 / 10 (halved)", "15 / 10 (halved) · 2 moves"]);
    // Walking instead is measured against her whole speed.
    expect(drag(alice, 3).labels.at(-1)!.cost.total).toBe("15 / 25");
    await world.as(alice, () => removeCondition(korva as never, "hidden"));
  });
});

describe("climb and swim on the hero sheet (L6856–6860)", () => {
  it("Alice toggles climb on Korva's sheet and climbing then costs a square a square on her ruler", async () => {
    const toggle = (HeroSheet as unknown as { DEFAULT_OPTIONS: { actions: Record<string, (this: unknown, e: unknown, t: unknown) => Promise<void>> } })
      .DEFAULT_OPTIONS.actions.toggleMovement!;
    const sheet = { actor: korva, isEditable: true };
    await world.as(alice, () => toggle.call(sheet, {}, { dataset: { movement: "climb" } }));
    expect([...(korva.system.movement as Set<string>)]).toEqual(["climb"]);
    expect(drag(alice, 3, "climb").labels.map((l) => l.cost.total)).toEqual(["5 / 25", "10 / 25", "15 / 25"]);
    // An unknown movement type is ignored; toggling again removes climb.
    await world.as(alice, () => toggle.call(sheet, {}, { dataset: { movement: "dig" } }));
    await world.as(alice, () => toggle.call(sheet, {}, { dataset: { movement: "climb" } }));
    expect([...(korva.system.movement as Set<string>)]).toEqual([]);
  });
});
