// Issue 32, levelling up at a table of clients (the Director, Alice, Bob), each with their own
// game.user, on a server that refuses what Foundry v13's server refuses (test/harness/world.ts):
// XP reaches the next level at a respite (L585) and the owner takes it with Level up; milestone and
// "Director says so" (L620, L626) are the Director's alone.
import { afterEach, describe, expect, it } from "vitest";
import { checkAfterEach, setupTable } from "../fixtures/world.ts";
import type { Table } from "../fixtures/world.ts";

const t: Table = await setupTable();
const { world, gm, alice, bob, korva } = t;
const { levelUp } = await import("../../src/documents/level-up.ts");
const { takeRespite } = await import("../../src/documents/healing.ts");

type Hero = Parameters<typeof levelUp>[0];
const sys = () => korva.system as { level: number | null; xp: number; victories: number; stamina: { value: number; max: number } };
const warnings = (user: { name: string }) => world.shown.filter((s) => s.user === user.name && s.type === "warn").map((s) => s.shown);
const lastMessage = () => [...world.messages.values()].at(-1)!;

afterEach(() => {
  world.shown.length = 0;
});
checkAfterEach(world, { honest: true });

describe("Level up (L585): the hero's owner, once her XP reaches the next level", () => {
  it("a respite that brings 10 XP says so; Alice then takes level 2, with the Stamina it adds and the class's row in chat", async () => {
    Object.assign(sys(), { level: 1, xp: 8, victories: 2 });
    Object.assign(sys().stamina, { value: 20, max: 20 });
    const respite = await world.as(alice, () => takeRespite(korva as never));
    expect(respite).toMatchObject({ xp: 10, levelBefore: 1, levelAfter: 2, levelUp: true });
    expect(lastMessage().content).toContain("enough for level 2");
    expect(sys().level).toBe(1);

    // The harness prepares no derived data: the hero's model would give her Stamina maximum at each
    // level (HeroModel#staminaMaxAt), here 20 at 1st and 26 at 2nd (the class's 6 a level).
    const hero = {
      get id() { return korva.id; }, type: "hero", name: korva.name, get isOwner() { return korva.isOwner; }, items: korva.items,
      get system() { return { ...sys(), staminaMaxAt: (level: number) => 14 + 6 * level }; },
      update: (changes: object) => (korva as unknown as { update(c: object): Promise<unknown> }).update(changes),
    } as unknown as Hero;
    expect(await world.as(alice, () => levelUp(hero))).toBe(2);
    expect(sys().level).toBe(2);
    expect(sys().stamina.value).toBe(26);
    expect(lastMessage().content).toContain("Korva reaches level 2!");
    expect(lastMessage().content).toContain("Stamina maximum +6");
  });

  it("not again until her XP reaches the 3rd level; Bob cannot level Alice's hero", async () => {
    expect(await world.as(alice, () => levelUp(korva as never))).toBeNull();
    expect(warnings(alice)).toEqual(["Korva does not have the XP for the next level yet (the Director can level a hero at any time)."]);
    expect(sys().level).toBe(2);
    sys().xp = 25;
    expect(await world.as(bob, () => levelUp(korva as never))).toBeNull();
    expect(warnings(bob)).toEqual(["You do not own Korva."]);
    expect(sys().level).toBe(2);
  });
});

describe("milestone and \"Director says so\" (L620, L626)", () => {
  it("the Director levels a hero at any time; on milestone advancement a respite brings no level", async () => {
    Object.assign(sys(), { level: 3, xp: 25, victories: 0 });
    expect(await world.as(gm, () => levelUp(korva as never))).toBe(4);
    expect(sys().level).toBe(4);
    expect(lastMessage().content).toContain("stops before this level");

    await world.as(gm, () => game.settings!.set("steel-echoes", "advancementSpeed", "milestone"));
    Object.assign(sys(), { victories: 200 });
    const respite = await world.as(alice, () => takeRespite(korva as never));
    expect(respite).toMatchObject({ levelUp: false });
    expect(await world.as(alice, () => levelUp(korva as never))).toBeNull();
    expect(await world.as(gm, () => levelUp(korva as never))).toBe(5);
    await world.as(gm, () => game.settings!.set("steel-echoes", "advancementSpeed", "normal"));
  });

  it("never past the 10th", async () => {
    sys().level = 10;
    expect(await world.as(gm, () => levelUp(korva as never))).toBeNull();
    expect(warnings(gm)).toEqual(["Korva is already at the 10th level."]);
  });
});
