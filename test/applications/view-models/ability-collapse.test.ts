// The viewer's collapsed abilities: her own, in her browser's storage, never the actor's.
import { describe, expect, it } from "vitest";
import {
  ALL_EXPANDED, collapseStorageKey, isCollapsed, readCollapseState, setAllCollapsed, toggleCollapsed, writeCollapseState,
} from "../../../src/applications/view-models/ability-collapse.ts";
import { AbilityCollapse } from "../../../src/applications/sheets/ability-collapse.ts";

/** A Web Storage stand-in: `getItem` returns null for a missing key, as `Storage#getItem` does. */
function memoryStorage() {
  const map = new Map<string, string>();
  return { map, getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
}

describe("collapse state", () => {
  it("is all open until the viewer closes something; one toggle closes one row, a second opens it again", () => {
    expect(isCollapsed(ALL_EXPANDED, "a")).toBe(false);
    const one = toggleCollapsed(ALL_EXPANDED, "a");
    expect([isCollapsed(one, "a"), isCollapsed(one, "b")]).toEqual([true, false]);
    expect(isCollapsed(toggleCollapsed(one, "a"), "a")).toBe(false);
  });

  it("collapse all closes every row, including abilities added later; opening one keeps the rest closed", () => {
    const all = setAllCollapsed(true);
    expect(["a", "b", "new"].map((id) => isCollapsed(all, id))).toEqual([true, true, true]);
    const oneOpen = toggleCollapsed(all, "b");
    expect(["a", "b"].map((id) => isCollapsed(oneOpen, id))).toEqual([true, false]);
    expect(isCollapsed(setAllCollapsed(false), "a")).toBe(false);
  });

  it("reads back what it wrote, and anything else (garbage, foreign ids, markup) as all open or without the bad entries", () => {
    const state = toggleCollapsed(setAllCollapsed(true), "abcDEF0123456789");
    expect(readCollapseState(writeCollapseState(state))).toEqual(state);
    expect(readCollapseState("{not json")).toEqual(ALL_EXPANDED);
    expect(readCollapseState("null")).toEqual(ALL_EXPANDED);
    expect(readCollapseState(null)).toEqual(ALL_EXPANDED);
    expect(readCollapseState(JSON.stringify({ all: "yes", except: ["ok1", "<img src=x>", 3, "ok1"] }))).toEqual({ all: false, except: ["ok1"] });
  });

  it("is kept per user and per actor", () => {
    expect(collapseStorageKey("u1", "Actor.a")).not.toBe(collapseStorageKey("u2", "Actor.a"));
    expect(collapseStorageKey("u1", "Actor.a")).not.toBe(collapseStorageKey("u1", "Scene.s.Token.t.Actor.a"));
  });
});

describe("a sheet window's collapse store", () => {
  it("writes only its own key in the browser's storage and a new window for the same user and actor reads it back", () => {
    const storage = memoryStorage();
    const first = new AbilityCollapse("player1", "Actor.vey", storage);
    first.toggle("ability1");
    first.setAll(true);
    first.toggle("ability2");
    expect([...storage.map.keys()]).toEqual(["steel-echoes.abilityCollapse.player1.Actor.vey"]);
    const again = new AbilityCollapse("player1", "Actor.vey", storage);
    expect([again.isCollapsed("ability1"), again.isCollapsed("ability2")]).toEqual([true, false]);
    // Another user on the same browser, or another actor, starts all open.
    expect(new AbilityCollapse("gm", "Actor.vey", storage).isCollapsed("ability1")).toBe(false);
    expect(new AbilityCollapse("player1", "Actor.other", storage).isCollapsed("ability1")).toBe(false);
  });

  it("works for the window's life when storage is missing or refuses writes", () => {
    const none = new AbilityCollapse("u", "Actor.a", null);
    none.toggle("x");
    expect(none.isCollapsed("x")).toBe(true);
    const full = new AbilityCollapse("u", "Actor.a", {
      getItem: () => { throw new Error("SecurityError"); }, setItem: () => { throw new Error("QuotaExceededError"); },
    });
    expect(full.isCollapsed("x")).toBe(false);
    full.setAll(true);
    expect(full.isCollapsed("x")).toBe(true);
  });
});
