// The montage test on the strict multi-client world: the Director starts and directs it, each
// player acts for their own hero through the GM (tests and assists rolled, an ability, a pass), the
// Victories land on the heroes, and Mallory can neither act for another, pass off a forged or old
// roll, nor write the montage herself.
import { describe, expect, it } from "vitest";
import { harness } from "../harness/foundry.ts";
import { checkAfterEach, d10, setupTable } from "../fixtures/world.ts";
import type { Table } from "../fixtures/world.ts";
import type { WorldActor, WorldMessage, WorldUser } from "../harness/world.ts";

const t: Table = await setupTable();
const { world, gm, alice, bob, mallory, korva, ryn, vex } = t;
const { beginMontage, currentMontage, directCurrentMontage, endCurrentMontage, requestMontageAction, clearMontage } =
  await import("../../src/documents/montage.ts");
const { montageStatus } = await import("../../src/data/montage.ts");
const { rollCharacteristicTest } = await import("../../src/applications/sheets/rolls.ts");

const shownTo = (user: WorldUser) => world.shown.filter((s) => s.user === user.name).map((s) => s.shown);
const state = (user: WorldUser = alice) => world.as(user, () => currentMontage());

async function rollAs(user: WorldUser, actor: WorldActor, characteristic: string, faces: number[], options: object = {}): Promise<WorldMessage> {
  harness.fixRandom(d10(...faces));
  const value = (actor.system.characteristics as Record<string, number>)[characteristic]!;
  return await world.as(user, () => rollCharacteristicTest(actor as never, characteristic, value, { fast: true, ...options })) as unknown as WorldMessage;
}
const act = (user: WorldUser, data: Record<string, unknown>) => world.as(user, () => requestMontageAction(data as never));
const test = async (user: WorldUser, actor: WorldActor, faces: number[], skill = "", characteristic = "might") => {
  const roll = await rollAs(user, actor, characteristic, faces, skill ? { skill } : {});
  return act(user, { kind: "test", actorUuid: actor.uuid, characteristic, skill, rollMessageId: roll.id });
};

checkAfterEach(world, { honest: false });

