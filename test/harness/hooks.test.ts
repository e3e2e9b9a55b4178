// Hooks as v13 has them (test/harness/hooks.ts).
import { beforeEach, describe, expect, it } from "vitest";
import { harness, installFoundryHarness } from "./foundry.ts";

installFoundryHarness();
beforeEach(() => harness.reset());

describe("Hooks", () => {
  it("Hooks behaves like v13's: once runs once, a throwing function does not stop the others, a detached method throws", async () => {
    const calls: string[] = [];
    harness.hooks.once("h1", () => void calls.push("once"));
    harness.hooks.on("h1", () => { throw new Error("boom"); });
    harness.hooks.on("h1", async () => { calls.push("async"); throw new Error("later"); });
    harness.hooks.callAll("h1");
    harness.hooks.callAll("h1");
    await harness.hooks.settle();
    expect(calls).toEqual(["once", "async", "async"]);
    expect(harness.hooks.errors.map((e) => (e as Error).message)).toEqual(["boom", "boom", "later", "later"]);
    harness.hooks.errors.length = 0;
    const detached = harness.hooks.once;
    expect(() => detached("h2", () => undefined)).toThrow(TypeError);
  });
  it("Hooks.call stops at the first false", () => {
    const calls: string[] = [];
    (globalThis as unknown as { Hooks: { on: (h: string, f: () => unknown) => void } }).Hooks.on("test", () => { calls.push("a"); return false; });
    (globalThis as unknown as { Hooks: { on: (h: string, f: () => unknown) => void } }).Hooks.on("test", () => { calls.push("b"); });
    expect(harness.call("test")).toBe(false);
    expect(calls).toEqual(["a"]);
  });
});
