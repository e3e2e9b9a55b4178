import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
// @ts-expect-error: plain JavaScript tool
import { measureInitialLoad, measureSizes, mulberry32 } from "../../tools/bench.mjs";

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
  it("measureInitialLoad follows the entry's static imports and the given games' chunks, never an import()", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "steel-echoes-bench-test-"));
    try {
      mkdirSync(path.join(dir, "chunks"));
      const files: Record<string, string> = {
        "steel-echoes.mjs": 'import{a as b}from"./chunks/shared.mjs";const g={echoes:()=>import("./chunks/echoes.mjs")};export{b,g};',
        "chunks/shared.mjs": "export const a=1;",
        "chunks/echoes.mjs": 'import{b}from"../steel-echoes.mjs";import"./echoes-dep.mjs";export const e=b;',
        "chunks/echoes-dep.mjs": "export const d=2;",
        "chunks/d12.mjs": "export const d12=3;",
      };
      for (const [f, text] of Object.entries(files)) writeFileSync(path.join(dir, f), text);
      const gz = (f: string) => gzipSync(files[f]!, { level: 9 }).length;
      const drawSteel = measureInitialLoad(dir);
      expect(drawSteel.files).toEqual(["steel-echoes.mjs", "chunks/shared.mjs"]);
      expect(drawSteel.gzip).toBe(gz("steel-echoes.mjs") + gz("chunks/shared.mjs"));
      expect(measureInitialLoad(dir, ["echoes"]).files).toEqual(["steel-echoes.mjs", "chunks/shared.mjs", "chunks/echoes.mjs", "chunks/echoes-dep.mjs"]);
      expect(measureInitialLoad(path.join(dir, "missing"))).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
