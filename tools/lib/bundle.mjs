/** Bundle a TypeScript entry with Vite into a temporary folder and import it (for Node tools). */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";

/**
 * Bundle entry (library mode, one ES module, not minified, the project's Vite config ignored) into a
 * fresh folder under the OS temp dir, import it, and remove the folder.
 * @param {string} entry absolute path of a .ts or .js module
 * @returns {Promise<Record<string, any>>} the module's exports
 */
export async function importBundled(entry) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "steel-echoes-bundle-"));
  try {
    await build({
      configFile: false, logLevel: "silent",
      build: { outDir: dir, write: true, copyPublicDir: false, minify: false, lib: { entry, formats: ["es"], fileName: () => "bundle.mjs" } },
    });
    return await import(pathToFileURL(path.join(dir, "bundle.mjs")).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
