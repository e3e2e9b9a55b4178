/**
 * The build of the installable system (`npm run build` = `vite build`): src/index.ts bundled into
 * dist/steel-echoes.mjs, minified with class and function names kept (Foundry rebuilds rolls and dice
 * terms from their class names) and a source map; the plugin from tools/build.mjs then writes the
 * manifest, styles, templates, lang and packs beside it. Vitest reads its `test` section.
 */
import { defineConfig } from "vitest/config";
// @ts-expect-error: plain JavaScript build tool
import { BUNDLE, systemAssets } from "./tools/build.mjs";

export default defineConfig({
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
      output: { keepNames: true },
    },
  },
  plugins: [systemAssets()],
  // `npm test` (Vitest reads this file too): every test that needs no browser.
  test: {
    include: ["test/**/*.test.ts"],
    environment: "node",
  },
});
