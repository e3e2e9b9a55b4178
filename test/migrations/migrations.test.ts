// Migrations: the pure reshaping of old data, and the runner on a world the active GM opens.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
// The world is set up below; these pure imports do not touch Foundry's globals.
import { migrateAbilityUse, appliedRecordsByKey } from "../../src/migrations/ability-card.ts";
import { FURY_KIT_SIGNATURE_UUIDS, migrateKitSignature } from "../../src/migrations/kit-signature.ts";
import { migrateHeroLevel } from "../../src/migrations/hero-level.ts";
import { BASIC_ACTION_PARAPHRASES, migrateBasicActionText } from "../../src/migrations/basic-actions.ts";
import { basicActionSources } from "../../src/data/basic-actions.ts";
import { compareVersions, pendingMigrations } from "../../src/migrations/index.ts";
import { deletion } from "../../src/compat/versions.ts";
import { planEchoesRecords, planEdgeRecords, planForcedMoveRecords } from "../../src/migrations/gm-records.ts";
import { heroTokenMarkerOf, moveTurnState } from "../../src/migrations/turn-state.ts";
import type { Migration } from "../../src/migrations/index.ts";
import { harness } from "../harness/foundry.ts";
import { setupTable } from "../fixtures/world.ts";
import type { WorldMessage } from "../harness/world.ts";
import { ABILITIES, goblin, use } from "../fixtures/ability-use.ts";

/** An Echoes undo record as characters kept them before 0.2.0. */
const rec = (dp: number) => ({ before: { echo: 3 }, dissonancePoints: dp });
const record = (dealt: number) => ({ before: { stamina: 20, temporary: 0 }, dealt, effectIds: ["fx1"], userId: "u1" });

/** A version 1 card as Foundry stored it: the token UUID keys of `applied` split at their dots. */
function versionOne() {
  const u = use(ABILITIES.brutalSlam!, { targets: [goblin([], 0, "Ogre"), goblin([], 0, "Imp")] });
  const targets = u.targets.map(({ applied: _a, ...t }) => t);
  expect(u.targets[0]!.key).toBe("Scene.s.Token.Ogre");
  return { ...u, version: 1, targets, applied: { Scene: { s: { Token: { Ogre: record(9) } }, gone: { Token: { Old: record(4) } } } } };
}

describe("ability cards of version 1", () => {
  it("find every applied record under the keys Foundry split, and move each onto its target", () => {
    const old = versionOne();
    expect([...appliedRecordsByKey(old.applied).keys()]).toEqual([old.targets[0]!.key, "Scene.gone.Token.Old"]);
    const changes = migrateAbilityUse(old)!;
    expect(changes.version).toBe(2);
    expect(changes["-=applied"]).toBeNull();
    expect((changes.targets as { applied: unknown }[]).map((t) => t.applied)).toEqual([{ dealt: 9, effectIds: ["fx1"], userId: "u1" }, null]);
    // A record whose target left the card is kept, not dropped.
    expect(changes.orphanedApplied).toEqual({ Scene_gone_Token_Old: { dealt: 4, effectIds: ["fx1"], userId: "u1", key: "Scene.gone.Token.Old" } });
  });
  it("leave version 2 cards and anything else alone", () => {
    expect(migrateAbilityUse(use(ABILITIES.brutalSlam!))).toBeNull();
    expect(migrateAbilityUse(null)).toBeNull();
    expect(migrateAbilityUse({ targets: "x" })).toBeNull();
  });
});

