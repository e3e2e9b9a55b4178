/**
 * `npm run package`: zips dist/ into release/system.zip (holding a steel-echoes/ folder, as
 * Foundry expects) and writes release/system.json beside it.
 *
 * Environment:
 *   STEEL_ECHOES_MANIFEST_URL   the URL release/system.json will be published at ("manifest")
 *   STEEL_ECHOES_DOWNLOAD_URL   the URL release/system.zip will be published at ("download")
 * The version comes from package.json. Without the variables the URLs stay as dist/system.json has
 * them, with a warning.
 */
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { zipSync } from "fflate";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SYSTEM_ID = "steel-echoes";

/**
 * Every file below dir, as sorted "/"-separated paths relative to base.
 * @param {string} dir
 * @param {string} [base]
 * @returns {Promise<string[]>}
 */
async function listFiles(dir, base = dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(entries.map((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? listFiles(full, base) : [path.relative(base, full).split(path.sep).join("/")];
  }));
  return files.flat().sort();
}

/**
 * Build the release: release/system.zip and release/system.json, both overwritten if present.
 * Every check (dist/, its system.json and id, package.json's version) runs before anything is written,
 * so a failure leaves release/ as it was (or absent).
 * @param {{ root?: string, distDir?: string, releaseDir?: string, env?: Record<string, string | undefined>, warn?: (message: string) => void }} [options]
 * @returns {Promise<{ zipPath: string, manifestPath: string, manifest: Record<string, unknown>, files: string[] }>}
 *   files: the dist/ files, relative and "/"-separated, sorted (the zip holds them under steel-echoes/).
 */
export async function buildRelease({ root = ROOT, distDir = path.join(root, "dist"), releaseDir = path.join(root, "release"), env = process.env, warn = console.warn } = {}) {
  const distManifest = path.join(distDir, "system.json");
  if (!existsSync(distDir)) throw new Error("dist/ not found: run npm run build first");
  if (!existsSync(distManifest)) throw new Error("dist/system.json not found: run npm run build first");
  const pkg = JSON.parse(await readFile(path.join(root, "package.json"), "utf8"));
  const manifest = JSON.parse(await readFile(distManifest, "utf8"));
  if (manifest.id !== SYSTEM_ID) throw new Error(`dist/system.json has id "${manifest.id}", expected "${SYSTEM_ID}"`);
  if (!pkg.version) throw new Error("package.json has no version");
  manifest.version = pkg.version;
  for (const [field, variable] of [["manifest", "STEEL_ECHOES_MANIFEST_URL"], ["download", "STEEL_ECHOES_DOWNLOAD_URL"]]) {
    if (env[variable]) manifest[field] = env[variable];
    else warn(`${variable} is not set: "${field}" stays "${manifest[field] ?? ""}"`);
  }
  const manifestText = `${JSON.stringify(manifest, null, 2)}\n`;

  const files = await listFiles(distDir);
  const entries = {};
  for (const file of files) {
    const data = file === "system.json" ? Buffer.from(manifestText) : await readFile(path.join(distDir, file));
    entries[`${SYSTEM_ID}/${file}`] = [data, { mtime: new Date("2000-01-01T00:00:00Z") }];
  }
  await mkdir(releaseDir, { recursive: true });
  const zipPath = path.join(releaseDir, "system.zip");
  const manifestPath = path.join(releaseDir, "system.json");
  await writeFile(zipPath, zipSync(entries, { level: 9 }));
  await writeFile(manifestPath, manifestText);
  return { zipPath, manifestPath, manifest, files };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  buildRelease().then(
    ({ zipPath, manifestPath, files }) => console.log(`Wrote ${path.relative(process.cwd(), zipPath)} (${files.length} files) and ${path.relative(process.cwd(), manifestPath)}`),
    (err) => {
      console.error(err.message);
      process.exit(1);
    },
  );
}
