import { describe, expect, it } from "vitest";
import { installFoundryHarness } from "../harness/foundry.ts";
import { STAMINA_BAR_COLORS, staminaBarView } from "../../src/rules/stamina-bar.ts";

installFoundryHarness();
const { drawStaminaBar } = await import("../../src/canvas/token.ts");

describe("the token's Stamina bar", () => {
  it("fills by Stamina over the maximum, amber once winded", () => {
    expect(staminaBarView({ value: 30, max: 30, deathThreshold: -15, winded: 15 })).toEqual({ fill: 1, state: "healthy" });
    expect(staminaBarView({ value: 16, max: 30, deathThreshold: -15, winded: 15 }).state).toBe("healthy");
    expect(staminaBarView({ value: 15, max: 30, deathThreshold: -15, winded: 15 })).toEqual({ fill: 0.5, state: "winded" });
    expect(staminaBarView({ value: 40, max: 30 }).fill).toBe(1);
  });
  it("shows a dying hero's Stamina below 0 filling red toward the death threshold", () => {
    expect(staminaBarView({ value: 0, max: 30, deathThreshold: -15, winded: 15 })).toEqual({ fill: 0, state: "dying" });
    expect(staminaBarView({ value: -6, max: 30, deathThreshold: -15, winded: 15 })).toEqual({ fill: 0.4, state: "dying" });
    expect(staminaBarView({ value: -20, max: 30, deathThreshold: -15, winded: 15 })).toEqual({ fill: 1, state: "dying" });
  });
  it("keeps a plain bar for creatures that die at 0", () => {
    expect(staminaBarView({ value: -3, max: 20 })).toEqual({ fill: 0, state: "winded" });
  });
  it("draws the frame and a fill of that width and colour at the bar's place", () => {
    const calls: [string, ...unknown[]][] = [];
    const record = (name: string) => (...args: unknown[]) => {
      calls.push([name, ...args]);
      return bar;
    };
    const bar = {
      clear: record("clear"), lineStyle: record("lineStyle"), beginFill: record("beginFill"), drawRoundedRect: record("drawRoundedRect"),
      endFill: record("endFill"), position: { set: (x: number, y: number) => calls.push(["position", x, y]) },
    };
    (globalThis as Record<string, unknown>).canvas = { dimensions: { size: 120 } };
    drawStaminaBar(bar as never, 0, { attribute: "stamina", value: -6, max: 30 }, { w: 100, h: 100 }, { deathThreshold: -15, winded: 15 });
    expect(calls.filter((c) => c[0] === "beginFill").map((c) => c[1])).toEqual([0x000000, STAMINA_BAR_COLORS.dying]);
    expect(calls.filter((c) => c[0] === "drawRoundedRect").map((c) => c[3])).toEqual([100, 40]);
    expect(calls.at(-1)).toEqual(["position", 0, 90]);
  });
});
