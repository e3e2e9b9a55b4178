import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, realpathSync, rmSync, lstatSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { unzipSync } from "fflate";
// @ts-expect-error: plain JavaScript tool
import { buildRelease } from "../../tools/package.mjs";
// @ts-expect-error: plain JavaScript tool
import { LinkError, linkSystem } from "../../tools/link.mjs";

const temps: string[] = [];
function temp(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "steel-echoes-tools-"));
  temps.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function fakeProject(): { root: string; dist: string } {
  const root = temp();
  const dist = path.join(root, "dist");
  mkdirSync(path.join(dist, "lang"), { recursive: true });
  writeFileSync(path.join(root, "package.json"), JSON.stringify({ version: "1.2.3" }));
  writeFileSync(path.join(dist, "system.json"), JSON.stringify({ id: "steel-echoes", version: "0.0.0", manifest: "", download: "" }));
  writeFileSync(path.join(dist, "steel-echoes.mjs"), "export {};\n");
  writeFileSync(path.join(dist, "lang/en.json"), "{}\n");
  return { root, dist };
}

/** Every path below dir with its kind and exact content (or link target): proof that nothing changed. */
function snapshot(dir: string): string[] {
  return readdirSync(dir, { recursive: true }).map(String).sort()
    .map((p) => {
      const full = path.join(dir, p);
      const s = lstatSync(full);
      if (s.isSymbolicLink()) return `${p} -> ${readlinkSync(full)}`;
      if (s.isDirectory()) return `${p}/`;
      return `${p}: ${readFileSync(full).toString("base64")}`;
    });
}

describe("npm run package", () => {
  it("zips dist/ under steel-echoes/ with the manifest's version and URLs from the environment", async () => {
    const { root } = fakeProject();
    const env = { STEEL_ECHOES_MANIFEST_URL: "https://example.org/m.json", STEEL_ECHOES_DOWNLOAD_URL: "https://example.org/s.zip" };
    const { zipPath, manifestPath } = await buildRelease({ root, env, warn: () => {} });
    const zip = unzipSync(readFileSync(zipPath));
    expect(Object.keys(zip).sort()).toEqual(["steel-echoes/lang/en.json", "steel-echoes/steel-echoes.mjs", "steel-echoes/system.json"]);
    const inZip = JSON.parse(new TextDecoder().decode(zip["steel-echoes/system.json"]));
    const beside = JSON.parse(readFileSync(manifestPath, "utf8"));
    expect(inZip).toEqual(beside);
    expect(beside).toMatchObject({ id: "steel-echoes", version: "1.2.3", manifest: env.STEEL_ECHOES_MANIFEST_URL, download: env.STEEL_ECHOES_DOWNLOAD_URL });
  });

  it("warns and keeps the URLs when the variables are unset", async () => {
    const { root } = fakeProject();
    const warnings: string[] = [];
    const { manifest } = await buildRelease({ root, env: {}, warn: (w: string) => warnings.push(w) });
    expect(manifest.manifest).toBe("");
    expect(warnings.join("\n")).toMatch(/STEEL_ECHOES_MANIFEST_URL[\s\S]*STEEL_ECHOES_DOWNLOAD_URL/);
  });

  it("zips every dist/ file byte for byte, sorted, and the same bytes on every run", async () => {
    const { root, dist } = fakeProject();
    mkdirSync(path.join(dist, "templates", "actor"), { recursive: true });
    writeFileSync(path.join(dist, "templates", "actor", "hero.hbs"), "<div>{{name}}</div>\n");
    writeFileSync(path.join(dist, "steel-echoes.css"), Buffer.from([0, 1, 2, 255]));
    const first = await buildRelease({ root, env: {}, warn: () => {} });
    expect(first.files).toEqual(["lang/en.json", "steel-echoes.css", "steel-echoes.mjs", "system.json", "templates/actor/hero.hbs"]);
    const bytes = readFileSync(first.zipPath);
    const zip = unzipSync(bytes);
    expect(Object.keys(zip)).toEqual(first.files.map((f: string) => `steel-echoes/${f}`));
    for (const f of first.files.filter((f: string) => f !== "system.json")) {
      expect(Buffer.from(zip[`steel-echoes/${f}`]!).equals(readFileSync(path.join(dist, f)))).toBe(true);
    }
    await buildRelease({ root, env: {}, warn: () => {} });
    expect(readFileSync(first.zipPath).equals(bytes)).toBe(true);
  });

  it("overwrites an existing release", async () => {
    const { root } = fakeProject();
    mkdirSync(path.join(root, "release"));
    writeFileSync(path.join(root, "release", "system.zip"), "old");
    writeFileSync(path.join(root, "release", "system.json"), "old");
    const { zipPath, manifestPath } = await buildRelease({ root, env: {}, warn: () => {} });
    expect(Object.keys(unzipSync(readFileSync(zipPath)))).toContain("steel-echoes/system.json");
    expect(JSON.parse(readFileSync(manifestPath, "utf8")).version).toBe("1.2.3");
  });

  it("fails without dist/ and creates no release folder", async () => {
    const root = temp();
    writeFileSync(path.join(root, "package.json"), JSON.stringify({ version: "1.0.0" }));
    await expect(buildRelease({ root, env: {}, warn: () => {} })).rejects.toThrow("dist/ not found: run npm run build first");
    expect(existsSync(path.join(root, "release"))).toBe(false);
  });

  it("fails without dist/system.json or with another system's id, creating nothing", async () => {
    const { root, dist } = fakeProject();
    writeFileSync(path.join(dist, "system.json"), JSON.stringify({ id: "other-system" }));
    await expect(buildRelease({ root, env: {}, warn: () => {} })).rejects.toThrow(/id "other-system"/);
    rmSync(path.join(dist, "system.json"));
    await expect(buildRelease({ root, env: {}, warn: () => {} })).rejects.toThrow(/dist\/system.json not found: run npm run build/);
    expect(existsSync(path.join(root, "release"))).toBe(false);
  });
});

