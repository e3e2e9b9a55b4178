/**
 * The browser tests' check that the built system loads its games' chunks in Chromium (issue 31):
 * dist/ is served under Foundry's path (/systems/steel-echoes/), a page stands in for the Foundry API
 * the entry touches while it loads (every property, call and construction of the stand-in gives the
 * stand-in again; `Hooks`, `game.settings` and `game.i18n` are real enough to start the system), and
 * the page starts the system as v13 `Game#initialize` (client/game.mjs) does: import the entry,
 * `init`, `await game.i18n.initialize()`. It reports which game chunks registered and which files the
 * browser fetched.
 */
import http from "node:http";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const STUB = `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><script>
const target = function () {};
const any = new Proxy(target, {
  get: (t, p) => p === Symbol.iterator ? function* () {} : p === Symbol.toPrimitive ? () => "" : p === "prototype" ? t.prototype : p === "then" ? undefined : any,
  set: () => true, apply: () => any, construct: () => any,
});
const hooks = new Map();
const add = (h, fn) => { (hooks.get(h) ?? hooks.set(h, []).get(h)).push(fn); return 1; };
globalThis.Hooks = { on: add, once: add,
  callAll: (h, ...a) => { for (const fn of hooks.get(h) ?? []) fn(...a); return true; },
  call: (h, ...a) => { for (const fn of hooks.get(h) ?? []) if (fn(...a) === false) return false; return true; } };
const stored = JSON.parse(new URLSearchParams(location.search).get("stored") ?? "{}");
const settings = new Map();
const i18n = Object.assign(Object.create({ async initialize() {} }), { localize: (k) => k, format: (k) => k });
globalThis.game = { i18n, user: any, ready: false, release: { generation: 13 }, settings: { settings,
  register: (ns, key, c) => settings.set(ns + "." + key, (ns + "." + key) in stored ? stored[ns + "." + key] : c.default),
  get: (ns, key) => settings.get(ns + "." + key) } };
for (const g of ["foundry", "CONFIG", "ui", "canvas", "ChatMessage", "Actor", "Item", "Token", "Roll", "Combatant", "Combat",
  "TokenDocument", "ActiveEffect", "Cards", "Card", "Macro", "Scene", "User", "Dialog", "Application", "Folder", "JournalEntry",
  "RollTable", "Playlist", "Wall", "Tile", "DiceTerm", "Die", "PIXI", "fromUuid", "fromUuidSync", "TextEditor", "Handlebars", "CONST"]) globalThis[g] = any;
</script></head><body></body></html>`;

/** Serve distDir under /systems/steel-echoes/ and the stand-in page at /; `requested` lists the system files fetched. */
export function serveDist(distDir) {
  const requested = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname === "/") {
      res.setHeader("content-type", "text/html");
      res.end(STUB);
      return;
    }
    const rel = url.pathname.replace(/^\/systems\/steel-echoes\//, "");
    const file = path.join(distDir, rel);
    requested.push(rel);
    if (rel === url.pathname || !file.startsWith(distDir) || !existsSync(file)) {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.setHeader("content-type", "text/javascript");
    res.end(readFileSync(file));
  }).listen(0, "127.0.0.1");
  return new Promise((resolve) => server.on("listening", () => resolve({ server, requested, url: `http://127.0.0.1:${server.address().port}/` })));
}

/**
 * Start the built system in a fresh page of `browser` for a world holding `stored` settings.
 * @returns {Promise<{ atInit: string[], afterInitialize: string[], requested: string[], errors: string[] }>}
 */
export async function startWorld(browser, distDir, stored = {}) {
  const { server, requested, url } = await serveDist(distDir);
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("console", (msg) => { if (msg.type() === "error") errors.push(msg.text()); });
  try {
    await page.goto(`${url}?stored=${encodeURIComponent(JSON.stringify(stored))}`);
    const games = await page.evaluate(async () => {
      await import("/systems/steel-echoes/steel-echoes.mjs");
      const g = /** @type {any} */ (globalThis);
      g.Hooks.callAll("init");
      const atInit = g.steelEchoes.games.registered().slice();
      await g.game.i18n.initialize();
      return { atInit, afterInitialize: g.steelEchoes.games.registered().slice().sort() };
    });
    return { ...games, requested: [...requested], errors };
  } finally {
    await page.close();
    server.close();
  }
}