describe("stormwight signature abilities taken from the Fury folder", () => {
  it("are marked signature, found by the compendium entry they came from; anything else is left alone", () => {
    const [claws] = FURY_KIT_SIGNATURE_UUIDS;
    const copy = (over: Record<string, unknown>) => ({ type: "ability", system: { signature: false }, ...over });
    expect(migrateKitSignature(copy({ _stats: { compendiumSource: claws } }))).toEqual({ "system.signature": true });
    expect(migrateKitSignature(copy({ flags: { core: { sourceId: claws } } }))).toEqual({ "system.signature": true });
    expect(migrateKitSignature(copy({ _stats: { compendiumSource: claws }, system: { signature: true } }))).toBeNull();
    expect(migrateKitSignature(copy({ _stats: { compendiumSource: "Compendium.steel-echoes.abilities.Item.other" } }))).toBeNull();
    expect(migrateKitSignature(copy({ type: "feature", _stats: { compendiumSource: claws } }))).toBeNull();
  });
  it("name exactly the Fury folder's abilities the pack marks signature", () => {
    const dir = path.resolve(import.meta.dirname, "../../packs/_source/abilities/fury");
    const marked = readdirSync(dir).map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")) as { _id: string; system?: { signature?: boolean } })
      .filter((d) => d.system?.signature === true).map((d) => `Compendium.steel-echoes.abilities.Item.${d._id}`);
    expect([...FURY_KIT_SIGNATURE_UUIDS].sort()).toEqual(marked.sort());
  });
});

describe("versions", () => {
  it("compare numerically and pick the migrations between the world's version and the system's", () => {
    expect(compareVersions("0.10.0", "0.9.1")).toBe(1);
    expect(compareVersions("1.0", "1.0.0")).toBe(0);
    const all: Migration[] = [{ version: "0.3.0" }, { version: "0.2.0" }, { version: "1.0.0" }];
    expect(pendingMigrations("", "0.3.0", all).map((m) => m.version)).toEqual(["0.2.0", "0.3.0"]);
    expect(pendingMigrations("0.2.0", "0.3.0", all).map((m) => m.version)).toEqual(["0.3.0"]);
    expect(pendingMigrations("0.3.0", "0.3.0", all)).toEqual([]);
  });
});

