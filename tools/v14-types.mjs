/**
 * `npm run typecheck:v14`: type-checks everything `npm run typecheck` covers against the League of
 * Foundry Developers' v14 declarations, which npm does not have. They are vendored beside the project
 * as `../shared/vendor/foundry-vtt-types-14.366.0.tgz` (override with STEEL_ECHOES_V14_TYPES).
 *
 * The archive is unpacked into the git-ignored `.cache/v14/` (again only when the archive changes),
 * then `tsc -p tsconfig.v14.json` runs, whose `paths` point the package name at the unpacked copy.
 * The unpacked package has no node_modules of its own: its dependencies resolve from the project's,
 * and the pixi packages the v13 build nests under its own folder are linked in, as npm would nest them.
 */
import { existsSync, lstatSync } from "node:fs";
import { mkdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { TextDecoder } from "node:util";
import { gunzipSync } from "fflate";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ARCHIVE = process.env.STEEL_ECHOES_V14_TYPES
  ?? path.resolve(ROOT, "..", "shared", "vendor", "foundry-vtt-types-14.366.0.tgz");
const OUT = path.join(ROOT, ".cache", "v14");
const PACKAGE = path.join(OUT, "package");
const STAMP = path.join(OUT, ".archive");

/**
 * The regular files of a ustar archive, as [name, bytes] pairs (POSIX.1-1988 headers, with the
 * ustar `prefix` field; pax headers are skipped, their long names are not needed here).
 * @param {Uint8Array} tar
 * @returns {Array<[string, Uint8Array]>}
 */
export function tarEntries(tar) {
  const text = (from, length) => new TextDecoder().decode(tar.subarray(from, from + length)).replace(/\0.*$/s, "");
  const files = [];
  for (let at = 0; at + 512 <= tar.length;) {
    const name = text(at, 100);
    if (!name) break; // two zero blocks end the archive
    const size = parseInt(text(at + 124, 12).trim() || "0", 8);
    const type = text(at + 156, 1) || "0";
    const prefix = text(at + 345, 155);
    const body = at + 512;
    if (type === "0") files.push([prefix ? `${prefix}/${name}` : name, tar.subarray(body, body + size)]);
    at = body + Math.ceil(size / 512) * 512;
  }
  return files;
}

async function unpack() {
  if (!existsSync(ARCHIVE)) {
    console.error(`typecheck:v14: the v14 declarations are not at ${path.relative(ROOT, ARCHIVE)}.`);
    console.error("Put the shared/ folder beside the project (as CI does), or set STEEL_ECHOES_V14_TYPES.");
    process.exit(2);
  }
  const archive = await readFile(ARCHIVE);
  const stamp = `${archive.length}:${archive.subarray(0, 64).toString("hex")}:${archive.subarray(-64).toString("hex")}`;
  if (existsSync(STAMP) && (await readFile(STAMP, "utf8")) === stamp) return;
  await rm(OUT, { recursive: true, force: true });
  for (const [name, bytes] of tarEntries(gunzipSync(archive))) {
    const target = path.join(OUT, name);
    if (!target.startsWith(OUT + path.sep)) throw new Error(`typecheck:v14: unsafe path in the archive: ${name}`);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, bytes);
  }
  // The v13 package nests @pixi/* (pinned by package.json's overrides) under its own folder; the v14
  // declarations import the same modules, so they get the same copies.
  const nested = path.join(ROOT, "node_modules", "@league-of-foundry-developers", "foundry-vtt-types", "node_modules");
  const link = path.join(PACKAGE, "node_modules");
  if (existsSync(nested) && !existsSync(link) && !isLink(link)) await symlink(nested, link, "dir");
  await writeFile(STAMP, stamp);
}

function isLink(file) {
  try { return lstatSync(file).isSymbolicLink(); } catch { return false; }
}

await unpack();
if (process.argv.includes("--unpack-only")) process.exit(0);
const tsc = path.join(ROOT, "node_modules", "typescript", "bin", "tsc");
const result = spawnSync(process.execPath, [tsc, "--noEmit", "-p", path.join(ROOT, "tsconfig.v14.json")], { stdio: "inherit" });
process.exit(result.status ?? 1);
