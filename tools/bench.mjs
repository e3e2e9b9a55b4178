/**
 * `npm run bench`: rules throughput (power rolls and Harmony checks resolved per second), the hero
 * sheet's view-model and render times, and the size of dist/*.mjs and dist/*.css, raw and gzipped.
 * TypeScript sources are bundled with Vite into a temporary folder at run time. Inputs come from a
 * seeded PRNG so every run does the same work. Speed is reported here, never asserted in tests.
 * It also times extracting every pack from the seed (../shared/seeds/004_…, or STEEL_ECHOES_SEED) and
 * compiling every pack under packs/_source with the official CLI, and the area and paragraph code
 * on inputs a hostile player can write (linear time).
 * A missing source, seed, Chromium or dist/ skips its section with a note (exit code 0); any other failure
 * is reported, the remaining sections still run, and the exit code is 1.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { fileURLToPath, pathToFileURL } from "node:url";
import { importBundled } from "./lib/bundle.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Small seeded PRNG (mulberry32): the same seed gives the same sequence in [0, 1).
 * @param {number} seed
 * @returns {() => number}
 */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Raw and gzipped (level 9) sizes of distDir's *.mjs and *.css files, the chunks in dist/chunks/
 * included (`chunks/echoes.mjs`), sorted by name.
 * @param {string} distDir
 * @returns {{ file: string, raw: number, gzip: number }[] | null} null when distDir is missing
 */
export function measureSizes(distDir) {
  if (!existsSync(distDir)) return null;
  const chunks = existsSync(path.join(distDir, "chunks")) ? readdirSync(path.join(distDir, "chunks")).map((f) => `chunks/${f}`) : [];
  return [...readdirSync(distDir), ...chunks].filter((f) => /\.(mjs|css)$/.test(f)).sort().map((file) => {
    const data = readFileSync(path.join(distDir, file));
    return { file, raw: data.length, gzip: gzipSync(data, { level: 9 }).length };
  });
}

/** A minified module's static imports (`import{a}from"./x.mjs"`, `import"./x.mjs"`, `export*from"./x.mjs"`), not its `import()`s. */
const STATIC_IMPORT = /\bimport\s*(?:[^();"'`]*?\bfrom\s*)?["'](\.[^"']+)["']|\bexport\s*(?:\*|\{[^}]*\})\s*from\s*["'](\.[^"']+)["']/g;

/**
 * What a world loads before `ready`, from dist/: the entry (dist/steel-echoes.mjs), every module it
 * imports statically, and the chunks of the games given (src/games/loader.ts loads them in `init`)
 * with their static imports. A Draw Steel world loads no game chunk. Sizes are summed per file.
 * @param {string} distDir
 * @param {string[]} [games] chunk names, e.g. ["echoes"]
 * @returns {{ files: string[], raw: number, gzip: number } | null} null when the entry is missing
 */
export function measureInitialLoad(distDir, games = []) {
  const entry = path.resolve(distDir, "steel-echoes.mjs");
  if (!existsSync(entry)) return null;
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(STATIC_IMPORT)) visit(path.resolve(path.dirname(file), m[1] ?? m[2]));
  };
  visit(entry);
  for (const g of games) visit(path.resolve(distDir, "chunks", `${g}.mjs`));
  const files = [...seen].map((f) => path.relative(path.resolve(distDir), f).split(path.sep).join("/"));
  let raw = 0;
  let gzip = 0;
  for (const f of seen) {
    const data = readFileSync(f);
    raw += data.length;
    gzip += gzipSync(data, { level: 9 }).length;
  }
  return { files, raw, gzip };
}

/**
 * Warm up, then run fn over the inputs repeatedly for about `ms` milliseconds.
 * fn returns a number that is summed into a checksum, so the work cannot be optimised away.
 * @template T
 * @param {T[]} inputs
 * @param {(input: T) => number} fn
 * @param {number} [ms]
 * @param {number} [warmup] calls before timing starts
 * @returns {{ opsPerSecond: number, ops: number, checksum: number }}
 */
