/**
 * `npm run link -- <Foundry user data folder>`: symlinks dist/ to <userData>/Data/systems/steel-echoes
 * for development (a junction on Windows). Every check runs before anything is written: a wrong
 * folder, a missing build or an existing install changes nothing on disk.
 */
import { existsSync, lstatSync, mkdirSync, readlinkSync, realpathSync, statSync, symlinkSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SYSTEM_ID = "steel-echoes";
const USAGE = "Usage: npm run link -- <Foundry user data folder> (the folder that holds Data/)";

/** A refusal with a one-line message for the user; nothing was changed on disk. */
export class LinkError extends Error {
  name = "LinkError";
}

/** @param {string} p */
const isDir = (p) => existsSync(p) && statSync(p).isDirectory();

/**
 * Whether the symlink at link points at dir (as written, or once both are fully resolved).
 * @param {string} link
 * @param {string} dir
 */
function linksTo(link, dir) {
  if (path.resolve(path.dirname(link), readlinkSync(link)) === dir) return true;
  try {
    return realpathSync(link) === realpathSync(dir);
  } catch {
    return false; // a dangling link
  }
}

/**
 * Link distDir into userDataDir/Data/systems/steel-echoes.
 * @param {{ distDir?: string, userDataDir?: string }} options
 * @returns {{ target: string, created: boolean }} created is false when the right link was already there
 * @throws {LinkError} on bad input, before anything is written
 */
export function linkSystem({ distDir = path.join(ROOT, "dist"), userDataDir }) {
  if (!userDataDir) throw new LinkError(USAGE);
  const userData = path.resolve(userDataDir);
  if (!isDir(userData)) throw new LinkError(`${userData} does not exist or is not a folder`);
  const data = path.join(userData, "Data");
  if (!isDir(data)) {
    if (path.basename(userData) === "Data" && (isDir(path.join(userData, "systems")) || isDir(path.join(userData, "modules")))) {
      throw new LinkError(`${userData} looks like the Data folder itself: pass its parent, the user data folder`);
    }
    throw new LinkError(`${userData} is not a Foundry user data folder: it has no Data/ folder`);
  }
  const dist = path.resolve(distDir);
  if (!isDir(dist)) throw new LinkError(`${dist} not found: run npm run build first`);
  if (!existsSync(path.join(dist, "system.json"))) throw new LinkError(`${dist} has no system.json: run npm run build first`);

  const systems = path.join(data, "systems");
  if (existsSync(systems) && !isDir(systems)) throw new LinkError(`${systems} exists but is not a folder: remove it yourself`);
  const target = path.join(systems, SYSTEM_ID);
  const existing = lstatSync(target, { throwIfNoEntry: false });
  if (existing) {
    if (existing.isSymbolicLink() && linksTo(target, dist)) return { target, created: false };
    throw new LinkError(`Refusing to replace the existing ${target}: remove it yourself`);
  }
  mkdirSync(systems, { recursive: true });
  symlinkSync(dist, target, process.platform === "win32" ? "junction" : "dir");
  return { target, created: true };
}

function main() {
  try {
    const { target, created } = linkSystem({ userDataDir: process.argv[2] });
    console.log(created ? `Linked ${target} -> ${path.join(ROOT, "dist")}` : `${target} already links to this dist/: nothing to do`);
  } catch (err) {
    console.error(err instanceof LinkError ? err.message : err);
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
