// Issue 30, "Removing and re-adding an option works from the sheet": at a table of separate clients,
// Alice drops an ancestry, a class and a kit from the packs on Korva's sheet, each bringing what it
// grants; she removes each with the sheet's ✕ (after the confirmation) and what it granted goes with
// it, her other items stay; dropped again, it grants again. Mallory cannot remove Korva's class.
import { beforeAll, describe, expect, it } from "vitest";
import { ABILITIES } from "../fixtures/ability-use.ts";
import { abilityItem, checkAfterEach, setupTable } from "../fixtures/world.ts";
import type { Table } from "../fixtures/world.ts";
import type { WorldItem } from "../harness/world.ts";

const t: Table = await setupTable();
checkAfterEach(t.world, { honest: true });
const { HeroSheet } = await import("../../src/applications/sheets/hero-sheet.ts");
const { foundryOptionServices } = await import("../../src/applications/sheets/option-services.ts");
const { FLAG_SCOPE } = await import("../../src/constants.ts");

type Action = (this: unknown, event: unknown, target: unknown) => Promise<void>;
const actions = (HeroSheet as unknown as { DEFAULT_OPTIONS: { actions: Record<string, Action> } }).DEFAULT_OPTIONS.actions;
// Type escape: the sheet's protected drop handler, called as Foundry's drop on the sheet calls it.
const drop = (HeroSheet.prototype as unknown as { _onDropItem(this: unknown, e: unknown, item: unknown): Promise<unknown> })._onDropItem;

/** The confirmations the sheet asked for (Foundry's DialogV2.confirm in the real client), answered yes. */
const asked: string[] = [];

const packed: Record<string, WorldItem> = {};
beforeAll(() => {
  const { world } = t;
  const feature = (name: string) => world.addPackItem("steel-echoes.classes", { type: "feature", name, system: { source: "class", level: 1 } });
  const rage = feature("Rage");
  const leaps = feature("Mighty Leaps");
  const slam = world.addPackItem("steel-echoes.abilities", { ...abilityItem(ABILITIES.brutalSlam!), name: "Brutal Slam (class)" });
  const big = world.addPackItem("steel-echoes.ancestries", { type: "feature", name: "Big!", system: { source: "ancestry", level: 1 } });
  const painForPain = world.addPackItem("steel-echoes.kits", { ...abilityItem(ABILITIES.brutalSlam!), name: "Pain for Pain" });
  packed.fury = world.addPackItem("steel-echoes.classes", {
    type: "class", name: "Fury",
    system: { heroicResource: { name: "Rage", gain: "1d3" }, features: [{ level: 1, uuid: rage.uuid }, { level: 1, uuid: leaps.uuid }], grants: [rage.uuid, leaps.uuid, slam.uuid] },
  });
  packed.hakaan = world.addPackItem("steel-echoes.ancestries", { type: "ancestry", name: "Hakaan", system: { size: { value: 1, letter: "L" }, grants: [big.uuid] } });
  packed.mountain = world.addPackItem("steel-echoes.kits", { type: "kit", name: "Mountain (pack)", system: { signatureAbility: "Pain for Pain", grants: [painForPain.uuid] } });
  foundryOptionServices.confirm = async (title, content) => {
    asked.push(`${title}: ${content}`);
    return true;
  };
});

const names = () => [...t.korva.items].map((i) => i.name).sort();
const grantedFlag = (i: WorldItem) => (i.flags[FLAG_SCOPE] as { grantedBy?: string } | undefined)?.grantedBy;
const grantedBy = (id: string) => [...t.korva.items].filter((i) => grantedFlag(i) === id).map((i) => i.name).sort();
const sheet = () => ({ actor: t.korva, isEditable: true });

describe("removing and re-adding an option from the hero sheet (issue 30)", () => {
  it.each([
    ["fury", "class", ["Brutal Slam (class)", "Mighty Leaps", "Rage"]],
    ["hakaan", "ancestry", ["Big!"]],
    ["mountain", "kit", ["Pain for Pain"]],
  ] as const)("Alice drops %s, removes it with the ✕ and it takes what it granted; dropped again it grants again", async (key, type, granted) => {
    const { world, alice, gm } = t;
    const before = names().filter((n) => !(type === "kit" && n === "Mountain"));
    const option = packed[key]!;
    await world.as(alice, () => drop.call(sheet(), {}, option));
    const first = [...t.korva.items].find((i) => i.type === type && i.name === option.name)!;
    expect(first, `${option.name} on Korva`).toBeDefined();
    expect(grantedBy(first.id)).toEqual([...granted].sort());
    // The Director's client sees the same items.
    expect(world.as(gm, () => [...t.korva.items].filter((i) => grantedFlag(i) === first.id).length)).toBe(granted.length);

    asked.length = 0;
    await world.as(alice, () => actions.deleteItem!.call(sheet(), {}, { dataset: { itemId: first.id } }));
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain(option.name);
    expect(names()).toEqual([...before].sort());
    expect(grantedBy(first.id)).toEqual([]);

    await world.as(alice, () => drop.call(sheet(), {}, option));
    const again = [...t.korva.items].find((i) => i.type === type && i.name === option.name)!;
    expect(again.id).not.toBe(first.id);
    expect(grantedBy(again.id)).toEqual([...granted].sort());
    await world.as(alice, () => actions.deleteItem!.call(sheet(), {}, { dataset: { itemId: again.id } }));
    expect(names()).toEqual([...before].sort());
  });

  it("Mallory cannot drop on or remove from Korva's sheet; nothing changes", async () => {
    const { world, alice, mallory } = t;
    await world.as(alice, () => drop.call(sheet(), {}, packed.fury));
    const fury = [...t.korva.items].find((i) => i.type === "class")!;
    const before = names();
    await expect(world.as(mallory, () => actions.deleteItem!.call(sheet(), {}, { dataset: { itemId: fury.id } }))).rejects.toThrow(/lacks permission/);
    expect(names()).toEqual(before);
    world.refused.length = 0;
  });
});
