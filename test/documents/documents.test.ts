import { beforeEach, describe, expect, it } from "vitest";
import { HarnessDocument, harness, installFoundryHarness } from "../harness/foundry.ts";
import { sourceProblems } from "../harness/source-problems.ts";
import type { ModelClass } from "../harness/source-problems.ts";

installFoundryHarness();
const { SteelEchoesActor } = await import("../../src/documents/actor.ts");
const { SteelEchoesItem } = await import("../../src/documents/item.ts");
const { prototypeTokenDefaults, isSingleOption } = await import("../../src/documents/token-defaults.ts");

beforeEach(() => harness.reset());

/** Call the protected creation hook the way Foundry does. */
type PreCreate = { _preCreate(data: unknown, options: unknown, user: unknown): Promise<boolean | void> };
const preCreate = (doc: unknown, data: object = {}) => (doc as PreCreate)._preCreate(data, {}, {});

describe("prototype token defaults", () => {
  it("links heroes as friendly and leaves monsters unlinked and hostile, Stamina as the bar", () => {
    expect(prototypeTokenDefaults("hero", { value: 1, letter: "M" })).toEqual({
      actorLink: true, disposition: 1, width: 1, height: 1, bar1: { attribute: "stamina" },
    });
    expect(prototypeTokenDefaults("monster", { value: 3, letter: "" })).toMatchObject({ actorLink: false, disposition: -1, width: 3, height: 3 });
  });

  it("are applied when an actor is created, keeping what the creator set", async () => {
    const monster = new SteelEchoesActor({ type: "monster", name: "Ogre", system: { size: { value: 2, letter: "" } } } as never);
    await preCreate(monster, { type: "monster", system: { size: { value: 2, letter: "" } } });
    expect((monster as unknown as HarnessDocument)._source.prototypeToken).toMatchObject({ actorLink: false, disposition: -1, width: 2 });
    const hero = new SteelEchoesActor({ type: "hero", name: "Ash" } as never);
    await preCreate(hero, { type: "hero", prototypeToken: { disposition: 0 } });
    expect((hero as unknown as HarnessDocument)._source.prototypeToken).toMatchObject({ actorLink: true, disposition: 0 });
  });
});

describe("one option of each kind per hero", () => {
  it("knows which item types are single options", () => {
    expect(["ancestry", "culture", "career", "class", "kit"].every(isSingleOption)).toBe(true);
    expect(["ability", "feature", "complication"].some(isSingleOption)).toBe(false);
  });

  it("refuses a second class on a hero with a localised error, and allows the first", async () => {
    const hero = new HarnessDocument({ type: "hero", name: "Ash" });
    const first = new SteelEchoesItem({ type: "class", name: "Fury" } as never, { parent: hero } as never);
    expect(await preCreate(first)).toBe(true);
    hero.items.push(first as unknown as HarnessDocument);
    const second = new SteelEchoesItem({ type: "class", name: "Shadow" } as never, { parent: hero } as never);
    expect(await preCreate(second)).toBe(false);
    expect(harness.notifications).toMatchObject([{ type: "error", message: "SE.Error.SecondOption" }]);
    const ability = new SteelEchoesItem({ type: "ability", name: "Brutal Slam" } as never, { parent: hero } as never);
    expect(await preCreate(ability)).toBe(true);
  });
});

describe("a new hero's basic actions", async () => {
  const { basicActionSources } = await import("../../src/data/basic-actions.ts");
  const { ITEM_MODELS } = await import("../../src/data/index.ts");

  it("are the seed's eleven basic actions and maneuvers plus both free strikes, each valid ability data", () => {
    const sources = basicActionSources();
    expect(sources.map((s) => s.name)).toEqual([
      "Melee Weapon Free Strike", "Ranged Weapon Free Strike", "Catch Breath", "Charge", "Defend", "Heal",
      "Aid Attack", "Grab", "Knockback", "Escape Grab", "Hide", "Search for Hidden Creatures", "Stand Up",
    ]);
    // Type escape: typed by the League's TypeDataModel; the harness's offers ModelClass.
    const Ability = ITEM_MODELS.ability as unknown as ModelClass;
    for (const s of sources) expect(sourceProblems(Ability, s.system), s.name).toEqual([]);
    const melee = sources[0]!.system;
    expect(melee.tiers.map((t) => t.damage.value)).toEqual(["2", "6", "9"]);
    expect(sources[1]!.system.tiers.map((t) => t.damage.value)).toEqual(["2", "5", "8"]);
    expect(sources.find((s) => s.name === "Knockback")!.system.tiers.map((t) => t.forced[0]!.distance)).toEqual([1, 2, 3]);
  });

  it("are added when a hero is created without items, and not otherwise", async () => {
    const fresh = new SteelEchoesActor({ type: "hero", name: "New" } as never);
    await preCreate(fresh, { type: "hero" });
    expect(((fresh as unknown as HarnessDocument)._source.items as unknown[]).length).toBe(13);
    const imported = new SteelEchoesActor({ type: "hero", name: "Imported" } as never);
    await preCreate(imported, { type: "hero", items: [{ name: "Mine", type: "ability" }] });
    expect((imported as unknown as HarnessDocument)._source.items).toBeUndefined();
    const monster = new SteelEchoesActor({ type: "monster", name: "Ogre" } as never);
    await preCreate(monster, { type: "monster" });
    expect((monster as unknown as HarnessDocument)._source.items).toBeUndefined();
  });
});

describe("deleting an option", () => {
  it("deletes what it granted when this user deleted it, and nothing for other users' deletions", async () => {
    const deleted: string[][] = [];
    const granted = { id: "g1", type: "feature", flags: { "steel-echoes": { grantedBy: "opt" } } };
    const other = { id: "o1", type: "feature", flags: {} };
    const hero = Object.assign(new HarnessDocument({ type: "hero", name: "Ash" }), {
      items: Object.assign([granted, other], { has: (id: string) => [granted, other].some((i) => i.id === id) }),
      deleteEmbeddedDocuments: async (_n: string, ids: string[]) => { deleted.push(ids); },
    });
    const option = new SteelEchoesItem({ type: "kit", name: "Mountain" } as never, { parent: hero } as never);
    (option as unknown as { id: string }).id = "opt";
    type OnDelete = { _onDelete(options: unknown, userId: string): void };
    (option as unknown as OnDelete)._onDelete({}, "someone-else");
    expect(deleted).toEqual([]);
    (option as unknown as OnDelete)._onDelete({}, "harness-user");
    expect(deleted).toEqual([["g1"]]);
  });
});
