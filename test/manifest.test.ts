import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { harness, installFoundryHarness } from "./harness/foundry.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const manifest = JSON.parse(readFileSync(path.join(ROOT, "system.json"), "utf8"));

describe("system.json", () => {
  it("has the fields a v13 manifest needs, with their types (common/packages/base-package.mjs)", () => {
    for (const key of ["id", "title", "description", "version"]) expect(typeof manifest[key], key).toBe("string");
    for (const key of ["authors", "esmodules", "styles", "languages", "packs"]) expect(Array.isArray(manifest[key]), key).toBe(true);
    expect(manifest.id).toMatch(/^[a-z0-9-]+$/);
    for (const v of Object.values(manifest.compatibility) as string[]) expect(v).toMatch(/^13\.\d{3}$/);
    expect(manifest.authors.every((a: { name?: unknown }) => typeof a.name === "string")).toBe(true);
    expect(typeof manifest.documentTypes).toBe("object");
  });

  it("asks Foundry to hot-reload the styles, templates and language files", () => {
    expect(manifest.flags.hotReload).toEqual({ extensions: ["css", "hbs", "json"], paths: ["steel-echoes.css", "templates", "lang"] });
  });

  it("declares the system as the issue asks", () => {
    expect(manifest.id).toBe("steel-echoes");
    expect(manifest.title).toBe("Steel & Echoes");
    // The oldest v13 build the harness and types stand for (13.341, v13's first stable), and the build
    // of the League's types the code is checked against.
    expect(manifest.compatibility).toEqual({ minimum: "13.341", verified: "13.346" });
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
      else expect(["JournalEntry", "Cards"], pack.name).toContain(pack.type);
    }
    expect(manifest.packFolders[0]).toMatchObject({ name: "Steel & Echoes", packs: manifest.packs.map((p: { name: string }) => p.name) });
  });

  it("lists the same document sub-types as the registered data models", async () => {
    const g = installFoundryHarness() && (globalThis as Record<string, unknown>);
    const config = g.CONFIG as Record<string, { dataModels?: Record<string, unknown> }>;
    config.Actor = { dataModels: {} };
    config.Item = { dataModels: {} };
    await import("../src/index.ts");
    await harness.initialize();
    for (const documentName of ["Actor", "Item"]) {
      const declared = Object.keys(manifest.documentTypes?.[documentName] ?? {}).sort();
      const registered = Object.keys(config[documentName]?.dataModels ?? {}).sort();
      expect(registered, documentName).toEqual(declared);
    }
  });
});