describe("the runner, on a world opened by its GM", async () => {
  const t = await setupTable();
  const { world, gm, alice, mallory, vex, ogre, tokens } = t;
  const { runMigrations, MIGRATION_SETTING } = await import("../../src/migrations/index.ts");
  const { echoesSystem } = await import("../fixtures/echoes.ts");
  const setting = () => world.as(gm, () => game.settings!.get("steel-echoes", MIGRATION_SETTING as never));
  afterEach(() => { world.shown.length = 0; });

  it("migrates old cards once, records the version, and does nothing on the players' clients", async () => {
    const message = await world.as(alice, () => ChatMessage.create({ content: "", flags: { "steel-echoes": { abilityUse: versionOne() } } } as never)) as unknown as WorldMessage;
    expect(await world.as(alice, () => runMigrations())).toBeNull();
    expect(setting()).toBe("");
    expect(await world.as(gm, () => runMigrations())).toBe(0);
    const migrated = (message.flags["steel-echoes"] as { abilityUse: Record<string, unknown> }).abilityUse;
    expect(migrated.version).toBe(2);
    expect(migrated.applied).toBeUndefined();
    expect((migrated.targets as { applied: unknown }[])[0]!.applied).toEqual({ dealt: 9, effectIds: ["fx1"], userId: "u1" });
    expect(setting()).toBe("0.2.0");
    expect(world.shown.map((s) => s.shown)).toEqual([
      "Steel & Echoes: updating this world's data to version 0.2.0…", "Steel & Echoes: this world's data is up to date with version 0.2.0."]);
    expect(await world.as(gm, () => runMigrations())).toBeNull();
  });

  it("marks a hero's Bear Claws taken from the Fury folder signature, and leaves its other abilities alone", async () => {
    await world.as(gm, () => game.settings!.set("steel-echoes", MIGRATION_SETTING as never, "0.1.0" as never));
    const hero = world.addActor({ name: "Korga", type: "hero", items: [
      { name: "Bear Claws", type: "ability", system: { signature: false }, _stats: { compendiumSource: FURY_KIT_SIGNATURE_UUIDS[0] } },
      { name: "Brutal Slam", type: "ability", system: { signature: false }, _stats: { compendiumSource: "Compendium.steel-echoes.abilities.Item.x" } },
    ] }, [alice]);
    await world.as(gm, () => runMigrations());
    expect([...hero.items].map((i) => [i.name, i.system.signature])).toEqual([["Bear Claws", true], ["Brutal Slam", false]]);
    expect(setting()).toBe("0.2.0");
  });

  it("stores each hero's level as her XP gave it, once; a stored level and a monster are left alone (issue 32)", async () => {
    await world.as(gm, () => game.settings!.set("steel-echoes", MIGRATION_SETTING as never, "0.1.0" as never));
    const veteran = world.addActor({ name: "Veteran", type: "hero", system: { xp: 55 } }, [alice]);
    const levelled = world.addActor({ name: "Levelled", type: "hero", system: { xp: 55, level: 2 } }, [alice]);
    const ogreBefore = structuredClone(ogre.system);
    await world.as(gm, () => runMigrations());
    expect(veteran.system.level).toBe(5);
    expect(levelled.system.level).toBe(2);
    expect(ogre.system).toEqual(ogreBefore);
    expect(migrateHeroLevel({ type: "hero", system: { xp: 30 } }, "double")).toEqual({ "system.level": 5 });
    expect(migrateHeroLevel({ type: "hero", system: { xp: 30 } }, "milestone")).toEqual({ "system.level": 3 });
    expect(migrateHeroLevel({ type: "hero", system: { level: null } }, "normal")).toEqual({ "system.level": 1 });
  });

  it("a document that cannot be updated is reported and left as it was; the world stays at its version to try again", async () => {
    await world.as(gm, () => game.settings!.set("steel-echoes", MIGRATION_SETTING as never, "0.1.0" as never));
    const message = await world.as(alice, () => ChatMessage.create({ content: "", flags: { "steel-echoes": { abilityUse: versionOne() } } } as never)) as unknown as WorldMessage;
    message.update = async () => { throw new Error("refused"); };
    const before = structuredClone(message.flags);
    const errors = console.error;
    console.error = () => undefined;
    try {
      expect(await world.as(gm, () => runMigrations())).toBe(1);
    } finally {
      console.error = errors;
    }
    expect(message.flags).toEqual(before);
    expect(setting()).toBe("0.1.0");
    expect(world.shown.map((s) => s.shown)).toEqual(["Steel & Echoes: updating this world's data to version 0.2.0…", "Steel & Echoes: 1 documents could not be updated and were left as they were; see the console (F12). The update runs again at the next start."]);
    expect(harness.hooks.errors).toEqual([]);
  });

  it("moves the Echoes undo records and the EDGE hands into the GM's settings, leaving forgeries where they were", async () => {
    world.messages.clear(); // the card the test above made unwritable
    await world.as(gm, () => game.settings!.set("steel-echoes", MIGRATION_SETTING as never, "0.1.0" as never));
    const vessa = world.addActor({ name: "Vessa", type: "echoes", system: echoesSystem() }, [alice]);
    const other = world.addActor({ name: "Other", type: "echoes", system: echoesSystem() }, [mallory]);
    const check = (actor: typeof vessa, user: typeof alice) => world.as(user, () => ChatMessage.create({ content: "", flags: { "steel-echoes": { echoesCheck: { actorUuid: actor.uuid } } } } as never)) as unknown as Promise<WorldMessage>;
    const [m1, m2] = [await check(vessa, alice), await check(other, mallory)];
    vessa.flags = { "steel-echoes": { echoesApplied: { [m1.id]: rec(2) } } };
    other.flags = { "steel-echoes": { echoesApplied: { [m1.id]: rec(9), [m2.id]: rec(3) } } };
    const hand = (owner: typeof alice, label: string, playedIn?: string) => world.as(gm, () => world.createCards({
      name: "Hand", type: "hand", ownership: { default: 0, [owner.id]: 3 }, flags: { "steel-echoes": { edgeHandOf: label, ...(playedIn ? { playedIn } : {}) } },
    }));
    const forged = await hand(mallory, alice.id);
    const real = await hand(alice, alice.id, "combat1");
    const malloryHand = await hand(mallory, mallory.id);

    expect(await world.as(gm, () => runMigrations())).toBe(0);
    const setting = (key: string) => world.settings.get(`steel-echoes.${key}`)!.value;
    expect(setting("echoesApplied")).toMatchObject({ [m1.id]: { ...rec(2), actorUuid: vessa.uuid }, [m2.id]: { ...rec(3), actorUuid: other.uuid } });
    expect(vessa.flags["steel-echoes"]).toEqual({ echoesApplied: {} });
    // Not the check's character: left where it was.
    expect(other.flags["steel-echoes"]).toEqual({ echoesApplied: { [m1.id]: rec(9) } });
    expect(setting("edgeCards")).toEqual({ hands: { [alice.id]: real.id, [mallory.id]: malloryHand.id }, playedIn: { [alice.id]: "combat1" } });
    expect([real.flags["steel-echoes"], malloryHand.flags["steel-echoes"]]).toEqual([{}, {}]);
    expect(forged.flags["steel-echoes"]).toEqual({ edgeHandOf: alice.id });
    // Undo now finds the moved record.
    const { edgeHand } = await import("../../src/documents/edge-cards.ts");
    expect(world.as(alice, () => edgeHand(alice.id))).toBe(real);
    expect(harness.hooks.errors).toEqual([]);
  });

  it("moves forced-movement records into the GM's setting: whole from the Ogre, only Vex's own part from Mallory's hero", async () => {
    for (const m of [...world.messages]) if (Object.hasOwn(m, "update")) await world.as(gm, () => m.delete());
    const old = { tokenUuid: "Scene.s.Token.t", from: { x: 0, y: 0 }, to: { x: 100, y: 0 }, self: { stamina: 1, temporary: 0 },
      slammed: { actorUuid: "Actor.x", stamina: 1, temporary: 0 } };
    await world.as(gm, () => ogre.update({ "flags.steel-echoes.cardMoved": { m1: { k1: old } } }));
    await world.as(mallory, () => vex.update({ "flags.steel-echoes.cardMoved": { m2: { k2: old } } }));
    await world.as(gm, () => game.settings!.set("steel-echoes", MIGRATION_SETTING as never, "0.1.0" as never));
    expect(await world.as(gm, () => runMigrations())).toBe(0);
    expect(world.settings.get("steel-echoes.forcedMoves")!.value).toEqual({
      m1: { k1: { ...old, slammed: [old.slammed], actorUuid: ogre.uuid } },
      m2: { k2: { ...old, slammed: [], actorUuid: vex.uuid } },
    });
    expect((ogre.flags["steel-echoes"] as Record<string, unknown>).cardMoved).toEqual({ m1: {} });
    expect((vex.flags["steel-echoes"] as Record<string, unknown>).cardMoved).toEqual({ m2: { k2: old } });
    await world.as(mallory, () => vex.update(deletion("flags.steel-echoes.cardMoved")));
    await world.as(gm, () => ogre.update(deletion("flags.steel-echoes.cardMoved")));
    expect(harness.hooks.errors).toEqual([]);
  });

  it("moves turn state into the combat, removing it from the combatants and the hero; a marker of a deleted combat stays", async () => {
    // The message the test above made unwritable goes.
    for (const m of [...world.messages]) if (Object.hasOwn(m, "update")) await world.as(gm, () => m.delete());
    const combat = world.addCombat([tokens.vex, tokens.ogre]);
    const [mine, theirs] = [...combat.combatants];
    await world.as(gm, () => combat.update({ round: 2, turn: 1 }));
    // The active GM's Villain Power for round 2 (issue 33), granted as the GM's update set the round,
    // lands first (its turn flow loads with import(): src/documents/combat-flow.ts).
    await world.settle();
    // The world as 0.1 left it (the GM's update above recorded the turn; a 0.1 world has no record).
    delete (combat.flags as Record<string, Record<string, unknown>>)["steel-echoes"];
    await world.as(mallory, () => mine!.update({ "flags.steel-echoes": { actedRound: 2, stats: { vigor: 3 } } }));
    await world.as(gm, () => theirs!.update({ "flags.steel-echoes.lostTurn": 3 }));
    await world.as(mallory, () => vex.update({ "flags.steel-echoes.heroTokenTurn": `${combat.id}:2:${mine!.id}` }));
    await world.as(gm, () => ogre.update({ "flags.steel-echoes.heroTokenTurn": "gone:1:x" }));
    await world.as(gm, () => game.settings!.set("steel-echoes", MIGRATION_SETTING as never, "0.1.0" as never));
    expect(await world.as(gm, () => runMigrations())).toBe(0);
    expect(combat.flags["steel-echoes"]).toEqual({
      turns: { [mine!.id]: { actedRound: 2 }, [theirs!.id]: { lostTurn: 3 } },
      heroTokenTurns: { [vex.uuid.replaceAll(".", "_")]: `${combat.id}:2:${mine!.id}` },
      trustedTurn: { round: 2, turn: 1 },
    });
    expect([mine!.flags["steel-echoes"], theirs!.flags["steel-echoes"]]).toEqual([{ stats: { vigor: 3 } }, {}]);
    expect([vex.flags["steel-echoes"], ogre.flags["steel-echoes"]]).toEqual([{}, { heroTokenTurn: "gone:1:x" }]);
    await world.as(gm, () => combat.delete());
  });
});

