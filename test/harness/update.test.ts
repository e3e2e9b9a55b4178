// The update semantics every harness document uses, pinned against v13's behaviour
// (common/abstract/data.mjs DataModel#updateSource, common/utils/helpers.mjs expandObject).
import { describe, expect, it } from "vitest";
import { applyUpdate, expandObject } from "./update.ts";

describe("v13 update semantics", () => {
  it("expands dotted keys at every depth", () => {
    expect(expandObject({ "a.b": 1, c: { "d.e": 2 } })).toEqual({ a: { b: 1 }, c: { d: { e: 2 } } });
    // At every depth, inside arrays too (v13 common/utils/helpers.mjs expandObject's _expand recurses
    // into each value and each array element).
    expect(expandObject({ a: { b: { c: { "d.e": 1 } } }, l: [{ "m.n": 2 }] })).toEqual({ a: { b: { c: { d: { e: 1 } } } }, l: [{ m: { n: 2 } }] });
  });
  it("merges objects: a key left out stays stored", () => {
    const doc = { flags: { se: { applied: { a: 1, b: 2 } } } };
    applyUpdate(doc, { "flags.se.applied": { a: 1 } });
    expect(doc.flags.se.applied).toEqual({ a: 1, b: 2 });
  });
  it("deletes only with -=key, and reports the deletion in the diff", () => {
    const doc = { flags: { se: { applied: { a: 1, b: 2 } } } };
    const diff = applyUpdate(doc, { "flags.se.applied.-=b": null });
    expect(doc.flags.se.applied).toEqual({ a: 1 });
    expect(diff).toEqual({ flags: { se: { applied: { "-=b": null } } } });
  });
  it("replaces an object whole with ==key", () => {
    const doc = { flags: { se: { applied: { a: 1, b: 2 } } } };
    applyUpdate(doc, { "flags.se.==applied": { a: 1 } });
    expect(doc.flags.se.applied).toEqual({ a: 1 });
  });
  it("replaces arrays whole and returns only what changed", () => {
    const doc: Record<string, unknown> = { list: [1, 2, 3], n: 1, m: 2 };
    const diff = applyUpdate(doc, { list: [4], n: 1, m: 3 });
    expect(doc).toEqual({ list: [4], n: 1, m: 3 });
    expect(diff).toEqual({ list: [4], m: 3 });
    expect(applyUpdate(doc, { n: 1 })).toEqual({});
  });
  it("splits dotted keys inside a nested value when a top-level key has a dot (a token UUID as a key does not survive)", () => {
    const doc: Record<string, unknown> = {};
    applyUpdate(doc, { "flags.se.use": { applied: { "Scene.s.Token.t": 1 } } });
    expect(doc).toEqual({ flags: { se: { use: { applied: { Scene: { s: { Token: { t: 1 } } } } } } } });
  });
});
