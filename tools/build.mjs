/**
 * `npm run build`: builds the installable system into dist/.
 *   dist/system.json        public/system.json with the version from package.json
 *   dist/steel-echoes.mjs   one ES module (Vite library build of src/index.ts, not minified so
 *                           class names such as PowerRoll survive: Foundry rebuilds rolls by name)
 *   dist/steel-echoes.css   styles/steel-echoes.scss compiled with sass
 *   dist/templates/, dist/lang/   copied as they are
 */
import { cp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "vite";
import * as sass from "sass";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

async function readJson(file) {
  return JSON.parse(await readFile(file, "utf8"));
}

export async function buildSystem({ root = ROOT, outDir = path.join(root, "dist") } = {}) {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });

  await build({
    root,
    configFile: false,
    logLevel: "warn",
    build: {
      outDir,
      emptyOutDir: false,
      minify: false,
      sourcemap: true,
      target: "es2022",
      lib: {
        entry: path.join(root, "src/index.ts"),
        formats: ["es"],
        fileName: () => "steel-echoes.mjs",
      },
    },
  });

  const css = sass.compile(path.join(root, "styles/steel-echoes.scss"), { style: "expanded" });
  await writeFile(path.join(outDir, "steel-echoes.css"), css.css);

  for (const dir of ["templates", "lang"]) {
    await cp(path.join(root, dir), path.join(outDir, dir), { recursive: true });
  }

  const pkg = await readJson(path.join(root, "package.json"));
  const manifest = await readJson(path.join(root, "public/system.json"));
  manifest.version = pkg.version;
  await writeFile(path.join(outDir, "system.json"), `${JSON.stringify(manifest, null, 2)}\n`);

  if (existsSync(path.join(root, "tools/build-packs.mjs"))) {
    const { buildPacks } = await import(pathToFileURL(path.join(root, "tools/build-packs.mjs")).href);
    await buildPacks({ root, outDir });
  }
  return { outDir };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  buildSystem().then(
    ({ outDir }) => console.log(`Built ${path.relative(process.cwd(), outDir) || "."}/`),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