describe("basic actions in the seed's words (0.2.0)", () => {
  const catchBreath = (over: Record<string, unknown> = {}) => ({
    name: "Catch Breath", type: "ability",
    system: { effect: BASIC_ACTION_PARAPHRASES["Catch Breath"], distance: { text: "" } },
    flags: { "steel-echoes": { basicAction: true } },
    ...over,
  });
  const seedText = basicActionSources().find((a) => a.name === "Catch Breath")!.system.effect;
  it("replace an unedited paraphrase with the seed's text and add the seed line", () => {
    expect(seedText).toMatch(/^<p>By using the Catch Breath action/);
    expect(migrateBasicActionText(catchBreath())).toEqual({ "system.effect": seedText, "flags.steel-echoes.seedLine": 7073 });
  });
  it("keep an effect its owner edited, and fill in only what is missing", () => {
    const edited = catchBreath({ system: { effect: "<p>House rule: heal 10.</p>", distance: { text: "" } } });
    expect(migrateBasicActionText(edited)).toEqual({ "flags.steel-echoes.seedLine": 7073 });
    const grab = { name: "Grab", type: "ability", system: { effect: "<p>x</p>", distance: { text: "" } }, flags: { "steel-echoes": { basicAction: true } } };
    expect(migrateBasicActionText(grab)).toEqual({ "system.distance.text": "Reach 1", "flags.steel-echoes.seedLine": 7013 });
  });
  it("give an unedited Grab copy's tier 3 the grabbed condition its words state (L7030)", () => {
    const tiers = [{ text: "No effect", conditions: [] }, { text: "You can grab the target, but…", conditions: [] }, { text: "The target is grabbed by you.", conditions: [] }];
    const grab = { name: "Grab", type: "ability", system: { effect: "<p>x</p>", distance: { text: "Reach 1" }, tiers },
      flags: { "steel-echoes": { basicAction: true, seedLine: 7013 } } };
    expect(migrateBasicActionText(grab)).toEqual({ "system.tiers": [tiers[0], tiers[1], { ...tiers[2], conditions: [{ id: "grabbed", duration: "", characteristic: "" }] }] });
    // An edited tier 3, or one that already grabs, is left alone.
    const edited = { ...grab, system: { ...grab.system, tiers: [tiers[0], tiers[1], { text: "House rule", conditions: [] }] } };
    expect(migrateBasicActionText(edited)).toBeNull();
    expect(migrateBasicActionText({ ...grab, system: { ...grab.system, tiers: basicActionSources().find((a) => a.name === "Grab")!.system.tiers } })).toBeNull();
  });
  it("leave migrated copies, other abilities and other items alone", () => {
    const done = catchBreath({ system: { effect: seedText, distance: { text: "" } }, flags: { "steel-echoes": { basicAction: true, seedLine: 7073 } } });
    expect(migrateBasicActionText(done)).toBeNull();
    expect(migrateBasicActionText(catchBreath({ flags: {} }))).toBeNull();
    expect(migrateBasicActionText(catchBreath({ type: "feature" }))).toBeNull();
    expect(migrateBasicActionText(catchBreath({ name: "My Own Action" }))).toBeNull();
  });
  it("know every basic action whose effect changed", () => {
    const names = basicActionSources().map((a) => a.name);
    for (const name of Object.keys(BASIC_ACTION_PARAPHRASES)) expect(names).toContain(name);
    for (const a of basicActionSources()) expect(a.system.effect).not.toBe(BASIC_ACTION_PARAPHRASES[a.name]);
  });
});