export function throughput(inputs, fn, ms = 1000, warmup = 20000) {
  let checksum = 0;
  for (let i = 0; i < warmup; i++) checksum += fn(inputs[i % inputs.length]);
  let ops = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    for (let i = 0; i < inputs.length; i++) checksum += fn(inputs[i]);
    ops += inputs.length;
    elapsed = performance.now() - start;
  }
  return { opsPerSecond: (ops / elapsed) * 1000, ops, checksum };
}

/**
 * n power-roll inputs: two d10s, characteristic -5..5, 0-3 edges and banes, bonuses -4..4.
 * @param {() => number} rand
 * @param {number} n
 */
function powerRollInputs(rand, n) {
  const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
  return Array.from({ length: n }, () => ({
    dice: [int(1, 10), int(1, 10)], characteristic: int(-5, 5), edges: int(0, 3), banes: int(0, 3), bonuses: int(-4, 4),
  }));
}

/**
 * n Harmony-check inputs: big and small -3..3, 1+|big| dissonance and 1+|small| harmony d10 faces
 * (0-9), target 0..100.
 * @param {() => number} rand
 * @param {number} n
 */
function harmonyInputs(rand, n) {
  const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
  return Array.from({ length: n }, () => {
    const big = int(-3, 3);
    const small = int(-3, 3);
    return {
      big, small, target: int(0, 100),
      dissonance: Array.from({ length: 1 + Math.abs(big) }, () => int(0, 9)),
      harmony: Array.from({ length: 1 + Math.abs(small) }, () => int(0, 9)),
    };
  });
}

/** Median time to render the big hero sheet's HTML and lay it out in Chromium, when Chromium is there. */
async function benchSheetRender() {
  const { existsSync: exists } = await import("node:fs");
  const { CHROMIUM, CHROMIUM_ARGS, buildGallery, serveGallery } = await import("./lib/gallery.mjs");
  console.log("Hero sheet render in Chromium (60 abilities, 30 features)");
  if (!exists(CHROMIUM)) {
    console.log(`  skipped: no Chromium at ${CHROMIUM}`);
    return;
  }
  const { chromium } = await import("playwright-core");
  await buildGallery();
  const { server, url } = await serveGallery();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(url);
    await page.waitForSelector("body[data-ready=true]");
    const times = (await page.evaluate(() => Array.from({ length: 60 }, () => window.steelEchoesBench.renderBigHero()))).slice(10);
    const html = median(times.map((t) => t[0]));
    const dom = median(times.map((t) => t[1]));
    const total = median(times.map((t) => t[0] + t[1]));
    console.log(`  context + HTML       ${html.toFixed(2).padStart(8)} ms median`);
    console.log(`  DOM + layout         ${dom.toFixed(2).padStart(8)} ms median   (abilities tab shown, others hidden as in Foundry)`);
    console.log(`  total                ${total.toFixed(2).padStart(8)} ms median   (${times.length} renders after 10 warm-ups)`);
  } finally {
    await browser.close();
    server.close();
  }
}

const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const fmt = (n) => `${Math.round(n / 1000).toLocaleString("en-US")}k`;

/**
 * Bundle a TypeScript entry for a section, or print why the section is skipped and return null.
 * @param {string} title
 * @param {string} relative entry, relative to the project root
 */
async function load(title, relative) {
  console.log(title);
  const entry = path.join(ROOT, relative);
  if (!existsSync(entry)) {
    console.log(`  skipped: ${relative} not found`);
    return null;
  }
  return importBundled(entry);
}

async function benchRules() {
  const rules = await load("Rules throughput (one core)", "src/rules/index.ts");
  if (!rules) return;
  const rand = mulberry32(20261122);
  const power = throughput(powerRollInputs(rand, 10000), (x) => rules.resolvePowerRoll(x).tier);
  const harmony = throughput(harmonyInputs(rand, 10000), (x) => rules.resolveHarmonyCheck(x).value);
  console.log(`  resolvePowerRoll     ${fmt(power.opsPerSecond).padStart(8)} /s   (${power.ops.toLocaleString("en-US")} resolved)`);
  console.log(`  resolveHarmonyCheck  ${fmt(harmony.opsPerSecond).padStart(8)} /s   (${harmony.ops.toLocaleString("en-US")} resolved)`);
}

