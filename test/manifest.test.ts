import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { harness, installFoundryHarness } from "./harness/foundry.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const manifest = JSON.parse(readFileSync(path.join(ROOT, "public/system.json"), "utf8"));

describe("system.json", () => {
  it("declares the system as the issue asks", () => {
    expect(manifest.id).toBe("steel-echoes");
    expect(manifest.title).toBe("Steel & Echoes");
    expect(manifest.compatibility).toEqual({ minimum: "13", verified: "13" });
    expect(manifest.esmodules).toEqual(["steel-echoes.mjs"]);
    expect(manifest.styles).toEqual(["steel-echoes.css"]);
    expect(manifest.languages).toEqual([{ lang: "en", name: "English", path: "lang/en.json" }]);
  });

  it("declares each pack with a source folder, inside the Steel & Echoes pack folder", () => {
    for (const pack of manifest.packs as { name: string; path: string; type: string; system: string }[]) {
      expect(existsSync(path.join(ROOT, "packs/_source", pack.name)), pack.name).toBe(true);
      expect(pack).toMatchObject({ path: `packs/${pack.name}` });
      // Packs of typed documents (Item, Actor) name the system whose sub-types they hold.
      if (["Item", "Actor"].includes(pack.type)) expect(pack.system, pack.name).toBe("steel-echoes");
      else expect(pack.type, pack.name).toBe("JournalEntry");
    }
    expect(manifest.packFolders[0]).toMatchObject({ name: "Steel & Echoes", packs: manifest.packs.map((p: { name: string }) => p.name) });
  });

  it("lists the same document sub-types as the registered data models", async () => {
    const g = installFoundryHarness() && (globalThis as Record<string, unknown>);
    const config = g.CONFIG as Record<string, { dataModels?: Record<string, unknown> }>;
    config.Actor = { dataModels: {} };
    config.Item = { dataModels: {} };
    await import("../src/index.ts");
    harness.call("init");
    for (const documentName of ["Actor", "Item"]) {
      const declared = Object.keys(manifest.documentTypes?.[documentName] ?? {}).sort();
      const registered = Object.keys(config[documentName]?.dataModels ?? {}).sort();
      expect(registered, documentName).toEqual(declared);
    }
  });
});
