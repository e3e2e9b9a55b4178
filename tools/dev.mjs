/**
 * `npm run dev`: a Vite dev server in front of a running Foundry. Open the dev server's address
 * instead of Foundry's: every request goes on to Foundry (websockets included), except this system's
 * files, which come from the sources: `steel-echoes.mjs` loads src/index.ts and the styles as
 * modules, so code and styles update in place; templates and language files are served as they are
 * on disk, and a change to one is sent to the page, which reloads it and re-renders what is open.
 *
 * Foundry's address: FOUNDRY_HOST (default localhost) and FOUNDRY_PORT (default 30000); the dev
 * server listens on DEV_PORT (default FOUNDRY_PORT + 1).
 */
import path from "node:path";

export const SYSTEM_BASE = "/systems/steel-echoes/";
export const HOT_EVENT = "steel-echoes:hot";

/** Where Foundry runs and where the dev server listens, from the environment. */
export function devTarget(env = process.env) {
  const host = env.FOUNDRY_HOST || "localhost";
  const port = Number(env.FOUNDRY_PORT || 30000);
  return { host, port, devPort: Number(env.DEV_PORT || port + 1) };
}

/**
 * Vite's `server` options: everything outside this system's folder, and the socket, go to Foundry.
 * @param {{ host: string, port: number, devPort: number }} target
 */
export function devServerOptions({ host, port, devPort } = devTarget()) {
  const http = `http://${host}:${port}`;
  return {
    port: devPort,
    strictPort: true,
    open: false,
    proxy: {
      [`^(?!${SYSTEM_BASE})`]: { target: http, changeOrigin: false },
      "/socket.io": { target: `ws://${host}:${port}`, ws: true },
    },
  };
}

/** The module Foundry loads as the system's entry, in development: the sources and the styles. */
export const DEV_ENTRY = `import "${SYSTEM_BASE}styles/steel-echoes.scss";\nimport "${SYSTEM_BASE}src/index.ts";\n`;

/**
 * The dev server's plugin: serve the entry and an empty stylesheet (the styles arrive through the
 * entry), and tell the page when a template or a language file changes.
 * @returns {import("vite").Plugin}
 */
export function devEntry() {
  let root = process.cwd();
  return {
    name: "steel-echoes:dev-entry",
    apply: "serve",
    configResolved(config) {
      root = config.root;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = (req.url ?? "").split("?")[0];
        if (url === `${SYSTEM_BASE}steel-echoes.mjs`) {
          res.setHeader("Content-Type", "text/javascript");
          res.end(DEV_ENTRY);
        } else if (url === `${SYSTEM_BASE}steel-echoes.css`) {
          res.setHeader("Content-Type", "text/css");
          res.end("/* Steel & Echoes: in development the styles come through steel-echoes.mjs */\n");
        } else next();
      });
    },
    handleHotUpdate({ file, server }) {
      const rel = path.relative(root, file).split(path.sep).join("/");
      if (!/^(templates\/.*\.hbs|lang\/.*\.json)$/.test(rel)) return undefined;
      server.ws.send({ type: "custom", event: HOT_EVENT, data: { path: `${SYSTEM_BASE.slice(1)}${rel}` } });
      return [];
    },
  };
}
