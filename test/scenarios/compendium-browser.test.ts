// Issue 33, "Compendium browser": at a table of separate clients, the Director and Alice each open the
// browser. It indexes every pack of the system they may see (once per pack: Foundry keeps the index),
// filters it, and a result dragged from it carries Foundry's {type, uuid}: dropped on Korva's sheet by
// Alice it becomes her item, and the Director's monster resolves for the canvas. Alice never sees the
// bestiary (players have no access to it, system.json), nor a world's own packs.
import { beforeAll, describe, expect, it } from "vitest";
import { ABILITIES } from "../fixtures/ability-use.ts";
import { abilityItem, checkAfterEach, setupTable } from "../fixtures/world.ts";
import type { Table } from "../fixtures/world.ts";
import { WorldPack } from "../harness/world.ts";

const t: Table = await setupTable();
checkAfterEach(t.world, { honest: true });
const { loadBrowserIndex } = await import("../../src/applications/compendium-browser/index-loader.ts");
const { onBrowserDragStart } = await import("../../src/applications/compendium-browser/drag.ts");
const { HeroSheet } = await import("../../src/applications/sheets/hero-sheet.ts");
const { emptyBrowserFilter, filterEntries } = await import("../../src/rules/index.ts");
const { foundryOptionServices } = await import("../../src/applications/sheets/option-services.ts");

// Type escape: the sheet's protected drop handler, called as Foundry's drop on the sheet calls it.
const drop = (HeroSheet.prototype as unknown as { _onDropItem(this: unknown, e: unknown, item: unknown): Promise<unknown> })._onDropItem;

beforeAll(() => {
  const { world } = t;
  const fury = world.addPackFolder("steel-echoes.abilities", "Fury");
  const tactician = world.addPackFolder("steel-echoes.abilities", "Tactician");
  world.addPackItem("steel-echoes.abilities", { ...abilityItem(ABILITIES.brutalSlam!), name: "Fury Slam", folder: fury.id });
  world.addPackItem("steel-echoes.abilities", {
    ...abilityItem(ABILITIES.brutalSlam!, { amount: 3, resource: "heroic" }), name: "Hit and Run", folder: fury.id,
  });
  world.addPackItem("steel-echoes.abilities", { ...abilityItem(ABILITIES.brutalSlam!), name: "Mark", folder: tactician.id });
  world.addPackItem("steel-echoes.kits", { type: "kit", name: "Sniper", system: { kitType: "martial", weapons: ["bow"], armor: ["none"] } });
  world.addPackItem("steel-echoes.kits", { type: "kit", name: "Mountain", system: { kitType: "martial", weapons: ["heavy"], armor: ["heavy"] } });
  // The bestiary as system.json declares it: Actors, players without access.
  const bestiary = { PLAYER: "NONE", ASSISTANT: "OWNER" } as const;
  world.packs.set("steel-echoes.monsters", new WorldPack("steel-echoes.monsters", bestiary, "Actor"));
  const wild = world.addPackFolder("steel-echoes.monsters", "Beasts of the wild");
  world.addPackActor("steel-echoes.monsters", {
    type: "monster", name: "Ridge Wolf", folder: wild.id, system: { level: 1, organization: "platoon", role: "harrier", ev: 6, keywords: ["Animal", "Beast"] },
  }, bestiary);
  world.addPackActor("steel-echoes.monsters", {
    type: "monster", name: "Thornback Bear", folder: wild.id, system: { level: 3, organization: "troop", role: "brute", ev: 20, keywords: ["Animal", "Beast"] },
  }, bestiary);
  world.addPackItem("world.homebrew", { type: "kit", name: "Homebrew kit", system: { kitType: "martial" } });
  // Replacing Korva's kit asks first (Foundry's DialogV2.confirm in the real client): yes.
  foundryOptionServices.confirm = async () => true;
});

const MINE = ["Fury Slam", "Hit and Run", "Mark", "Mountain", "Sniper", "Ridge Wolf", "Thornback Bear", "Homebrew kit"];
const mine = (entries: { name: string }[]) => entries.map((e) => e.name).filter((n) => MINE.includes(n)).sort();

