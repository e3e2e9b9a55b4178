// Speed under conditions in the actors' derived data (slowed 2, grabbed and restrained 0).
import { describe, expect, it } from "vitest";
import { installFoundryHarness } from "../harness/foundry.ts";

installFoundryHarness();
const { ACTOR_MODELS } = await import("../../src/data/index.ts");
type Model = new (source: object, options: object) => { prepareDerivedData(): void; speed: number; effectiveSpeed?: number };
const Hero = ACTOR_MODELS.hero as unknown as Model;
const Monster = ACTOR_MODELS.monster as unknown as Model;
type EchoesModel = new (source: object, options: object) => { prepareDerivedData(): void; movement: number; movementNow: number };
// Echoes' model registers with its chunk (src/games/echoes.ts `ECHOES_MODELS`), not with Draw Steel's.
const { ECHOES_MODELS } = await import("../../src/games/echoes.ts");
const Echoes = ECHOES_MODELS.Actor.echoes as unknown as EchoesModel;

describe("speed under conditions", () => {
  const ancestry = { type: "ancestry", name: "Human", system: { size: { value: 1, letter: "M" }, speed: 6 } };
  const hero = (statuses: string[]) => {
    const m = new Hero({}, { parent: { items: [ancestry], statuses: new Set(statuses) } });
    m.prepareDerivedData();
    return m.speed;
  };
  it("a hero's speed is 2 when slowed, 0 when grabbed or restrained", () => {
    expect(hero([])).toBe(6);
    expect(hero(["slowed"])).toBe(2);
    expect(hero(["grabbed"])).toBe(0);
    expect(hero(["restrained", "slowed"])).toBe(0);
  });
  it("a monster keeps its stat-block speed and gets the speed it has now", () => {
    const m = new Monster({ speed: 7 }, { parent: { statuses: new Set(["slowed"]) } });
    m.prepareDerivedData();
    expect([m.speed, m.effectiveSpeed]).toEqual([7, 2]);
  });
});

describe("Echoes movement points under conditions (S0:L182–186)", () => {
  const echoes = (conditions: string[]) => {
    const m = new Echoes({ movement: 3, conditions }, { parent: null });
    m.prepareDerivedData();
    return [m.movement, m.movementNow];
  };
  it("keeps the points and gives the next movement's: 1 less when Slowed, none when Immobilized", () => {
    expect(echoes([])).toEqual([3, 3]);
    expect(echoes(["slowed"])).toEqual([3, 2]);
    expect(echoes(["immobilized"])).toEqual([3, 0]);
  });
});
