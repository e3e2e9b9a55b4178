// Echoes conditions as token status effects on the strict multi-client world
// (src/documents/echoes-status-effects.ts): the sheet's conditions show as status effects, the
// Token HUD's toggles change the conditions by the seed's rules, and each status is offered on its
// own game's actors only.
import { afterEach, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry.ts";
import { setupTable } from "../fixtures/world.ts";
import { echoesSystem } from "../fixtures/echoes.ts";
// @ts-expect-error -- a plain .mjs tool without type declarations (as test/documents/conditions.test.ts reads it)
import { deterministicId as rawDeterministicId } from "../../tools/extract.mjs";

const deterministicId = rawDeterministicId as (pack: string, slug: string) => string;

const { world, alice, bob } = await setupTable();
const { toggleEchoesCondition, endEchoesTurn } = await import("../../src/documents/echoes-conditions.ts");
const { echoesStatusEntries } = await import("../../src/documents/echoes-status-effects.ts");

const vessa = world.addActor({ name: "Vessa", type: "echoes", system: echoesSystem({ conditions: [] }) }, [alice]);
const conditions = () => [...(vessa.system as { conditions: Iterable<string> }).conditions];
const statuses = () => [...vessa.effects].flatMap((e) => [...e.statuses]).sort();
const settled = async () => {
  for (let i = 0; i < 4; i++) {
    await world.settle();
    await new Promise((r) => setTimeout(r, 0));
  }
};

afterEach(async () => {
  await settled();
  expect(harness.hooks.errors).toEqual([]);
});

describe("Echoes statuses", () => {
  it("are offered on Echoes actors only, with stable ids, localised names and core icons", () => {
    for (const e of echoesStatusEntries()) {
      expect(e._id).toBe(deterministicId("status-effects", e.id));
      expect(e.hud).toEqual({ actorTypes: ["echoes", "echoesAdversary"] });
      expect(e.name).toMatch(/^SE\.Echoes\.Condition\.[a-z]+$/);
      expect(e.img).toMatch(/^icons\/svg\/[a-z-]+\.svg$/);
    }
    const drawSteel = (harness.CONFIG.statusEffects as { id: string; hud?: unknown }[]).find((s) => s.id === "weakened");
    expect(drawSteel!.hud).toEqual({ actorTypes: ["hero", "monster"] });
  });

  it("show the conditions toggled on the sheet, Endurance's clearing included", async () => {
    await world.as(alice, () => toggleEchoesCondition(vessa as never, "weakened"));
    await world.as(alice, () => toggleEchoesCondition(vessa as never, "slowed"));
    await settled();
    expect(statuses()).toEqual(["echoes-slowed", "echoes-weakened"]);
    await world.as(alice, () => toggleEchoesCondition(vessa as never, "endurance"));
    await settled();
    expect(conditions()).toEqual(["endurance"]);
    expect(statuses()).toEqual(["echoes-endurance"]);
  });

  it("follow the Token HUD: a status toggled on adds the condition by the rules, off removes it", async () => {
    // Endurance is on from the last test: the next condition only removes it (S0:L188).
    await world.as(alice, () => vessa.toggleStatusEffect("echoes-stunned", { active: true }));
    await settled();
    expect(conditions()).toEqual([]);
    expect(statuses()).toEqual([]);
    await world.as(alice, () => vessa.toggleStatusEffect("echoes-stunned", { active: true }));
    await settled();
    expect(conditions()).toEqual(["stunned"]);
    expect(statuses()).toEqual(["echoes-stunned"]);
    await world.as(alice, () => vessa.toggleStatusEffect("echoes-stunned", { active: false }));
    await settled();
    expect(conditions()).toEqual([]);
  });

  it("end with the actor's turn, and a player who does not own the actor changes nothing", async () => {
    await world.as(alice, () => toggleEchoesCondition(vessa as never, "warded"));
    await settled();
    await expect(world.as(bob, () => vessa.toggleStatusEffect("echoes-harmed", { active: true }))).rejects.toThrow(/lacks permission/);
    await world.as(alice, () => endEchoesTurn(vessa as never));
    await settled();
    expect(conditions()).toEqual([]);
    expect(statuses()).toEqual([]);
  });
});