/** A dragstart on a result row, as the browser's listener gets it; what it put in the drag data. */
function dragFrom(uuid: string, entries: Parameters<typeof onBrowserDragStart>[1]): unknown {
  let text = "";
  const row = { dataset: { uuid } };
  const event = { target: { closest: () => row }, dataTransfer: { setData: (_type: string, value: string) => (text = value) } };
  onBrowserDragStart(event as unknown as DragEvent, entries);
  return text ? JSON.parse(text) : null;
}

describe("the compendium browser at a table (issue 33)", () => {
  it("indexes every system pack the user may see, once each; players never see the bestiary or a world's packs", async () => {
    const { world, gm, alice } = t;
    const gmEntries = await world.as(gm, () => loadBrowserIndex(world.packs, gm, []));
    expect(mine(gmEntries)).toEqual(["Fury Slam", "Hit and Run", "Mark", "Mountain", "Ridge Wolf", "Sniper", "Thornback Bear"]);
    const aliceEntries = await world.as(alice, () => loadBrowserIndex(world.packs, alice, []));
    expect(mine(aliceEntries)).toEqual(["Fury Slam", "Hit and Run", "Mark", "Mountain", "Sniper"]);
    expect(aliceEntries.some((e) => e.kind === "monster" || e.pack.startsWith("world."))).toBe(false);
    // Foundry's getIndex keeps what it indexed: opening the browser again asks the server nothing new.
    const requests = (id: string) => (world.packs.get(id) as WorldPack).indexRequests;
    expect([requests("steel-echoes.abilities"), requests("steel-echoes.monsters"), requests("world.homebrew")]).toEqual([1, 1, 0]);
    // A pack of a game the world does not play is left out, as the sidebar leaves it out.
    const noKits = await world.as(gm, () => loadBrowserIndex(world.packs, gm, ["kits"]));
    expect(noKits.some((e) => e.kind === "kit")).toBe(false);
  });

  it("filters the index: a class's abilities by cost, monsters by level and role, kits by weapon", async () => {
    const { world, gm } = t;
    const entries = await world.as(gm, () => loadBrowserIndex(world.packs, gm, []));
    const abilities = emptyBrowserFilter("ability");
    abilities.groups = ["Fury"];
    abilities.ability.cost = { min: 1, max: null };
    expect(filterEntries(entries, abilities).map((e) => e.name)).toEqual(["Hit and Run"]);
    const monsters = emptyBrowserFilter("monster");
    monsters.monster.level = { min: 2, max: null };
    monsters.groups = ["Beasts of the wild"];
    expect(filterEntries(entries, monsters).map((e) => [e.name, e.monster?.role])).toEqual([["Thornback Bear", "brute"]]);
    const kits = emptyBrowserFilter("kit");
    kits.kit.weapons = ["bow"];
    kits.search = "snip";
    expect(filterEntries(entries, kits).map((e) => e.name)).toEqual(["Sniper"]);
  });

  it("Alice drags a kit from the browser onto Korva's sheet: the drag data resolves and the sheet takes it", async () => {
    const { world, alice, korva } = t;
    const entries = await world.as(alice, () => loadBrowserIndex(world.packs, alice, []));
    const sniper = entries.find((e) => e.name === "Sniper")!;
    const data = dragFrom(sniper.uuid, entries) as { type: string; uuid: string };
    expect(data).toEqual({ type: "Item", uuid: sniper.uuid });
    expect(data.uuid).toMatch(/^Compendium\.steel-echoes\.kits\.Item\./);
    // Foundry's drop: Item.implementation.fromDropData(data) is fromUuid(data.uuid), then the sheet's _onDropItem.
    const item = world.fromUuid(data.uuid);
    await world.as(alice, () => drop.call({ actor: korva, isEditable: true }, {}, item));
    expect([...korva.items].filter((i) => i.name === "Sniper" && i.type === "kit")).toHaveLength(1);
  });

  it("the Director's monster drags as an Actor the canvas resolves; a row the browser did not list drags nothing", async () => {
    const { world, gm } = t;
    const entries = await world.as(gm, () => loadBrowserIndex(world.packs, gm, []));
    const wolf = entries.find((e) => e.name === "Ridge Wolf")!;
    const data = dragFrom(wolf.uuid, entries) as { type: string; uuid: string };
    expect(data.type).toBe("Actor");
    expect(world.fromUuid(data.uuid)?.name).toBe("Ridge Wolf");
    expect(dragFrom("Compendium.world.homebrew.Item.nope", entries)).toBeNull();
  });
});