describe("npm run link", () => {
  it("symlinks dist/ into Data/systems/steel-echoes, and again is a no-op", () => {
    const { dist } = fakeProject();
    const userData = temp();
    mkdirSync(path.join(userData, "Data"));
    const first = linkSystem({ distDir: dist, userDataDir: userData });
    expect(first.created).toBe(true);
    expect(realpathSync(first.target)).toBe(realpathSync(dist));
    const before = snapshot(userData);
    expect(linkSystem({ distDir: dist, userDataDir: userData })).toEqual({ target: first.target, created: false });
    expect(snapshot(userData)).toEqual(before);
  });

  it("creates Data/systems/ when missing and accepts an existing link written through another path to dist/", () => {
    const { dist } = fakeProject();
    const userData = temp();
    mkdirSync(path.join(userData, "Data"));
    const { target } = linkSystem({ distDir: dist, userDataDir: userData });
    expect(target).toBe(path.join(userData, "Data", "systems", "steel-echoes"));
    const alias = path.join(temp(), "alias");
    symlinkSync(path.dirname(dist), alias);
    rmSync(target);
    symlinkSync(path.join(alias, "dist"), target);
    expect(linkSystem({ distDir: dist, userDataDir: userData }).created).toBe(false);
  });

  const cases: [string, (ctx: { dist: string; userData: string }) => { distDir: string; userDataDir?: string }, RegExp][] = [
    ["no argument", ({ dist }) => ({ distDir: dist }), /Usage/],
    ["a folder that does not exist", ({ dist, userData }) => ({ distDir: dist, userDataDir: path.join(userData, "nope") }), /does not exist/],
    ["a folder without Data/", ({ dist, userData }) => ({ distDir: dist, userDataDir: userData }), /no Data\/ folder/],
    ["the Data folder itself", ({ dist, userData }) => {
      mkdirSync(path.join(userData, "Data", "systems"), { recursive: true });
      return { distDir: dist, userDataDir: path.join(userData, "Data") };
    }, /pass its parent/],
    ["a file instead of a folder", ({ dist, userData }) => {
      writeFileSync(path.join(userData, "file"), "x");
      return { distDir: dist, userDataDir: path.join(userData, "file") };
    }, /not a folder/],
    ["a missing build", ({ userData }) => {
      mkdirSync(path.join(userData, "Data"));
      return { distDir: path.join(userData, "no-dist"), userDataDir: userData };
    }, /not found: run npm run build first/],
    ["a build without system.json", ({ dist, userData }) => {
      mkdirSync(path.join(userData, "Data"));
      rmSync(path.join(dist, "system.json"));
      return { distDir: dist, userDataDir: userData };
    }, /has no system.json: run npm run build first/],
    ["a file named Data/systems", ({ dist, userData }) => {
      mkdirSync(path.join(userData, "Data"));
      writeFileSync(path.join(userData, "Data", "systems"), "x");
      return { distDir: dist, userDataDir: userData };
    }, /not a folder: remove it yourself/],
    ["an existing system folder", ({ dist, userData }) => {
      mkdirSync(path.join(userData, "Data", "systems", "steel-echoes"), { recursive: true });
      writeFileSync(path.join(userData, "Data", "systems", "steel-echoes", "keep.txt"), "mine");
      return { distDir: dist, userDataDir: userData };
    }, /Refusing to replace/],
    ["a link to somewhere else", ({ dist, userData }) => {
      mkdirSync(path.join(userData, "Data", "systems"), { recursive: true });
      symlinkSync(temp(), path.join(userData, "Data", "systems", "steel-echoes"));
      return { distDir: dist, userDataDir: userData };
    }, /Refusing to replace/],
    ["a dangling link", ({ dist, userData }) => {
      mkdirSync(path.join(userData, "Data", "systems"), { recursive: true });
      symlinkSync(path.join(userData, "gone"), path.join(userData, "Data", "systems", "steel-echoes"));
      return { distDir: dist, userDataDir: userData };
    }, /Refusing to replace .*remove it yourself/],
  ];
  it.each(cases)("refuses %s with a clear error and changes nothing", (_name, setup, message) => {
    const { dist } = fakeProject();
    const userData = temp();
    const args = setup({ dist, userData });
    const before = snapshot(userData);
    expect(() => linkSystem(args)).toThrow(LinkError);
    expect(() => linkSystem(args)).toThrow(message);
    expect(snapshot(userData)).toEqual(before);
  });
});
