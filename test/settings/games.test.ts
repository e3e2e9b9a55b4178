// The world's games choose what the create dialogs offer (src/settings/games.ts `creatableTypes`,
// SteelEchoesActor/SteelEchoesItem.createDialog): a game switched off takes its types out.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { HarnessDocument, harness } from "../harness/foundry.ts";
import { setupTable } from "../fixtures/world.ts";

const { world, gm } = await setupTable();
const { creatableTypes } = await import("../../src/settings/games.ts");
const { SteelEchoesActor } = await import("../../src/documents/actor.ts");
const { SteelEchoesItem } = await import("../../src/documents/item.ts");
const { hidePacksOfGamesOff } = await import("../../src/applications/sidebar/compendium-games.ts");
const { packsOfGamesOff } = await import("../../src/settings/games.ts");

const ACTORS = ["hero", "monster", "echoes", "echoesAdversary", "party"];
const set = (key: string, value: boolean) => world.as(gm, () => game.settings!.set("steel-echoes", key as never, value as never));
afterEach(async () => {
  await set("gameDrawSteel", true);
  await set("gameEchoes", true);
  HarnessDocument.createDialogCalls.length = 0;
});

describe("creatableTypes", () => {
  it("offers every type while every game is on (no restriction)", () => {
    expect(creatableTypes("Actor", ACTORS)).toBeNull();
  });
  it("takes out the types of a game switched off, and keeps types of no game", async () => {
    await set("gameEchoes", false);
    expect(creatableTypes("Actor", ACTORS)).toEqual(["hero", "monster", "party"]);
    expect(creatableTypes("Item", ["ability", "echoesWeapon", "someModuleType"])).toEqual(["ability", "someModuleType"]);
    await set("gameEchoes", true);
    await set("gameDrawSteel", false);
    expect(creatableTypes("Actor", ACTORS)).toEqual(["echoes", "echoesAdversary"]);
  });
  it("does not restrict to nothing when both games are off", async () => {
    await set("gameEchoes", false);
    await set("gameDrawSteel", false);
    expect(creatableTypes("Actor", ACTORS)).toBeNull();
  });
});

describe("the create dialogs", () => {
  it("pass Foundry the types of the games in play, and leave a caller's own restriction alone", async () => {
    await set("gameEchoes", false);
    await world.as(gm, () => SteelEchoesActor.createDialog({}, {}, {}));
    await world.as(gm, () => SteelEchoesItem.createDialog({}, {}, {}));
    await world.as(gm, () => SteelEchoesActor.createDialog({}, {}, { types: ["echoes"] } as never));
    const [actor, item, own] = HarnessDocument.createDialogCalls;
    expect(actor!.types).toEqual(["hero", "monster", "party"]);
    expect(item!.types).not.toContain("echoesWeapon");
    expect(item!.types).toContain("ability");
    expect(own!.types).toEqual(["echoes"]);
  });
  it("offer everything while both games are on", async () => {
    await world.as(gm, () => SteelEchoesActor.createDialog({}, {}, {}));
    expect(HarnessDocument.createDialogCalls[0]!.types).toBeNull();
  });
});

describe("the compendium sidebar", () => {
  /** A directory's entries as v13 marks them (data-pack / data-entry-id), enough for querySelectorAll. */
  function directory(ids: string[]) {
    const entries = ids.map((id) => ({ id, removed: false, remove() { this.removed = true; } }));
    return {
      entries,
      html: {
        querySelectorAll: (selector: string) => entries.filter((e) => selector.includes(`[data-pack="${e.id}"]`) && selector.includes(`[data-entry-id="${e.id}"]`)),
      },
    };
  }
  const manifest = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../system.json"), "utf8")) as { packs: { name: string }[] };
  it("leaves out Draw Steel's packs while Draw Steel is off, the EDGE deck while the 2d12 engine is, and nothing of another package", async () => {
    const all = [...manifest.packs.map((p) => `steel-echoes.${p.name}`), "world.handouts"];
    const drawSteel = manifest.packs.map((p) => p.name).filter((n) => n !== "edge-cards");
    expect(packsOfGamesOff()).toEqual([]);
    await set("gameDrawSteel", false);
    expect(packsOfGamesOff().sort()).toEqual([...drawSteel].sort());
    const { entries, html } = directory(all);
    hidePacksOfGamesOff(null, html as never);
    expect(entries.filter((e) => e.removed).map((e) => e.id)).toEqual(drawSteel.map((n) => `steel-echoes.${n}`));
    await set("gameD12", false);
    expect(packsOfGamesOff()).toContain("edge-cards");
    await set("gameD12", true);
  });
  it("keeps them all while Draw Steel is on, whatever Echoes is", async () => {
    await set("gameEchoes", false);
    const { entries, html } = directory(manifest.packs.map((p) => `steel-echoes.${p.name}`));
    hidePacksOfGamesOff(null, html as never);
    expect(entries.some((e) => e.removed)).toBe(false);
  });
});

describe("Draw Steel's tools", () => {
  it("show the montage button in the token controls only while the world plays Draw Steel", async () => {
    const controls = () => {
      const c = { tokens: { tools: {} as Record<string, { visible: boolean }> } };
      world.as(gm, () => harness.hooks.callAll("getSceneControlButtons", c));
      return c.tokens.tools.steelEchoesMontage!.visible;
    };
    expect(controls()).toBe(true);
    await set("gameDrawSteel", false);
    expect(controls()).toBe(false);
  });
});