describe("records the GM trusts move where only a GM writes (0.2.0, issue 28)", () => {
  it("plan: an Echoes undo record moves from the character its check names, with that character; any other stays", () => {
    const checks: Record<string, string> = { m1: "Actor.vessa", m2: "Actor.vessa", m3: "Actor.ryn" };
    const plan = planEchoesRecords([
      { uuid: "Actor.vessa", flags: { "steel-echoes": { echoesApplied: { m1: rec(2), m2: rec(4), m3: rec(9), gone: rec(1) } } } },
      { uuid: "Actor.ryn", flags: { "steel-echoes": { echoesApplied: { m1: rec(5) } } } },
      { uuid: "Actor.none", flags: {} },
    ], (id) => checks[id] ?? null, { m2: { ...rec(4), actorUuid: "Actor.vessa" } });
    expect(plan.records).toEqual({ m1: { ...rec(2), actorUuid: "Actor.vessa" } });
    // m2 is already in the setting (an earlier run): it only leaves the character. m3 and "gone" name
    // another character or no check, and Ryn's m1 is not Ryn's check: they stay.
    expect([...plan.clear]).toEqual([["Actor.vessa", ["m1", "m2"]]]);
  });
  it("plan: an EDGE hand is recorded for the player it is labelled for only if that player owns it; the first such hand wins", () => {
    const hand = (id: string, owner: string, label: string, playedIn?: string) =>
      ({ id, type: "hand", ownership: { default: 0, [owner]: 3 }, flags: { "steel-echoes": { edgeHandOf: label, ...(playedIn ? { playedIn } : {}) } } });
    const plan = planEdgeRecords([
      hand("h1", "alice", "alice", "c1"), hand("h2", "mallory", "alice"), hand("h3", "alice", "alice"),
      hand("h4", "bob", "bob"), { id: "deck", type: "deck", ownership: {}, flags: { "steel-echoes": { edgeHandOf: "bob" } } },
    ], { hands: { bob: "h9" }, playedIn: {} });
    expect(plan.record).toEqual({ hands: { alice: "h1", bob: "h9" }, playedIn: { alice: "c1" } });
    expect(plan.moved).toEqual(["h1"]);
  });
});

