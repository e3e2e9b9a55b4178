/** Bundle a TypeScript entry with Vite into a temporary folder and import it (for Node tools). */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";

/**
 * Bundle entry (library mode, one ES module, not minified, the project's Vite config ignored) into a
 * fresh folder under the OS temp dir, import it, and remove the folder.
 * @param {string} entry absolute path of a .ts or .js module
 * @param {{ node?: boolean, within?: string }} [options] `node`: keep `node:` modules external and inline
 *   run-time imports; `within`: the folder to make the temporary one in (the OS temp dir by default)
 * @returns {Promise<Record<string, any>>} the module's exports
 */
export async function importBundled(entry, { node = false, within = os.tmpdir() } = {}) {
  mkdirSync(within, { recursive: true });
  const dir = mkdtempSync(path.join(within, "steel-echoes-bundle-"));
  try {
    await build({
      configFile: false, logLevel: "silent",
      build: {
        outDir: dir, write: true, copyPublicDir: false, minify: false, lib: { entry, formats: ["es"], fileName: () => "bundle.mjs" },
        // For Node (the multi-client harness uses node:async_hooks): Node's own modules stay imports, and
        // modules imported at run time are inlined (the folder is gone by then).
        ...(node ? { rolldownOptions: { external: [/^node:/], output: { codeSplitting: false } } } : {}),
      },
    });
    return await import(pathToFileURL(path.join(dir, "bundle.mjs")).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
