// The lint rules that keep ARCHITECTURE.md's layers: `npm run lint` fails on an up-import or a cycle.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ESLint } from "eslint";
// @ts-expect-error: plain JavaScript tool
import { cycleThrough, layerOf, layerProblem } from "../../tools/eslint-layers.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");
const src = (rel: string) => path.join(ROOT, "src", rel);

describe("layers", () => {
  it("name each src/ file's layer", () => {
    expect(["rules/power-roll.ts", "applications/view-models/ability.ts", "applications/chat/ability-card.ts", "index.ts", "constants.ts"].map((f) => layerOf(src(f))))
      .toEqual(["rules", "view-models", "applications", "index", "constants"]);
    expect(layerOf(path.join(ROOT, "tools/build.mjs"))).toBeNull();
  });
  it("let a file import its own layer and the ones below, never one above; view-models only pure modules", () => {
    expect(layerProblem(src("documents/combat.ts"), src("rules/index.ts"))).toBeNull();
    expect(layerProblem(src("documents/combat.ts"), src("documents/relay.ts"))).toBeNull();
    expect(layerProblem(src("dice/power-roll.ts"), src("applications/view-models/power-roll-card.ts"))).toMatch(/dice layer may not import from view-models/);
    expect(layerProblem(src("rules/index.ts"), src("constants.ts"))).toBeNull();
    expect(layerProblem(src("applications/view-models/ability.ts"), src("documents/pools.ts"))).toMatch(/view-models are pure/);
    expect(layerProblem(src("applications/view-models/ability.ts"), src("data/ability-use.ts"))).toBeNull();
    // View-models belong to the applications layer: the canvas, below it, may not use them.
    expect(layerProblem(src("canvas/token.ts"), src("applications/view-models/stamina.ts"))).toMatch(/canvas layer may not import from view-models/);
  });
  it("are enforced by npm run lint (type-only imports cross no layer)", async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const up = await eslint.lintText('import { powerRollCardContext } from "../applications/view-models/power-roll-card.ts";\nexport const x = powerRollCardContext;\n', { filePath: src("dice/lint-probe.ts") });
    expect(up[0]!.messages.map((m) => m.ruleId)).toContain("project/layers");
    const typeOnly = await eslint.lintText('import type { PowerRollCardContext } from "../applications/view-models/power-roll-card.ts";\nexport type X = PowerRollCardContext;\n', { filePath: src("dice/lint-probe.ts") });
    expect(typeOnly[0]!.messages.filter((m) => m.ruleId === "project/layers")).toEqual([]);
  }, 60_000);
});

describe("import cycles", () => {
  it("are found through any number of files, and run-time imports only", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "steel-echoes-cycle-"));
    try {
      writeFileSync(path.join(dir, "a.ts"), 'import { b } from "./b.ts";\nexport const a = b;\n');
      writeFileSync(path.join(dir, "b.ts"), 'import { c } from "./c.ts";\nexport const b = c;\n');
      writeFileSync(path.join(dir, "c.ts"), 'import { a } from "./a.ts";\nexport const c = 1;\n');
      writeFileSync(path.join(dir, "d.ts"), 'import type { e } from "./e.ts";\nexport const d = 1;\n');
      writeFileSync(path.join(dir, "e.ts"), 'import { d } from "./d.ts";\nexport const e = d;\n');
      expect(cycleThrough(path.join(dir, "a.ts")).map((f: string) => path.basename(f))).toEqual(["a.ts", "b.ts", "c.ts", "a.ts"]);
      expect(cycleThrough(path.join(dir, "e.ts"))).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
