// Seed 003's Exploits and Setbacks tables as the system carries them: every row as the seed prints it,
// at the seed line it names, and the exploits a roll allows.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { D12_EXPLOITS, D12_SETBACKS, exploitsUpTo } from "../../src/data/d12-tables.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SEEDS = path.resolve(ROOT, "../shared/seeds");
const file = existsSync(SEEDS) ? readdirSync(SEEDS).find((f) => f.startsWith("003_")) : undefined;
const lines = file ? readFileSync(path.join(SEEDS, file), "utf8").replace(/\r\n?/g, "\n").split("\n") : [];

describe("seed 003's tables", () => {
  it.skipIf(!file)("carry every row as the seed prints it, at its line", () => {
    for (const e of D12_EXPLOITS) expect(lines[e.line - 1], e.name).toBe(`${e.rank} | ${e.name}: ${e.text} |`);
    for (const s of D12_SETBACKS) expect(lines[s.line - 1]?.replace(/ \|$/, ""), s.name).toBe(`${s.roll} | ${s.name}: ${s.text}`);
  });
  it("has ten combat and ten other exploits of ranks 2–11, and a setback for each 2d10 total", () => {
    for (const kind of ["combat", "other"]) expect(D12_EXPLOITS.filter((e) => e.kind === kind).map((e) => e.rank)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(D12_SETBACKS.map((s) => s.roll)).toEqual(Array.from({ length: 19 }, (_, i) => i + 2));
  });
  it("offers the exploits of the other die's rank or lower (S3:L66)", () => {
    expect(exploitsUpTo(1)).toEqual([]);
    expect(exploitsUpTo(3).map((e) => e.name)).toEqual(["On guard", "Quick movement", "Memorable joke", "Distraction"]);
    expect(exploitsUpTo(12)).toHaveLength(20);
  });
});
