/**
 * The project's own ESLint rules (eslint.config.js): the layers of ARCHITECTURE.md point down, and
 * no module imports itself through a circle.
 *
 * - `layers`: a file in src/ may import (at run time) only files of its own layer or a lower one:
 *     constants < rules < parser < versions < settings < dice < data < documents < migrations
 *     < canvas, compat < view-models < applications < games < api < index
 *   `games` (src/games/) holds each game's chunk entry and the loader that imports them (issue 31).
 *   `versions` is src/compat/versions.ts alone: the v13/v14 differences, which every layer above the
 *   pure ones may need (the rest of src/compat/, the optional integrations, sits with canvas).
 *   View-models (src/applications/view-models/) are part of the applications layer (ARCHITECTURE.md),
 *   so nothing below it, canvas included, imports them; they are pure: they import only constants,
 *   rules, parser, data shapes and other view-models. `import type` crosses no layer at run time and is allowed.
 * - `no-cycle`: following run-time imports (relative ones, in src/ and tools/) from a file never
 *   leads back to it.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SRC = path.join(ROOT, "src");

export const LAYERS = [
  "constants", "rules", "parser", "versions", "settings", "dice", "data", "documents", "migrations",
  "canvas|compat", "view-models", "applications", "games", "api", "index",
];
const VIEW_MODEL_IMPORTS = new Set(["constants", "rules", "parser", "data", "view-models"]);

/** A src/ file's layer, or null outside src/. */
export function layerOf(file) {
  const rel = path.relative(SRC, file);
  if (rel.startsWith("..") || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep);
  if (parts.length === 1) return parts[0].replace(/\.ts$/, "");
  if (parts[0] === "applications" && parts[1] === "view-models") return "view-models";
  if (parts[0] === "compat" && parts[1] === "versions.ts") return "versions";
  return parts[0];
}

function rank(layer) {
  return LAYERS.findIndex((l) => l.split("|").includes(layer));
}

/** Why `from` may not import `to`, or null. */
export function layerProblem(from, to) {
  const a = layerOf(from);
  const b = layerOf(to);
  if (!a || !b) return null;
  if (a === "view-models") return VIEW_MODEL_IMPORTS.has(b) ? null : `view-models are pure: they may not import ${b}/`;
  const ra = rank(a);
  const rb = rank(b);
  if (ra < 0 || rb < 0) return `${ra < 0 ? a : b} is not a layer of ARCHITECTURE.md`;
  return rb > ra ? `the ${a} layer may not import from ${b}, a layer above it` : null;
}

const RUNTIME_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?["'](\.{1,2}\/[^"']+)["']|import\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/gm;
const cache = new Map();

/** A file's run-time relative imports, resolved (cached for one lint run). */
function importsOf(file) {
  if (cache.has(file)) return cache.get(file);
  let out = [];
  if (existsSync(file)) {
    const text = readFileSync(file, "utf8");
    out = [...text.matchAll(RUNTIME_IMPORT)].map((m) => path.resolve(path.dirname(file), m[1] ?? m[2]));
  }
  cache.set(file, out);
  return out;
}

/** A circle of run-time imports through `file`, as a list of files, or null. */
export function cycleThrough(file) {
  const seen = new Set();
  const stack = [];
  const visit = (f) => {
    for (const next of importsOf(f)) {
      if (next === file) return [...stack, f, next];
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(f);
      const found = visit(next);
      stack.pop();
      if (found) return found;
    }
    return null;
  };
  return visit(file);
}

const isTypeOnly = (node) => node.importKind === "type" || node.exportKind === "type"
  || (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === "type" || s.exportKind === "type"));

export default {
  rules: {
    layers: {
      meta: { type: "problem", docs: { description: "src/ layers import only downward" }, schema: [] },
      create(context) {
        const file = context.filename;
        const check = (node, source) => {
          if (!source || typeof source.value !== "string" || !source.value.startsWith(".") || isTypeOnly(node)) return;
          const problem = layerProblem(file, path.resolve(path.dirname(file), source.value));
          if (problem) context.report({ node: source, message: `${path.relative(SRC, file)}: ${problem}.` });
        };
        return {
          ImportDeclaration: (node) => check(node, node.source),
          ExportNamedDeclaration: (node) => check(node, node.source),
          ExportAllDeclaration: (node) => check(node, node.source),
          ImportExpression: (node) => check(node, node.source),
        };
      },
    },
    "no-cycle": {
      meta: { type: "problem", docs: { description: "no circle of run-time imports" }, schema: [] },
      create(context) {
        return {
          Program(node) {
            const circle = cycleThrough(path.resolve(context.filename));
            if (circle) context.report({ node, message: `Import cycle: ${circle.map((f) => path.relative(ROOT, f)).join(" → ")}.` });
          },
        };
      },
    },
  },
};
