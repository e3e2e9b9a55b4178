// Every Font Awesome class the system's code, templates and styles use exists in Font Awesome Free 6
// (the dev dependency the gallery loads), and every icon in its Free classic solid style: the style
// the system writes (`fa-solid`). Foundry bundles Font Awesome Pro (6 in v13, 7 in v14), a superset
// of Free for these names, so an icon drawn in the gallery is one Foundry draws; a Pro-only icon
// (such as `fa-dice-d10`) would render blank in the gallery and this test names it.
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const FA = path.join(ROOT, "node_modules/@fortawesome/fontawesome-free");
const families = JSON.parse(readFileSync(path.join(FA, "metadata/icon-families.json"), "utf8")) as Record<string, {
  familyStylesByLicense?: { free?: { family: string; style: string }[] };
}>;
// The classes the stylesheet defines (icons, styles and utilities such as fa-solid, fa-fw, fa-spin).
const cssClasses = new Set([...readFileSync(path.join(FA, "css/all.css"), "utf8").matchAll(/\.fa-([a-z0-9-]+)/g)].map((m) => m[1]!));

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? files(p, ext) : ext.test(name) ? [p] : [];
  });
}

/** Each `fa-…` class token in the system's sources, with the files that use it. */
function usedClasses(): Map<string, string[]> {
  const used = new Map<string, string[]>();
  const sources = [
    ...files(path.join(ROOT, "src"), /\.ts$/), ...files(path.join(ROOT, "templates"), /\.hbs$/),
    ...files(path.join(ROOT, "styles"), /\.s?css$/),
  ];
  for (const file of sources) {
    for (const m of readFileSync(file, "utf8").matchAll(/(?<![\w-])fa-([a-z0-9]+(?:-[a-z0-9]+)*)/g)) {
      const at = used.get(m[1]!) ?? [];
      used.set(m[1]!, [...at, path.relative(ROOT, file)]);
    }
  }
  return used;
}

describe("Font Awesome classes", () => {
  const used = usedClasses();

  it("the system itself loads none: Foundry's own Font Awesome draws them (only the gallery imports the Free one)", () => {
    const imports = [...files(path.join(ROOT, "src"), /\.ts$/), ...files(path.join(ROOT, "styles"), /\.s?css$/)]
      .filter((f) => /@fortawesome|fontawesome-free/.test(readFileSync(f, "utf8")));
    expect(imports).toEqual([]);
    expect(readFileSync(path.join(ROOT, "gallery/main.ts"), "utf8")).toContain('import "@fortawesome/fontawesome-free/css/all.min.css";');
  });

  it("the sources use some (the scan finds them)", () => {
    expect(used.has("solid")).toBe(true);
    expect(used.size).toBeGreaterThan(20);
  });

  it("every one is a class of Font Awesome Free 6, and every icon has the Free classic solid style", () => {
    const missing: string[] = [];
    for (const [name, where] of used) {
      const icon = families[name];
      if (icon) {
        const free = icon.familyStylesByLicense?.free ?? [];
        if (!free.some((s) => s.family === "classic" && s.style === "solid")) missing.push(`${name} (not Free solid: ${where.join(", ")})`);
      } else if (!cssClasses.has(name)) {
        missing.push(`${name} (no such Free class, Pro only or misspelt: ${where.join(", ")})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
