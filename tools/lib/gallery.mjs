/** Build the gallery page with Vite and serve it on 127.0.0.1 (for the browser tests and the bench). */
import { createServer } from "node:http";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const GALLERY = path.join(ROOT, "gallery");
const OUT = path.join(GALLERY, "dist");
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml", ".json": "application/json",
  ".woff2": "font/woff2", ".ttf": "font/ttf" };

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
  "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"];

export async function buildGallery() {
  await rm(OUT, { recursive: true, force: true });
  await build({ root: GALLERY, base: "./", configFile: false, logLevel: "warn", build: { outDir: OUT, emptyOutDir: true } });
}

/** Serve the built gallery; resolves to { server, url }. */
export function serveGallery() {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const file = path.join(OUT, url.pathname === "/" ? "index.html" : path.normalize(url.pathname));
    if (!file.startsWith(OUT)) return res.writeHead(403).end();
    try {
      const body = await readFile(file);
      res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ server, url: `http://127.0.0.1:${server.address().port}/` })));
}
