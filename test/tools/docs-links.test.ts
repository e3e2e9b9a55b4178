/**
 * The documentation's links lead somewhere: every relative link in README.md and docs/ names a file
 * that exists, and a `#fragment` names a heading of that file (issue 30: "rules-decisions.md points to
 * a README section that is gone"). Fragments follow GitHub's heading anchors: lower case, punctuation
 * other than `-` and `_` dropped, each space a `-`, and a repeated heading numbered `-1`, `-2`, ...
 */
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? markdownFiles(join(dir, e.name)) : e.name.endsWith(".md") ? [join(dir, e.name)] : []);
}

/** GitHub's anchor for a heading's text (inline code and links reduced to their text). */
export function headingAnchor(text: string): string {
  return text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/`/g, "")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = headingAnchor(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  return anchors;
}

/** The relative links of a Markdown file, outside code blocks and inline code. */
function linksOf(file: string): string[] {
  const text = readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+:/i.test(l));
}

const FILES = [join(ROOT, "README.md"), ...markdownFiles(join(ROOT, "docs"))];

describe("documentation links", () => {
  it("the anchor rule matches GitHub's for the headings these docs use", () => {
    expect(headingAnchor("Install into Foundry")).toBe("install-into-foundry");
    expect(headingAnchor("Power roll: `/pr <characteristic> [e|ee|b|bb ...]`")).toBe("power-roll-pr-characteristic-eeebbb-");
    expect(headingAnchor("Hero (`hero` actor)")).toBe("hero-hero-actor");
  });

  for (const file of FILES) {
    it(`${relative(ROOT, file)}: every relative link leads to a file and heading that exist`, () => {
      const broken: string[] = [];
      for (const link of linksOf(file)) {
        const [path, fragment] = link.split("#", 2) as [string, string | undefined];
        const target = path ? join(dirname(file), decodeURI(path)) : file;
        if (!existsSync(target)) broken.push(`${link} (no file)`);
        else if (fragment && target.endsWith(".md") && !anchorsOf(target).has(fragment)) broken.push(`${link} (no heading)`);
      }
      expect(broken).toEqual([]);
    });
  }
});
