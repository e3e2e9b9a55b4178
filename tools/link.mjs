/**
 * `npm run link -- <Foundry user data folder>`: symlinks dist/ to <userData>/Data/systems/steel-echoes
 * for development. Every check runs before anything is written: a wrong folder changes nothing.
 */
import { existsSync, lstatSync, mkdirSync, readlinkSync, statSync, symlinkSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SYSTEM_ID = "steel-echoes";

export class LinkError extends Error {}

const isDir = (p) => existsSync(p) && statSync(p).isDirectory();

/** Link distDir into userDataDir; returns { target, created }. Throws LinkError and changes nothing on bad input. */
export function linkSystem({ distDir = path.join(ROOT, "dist"), userDataDir }) {
  if (!userDataDir) throw new LinkError("Usage: npm run link -- <Foundry user data folder> (the folder that holds Data/)");
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
  if (!existsSync(path.join(dist, "system.json"))) throw new LinkError(`${dist} has no system.json: run npm run build first`);

  const target = path.join(data, "systems", SYSTEM_ID);
  const existing = lstatSync(target, { throwIfNoEntry: false });
  if (existing) {
    if (existing.isSymbolicLink() && path.resolve(path.dirname(target), readlinkSync(target)) === dist) {
      return { target, created: false };
    }
    throw new LinkError(`Refusing to replace the existing ${target}: remove it yourself first`);
  }
  mkdirSync(path.dirname(target), { recursive: true });
  symlinkSync(dist, target, process.platform === "win32" ? "junction" : "dir");
  return { target, created: true };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    const { target, created } = linkSystem({ userDataDir: process.argv[2] });
    console.log(created ? `Linked ${target} -> dist/` : `${target} already links to dist/`);
  } catch (err) {
    console.error(err instanceof LinkError ? err.message : err);
    process.exit(1);
  }
}