/**
 * The battlefield's geometry on a crowded map: a 10 × 10 area's targets among 200 creatures, and a
 * 5-square push checked against 200 creatures and 100 object squares, then with 200 walls: line of
 * effect in a burst, a walled push, and a walk's opportunity attacks. Each must fit in a frame
 * (16 ms) many times over; the time per call is reported.
 */
async function benchBattlefield() {
  const rules = await load("Battlefield (200 creatures on a 60 × 60 map)", "src/rules/index.ts");
  if (!rules) return;
  const rand = mulberry32(20261123);
  const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
  const creatures = Array.from({ length: 200 }, (_, i) => ({ x: int(0, 59), y: int(0, 59), size: int(1, 2), id: `c${i}` }));
  const objects = Array.from({ length: 100 }, () => ({ x: int(0, 59), y: int(0, 59), size: 1, material: ["glass", "wood", "stone", "metal"][int(0, 3)] }));
  const areas = Array.from({ length: 50 }, () => {
    const x = int(0, 50);
    const y = int(0, 50);
    return Array.from({ length: 100 }, (_, k) => ({ x: x + (k % 10), y: y + Math.floor(k / 10) }));
  });
  const target = throughput(areas, (squares) => rules.creaturesInArea(creatures, squares).length, 500, 200);
  const pushes = creatures.slice(0, 50).map((mover) => ({
    kind: "push", mover, source: { x: mover.x - 1, y: mover.y, size: 1 }, distance: 5, stability: 0, creatures, objects,
  }));
  const push = throughput(pushes, (input) => rules.forcedMovement(input).moved, 500, 200);
  console.log(`  creaturesInArea      ${(1000 / target.opsPerSecond).toFixed(4).padStart(8)} ms per 10 × 10 area   (one frame: 16 ms)`);
  console.log(`  forcedMovement       ${(1000 / push.opsPerSecond).toFixed(4).padStart(8)} ms per 5-square push   (one frame: 16 ms)`);
  // With 200 walls on the map: a burst 5's targets with line of effect, a push that checks each step
  // against the walls, and the opportunity attacks of a 10-square walk.
  const walls = Array.from({ length: 200 }, () => {
    const x = int(0, 59);
    const y = int(0, 59);
    return rand() < 0.5 ? { x0: x, y0: y, x1: x + int(1, 6), y1: y } : { x0: x, y0: y, x1: x, y1: y + int(1, 6) };
  });
  const people = creatures.map((c, i) => ({ id: c.id, space: { x: c.x, y: c.y, size: c.size }, disposition: i % 2 ? 1 : -1, reach: 1, canAct: true }));
  const bursts = people.slice(0, 50).map((self) => ({ self, distance: 5, affects: "enemy", creatures: people, walls }));
  const burst = throughput(bursts, (input) => rules.burstTargets(input).length, 500, 200);
  const walled = throughput(pushes.map((p) => ({ ...p, walls })), (input) => rules.forcedMovement(input).moved, 500, 200);
  const walks = people.slice(0, 50).map((mover) => ({
    path: rules.straightPath(mover.space, { x: mover.space.x + 10, y: mover.space.y }), kind: "move", mover, creatures: people,
  }));
  const walk = throughput(walks, (input) => rules.opportunityAttackers(input).length, 500, 200);
  console.log(`  burstTargets + walls ${(1000 / burst.opsPerSecond).toFixed(4).padStart(8)} ms per burst 5     (one frame: 16 ms)`);
  console.log(`  push + 200 walls     ${(1000 / walled.opsPerSecond).toFixed(4).padStart(8)} ms per 5-square push   (one frame: 16 ms)`);
  console.log(`  opportunityAttackers ${(1000 / walk.opsPerSecond).toFixed(4).padStart(8)} ms per 10-square walk  (one frame: 16 ms)`);
}

