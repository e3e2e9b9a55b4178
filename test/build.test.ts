// The build produces an installable system folder, and the bundle keeps the class names Foundry
// uses to rebuild rolls from chat messages.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { harness, installFoundryHarness } from "./harness/foundry.ts";
// @ts-expect-error: plain JavaScript build script
import { buildSystem } from "../tools/build.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const out = mkdtempSync(path.join(os.tmpdir(), "steel-echoes-dist-"));

beforeAll(async () => {
  await buildSystem({ root: ROOT, outDir: out });
}, 60_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("npm run build", () => {
  it("writes system.json with the package version and every file it names", () => {
    const manifest = JSON.parse(readFileSync(path.join(out, "system.json"), "utf8"));
    const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"));
    expect(manifest.id).toBe("steel-echoes");
    expect(manifest.version).toBe(pkg.version);
    for (const file of [...manifest.esmodules, ...manifest.styles, ...manifest.languages.map((l: { path: string }) => l.path)]) {
      expect(existsSync(path.join(out, file)), file).toBe(true);
    }
    for (const t of ["templates/chat/power-roll.hbs", "templates/chat/harmony-roll.hbs", "templates/chat/hidden-roll.hbs"]) {
      expect(existsSync(path.join(out, t)), t).toBe(true);
    }
  });

  it("bundles one ES module that registers the rolls under their own class names", async () => {
    installFoundryHarness();
    const before = harness.CONFIG.Dice.rolls.length;
    const mod = await import(pathToFileURL(path.join(out, "steel-echoes.mjs")).href);
    harness.call("init");
    const added = harness.CONFIG.Dice.rolls.slice(before) as { name: string }[];
    expect(added.map((c) => c.name)).toEqual(["PowerRoll", "HarmonyRoll"]);
    expect(Object.keys(mod.api.dice)).toEqual(["PowerRoll", "HarmonyRoll", "DissonanceDie", "HarmonyDie"]);
  });

  it("compiles the styles, scoped under .steel-echoes", () => {
    const css = readFileSync(path.join(out, "steel-echoes.css"), "utf8");
    const selectors = css.replace(/\/\*[\s\S]*?\*\//g, "").match(/(^|})\s*([^{}@]+)\{/g) ?? [];
    expect(selectors.length).toBeGreaterThan(10);
    for (const s of selectors) expect(s, s).toMatch(/steel-echoes/);
  });
});
