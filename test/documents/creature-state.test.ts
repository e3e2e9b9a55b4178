// What the ability flow reads of a creature's kits (src/documents/creature-state.ts `kitOf`): a
// tactician's Field Arsenal gives two kits (L4386–4401); both count, in either order, as the hero's
// data model counts them (src/rules/hero.ts `combinedKitBonuses`).
import { describe, expect, it } from "vitest";
import { installFoundryHarness } from "../harness/foundry.ts";
import type { KitBonuses } from "../../src/rules/hero.ts";

installFoundryHarness();
const { kitOf } = await import("../../src/documents/creature-state.ts");

const kit = (bonuses: Partial<KitBonuses>): KitBonuses => ({
  stamina: 0, speed: 0, stability: 0, distance: 0, reach: 0, area: 0,
  meleeDamage: [0, 0, 0], rangedDamage: [0, 0, 0], magicDamage: [0, 0, 0], ...bonuses,
});
/** An actor's items as Foundry's Collection gives them (common/utils/collection.mjs: `find`, `filter`). */
const actorWith = (...items: { type: string; system: object }[]) => ({ items: { find: (f: (i: object) => boolean) => items.find(f), filter: (f: (i: object) => boolean) => items.filter(f) } });

describe("kitOf", () => {
  const mountain = kit({ stamina: 9, stability: 2, meleeDamage: [0, 0, 4] });
  const sniper = kit({ distance: 10, rangedDamage: [0, 0, 4], speed: 1 });

  it("combines two kits: the higher of each bonus and each damage line, whichever kit comes first (L4390–4401)", () => {
    const both = kitOf(actorWith({ type: "kit", system: { bonuses: mountain } }, { type: "feature", system: {} }, { type: "kit", system: { bonuses: sniper } }) as never);
    expect(both).toMatchObject({ stamina: 9, stability: 2, distance: 10, speed: 1, meleeDamage: [0, 0, 4], rangedDamage: [0, 0, 4] });
    const reversed = kitOf(actorWith({ type: "kit", system: { bonuses: sniper } }, { type: "kit", system: { bonuses: mountain } }) as never);
    expect(reversed).toEqual(both);
  });

  it("reads one kit as it is, and no kit as null", () => {
    expect(kitOf(actorWith({ type: "kit", system: { bonuses: sniper } }) as never)).toEqual(sniper);
    expect(kitOf(actorWith({ type: "feature", system: {} }) as never)).toBeNull();
  });
});