describe("a montage test", () => {
  it("is started, directed and ended by the Director only", async () => {
    expect(await world.as(alice, () => beginMontage({ difficulty: "hard" }))).toBeNull();
    expect(await world.as(alice, () => directCurrentMontage({ nextRound: true }))).toBeNull();
    expect(await world.as(alice, () => endCurrentMontage())).toBeNull();
    expect(shownTo(alice)).toEqual(Array(3).fill("Only the Director can do that."));
    // A player cannot write the setting either: the server refuses (world settings are the GM's).
    await expect(world.as(mallory, () => game.settings!.set("steel-echoes", "montage", { version: 1 }))).rejects.toThrow();
    expect(world.refused).toEqual(["Mallory update Setting [steel-echoes.montage]"]);
  });

  it("starts for every player's hero with the table's limits, seen by every client", async () => {
    const s = await world.as(gm, () => beginMontage({ title: "Cross the Infinite Desert", difficulty: "hard" }));
    expect(s).toMatchObject({ title: "Cross the Infinite Desert", limits: { successes: 5, failures: 2 }, rounds: 2 }); // three heroes
    expect(state(bob)?.heroes.map((h) => h.name)).toEqual(["Korva", "Ryn", "Vex"]);
    // It begins with a chat message, whose server time is when rolls start to count.
    const began = [...world.messages].at(-1)!;
    expect(began.content).toContain("Montage test: Cross the Infinite Desert (Hard). 5 successes before 2 failures");
    expect(state(bob)!.startedAt).toBe(began.timestamp);
    await world.as(gm, () => clearMontage());
    await world.as(gm, () => beginMontage({ title: "<img src=x onerror=alert(1)>", difficulty: "easy" }));
    expect([...world.messages].at(-1)!.content).not.toContain("<img");
    await world.as(gm, () => clearMontage());
    expect(state(bob)).toBeNull();
  });

  it("takes each hero's test through the GM, judged at the Director's difficulty, once a round and a skill once", async () => {
    await world.as(gm, () => beginMontage({ difficulty: "moderate", actorUuids: [korva.uuid, ryn.uuid, vex.uuid] }));
    await world.as(gm, () => directCurrentMontage({ testDifficulty: "easy" }));
    expect(await test(alice, korva, [6, 5], "lift")).toBe(true); // 11 + 2 = 13: success on easy
    expect(state()!.heroes[0]!.actions[0]).toMatchObject({ kind: "test", skill: "lift", difficulty: "easy", total: 13, outcome: "success" });
    expect(await test(alice, korva, [6, 5], "climb")).toBe(false);
    expect(shownTo(alice)).toEqual(["That hero has already acted this round."]);
    // Bob acts for Ryn, not for Korva.
    const bobForKorva = await rollAs(bob, ryn, "might", [5, 5]);
    expect(await act(bob, { kind: "test", actorUuid: korva.uuid, characteristic: "might", skill: "", rollMessageId: bobForKorva.id })).toBe(false);
    expect(shownTo(bob)).toEqual(["You can act only for a hero you own."]);
    expect(await act(bob, { kind: "pass", actorUuid: ryn.uuid })).toBe(true);
    expect(await act(mallory, { kind: "ability", actorUuid: vex.uuid, note: "A wind fan fills the sails" })).toBe(true);
    expect(state()!.round).toBe(2); // everyone acted
    expect(await test(alice, korva, [9, 9], "lift")).toBe(false);
    expect(shownTo(alice).at(-1)).toBe("That hero has already used that skill in this montage.");
    await world.as(gm, () => clearMontage());
  });

  it("adds a skill's +2 to a test rolled from the tracker when the hero has the skill, and only then (L5893–5897)", async () => {
    await world.as(alice, () => korva.update({ "system.skills": ["lift", "climb"] }));
    await world.as(gm, () => beginMontage({ difficulty: "moderate", actorUuids: [korva.uuid, ryn.uuid] }));
    await world.as(gm, () => directCurrentMontage({ testDifficulty: "medium" }));
    // Korva's Might 2 + 5 + 5 = 12 (tier 2); her Lift skill makes it 14, still one +2 though she has two skills.
    expect(await test(alice, korva, [5, 5], "lift")).toBe(true);
    expect(state()!.heroes[0]!.actions[0]).toMatchObject({ skill: "lift", total: 14 });
    // Ryn lacks Lift: the test is made without the +2 (L5895).
    expect(await test(bob, ryn, [5, 5], "lift")).toBe(true);
    expect(state()!.heroes[1]!.actions[0]).toMatchObject({ total: 12 });
    await world.as(gm, () => clearMontage());
    await world.as(alice, () => korva.update({ "system.skills": [] }));
  });

  it("refuses what Mallory forges: another's roll, a made-up score, a roll from before the montage", async () => {
    const old = await rollAs(mallory, vex, "might", [9, 9]);
    await world.as(gm, () => beginMontage({ difficulty: "easy", actorUuids: [korva.uuid, vex.uuid] }));
    expect(await act(mallory, { kind: "test", actorUuid: vex.uuid, characteristic: "might", skill: "", rollMessageId: old.id })).toBe(false);
    const alices = await rollAs(alice, korva, "might", [9, 9]);
    expect(await act(mallory, { kind: "test", actorUuid: vex.uuid, characteristic: "might", skill: "", rollMessageId: alices.id })).toBe(false);
    harness.fixRandom(d10(10, 10));
    const forged = await world.as(mallory, async () => {
      const { postPowerRoll } = await import("../../src/applications/chat/post-rolls.ts");
      return postPowerRoll({ characteristic: 5, difficulty: "easy" }, { speaker: ChatMessage.getSpeaker({ actor: vex as never }) });
    }) as unknown as WorldMessage;
    expect(await act(mallory, { kind: "test", actorUuid: vex.uuid, characteristic: "might", skill: "", rollMessageId: forged.id })).toBe(false);
    expect(await act(mallory, { kind: "dance", actorUuid: vex.uuid })).toBe(false);
    expect(shownTo(mallory)).toEqual([...Array(3).fill("That roll does not match: roll from the tracker."), "That is not something the montage understands."]);
    expect(state()!.heroes[1]!.actions).toEqual([]);
    await world.as(gm, () => clearMontage());
  });

  it("puts an assist on the assisted hero's next test, and awards the Victories to every hero at the end (L6141)", async () => {
    await world.as(gm, () => beginMontage({ difficulty: "hard", actorUuids: [korva.uuid, ryn.uuid], limits: { successes: 2, failures: 3 } }));
    await world.as(gm, () => directCurrentMontage({ testDifficulty: "hard" }));
    const help = await rollAs(alice, korva, "reason", [7, 6], { difficulty: "easy", skill: "history" }); // 13 + 2 = 15: success, an edge
    expect(await act(alice, { kind: "assist", actorUuid: korva.uuid, targetUuid: ryn.uuid, characteristic: "reason", skill: "history", rollMessageId: help.id })).toBe(true);
    const assist = state()!.heroes[1]!.assist!;
    expect(assist).toMatchObject({ name: "Korva", effect: { edges: 1 } });
    // Ryn's test from the tracker carries the edge: 7 + 7 + 2 + 2 = 18, a success on hard (16 without).
    const rynRoll = await rollAs(bob, ryn, "might", [7, 7], { difficulty: "hard", assist: assist.effect });
    expect(await act(bob, { kind: "test", actorUuid: ryn.uuid, characteristic: "might", skill: "", rollMessageId: rynRoll.id })).toBe(true);
    expect(state()!.heroes[1]!.actions[0]).toMatchObject({ total: 18, outcome: "success" });
    await world.as(gm, () => directCurrentMontage({ adjust: { successes: 1, failures: 0 } })); // the Director's automatic success
    expect(world.as(gm, () => montageStatus(currentMontage()!))).toMatchObject({ outcome: "total-success", victories: 2 });
    const before = [korva, ryn].map((a) => a.system.victories as number);
    await world.as(gm, () => endCurrentMontage());
    expect([korva, ryn].map((a) => a.system.victories)).toEqual(before.map((v) => v + 2));
    expect(state()!.ended).toEqual({ outcome: "total-success", victories: 2 });
    expect(shownTo(gm).at(-1)).toBe("Total success: each hero gains 2 Victories.");
    // Ended: nothing more is recorded, and the award is not given twice.
    expect(await act(alice, { kind: "pass", actorUuid: korva.uuid })).toBe(false);
    expect(await world.as(gm, () => endCurrentMontage())).toBeNull();
    expect([korva, ryn].map((a) => a.system.victories)).toEqual(before.map((v) => v + 2));
    await world.as(gm, () => clearMontage());
  });
});
