import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
// @ts-expect-error: plain JavaScript tool
import { measureSizes, mulberry32 } from "../../tools/bench.mjs";

describe("npm run bench helpers", () => {
  it("mulberry32 repeats the same sequence for the same seed and stays in [0, 1)", () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(new Set(xs).size).toBeGreaterThan(990);
    expect(mulberry32(43)()).not.toBe(xs[0]);
  });
  it("measureSizes reports .mjs and .css files raw and gzipped, and null without dist/", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "steel-echoes-bench-test-"));
    try {
      const js = "export const a = 1;\n".repeat(100);
      writeFileSync(path.join(dir, "x.mjs"), js);
      writeFileSync(path.join(dir, "x.css"), ".a{}");
      writeFileSync(path.join(dir, "system.json"), "{}");
      const sizes = measureSizes(dir);
      expect(sizes.map((s: { file: string }) => s.file)).toEqual(["x.css", "x.mjs"]);
      expect(sizes[1]).toEqual({ file: "x.mjs", raw: js.length, gzip: gzipSync(js, { level: 9 }).length });
      expect(measureSizes(path.join(dir, "missing"))).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
