// The stormwight's temporary Stamina at a table of separate clients (seed 004, issue 29 item 15):
// Bob's vuken fury shapeshifts with Animal Form on his own client (L3639, L3816: 10 temporary Stamina
// the first time into hybrid wolf form in an encounter), and when Alice's attack applied by the GM's
// client lowers his Stamina, Bob's client offers Regeneration (L3364–3366): the form's 10, or his
// Might once that form's grant was taken, kept by the greater (L7232).
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry.ts";
import { answerDialog, checkAfterEach, d10, setupTable, staminaOf } from "../fixtures/world.ts";
import type { Table } from "../fixtures/world.ts";
import type { WorldActor, WorldMessage, WorldToken } from "../harness/world.ts";

const t: Table = await setupTable();
const { world, alice, bob, korva } = t;
const { useAbilityByUuid, cardServices } = await import("../../src/applications/chat/ability-card.ts");
const { requestCardAction } = await import("../../src/documents/ability-results.ts");
const { formsState } = await import("../../src/documents/stormwight-forms.ts");
const { RELAY } = await import("../../src/documents/relay.ts");

const pack = (...parts: string[]) => {
  const data = JSON.parse(readFileSync(path.join(import.meta.dirname, "../../packs/_source", ...parts), "utf8")) as { name: string; type: string; system: object };
  return { name: data.name, type: data.type, system: data.system };
};
const tor = world.addActor({
  name: "Tor", type: "hero",
  system: {
    characteristics: { might: 3, agility: 1, reason: 0, intuition: 0, presence: 0 },
    stamina: { value: 30, max: 30, temporary: 0 }, recoveries: { value: 8, max: 8 },
    heroicResource: { value: 4, name: "Rage", gain: "1d3" }, victories: 0, xp: 0, level: 1, stability: 0, skills: [],
  },
  items: [pack("kits", "stormwight-kits", "vuken.json"), pack("abilities", "fury", "animal-form.json"), pack("abilities", "fury", "regeneration.json")],
}, [bob]);
const torToken: WorldToken = world.addToken(tor, 1);
const item = (actor: WorldActor, name: string) => [...actor.items].find((i) => i.name === name)!;
const update = (actor: WorldActor, data: object) => (actor as unknown as { update(d: object): Promise<unknown> }).update(data);
const regenerations = () => [...world.messages.values()].filter((m) => String(m.content).includes("Regeneration")).length;

async function animalForm(form: string | null, opened: string[] = []): Promise<string[]> {
  answerDialog(form ? { form } : null, opened);
  await world.as(bob, async () => {
    bob.targets = new Set();
    return useAbilityByUuid(item(tor, "Animal Form").uuid, true);
  });
  await world.settle();
  return opened;
}

/** Alice's Brutal Slam on Tor, applied through the GM's client (he is Bob's); Bob answers Regeneration with `form`. */
async function struck(form: string | null, faces: [number, number] = [6, 5], opened: string[] = []): Promise<string[]> {
  harness.fixRandom(d10(...faces));
  const m = await world.as(alice, async () => {
    alice.targets = new Set([torToken]);
    return useAbilityByUuid(item(korva, "Brutal Slam").uuid, true);
  }) as unknown as WorldMessage;
  answerDialog(form ? { form } : null, opened);
  expect(await world.as(alice, () => requestCardAction({ messageId: m.id!, action: "apply", key: torToken.uuid }, cardServices))).toBe(true);
  await world.settle();
  return opened;
}

beforeAll(() => {
  RELAY.timeoutMs = 2_000;
});

checkAfterEach(world, { honest: true });

describe("Animal Form (L3639) and the kit's form (L3816)", () => {
  it("at rage 4 Bob is offered his wolf and hybrid wolf forms; the hybrid's first shapeshift gives 10 temporary Stamina, the second nothing", async () => {
    const opened = await animalForm("hybrid");
    expect(opened[0]).toContain('<option value="hybrid">hybrid wolf form</option>');
    expect(opened[0]).toContain('<option value="animal">wolf form</option>');
    expect(staminaOf(tor).temporary).toBe(10);
    expect(formsState(tor as never)).toMatchObject({ taken: ["hybrid"], current: "hybrid" });
    await animalForm("true");
    await world.as(bob, () => update(tor, { "system.stamina.temporary": 0 }));
    await animalForm("hybrid");
    expect(staminaOf(tor).temporary).toBe(0);
    expect(String([...world.messages.values()].at(-1)!.content)).toContain("Tor shapeshifts into hybrid wolf form: 0 temporary Stamina granted");
  });
  it("below rage 4 no hybrid form is offered (L3816)", async () => {
    await world.as(bob, () => update(tor, { "system.heroicResource.value": 2 }));
    const opened = await animalForm(null);
    expect(opened[0]).not.toContain("hybrid");
    await world.as(bob, () => update(tor, { "system.heroicResource.value": 4 }));
  });
});

describe("Regeneration (L3364–3366) in the damage flow", () => {
  it("damage that lowers Tor's Stamina: Bob's client asks; the hybrid form's grant was taken, so he gains his Might, 3", async () => {
    const before = staminaOf(tor);
    const opened = await struck("hybrid");
    expect(opened).toHaveLength(1);
    expect(opened[0]).toContain("You lost Stamina");
    expect(staminaOf(tor).value).toBeLessThan(before.value);
    expect(staminaOf(tor).temporary).toBe(3);
    expect(String([...world.messages.values()].at(-1)!.content)).toContain("Tor&#x27;s Regeneration: into hybrid wolf form, 3 temporary Stamina granted");
  });
  it("damage the temporary Stamina absorbs entirely: no Stamina lost, no Regeneration", async () => {
    await world.as(bob, () => update(tor, { "system.stamina.temporary": 40 }));
    const count = regenerations();
    const opened = await struck("hybrid");
    expect(opened).toEqual([]);
    expect(regenerations()).toBe(count);
  });
  it("declined (the dialog closed): nothing changes", async () => {
    await world.as(bob, () => update(tor, { "system.stamina.temporary": 0 }));
    const count = regenerations();
    await struck(null);
    expect(staminaOf(tor).temporary).toBe(0);
    expect(regenerations()).toBe(count);
  });
  it("a dying stormwight is not offered Regeneration (L3364)", async () => {
    await world.as(bob, () => update(tor, { "system.stamina.value": 1 }));
    const opened = await struck("hybrid", [9, 8]);
    expect(staminaOf(tor).value).toBeLessThanOrEqual(0);
    expect(opened).toEqual([]);
    await world.as(bob, () => update(tor, { "system.stamina.value": 30 }));
  });
});
