// Importing a pasted kit: the paste is read as a kit (with its signature ability), a failure names
// its line and creates nothing, and a kit that cannot be created leaves no orphan ability behind.
import { afterEach, describe, expect, it, vi } from "vitest";
import { harness, installFoundryHarness } from "../../harness/foundry.ts";
import { BLOODPACT, CLOAK_AND_DAGGER } from "../../fixtures/option-texts.ts";

installFoundryHarness();
const { openImporter } = await import("../../../src/applications/dialogs/importer.ts");
const { parseImportPaste } = await import("../../../src/parser/paste.ts");

type Created = { data: { name: string; type: string; system: Record<string, unknown> }; uuid: string; deleted: boolean; delete(): Promise<void> };

/** Stand-ins for the two dialogs (the prompt answers `pastes` in turn, then cancels) and Item.create. */
function stubFoundry(pastes: string[], { confirm = true, failKit = false } = {}) {
  const created: Created[] = [];
  const g = globalThis as unknown as { foundry: { applications: { api: { DialogV2: Record<string, unknown> } } }; Item: Record<string, unknown> };
  const dialog = g.foundry.applications.api.DialogV2;
  const answers = [...pastes];
  dialog.prompt = async () => answers.shift() ?? null;
  dialog.confirm = async () => confirm;
  g.Item.create = async (data: Created["data"]) => {
    if (failKit && data.type === "kit") throw new Error("validation failed");
    const doc: Created = { data, uuid: `Item.id${created.length}`, deleted: false, async delete() { doc.deleted = true; } };
    created.push(doc);
    return doc;
  };
  return created;
}

afterEach(() => harness.reset());

describe("import from text: kits", () => {
  it("reads a pasted kit as a kit, and ability blocks as abilities", () => {
    expect(parseImportPaste(BLOODPACT)).toMatchObject({ ok: true, kind: "kit", kit: { name: "Bloodpact", signature: { name: "Drain" } } });
    const drain = BLOODPACT.slice(BLOODPACT.indexOf("Keywords:"), BLOODPACT.indexOf("KIT WARD"));
    expect(parseImportPaste(`DRAIN\n${drain}`)).toMatchObject({ ok: true, kind: "abilities", abilities: [{ name: "Drain" }] });
  });

  it("creates the signature ability, then the kit granting it", async () => {
    const created = stubFoundry([BLOODPACT]);
    await openImporter();
    expect(created.map((c) => [c.data.type, c.data.name])).toEqual([["ability", "Drain"], ["kit", "Bloodpact"]]);
    expect(created[0]!.data.system).toMatchObject({ signature: true });
    expect(created[1]!.data.system).toMatchObject({ grants: ["Item.id0"], signatureAbility: "Drain", implement: "metal", bonuses: { stamina: 6, magicDamage: [2, 2, 2] } });
    expect(harness.notifications.map((n) => n.type)).toEqual(["info"]);
  });

  it("names the failing line, creates nothing and offers the text again", async () => {
    const bad = CLOAK_AND_DAGGER.replace("Speed Bonus: +2", "Luck Bonus: +2");
    const created = stubFoundry([bad]);
    await openImporter();
    expect(created).toEqual([]);
    expect(harness.notifications).toMatchObject([{ type: "error", message: "SE.Parser.Error.KitUnknownBonus" }]);
    expect(parseImportPaste(bad)).toMatchObject({ ok: false, error: { line: bad.split("\n").findIndex((l) => l.includes("Luck")) + 1 } });
  });

  it("creates nothing when the GM declines, and deletes the ability again when the kit fails", async () => {
    expect(stubFoundry([BLOODPACT], { confirm: false })).toEqual([]);
    await openImporter();
    const created = stubFoundry([BLOODPACT], { failKit: true });
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await openImporter();
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
    expect(created.map((c) => [c.data.name, c.deleted])).toEqual([["Drain", true]]);
    expect(harness.notifications.at(-1)).toMatchObject({ type: "error", message: "SE.Importer.KitFailed" });
  });
});
