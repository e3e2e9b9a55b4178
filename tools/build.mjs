/**
 * The build around Vite. `npm run build` is `vite build`, driven by vite.config.ts at the root, which
 * bundles src/index.ts into dist/steel-echoes.mjs (minified, class and function names kept: Foundry
 * rebuilds rolls and dice terms from their class names; with a source map) and adds this file's
 * plugin, which writes the rest of the installable system when the bundle is written:
 *   dist/system.json        the root system.json: version from package.json; url, manifest and
 *                           download from package.json's `repository` (see `releaseUrls`)
 *   dist/steel-echoes.css   styles/steel-echoes.scss compiled with sass
 *   dist/templates/, dist/lang/   copied as they are
 *   dist/packs/             every pack compiled with the official CLI (tools/build-packs.mjs)
 * `buildSystem({ root, outDir })` runs the same build from a script or a test.
 */
import { cp, readFile, readdir, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as sass from "sass";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const BUNDLE = "steel-echoes.mjs";

/**
 * The games' chunks (vite.config.ts): the files of each game that the entry does not import, by their
 * names (src/games/<game>.ts, Echoes' sheets, cards, checks and enemy phase; seed 003's exploits,
 * death saves and EDGE deck; seed 001's roll, card, check and Defense reaction (action-dice-*.ts); seed
 * 002's rolls, cards and checks (arc-*.ts)). Their rules (src/rules/<game>.ts) are chunks of their own,
 * which the game's chunk and the combat tracker import. src/games/loader.ts loads them.
 */
export const GAME_CHUNKS = [
  { name: "echoes", test: /[\\/]src[\\/].*(echoes|dissonance)[^\\/]*\.ts$/ },
  { name: "d12", test: /[\\/]src[\\/](games[\\/]d12|.*(d12-choices|death-saves|edge-cards|edge-hand))\.ts$/ },
  { name: "action-dice", test: /[\\/]src[\\/](games[\\/]action-dice|.*(defense-reaction|[\\/]action-dice-[a-z-]+))\.ts$/ },
  { name: "arc", test: /[\\/]src[\\/](games[\\/]arc|.*[\\/]arc-[a-z-]+)\.ts$/ },
];

/**
 * What several chunks share and no game owns, each a chunk of its own (captured before the games'
 * groups, which would otherwise take a file into the first game whose files import it, and make every
 * other importer load that whole game): seeds 001's, 002's and 003's rules, which their games and the
 * combat tracker use; the engines' check roll base; the form dialog of Echoes' and seed 001's dialogs and the tracker.
 */
export const SHARED_CHUNKS = [
  { name: "rules-action-dice", test: /[\\/]src[\\/]rules[\\/]action-dice\.ts$/ },
  { name: "rules-arc", test: /[\\/]src[\\/]rules[\\/]arc\.ts$/ },
  { name: "rules-d12", test: /[\\/]src[\\/]rules[\\/]d12\.ts$/ },
  { name: "dice-check-roll", test: /[\\/]src[\\/]dice[\\/]check-roll\.ts$/ },
  { name: "applications-dialogs-form-dialog", test: /[\\/]src[\\/]applications[\\/]dialogs[\\/]form-dialog\.ts$/ },
  // The posting of rolls (the API's, the commands', seeds 001's and 002's checks'): out of the entry since issue 31.
  { name: "applications-chat-post-rolls", test: /[\\/]src[\\/]applications[\\/]chat[\\/]post-rolls\.ts$/ },
  // Who speaks for a combatant: the turn flow's and seeds 002's and 003's checks' (issue 31).
  { name: "documents-combat-speakers", test: /[\\/]src[\\/]documents[\\/]combat-speakers\.ts$/ },
];

/**
 * The name of a chunk of the bundle (vite.config.ts writes it to dist/chunks/<name>.mjs). A chunk that
 * `import()` starts is named after its module's place in src/: a game's entry in src/games/ by the
 * game (`echoes`, `d12`), any other module by its folders and file (`applications-dialogs-importer`).
 * A chunk of code that several of those share has no module of its own: `shared-` and the name
 * rolldown derives from its first module.
 * @param {{ facadeModuleId?: string | null, name: string }} chunk
 * @returns {string}
 */
export function chunkName(chunk) {
  if ([...GAME_CHUNKS, ...SHARED_CHUNKS].some((g) => g.name === chunk.name)) return chunk.name;
  const src = path.join(ROOT, "src") + path.sep;
  const id = chunk.facadeModuleId ?? "";
  if (!id.startsWith(src)) return `shared-${chunk.name}`;
  const parts = id.slice(src.length).replace(/\.ts$/, "").split(path.sep);
  return parts[0] === "games" ? parts.slice(1).join("-") : parts.join("-");
}

async function readJson(file) {
  return JSON.parse(await readFile(file, "utf8"));
}

/**
 * Where a release lives, from one place: package.json's `repository` (a GitHub-style URL). The
 * project page is `url`; `manifest` is the latest release's system.json; `download` the zip of this
 * version. Without a repository, none (`npm run package` can still set them from the environment).
 * @param {{ version?: string, repository?: string | { url?: string } }} pkg
 * @returns {{ url?: string, manifest?: string, download?: string }}
 */
export function releaseUrls(pkg) {
  const raw = typeof pkg.repository === "string" ? pkg.repository : pkg.repository?.url;
  if (!raw) return {};
  const url = raw.replace(/^git\+/, "").replace(/\.git$/, "").replace(/^github:/, "https://github.com/");
  if (!/^https:\/\//.test(url)) return {};
  return {
    url,
    manifest: `${url}/releases/latest/download/system.json`,
    download: `${url}/releases/download/v${pkg.version}/system.zip`,
  };
}

/** The manifest as it ships: the root system.json with the version and the release URLs filled in. */
export async function releaseManifest(root = ROOT) {
  const pkg = await readJson(path.join(root, "package.json"));
  const manifest = await readJson(path.join(root, "system.json"));
  return { ...manifest, version: pkg.version, ...releaseUrls(pkg) };
}

/** Everything but the bundle, written into outDir. */
export async function writeSystemAssets({ root = ROOT, outDir = path.join(root, "dist") } = {}) {
  const css = sass.compile(path.join(root, "styles/steel-echoes.scss"), { style: "expanded" });
  await writeFile(path.join(outDir, "steel-echoes.css"), css.css);
  for (const dir of ["templates", "lang"]) {
    await cp(path.join(root, dir), path.join(outDir, dir), { recursive: true });
  }
  await writeFile(path.join(outDir, "system.json"), `${JSON.stringify(await releaseManifest(root), null, 2)}\n`);
  if (existsSync(path.join(root, "tools/build-packs.mjs"))) {
    const { buildPacks } = await import(pathToFileURL(path.join(root, "tools/build-packs.mjs")).href);
    await buildPacks({ root, outDir });
  }
}

/**
 * What a build wrote into outDir, as lines for the terminal: each module and stylesheet with its size
 * raw and gzipped, the templates, languages and packs, and the manifest's version.
 * @param {string} outDir
 * @returns {Promise<string[]>}
 */
export async function buildSummary(outDir) {
  const kib = (/** @type {number} */ n) => `${(n / 1024).toFixed(1)} KiB`;
  const files = (await readdir(outDir)).filter((f) => /\.(mjs|css)$/.test(f)).sort();
  const lines = [];
  for (const f of files) {
    const data = await readFile(path.join(outDir, f));
    lines.push(`  ${f.padEnd(24)} ${kib(data.length).padStart(10)}  (${kib(gzipSync(data, { level: 9 }).length)} gzip)`);
  }
  const count = async (/** @type {string} */ dir, /** @type {(f: string) => boolean} */ test) => (existsSync(path.join(outDir, dir)) ? (await readdir(path.join(outDir, dir), { recursive: true })).filter(test).length : 0);
  const packs = existsSync(path.join(outDir, "packs")) ? (await readdir(path.join(outDir, "packs"))).length : 0;
  const manifest = await readJson(path.join(outDir, "system.json"));
  lines.push(`  templates/ ${await count("templates", (f) => f.endsWith(".hbs"))} · lang/ ${await count("lang", (f) => f.endsWith(".json"))} · packs/ ${packs} · system.json ${manifest.id} ${manifest.version}`);
  return [`Built ${path.relative(process.cwd(), outDir) || "."}/:`, ...lines];
}

/**
 * The Vite plugin of vite.config.ts: once the bundle is written, the system's other files.
 * @returns {import("vite").Plugin}
 */
export function systemAssets() {
  let root = ROOT;
  let outDir = path.join(ROOT, "dist");
  return {
    name: "steel-echoes:system-assets",
    apply: "build",
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await writeSystemAssets({ root, outDir });
      // `npm run build` says what it built (Vite itself logs only warnings here); tests build quietly.
      if (!process.env.VITEST) console.log((await buildSummary(outDir)).join("\n"));
    },
  };
}

/** Run the build of vite.config.ts into outDir (a script's or a test's way to run `npm run build`). */
export async function buildSystem({ root = ROOT, outDir = path.join(root, "dist") } = {}) {
  const { build } = await import("vite");
  await build({ root, configFile: path.join(root, "vite.config.ts"), logLevel: "warn", build: { outDir, emptyOutDir: true } });
  return { outDir };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  buildSystem().then(
    () => undefined,
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