describe("forced-movement records move to the GM's world setting (0.2.0, issue 28)", () => {
  const rec = (extra: Record<string, unknown> = {}) => ({
    tokenUuid: "Scene.s.Token.t", from: { x: 0, y: 0 }, to: { x: 200, y: 0 }, self: { stamina: 2, temporary: 0 }, proneEffectId: "p1", ledge: 3,
    slammed: { actorUuid: "Actor.ogre", stamina: 2, temporary: 0 }, landed: [{ actorUuid: "Actor.ogre", stamina: 4, temporary: 0 }],
    brokenTiles: [{ tileUuid: "Scene.s.Tile.g", squares: [] }], ...extra,
  });
  const flags = (records: Record<string, unknown>) => ({ "steel-echoes": { cardMoved: records } });
  it("a record on a creature no player owns moves whole, with the creature, and leaves it", () => {
    const plan = planForcedMoveRecords([{ uuid: "Actor.goblin", flags: flags({ m1: { k1: rec() } }) }], () => false, {});
    // The old single creature slammed into is kept as a one-element list (every creature in a collision, L6948).
    expect(plan.records).toEqual({ m1: { k1: { ...rec(), slammed: [{ actorUuid: "Actor.ogre", stamina: 2, temporary: 0 }], actorUuid: "Actor.goblin" } } });
    expect([...plan.clear]).toEqual([["Actor.goblin", ["m1.k1"]]]);
  });
  it("a record's slammed list stays a list, and none becomes an empty one", () => {
    const two = [{ actorUuid: "Actor.a", stamina: 3, temporary: 0 }, { actorUuid: "Actor.b", stamina: 3, temporary: 0 }];
    const plan = planForcedMoveRecords([{ uuid: "Actor.goblin", flags: flags({ m1: { k1: rec({ slammed: two }), k2: rec({ slammed: null }) } }) }], () => false, {});
    expect(plan.records.m1!.k1!.slammed).toEqual(two);
    expect(plan.records.m1!.k2!.slammed).toEqual([]);
  });
  it("on a creature a player owns only what touches that creature moves; the old flag stays, undoing nothing", () => {
    const plan = planForcedMoveRecords([{ uuid: "Actor.vex", flags: flags({ m1: { k1: rec() } }) }], (uuid) => uuid === "Actor.vex", {});
    expect(plan.records).toEqual({ m1: { k1: {
      tokenUuid: "Scene.s.Token.t", from: { x: 0, y: 0 }, to: { x: 200, y: 0 }, self: { stamina: 2, temporary: 0 }, proneEffectId: "p1", ledge: 3,
      slammed: [], actorUuid: "Actor.vex",
    } } });
    expect([...plan.clear]).toEqual([]);
  });
  it("keeps what the setting already holds (a second run), and skips what is not a record", () => {
    const held = { m1: { k1: { ...rec(), actorUuid: "Actor.goblin" } } };
    const plan = planForcedMoveRecords([
      { uuid: "Actor.goblin", flags: flags({ m1: { k1: rec({ from: { x: 9, y: 9 } }), k2: "junk" }, m2: null }) },
      { uuid: "Actor.none", flags: {} },
    ], () => false, held);
    expect(plan.records).toEqual({});
    expect([...plan.clear]).toEqual([["Actor.goblin", ["m1.k1"]]]);
  });
});

