// The build produces an installable system folder, and the bundle keeps the class names Foundry
// uses to rebuild rolls from chat messages.
import { existsSync, readdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { harness, installFoundryHarness } from "./harness/foundry.ts";
// @ts-expect-error: plain JavaScript build script
import { buildSummary, buildSystem, releaseUrls } from "../tools/build.mjs";
// @ts-expect-error: plain JavaScript bench
import { measureInitialLoad } from "../tools/bench.mjs";

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

  it("writes the root system.json with only the version and release URLs filled in, and every hot-reload path", () => {
    const built = JSON.parse(readFileSync(path.join(out, "system.json"), "utf8"));
    const source = JSON.parse(readFileSync(path.join(ROOT, "system.json"), "utf8"));
    const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"));
    expect(built).toEqual({ ...source, version: pkg.version, ...releaseUrls(pkg) });
    for (const p of built.flags.hotReload.paths) expect(existsSync(path.join(out, p)), p).toBe(true);
  });

  it("derives the release URLs from package.json's repository", () => {
    expect(releaseUrls({ version: "1.2.0", repository: { type: "git", url: "git+https://github.com/owner/steel-echoes.git" } })).toEqual({
      url: "https://github.com/owner/steel-echoes",
      manifest: "https://github.com/owner/steel-echoes/releases/latest/download/system.json",
      download: "https://github.com/owner/steel-echoes/releases/download/v1.2.0/system.zip",
    });
    expect(releaseUrls({ version: "1.2.0" })).toEqual({});
    expect(releaseUrls({ version: "1.2.0", repository: "ftp://nowhere" })).toEqual({});
  });

  it("minifies the bundle, keeps a source map, and keeps every class name Foundry looks up", () => {
    const js = readFileSync(path.join(out, "steel-echoes.mjs"), "utf8");
    expect(existsSync(path.join(out, "steel-echoes.mjs.map"))).toBe(true);
    expect(js).toMatch(/sourceMappingURL=steel-echoes\.mjs\.map/);
    // Minified in full: comments gone, local names shortened, and no indentation (Vite would keep an ES
    // library's whitespace; vite.config.ts asks rolldown to minify the output).
    expect(js).not.toContain("/**");
    expect(js).not.toMatch(/\bconst characteristicScore\b/);
    expect(js).not.toMatch(/\n\t/);
    expect(js.split("\n").length).toBeLessThan(100);
  });

  it("gives a Draw Steel world one module of ours before ready: no Echoes, engine, importer, tracker or migration code in it", () => {
    const js = readFileSync(path.join(out, "steel-echoes.mjs"), "utf8");
    // What a world that plays only Draw Steel loads before `ready`: the entry and its static imports. Of
    // our code none: the one file the entry may import is rolldown's runtime (its `__name` for kept
    // names and `__exportAll` for namespaces), which rolldown splits off when no chunk can host it
    // safely (rolldown PR #9419, "always split runtime module first": merged back only into a proven-safe
    // host). It holds those helpers and nothing of ours.
    const load = measureInitialLoad(out, []);
    const runtime = "chunks/shared-rolldown-runtime.mjs";
    expect(load.files.filter((f: string) => f !== runtime)).toEqual(["steel-echoes.mjs"]);
    if (load.files.includes(runtime)) {
      const helpers = readFileSync(path.join(out, runtime), "utf8");
      expect(helpers.length).toBeLessThan(1024);
      // rolldown's helpers only: the kept-names helper, nothing imported, no code of ours (keepNames keeps our function names).
      expect(helpers).toMatch(/__name/);
      expect(helpers).not.toMatch(/\bimport\b|steel-echoes|\bSE\./);
    }
    const sources: string[] = JSON.parse(readFileSync(path.join(out, "steel-echoes.mjs.map"), "utf8")).sources.map((s: string) => s.replace(/^.*?src\//, "src/"));
    const lazy = /src\/games\/(echoes|d12|action-dice|arc)\.ts|sheets\/echoes|chat\/(echoes-card|dissonance-roll|d12-choices|death-saves|edge-cards|defense-reaction|chat-commands)\.ts|documents\/(echoes-checks|echoes-activation|edge-cards|death-saves|dissonance-roll)\.ts|dialogs\/(importer|monster-importer|engine-checks|echoes-activation)\.ts|parser\/(kit|paste|stat-block)\.ts|trackers\/(montage|negotiation)-tracker\.ts|src\/migrations\/|area-placement/;
    expect(sources.filter((s) => lazy.test(s))).toEqual([]);
    // Nor the application layer's views (issue 31): the sheets' view-models and actions load on a sheet's
    // first render, the chat cards' UI when a card renders, the combat UI on the tracker's first render.
    const views = /src\/applications\/(sheets\/(sheet-parts|rolls|recovery-actions|option-services|sheet-items|form-lists)|chat\/(ability-card-ui|test-card-ui|test-request-ui|chat-ui)|combat\/(combat-ui|tracker-input|engine-stats|end-encounter|pools-panel)|dialogs\/(ability-approval|maintenance|form-dialog)|view-models\/(hero-sheet|monster-sheet|item-fields|field-kinds|tier-editor|sheet-common|hero-recovery|ability|ability-card|ability-dialog|ability-approval|test-card|test-request|combat-tracker|engine-stats|end-encounter|pools-panel))\.ts$/;
    expect(sources.filter((s) => views.test(s))).toEqual([]);
    for (const chunk of ["applications-sheets-sheet-parts", "applications-chat-chat-ui", "applications-combat-combat-ui"]) {
      expect(existsSync(path.join(out, "chunks", `${chunk}.mjs`)), chunk).toBe(true);
    }
    // What it does hold: Draw Steel's sheet classes (Foundry needs them at init), Draw Steel's rolls and data models.
    for (const s of ["src/applications/sheets/hero-sheet.ts", "src/dice/power-roll.ts", "src/data/hero.ts"]) expect(sources).toContain(s);
    // Not Echoes' or seed 003's rolls, data models and rules: they come with their game's chunk, which a
    // world loads when it plays the game or holds its documents or rolls (src/games/loader.ts).
    const games = /src\/(dice\/(harmony-roll|percentile-dice|d12-roll)|data\/(echoes|echoes-items|echoes-adversary|d12-tables)|rules\/(echoes|harmony|d12)|documents\/(echoes-status-effects|echoes-conditions)|applications\/view-models\/(harmony-card|d12-card))\.ts$/;
    expect(sources.filter((s) => games.test(s))).toEqual([]);
    // Nor seeds 001's and 002's (issue 31): their rolls, cards, checks and rules, and the stats form's rules.
    const engines = /src\/(dice\/(check-roll|action-dice-roll|arc-rolls)|rules\/(action-dice|arc)|data\/engine-stats-form|applications\/(view-models\/(action-dice-card|arc-card|check-card)|chat\/(action-dice-checks|arc-checks)))\.ts$/;
    expect(sources.filter((s) => engines.test(s))).toEqual([]);
    for (const name of ["ActionRoll", "ArcRoll", "ReactionRoll", "CheckRoll", "actionCheckTotal", "esAdjustment", "declarationCompare", "recoveryPhase"]) {
      expect(js, name).not.toMatch(new RegExp(`\\b(class|function) ${name}\\b`));
    }
    // Each game with a chunk has one, under its own name; what several share has its own (tools/build.mjs SHARED_CHUNKS).
    for (const chunk of ["echoes", "action-dice", "arc", "d12", "rules-action-dice", "rules-arc", "rules-d12", "dice-check-roll"]) {
      expect(existsSync(path.join(out, "chunks", `${chunk}.mjs`)), chunk).toBe(true);
    }
    // A game's chunk loads no other game's: seed 002's brings its rules and the check roll base, not seed 001's or Echoes'.
    const arcImports = [...readFileSync(path.join(out, "chunks", "arc.mjs"), "utf8").matchAll(/from"\.\/([^"]+)\.mjs"/g)].map((m) => m[1]);
    expect(arcImports.filter((f) => ["action-dice", "echoes", "d12", "rules-action-dice"].includes(f!))).toEqual([]);
    // What runs only on a request, a click or a roll loads then (issue 31): the relay's combat and test
    // card handlers, resistance rolls, healing, the basic actions' sources, the API's roll posting,
    // focus and the maintenance roll, marks, the chat commands' checks, the stormwight's forms and the
    // turn flow's resource gains.
    const onUse = /src\/(documents\/(combat-relay-handlers|test-cards|condition-rolls|healing|heroic-resource-rolls|heroic-resource-upkeep|marks|combat-speakers|squads-query)|data\/basic-actions|applications\/chat\/post-rolls|applications\/sheets\/tile-material|parser\/command-checks|rules\/(healing|stormwight-forms|combat-resource-gains|party-members|montage-outcome|group-tests)|settings\/(assist-table|echoes-records))\.ts$/;
    expect(sources.filter((s) => onUse.test(s))).toEqual([]);
    // Issue 31's target: a Draw Steel world loads at most 60 KiB gzip of ours before `ready` (the bench reports it).
    expect(load.gzip).toBeLessThanOrEqual(60 * 1024);
  });

  it("leaves out of a Draw Steel world's entry what loads when it is used: the commands' parsers, card actions, forced movement, montage and negotiation", () => {
    const js = readFileSync(path.join(out, "steel-echoes.mjs"), "utf8");
    const sources: string[] = JSON.parse(readFileSync(path.join(out, "steel-echoes.mjs.map"), "utf8")).sources.map((s: string) => s.replace(/^.*?src\//, "src/"));
    // Whole modules (issue 31): none of their code is in the entry.
    const moved = ["src/parser/command-args.ts", "src/documents/card-actions.ts", "src/canvas/forced-move-actions.ts", "src/documents/montage-actions.ts", "src/documents/negotiation-actions.ts", "src/data/montage.ts", "src/data/negotiation.ts"];
    expect(sources.filter((s) => moved.includes(s))).toEqual([]);
    // What stays for every world: the state it reads, the relay names, the lazy entry points.
    for (const s of ["src/documents/montage.ts", "src/documents/montage-state.ts", "src/data/montage-read.ts", "src/documents/negotiation-state.ts", "src/data/negotiation-read.ts", "src/parser/chat-commands.ts"]) {
      expect(sources, s).toContain(s);
    }
    // Functions by name (class and function names are kept): the parsers and the actions. The grab
    // carry (src/canvas/grab-carry.ts) by its notes' key: its one function's name is in the entry's `import()` call.
    for (const name of ["parsePowerRollCommand", "parseD12Command", "performMontageAction", "startMontage", "performArgumentRoll", "judgeArgument", "endedByBasicAction", "temporaryGrantOf", "releaseGrabs", "fallFromLedge", "NotCarried", "grabProblem"]) {
      expect(js, name).not.toMatch(new RegExp(`\\b${name}\\b`));
    }
    for (const name of ["matchCommand", "currentMontage", "readMontage", "currentNegotiation", "readNegotiation"]) expect(js, name).toMatch(new RegExp(`\\b${name}\\b`));
    // ...and each is in the chunk that loads it.
    const chunks = readdirSync(path.join(out, "chunks")).filter((f) => f.endsWith(".mjs")).map((f) => readFileSync(path.join(out, "chunks", f), "utf8")).join("\n");
    for (const name of ["parsePowerRollCommand", "performMontageAction", "performArgumentRoll", "judgeArgument", "endedByBasicAction", "fallFromLedge", "NotCarried", "grabProblem"]) expect(chunks, name).toMatch(new RegExp(`\\b${name}\\b`));
  });

  it("keeps of the canvas in a Draw Steel world's entry only what Foundry calls synchronously; what runs after a move, a fall or a click loads with import()", () => {
    const js = readFileSync(path.join(out, "steel-echoes.mjs"), "utf8");
    const sources: string[] = JSON.parse(readFileSync(path.join(out, "steel-echoes.mjs.map"), "utf8")).sources.map((s: string) => s.replace(/^.*?src\//, "src/"));
    // Registered in CONFIG or at init (the token's document, placeable and ruler classes, the movement actions), the hooks and relays.
    for (const s of ["token-document", "token", "token-ruler", "movement-actions", "area-regions", "flying-falls", "forced-movement"]) {
      expect(sources, s).toContain(`src/canvas/${s}.ts`);
    }
    // Not the work after a move (opportunity attacks, auras, teleport, hidden, dragging grabs), a fall, an
    // area's drawing, an opportunity attack's click, nor the battlefield rules they use (issue 31).
    const after = ["canvas/token-moved", "canvas/opportunity-attacks", "canvas/area-region-actions", "canvas/area-targets", "canvas/teleport",
      "canvas/hidden-movement", "canvas/grab-drag", "canvas/falling", "canvas/landing", "applications/chat/opportunity-strike",
      "rules/battlefield", "rules/move-path", "rules/opportunity"].map((f) => `src/${f}.ts`);
    expect(sources.filter((s) => after.includes(s))).toEqual([]);
    // Functions by name (names are kept); the lazy modules' entry points are named in the entry's `import()` calls only.
    const inner = ["offerOpportunityAttacks", "followAuras", "endConditionsOnTeleport", "endHiddenOnMove", "dragGrabbed", "fallIfFlying",
      "opportunityAttackers", "opportunityVerdict", "burstRectangles", "fallOutcome"];
    for (const name of inner) expect(js, name).not.toMatch(new RegExp(`\\b${name}\\b`));
    // ...and each is in a chunk, with the entry points.
    const chunks = readdirSync(path.join(out, "chunks")).filter((f) => f.endsWith(".mjs")).map((f) => readFileSync(path.join(out, "chunks", f), "utf8")).join("\n");
    for (const name of [...inner, "onTokenMoved", "performAreaRegion", "deleteAreaWalls", "fallAndTell"]) expect(chunks, name).toMatch(new RegExp(`\\b${name}\\b`));
    expect(existsSync(path.join(out, "chunks", "canvas-token-moved.mjs"))).toBe(true);
  });

  // The time allowed is for a shared, busy machine: importing the bundle and its chunks is the work here.
  it("bundles one ES module that registers the rolls under their own class names, and loads every game's chunk", { timeout: 60_000 }, async () => {
    installFoundryHarness();
    const before = harness.CONFIG.Dice.rolls.length;
    const mod = await import(pathToFileURL(path.join(out, "steel-echoes.mjs")).href);
    // Every game is on by default: init loads the chunks from dist/chunks/, and initialize waits for them.
    await harness.initialize();
    expect([...mod.api.games.registered()].sort()).toEqual(["actionDice", "arc", "d12", "echoes"]);
    expect(harness.sheets.map(([, cls]) => cls.name)).toEqual(expect.arrayContaining(["EchoesSheet", "EchoesAdversarySheet"]));
    const added = harness.CONFIG.Dice.rolls.slice(before) as { name: string }[];
    // Draw Steel's roll at init, then every other game's as its chunk registers.
    expect(added.map((c) => c.name).sort()).toEqual(["ActionRoll", "ArcRoll", "D12Roll", "HarmonyRoll", "PowerRoll", "ReactionRoll"]);
    expect(Object.keys(mod.api.dice).sort()).toEqual(["ActionRoll", "ArcRoll", "D12Roll", "DissonanceDie", "HarmonyDie", "HarmonyRoll", "PowerRoll", "ReactionRoll"]);
    // Foundry finds dice terms and sheets by these names too.
    for (const [key, cls] of Object.entries(mod.api.dice)) expect((cls as { name: string }).name, key).toBe(key);
    expect(Object.keys(harness.CONFIG.Actor.dataModels)).toEqual(expect.arrayContaining(["hero", "monster", "echoes", "echoesAdversary"]));
  });

  it("says what it built: each module and stylesheet with its sizes, and the rest by count", async () => {
    const lines: string[] = await buildSummary(out);
    expect(lines[0]).toMatch(/^Built .*:$/);
    expect(lines.find((l) => l.includes("steel-echoes.mjs"))).toMatch(/steel-echoes\.mjs\s+\d+\.\d KiB\s+\(\d+\.\d KiB gzip\)/);
    expect(lines.find((l) => l.includes("steel-echoes.css"))).toMatch(/KiB gzip/);
    expect(lines.at(-1)).toMatch(/templates\/ [1-9]\d* · lang\/ 1 · packs\/ 11 · system\.json steel-echoes \d+\.\d+\.\d+/);
  });

  it("compiles the styles, scoped under .steel-echoes", () => {
    const css = readFileSync(path.join(out, "steel-echoes.css"), "utf8");
    const selectors = css.replace(/\/\*[\s\S]*?\*\//g, "").match(/(^|})\s*([^{}@]+)\{/g) ?? [];
    expect(selectors.length).toBeGreaterThan(10);
    for (const s of selectors) expect(s, s).toMatch(/steel-echoes/);
  });
});
