/**
 * A random key of this page load, set on every element this client's enrichers build
 * (enricher-render.ts) and checked before a click acts (lazy-enrichers.ts). Stored HTML can carry any
 * `data-` attribute (Foundry's HTML cleaning keeps them), so a player could write an anchor that looks
 * like an enricher into her item's description; without this client's key, a click on it does nothing.
 */
export const ENRICHER_KEY = Array.from({ length: 4 }, () => Math.random().toString(36).slice(2, 10)).join("");