describe("turn state moves to the combat's flags (0.2.0)", () => {
  const combatant = (id: string, flags: Record<string, unknown>) => ({ _id: id, flags: { "steel-echoes": flags } });
  it("takes each combatant's turn keys and the heroes' markers of this combat, and records the round and turn", () => {
    const move = moveTurnState(
      { _id: "c1", round: 3, turn: 1, flags: {} },
      [combatant("a", { actedRound: 3, side: "heroes", stats: { vigor: 2 } }), combatant("b", { lostTurn: 4, climbRound: null }), combatant("x", { stats: {} })],
      [{ uuid: "Actor.h1", turnKey: "c1:3:a" }, { uuid: "Actor.h2", turnKey: "c2:1:z" }],
    );
    expect(move.combat).toEqual({
      "flags.steel-echoes.turns.a.actedRound": 3, "flags.steel-echoes.turns.a.side": "heroes",
      "flags.steel-echoes.turns.b.lostTurn": 4, "flags.steel-echoes.turns.b.climbRound": null,
      "flags.steel-echoes.heroTokenTurns.Actor_h1": "c1:3:a",
      "flags.steel-echoes.trustedTurn": { round: 3, turn: 1 },
    });
    // Only the turn keys leave the combatants (engine stats stay), and only this combat's marker its hero.
    expect(move.combatants).toEqual({
      a: { "flags.steel-echoes.-=actedRound": null, "flags.steel-echoes.-=side": null },
      b: { "flags.steel-echoes.-=lostTurn": null, "flags.steel-echoes.-=climbRound": null },
    });
    expect(move.heroes).toEqual(["Actor.h1"]);
  });
  it("keeps what the combat already holds, and leaves a migrated combat alone", () => {
    const done = { _id: "c1", round: 2, turn: null, flags: { "steel-echoes": { trustedTurn: { round: 2, turn: null }, turns: { a: { actedRound: 2 } }, heroTokenTurns: { Actor_h1: "c1:2:a" } } } };
    const move = moveTurnState(done, [combatant("a", { actedRound: 1 })], [{ uuid: "Actor.h1", turnKey: "c1:1:a" }]);
    expect(move.combat).toBeNull();
    expect(move.combatants).toEqual({ a: { "flags.steel-echoes.-=actedRound": null } });
    expect(moveTurnState(done, [combatant("a", {})], [])).toEqual({ combat: null, combatants: {}, heroes: [] });
  });
  it("reads a hero's old marker", () => {
    expect(heroTokenMarkerOf({ flags: { "steel-echoes": { heroTokenTurn: "c1:1:a" } } }, "Actor.h")).toEqual({ uuid: "Actor.h", turnKey: "c1:1:a" });
    expect(heroTokenMarkerOf({ flags: {} }, "Actor.h")).toBeNull();
  });
});