/**
 * The battlefield's document workflows on the multi-client harness (test/fixtures/bench-battlefield.ts):
 * targeting a 10 cube among 200 creatures, and a 5-square push through the GM with collision checks,
 * token and actor updates and the card saved, then put back. Each must fit in a frame (16 ms).
 */
async function benchBattlefieldWorkflow() {
  console.log("Battlefield workflows (harness world, 200 creatures)");
  const entry = path.join(ROOT, "test/fixtures/bench-battlefield.ts");
  // Bundled two folders below the project, so the harness finds lang/ and templates/ where it looks
  // (test/harness/ui.ts and templates.ts resolve them from their own folder, two levels up).
  const bench = await importBundled(entry, { node: true, within: path.join(ROOT, ".cache") });
  const world = await bench.battlefieldWorld();
  const squares = Array.from({ length: 50 }, (_, i) => ({ x: 15 + (i % 10) * 4, y: 15 + Math.floor(i / 10) * 8 }));
  const target = throughput(squares, (q) => world.targetCube(q.x, q.y), 500, 200);
  let pushes = 0;
  const start = performance.now();
  while (performance.now() - start < 500 || pushes < 20) {
    if (!(await world.pushAndPutBack())) throw new Error("the push or its undo was refused");
    pushes++;
  }
  const perPair = (performance.now() - start) / pushes;
  console.log(`  targetPlacedArea     ${(1000 / target.opsPerSecond).toFixed(4).padStart(8)} ms per 10 cube      (one frame: 16 ms)`);
  console.log(`  push + put back      ${perPair.toFixed(4).padStart(8)} ms per pair          (one frame: 16 ms; ${pushes} pairs)`);
}

/**
 * Work that grows with what a player can write: a burst of size 800 (the schema once allowed 9,999)
 * as squares and as region rectangles, and htmlParagraphs on 200,000 characters of unclosed
 * paragraphs and tags. Each is linear in its output or input; a quadratic or cubic loop shows here
 * as seconds (a burst of 800 took 2.3 s, the paragraphs over 10 s).
 */
export async function benchLinear() {
  const rules = await load("Areas and paragraphs (linear time)", "src/rules/index.ts");
  if (!rules) return;
  const format = await importBundled(path.join(ROOT, "src/parser/ability-format.ts"));
  const origin = { x: 0, y: 0, size: 1 };
  const squares = rules.burstSquares(origin, 800);
  const n = 200_000;
  const cases = [
    ["burstSquares 800", () => rules.burstSquares(origin, 800).length, `${squares.length.toLocaleString("en-US")} squares`],
    ["areaRectangles 800", () => rules.areaRectangles(squares).length, "of those squares"],
    ["burstRectangles 800", () => rules.burstRectangles(origin, 800).length, "the region's shapes"],
    ["htmlParagraphs <p × 100k", () => format.htmlParagraphs("<p".repeat(n / 2)).length, "200k characters"],
    ["htmlParagraphs <p>x unclosed", () => format.htmlParagraphs("<p>x".repeat(n / 4)).length, "200k characters"],
    ["htmlParagraphs < in <p>", () => format.htmlParagraphs(`<p>${"<".repeat(n)}</p>`).length, "200k characters"],
  ];
  for (const [name, fn, note] of cases) {
    const { ms } = await timeRuns(5, fn);
    console.log(`  ${name.padEnd(28)} ${ms.toFixed(2).padStart(8)} ms   (${note})`);
  }
}

async function benchSheetContext() {
  const sheet = await load("Hero sheet context (60 abilities, 30 features)", "test/fixtures/bench-hero.ts");
  if (!sheet) return;
  const hero = sheet.bigHero(60, 30);
  const build = throughput([hero], (input) => sheet.heroSheetContext(input, sheet.i18n).abilityGroups.length, 1000, 100);
  console.log(`  heroSheetContext     ${(1000 / build.opsPerSecond).toFixed(3).padStart(8)} ms per build   (${build.ops.toLocaleString("en-US")} builds)`);
}

