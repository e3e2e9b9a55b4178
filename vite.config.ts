/**
 * The build of the installable system (`npm run build` = `vite build`): src/index.ts bundled into
 * dist/steel-echoes.mjs and the chunks it loads with `import()` into dist/chunks/, minified in full (whitespace too) with class and function names kept
 * (Foundry rebuilds rolls and dice terms from their class names) and a source map; the plugin from
 * tools/build.mjs then writes the manifest, styles, templates, lang and packs beside it. Vitest reads its `test` section.
 */
import { defineConfig } from "vitest/config";
// @ts-expect-error: plain JavaScript build tool
import { BUNDLE, GAME_CHUNKS, SHARED_CHUNKS, chunkName, systemAssets } from "./tools/build.mjs";
// @ts-expect-error: plain JavaScript dev tool
import { SYSTEM_BASE, devEntry, devServerOptions } from "./tools/dev.mjs";

export default defineConfig(({ command }) => ({
  // npm run dev (tools/dev.mjs): the system's files under Foundry's path, the rest proxied to Foundry.
  base: command === "serve" ? SYSTEM_BASE : "./",
  server: devServerOptions(),
  publicDir: false,
  logLevel: "warn",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    minify: "oxc",
    sourcemap: true,
    lib: {
      entry: "src/index.ts",
      formats: ["es"],
      fileName: () => BUNDLE,
    },
    rolldownOptions: {
      // The entry may export more than `api` (minified names the chunks import from it): with "strict",
      // rolldown splits what the entry and a chunk share into chunks the entry imports at once, which
      // a world then loads as many files, and gzips worse, before `ready`.
      preserveEntrySignatures: "allow-extension",
      // src/rules/ is pure (no Foundry, no DOM, nothing runs at import): a rules file whose exports the
      // entry does not use stays out of it even though the entry reaches it through src/rules/index.ts,
      // so a game's rules that only its chunk calls load with that chunk.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]src[\\/]rules[\\/]/.test(id) },
      // Vite leaves whitespace in an "es" library build (build.minify keeps it for the pure annotations
      // of libraries that others tree-shake); Foundry loads this file as it is, so the output is
      // minified in full here. Names are kept: Foundry finds rolls, dice terms and sheets by class name.
      // Code split: every `import()` of src/ starts a chunk of its own, written to dist/chunks/ under a
      // name from its folder (`chunkName`, tools/build.mjs): a game's entry in src/games/ gives the game's
      // name (dist/chunks/echoes.mjs), anything else its folder and file. The entry imports none of them
      // statically; docs/architecture.md says which are loaded when.
      output: {
        keepNames: true, minify: true, chunkFileNames: (chunk) => `chunks/${chunkName(chunk)}.mjs`,
        codeSplitting: {
          groups: [
            // Everything the entry imports statically stays in it: one file and one gzip stream before `ready`.
            { name: "initial", tags: ["$initial"], priority: 10 },
            // A game's files outside the entry form its chunk, whichever `import()` reaches them first.
            ...(GAME_CHUNKS as { name: string; test: RegExp }[]).map(({ name, test }) => ({ name, test, priority: 5 })),
            // What several games' chunks and the UI share goes in a chunk of its own first (tools/build.mjs SHARED_CHUNKS).
            ...(SHARED_CHUNKS as { name: string; test: RegExp }[]).map(({ name, test }) => ({ name, test, priority: 6 })),
          ],
        },
      },
    },
  },
  plugins: [systemAssets(), devEntry()],
  // `npm test` (Vitest reads this file too): every test that needs no browser.
  // The document and scenario tests run twice: on the harness as Foundry v13, and as v14
  // (test/harness/generation.ts; the differences are listed in docs/foundry-versions.md).
  test: {
    environment: "node",
    // A test that asserts nothing fails: it could not have caught anything.
    expect: { requireAssertions: true },
    projects: [
      { extends: true, test: { name: "v13", include: ["test/**/*.test.ts"] } },
      {
        extends: true,
        test: {
          name: "v14",
          include: ["test/documents/**/*.test.ts", "test/scenarios/**/*.test.ts", "test/games/**/*.test.ts", "test/applications/chat/**/*.test.ts", "test/compat/**/*.test.ts"],
          env: { STEEL_ECHOES_FOUNDRY: "14" },
          setupFiles: ["test/harness/v14-setup.ts"],
        },
      },
    ],
  },
}));
