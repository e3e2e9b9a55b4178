// The sheets load their code on first render (issue 31, src/applications/sheets/lazy-sheets.ts): the
// classes Foundry registers at init hold no view-model; rendering one loads the sheets' chunk, and
// then the sheet's context, its clicks and its form work on each client as before.
import { describe, expect, it } from "vitest";
import { setupTable } from "../../fixtures/world.ts";

const { world, gm, alice, korva, ogre } = await setupTable();
const { HeroSheet } = await import("../../../src/applications/sheets/hero-sheet.ts");
const { MonsterSheet } = await import("../../../src/applications/sheets/monster-sheet.ts");
const { SteelEchoesItemSheet } = await import("../../../src/applications/sheets/item-sheet.ts");
const { loadedSheetParts } = await import("../../../src/applications/sheets/lazy-sheets.ts");

type Sheet = {
  render(): Promise<unknown>; context: Record<string, unknown>;
  _processFormData(e: null, f: null, d: { object: Record<string, unknown> }): Record<string, unknown>;
};
// Type escape: the harness's sheet stand-in (test/harness/sheets.ts) under the sheets' Foundry types.
const open = (Cls: unknown, document: unknown) => new (Cls as new (o: object) => Sheet)({ document });
/**
 * A document as a sheet reads it: the world harness stores each document's source, and v13
 * `ClientDocumentMixin#prepareData` gives a sheet the prepared system (the sub-type's model from
 * `CONFIG[documentName].dataModels`, then `TypeDataModel#prepareDerivedData`); here that is done once.
 */
function prepared<T extends { type: string; documentName: string; system: object }>(doc: T): T {
  const models = (globalThis as unknown as { CONFIG: Record<string, { dataModels: Record<string, new (d: object, o: object) => { prepareDerivedData(): void }> }> }).CONFIG;
  const system = new (models[doc.documentName]!.dataModels[doc.type]!)(structuredClone(doc.system), { parent: doc });
  system.prepareDerivedData();
  return Object.create(doc, { system: { value: system } }) as T;
}
type Action = (this: unknown, event: object, target: object) => Promise<void>;
const actionOf = (Cls: unknown, name: string) => (Cls as { DEFAULT_OPTIONS: { actions: Record<string, Action> } }).DEFAULT_OPTIONS.actions[name]!;

describe("sheets whose code loads on first render", () => {
  it("has not loaded the sheets' code before a sheet renders (a form cannot be read yet)", () => {
    expect(() => loadedSheetParts()).toThrow(/not loaded/);
  });

  it("renders Alice's hero sheet: the chunk loads and her context has her stats, tabs, recovery bar and abilities", async () => {
    const sheet = open(HeroSheet, prepared(korva));
    await world.as(alice, () => sheet.render());
    expect(() => loadedSheetParts()).not.toThrow();
    const c = sheet.context;
    expect(c.name).toBe("Korva");
    expect(c.editable).toBe(true);
    expect(Object.keys(c.tabs as object)).toEqual(["characteristics", "abilities", "features", "kit", "effects", "biography"]);
    expect((c.recovery as { show: boolean; recoveryValue: number }).show).toBe(true);
    expect(JSON.stringify(c)).toContain("Brutal Slam");
  });

  it("shows the Director's monster sheet with the monster's name and Stamina; a player may not edit it", async () => {
    const sheet = open(MonsterSheet, prepared(ogre));
    await world.as(gm, () => sheet.render());
    expect(sheet.context.name).toBe("Ogre");
    expect(sheet.context.editable).toBe(true);
    expect(JSON.stringify(sheet.context)).toContain("30");
    const seen = open(MonsterSheet, prepared(ogre));
    await world.as(alice, () => seen.render());
    expect(seen.context.editable).toBe(false);
  });

  it("renders an ability's item sheet as its stat block, and in edit mode with its fields and the tier editor", async () => {
    const item = [...korva.items].find((i) => i.type === "ability")!;
    const sheet = open(SteelEchoesItemSheet, prepared(item));
    await world.as(alice, () => sheet.render());
    expect(sheet.context.name).toBe(item.name);
    expect((sheet.context.play as { ability: { name?: string } | null }).ability).not.toBeNull();
    expect(sheet.context.rows).toEqual([]);
    await world.as(alice, () => actionOf(SteelEchoesItemSheet, "toggleMode").call(sheet, {} as never, {} as never));
    await world.as(alice, () => sheet.render());
    expect((sheet.context.rows as unknown[]).length).toBeGreaterThan(3);
    expect(sheet.context.tierEditor).toHaveLength(3);
    expect(sheet.context.play).toBeNull();
  });

  it("runs a click through the chunk: Alice toggles a skill on Korva's sheet, and a form's lists are read back", async () => {
    const sheet = { actor: korva, isEditable: true };
    await world.as(alice, () => actionOf(HeroSheet, "toggleSkill").call(sheet, {}, { dataset: { skill: "climb" } }));
    expect([...(korva.system.skills as Iterable<string>)]).toEqual(["climb"]);
    await world.as(alice, () => actionOf(HeroSheet, "toggleSkill").call(sheet, {}, { dataset: { skill: "climb" } }));
    expect([...(korva.system.skills as Iterable<string>)]).toEqual([]);
    // The edit mode's one-line lists become arrays (read by the loaded chunk, as Foundry's synchronous submit needs).
    const rendered = open(HeroSheet, prepared(korva));
    await world.as(alice, () => rendered.render());
    const data = rendered._processFormData(null, null, { object: { "system.languages": "Caelian, Khelt" } });
    expect((data.system as { languages: unknown }).languages).toEqual(["Caelian", "Khelt"]);
  });
});