/**
 * The importers on hostile pastes: the longest line the caps let through (src/parser/limits.ts),
 * full of spaces after each label the block parser tries, and a paste at the length cap. Each is
 * linear in its length; a pattern that backtracks shows here as hundreds of milliseconds.
 */
async function benchParsers() {
  const parser = await load("Importers on hostile pastes (linear time)", "src/parser/paste.ts");
  if (!parser) return;
  const limits = await importBundled(path.join(ROOT, "src/parser/limits.ts"));
  const { maxLength, maxLineLength } = limits.PASTE_LIMITS;
  // Each label followed by a long run of spaces, in a block of its own (the parser stops at a bad line).
  const labels = ["Spend", "Persistent", "Effect", "Power Roll +", "Keywords", "11 or lower", "Name (3"];
  const block = (n) => labels.map((l) => `Strike\nKeywords: Attack\nType: Action\n${l}${" ".repeat(n)}x`);
  const big = `${"a".repeat(maxLineLength - 1)}\n`.repeat(Math.floor(maxLength / maxLineLength));
  const cases = [
    [`lines of ${maxLineLength / 1000}k (capped)`, block(maxLineLength - 20), parser.parseImportPaste],
    ["lines of 40k (uncapped)", block(40_000), parser.parseAbilityPaste],
    [`${Math.round(big.length / 1000)} kB paste`, [big], parser.parseImportPaste],
  ];
  for (const [name, texts, parse] of cases) {
    const { ms } = await timeRuns(5, () => texts.forEach((t) => parse(t)));
    console.log(`  ${name.padEnd(28)} ${ms.toFixed(2).padStart(8)} ms`);
  }
}

/**
 * Opening the compendium browser (issue 33, target: under 200 ms with every pack indexed): the real
 * packs under packs/_source as getIndex returns them (read outside the timing), then the index
 * model, the first render's view-model and the three parts' HTML, timed together and apart.
 */
export async function benchCompendiumBrowser() {
  const bench = await load("Compendium browser open (every pack of packs/_source indexed)", "test/fixtures/bench-browser.ts");
  if (!bench) return;
  const { readPackSources } = await importBundled(path.join(ROOT, "test/fixtures/pack-files.ts"), { node: true });
  const { files, packs } = readPackSources(ROOT);
  const indexes = bench.indexesOf(files, packs);
  const templates = Object.fromEntries(["tabs", "filters", "results"].map((p) => [p, readFileSync(path.join(ROOT, `templates/compendium-browser/${p}.hbs`), "utf8")]));
  const render = bench.partRenderer(templates);
  const { ms: model, result: entries } = await timeRuns(20, () => bench.browserEntries(indexes));
  const { ms: context } = await timeRuns(20, () => bench.firstContext(entries));
  const { ms: html, result: markup } = await timeRuns(20, () => render(bench.firstContext(entries)));
  const { ms: total } = await timeRuns(20, () => render(bench.firstContext(bench.browserEntries(indexes))).length);
  const count = indexes.reduce((n, p) => n + p.entries.length, 0);
  console.log(`  index model          ${model.toFixed(2).padStart(8)} ms median   (${entries.length} entries listed of ${count} indexed, ${indexes.length} packs)`);
  console.log(`  first view-model     ${context.toFixed(2).padStart(8)} ms median`);
  console.log(`  view-model + HTML    ${html.toFixed(2).padStart(8)} ms median   (${Math.round(markup.length / 1024)} KiB)`);
  console.log(`  open, all together   ${total.toFixed(2).padStart(8)} ms median   (target: under 200 ms; the server's getIndex not included)`);
}

const SEED = process.env.STEEL_ECHOES_SEED ?? path.resolve(ROOT, "../shared/seeds/004_f522d4137f25400b.txt");
const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Time `fn` `runs` times (after one warm-up run); returns the median in ms and the last result. */
async function timeRuns(runs, fn) {
  let result = await fn();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    result = await fn();
    times.push(performance.now() - start);
  }
  return { ms: median(times), result };
}

