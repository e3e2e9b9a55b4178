// npm run dev: the dev server's configuration is valid and works: it serves the system's entry from
// the sources and passes everything else on to Foundry (here a stand-in answering on loopback).
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer } from "vite";
import type { ViteDevServer } from "vite";
// @ts-expect-error: plain JavaScript dev tool
import { DEV_ENTRY, HOT_EVENT, SYSTEM_BASE, devServerOptions, devTarget } from "../../tools/dev.mjs";
import { HOT_EVENT as CLIENT_HOT_EVENT } from "../../src/compat/hot-reload.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const freePort = () => new Promise<number>((resolve) => {
  const s = http.createServer().listen(0, "127.0.0.1", () => {
    const { port } = s.address() as AddressInfo;
    s.close(() => resolve(port));
  });
});

describe("the dev server's options", () => {
  it("proxy every path outside the system's folder, and the websocket, to Foundry (port and host from the environment)", () => {
    expect(devTarget({})).toEqual({ host: "localhost", port: 30000, devPort: 30001 });
    expect(devTarget({ FOUNDRY_HOST: "10.0.0.5", FOUNDRY_PORT: "31000", DEV_PORT: "4000" })).toEqual({ host: "10.0.0.5", port: 31000, devPort: 4000 });
    const options = devServerOptions({ host: "localhost", port: 30000, devPort: 30001 });
    expect(options.proxy).toEqual({
      "^(?!/systems/steel-echoes/)": { target: "http://localhost:30000", changeOrigin: false },
      "/socket.io": { target: "ws://localhost:30000", ws: true },
    });
    expect(HOT_EVENT).toBe(CLIENT_HOT_EVENT);
  });
});

describe("npm run dev against a Foundry on loopback", () => {
  let foundry: http.Server;
  let server: ViteDevServer;
  let base: string;
  beforeAll(async () => {
    foundry = http.createServer((req, res) => res.end(`foundry:${req.url}`));
    await new Promise<void>((resolve) => foundry.listen(0, "127.0.0.1", resolve));
    const devPort = await freePort();
    process.env.FOUNDRY_HOST = "127.0.0.1";
    process.env.FOUNDRY_PORT = String((foundry.address() as AddressInfo).port);
    process.env.DEV_PORT = String(devPort);
    server = await createServer({ root: ROOT, configFile: path.join(ROOT, "vite.config.ts"), logLevel: "silent", server: { host: "127.0.0.1", hmr: false } });
    await server.listen();
    base = `http://127.0.0.1:${devPort}`;
  }, 30_000);
  afterAll(async () => {
    await server?.close();
    foundry?.close();
    for (const k of ["FOUNDRY_HOST", "FOUNDRY_PORT", "DEV_PORT"]) delete process.env[k];
  });

  it("serves the entry and the sources, and passes Foundry's own pages through", async () => {
    expect(await (await fetch(`${base}${SYSTEM_BASE}steel-echoes.mjs`)).text()).toBe(DEV_ENTRY);
    expect(await (await fetch(`${base}/game`)).text()).toBe("foundry:/game");
    const lang = await (await fetch(`${base}${SYSTEM_BASE}lang/en.json`)).text();
    expect(lang).toContain("SE");
    const index = await fetch(`${base}${SYSTEM_BASE}src/index.ts`);
    expect(index.status).toBe(200);
    expect(await index.text()).toContain("registerHotReload");
  });
});