/** Reading the whole seed into every pack's documents (the readers bundled once beforehand). */
export async function benchExtract() {
  console.log("Extract the whole seed (npm run extract, without writing files)");
  if (!existsSync(SEED)) {
    console.log("  skipped: no seed text (set STEEL_ECHOES_SEED)");
    return;
  }
  const { extractDocuments } = await import("./extract.mjs");
  const { seedContent } = await import("./lib/content-packs.mjs");
  const bundleStart = performance.now();
  await seedContent();
  const bundleMs = performance.now() - bundleStart;
  const text = readFileSync(SEED, "utf8");
  const { ms, result } = await timeRuns(10, () => extractDocuments(text));
  const counts = Object.entries(result).map(([pack, docs]) => `${docs.length} ${pack}`).join(", ");
  console.log(`  bundle the readers   ${bundleMs.toFixed(0).padStart(8)} ms once`);
  console.log(`  read all packs       ${ms.toFixed(1).padStart(8)} ms median of 10   (${counts}, folders included)`);
}

/** Compiling every pack source to LevelDB with the official CLI, into a temporary folder. */
export async function benchCompile() {
  console.log("Compile all packs (official CLI, LevelDB)");
  if (!existsSync(path.join(ROOT, "packs/_source"))) {
    console.log("  skipped: no packs/_source");
    return;
  }
  const { buildPacks } = await import("./build-packs.mjs");
  const dirs = [];
  try {
    const { ms, result } = await timeRuns(3, () => {
      const outDir = mkdtempSync(path.join(os.tmpdir(), "steel-echoes-bench-packs-"));
      dirs.push(outDir);
      return buildPacks({ root: ROOT, outDir });
    });
    console.log(`  compile ${String(result.length).padStart(2)} packs     ${ms.toFixed(0).padStart(8)} ms median of 3   (${result.join(", ")})`);
  } finally {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}

function printSizes() {
  console.log("Initial load before ready (issue 31 target: a Draw Steel world at most 60 KiB gzip)");
  const dist = path.join(ROOT, "dist");
  const worlds = [["Draw Steel world", []], ["Echoes-only world", ["echoes"]], ["every game", ["echoes", "action-dice", "arc", "d12"]]];
  for (const [name, games] of worlds) {
    const load = measureInitialLoad(dist, games);
    if (!load) {
      console.log("  dist/ not built: run npm run build");
      break;
    }
    console.log(`  ${name.padEnd(24)} ${kib(load.raw).padStart(10)} raw  ${kib(load.gzip).padStart(10)} gzip   (${load.files.join(", ")})`);
  }
  console.log("Bundle size: each module, chunk and stylesheet");
  const sizes = measureSizes(dist);
  if (!sizes) console.log("  dist/ not built: run npm run build");
  else for (const s of sizes) console.log(`  dist/${s.file.padEnd(50)} ${kib(s.raw).padStart(10)} raw  ${kib(s.gzip).padStart(10)} gzip`);
  const hotReload = JSON.parse(readFileSync(path.join(ROOT, "system.json"), "utf8")).flags?.hotReload;
  console.log("Hot reload (system.json flags.hotReload)");
  console.log(hotReload ? `  extensions ${hotReload.extensions.join(", ")}; paths ${hotReload.paths.join(", ")}` : "  none declared");
}

/** Each section runs even when an earlier one fails; a failure is reported and sets exit code 1. */
async function main() {
  for (const section of [benchRules, benchBattlefield, benchBattlefieldWorkflow, benchLinear, benchParsers, benchSheetContext, benchCompendiumBrowser, benchSheetRender, benchExtract, benchCompile, printSizes]) {
    try {
      await section();
    } catch (err) {
      console.error(`  failed: ${err instanceof Error ? err.message : err}`);
      process.exitCode = 1;
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
