import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { formatStatBlock, looksLikeStatBlock, parseStatBlock } from "../../src/parser/stat-block.ts";
import type { MonsterLike, ParsedMonster } from "../../src/parser/stat-block.ts";
import { formatAbilityBlock } from "../../src/parser/ability-format.ts";
import { parseAbilityBlock } from "../../src/parser/ability-block.ts";
import { ABILITY_KEYWORDS, DAMAGE_TYPES, MONSTER_ORGANIZATION_IDS, MONSTER_ROLE_IDS, monsterBaseline } from "../../src/rules/index.ts";
import { LANG } from "../harness/foundry.ts";
import { lookup } from "../harness/handlebars-helpers.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PACK = path.join(ROOT, "packs/_source/monsters");

type PackMonster = { name: string; type: string; system: ParsedMonster["system"] & { directorNotes: string }; items: { name: string; type: string; system: ParsedMonster["items"][number]["system"] }[] };
const bestiary: PackMonster[] = readdirSync(PACK, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && !e.name.startsWith("_folder-"))
  .map((e) => JSON.parse(readFileSync(path.join(e.parentPath, e.name), "utf8")) as PackMonster);

/** What a stat block carries of a monster: everything but the Director's notes and the current Stamina. */
const carried = (m: PackMonster | ParsedMonster) => {
  const { directorNotes: _notes, stamina, ...system } = m.system as PackMonster["system"];
  return { name: m.name, system: { ...system, stamina: { max: stamina.max } }, items: m.items.map((i) => ({ name: i.name, type: i.type, system: i.system })) };
};

const SAMPLE = `Quarry Golem
Level 2 Platoon Brute
Keywords: Construct
EV: 8
Stamina: 50
Speed: 4 (burrow)
Size: 1L
Stability: 3
Free Strike: 5
Characteristics: Might +2, Agility -1, Reason -3, Intuition +0, Presence -2
Immunities: poison 5, psychic 3
Weaknesses: sonic 3
Negotiation: interest 0, patience 1, impression 2
Motivations: protection
Pitfalls: freedom, Higher Authority
Description: Stone & mortar <animated>.

Slab Fist (2 VP)
A fist like a gravestone.
Keywords: Attack, Melee, Strike
Type: Action
Distance: Reach 1
Target: 1 creature
Power Roll + Might:
11 or lower: 5 damage
12–16: 9 damage; push 2
17+: 11 damage; prone; dazed (Might resistance ends)

Settle
Keywords:
Type: Trait
Distance: Self
Target: Self
Effect: At the end of each of its turns, the golem gains 5 temporary Stamina.
`;

describe("parseStatBlock", () => {
  it("reads every header line and the ability blocks", () => {
    const r = parseStatBlock(SAMPLE);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const m = r.value;
    expect(m.name).toBe("Quarry Golem");
    expect(m.system).toMatchObject({
      level: 2, organization: "platoon", role: "brute", keywords: ["Construct"], ev: 8,
      stamina: { value: 50, max: 50, temporary: 0 }, speed: 4, movement: ["burrow"], size: { value: 1, letter: "L" },
      stability: 3, freeStrike: 5, characteristics: { might: 2, agility: -1, reason: -3, intuition: 0, presence: -2 },
      immunities: [{ key: "poison", value: 5 }, { key: "psychic", value: 3 }], weaknesses: [{ key: "sonic", value: 3 }],
      negotiation: { interest: 0, patience: 1, impression: 2, motivations: ["protection"], pitfalls: ["freedom", "higherAuthority"] },
      biography: "<p>Stone &amp; mortar &lt;animated&gt;.</p>",
    });
    expect(m.items.map((i) => [i.name, i.system.type, i.system.cost])).toEqual([
      ["Slab Fist", "action", { amount: 2, resource: "villainPower" }],
      ["Settle", "trait", { amount: 0, resource: "" }],
    ]);
    expect(m.items[0]!.system.description).toBe("<p><em>A fist like a gravestone.</em></p>");
    expect(m.items[0]!.system.tiers[2]).toEqual({
      damage: { value: "11", type: "" }, forced: [],
      conditions: [{ id: "prone", duration: "", characteristic: "" }, { id: "dazed", duration: "resistance", characteristic: "might" }], text: "",
    });
    expect(m.items[1]!.system.power.kind).toBe("none");
  });

  it("accepts Horde and Elite for band and troop, and fills missing lines from the baseline", () => {
    const r = parseStatBlock("Swarm\nLevel 3 Horde Harrier\n");
    expect(r.ok && r.value.system.organization).toBe("band");
    const b = monsterBaseline({ level: 3, organization: "band", role: "harrier" });
    expect(r.ok && [r.value.system.stamina.max, r.value.system.ev, r.value.system.freeStrike, r.value.system.speed]).toEqual([b.stamina, b.ev, b.freeStrike, b.speed]);
    const e = parseStatBlock("Guard\nlevel 1 elite defender");
    expect(e.ok && e.value.system.organization).toBe("troop");
  });

  // A paste that does not parse names its line (in the whole paste) and gives no monster.
  const errors: [string, string, number, string][] = [
    ["empty", "  \n\n", 1, "Empty"],
    ["a field first", "Stamina: 5\nLevel 1 Solo Brute", 1, "MissingName"],
    ["no level line", "Golem\nKeywords: Construct", 2, "LevelLine"],
    ["level 0", "Golem\nLevel 0 Solo Brute", 2, "Level"],
    ["unknown organization", "Golem\nLevel 1 Swarm Brute", 2, "UnknownOrganization"],
    ["unknown role", "Golem\nLevel 1 Solo Tank", 2, "UnknownRole"],
    ["a word for a number", "Golem\nLevel 1 Solo Brute\nEV: 6\nStamina: lots", 4, "NotANumber"],
    ["an unknown line", "Golem\nLevel 1 Solo Brute\nArmor Class: 15", 3, "UnknownLine"],
    ["a line without a label", "Golem\nLevel 1 Solo Brute\nit is big", 3, "UnexpectedLine"],
    ["a line twice", "Golem\nLevel 1 Solo Brute\nEV: 6\nEV: 7", 4, "DuplicateLine"],
    ["a bad size", "Golem\nLevel 1 Solo Brute\nSize: 2L", 3, "Size"],
    ["a bad speed", "Golem\nLevel 1 Solo Brute\nSpeed: fast", 3, "Speed"],
    ["an unknown movement", "Golem\nLevel 1 Solo Brute\nSpeed: 5 (hover)", 3, "UnknownMovement"],
    ["a characteristic out of range", "Golem\nLevel 1 Solo Brute\nCharacteristics: Might +6", 3, "Characteristic"],
    ["a characteristic twice", "Golem\nLevel 1 Solo Brute\nCharacteristics: Might +1, Might +2", 3, "Characteristic"],
    ["an unknown damage type", "Golem\nLevel 1 Solo Brute\nImmunities: necrotic 5", 3, "DamageModifier"],
    ["interest above 5", "Golem\nLevel 1 Solo Brute\nNegotiation: interest 6", 3, "Negotiation"],
    ["an unknown motivation", "Golem\nLevel 1 Solo Brute\nMotivations: hunger", 3, "UnknownMotivation"],
  ];
  it.each(errors)("names the failing line: %s", (_what, text, line, key) => {
    const r = parseStatBlock(text);
    expect(r).toEqual({ ok: false, error: expect.objectContaining({ key: `SE.Bestiary.Error.${key}`, line }) });
    if (!r.ok) expect(lookup(LANG, r.error.key), r.error.key).toMatch(/\{line\}|Nothing/);
  });

  it("reports an ability block's error at its line in the whole paste", () => {
    const bad = SAMPLE.replace("Keywords: Attack, Melee, Strike", "Keywords: Attack, Melee, Sneaky");
    const r = parseStatBlock(bad);
    const line = bad.split("\n").findIndex((l) => l.includes("Sneaky")) + 1;
    expect(r).toEqual({ ok: false, error: { key: "SE.Parser.Error.UnknownKeyword", line, data: { keyword: "sneaky" } } });
    const order = SAMPLE.replace("12–16: 9 damage; push 2\n", "");
    const r2 = parseStatBlock(order);
    expect(r2.ok ? 0 : r2.error).toMatchObject({ key: "SE.Parser.Error.TierOrder", line: order.split("\n").findIndex((l) => l.startsWith("17+")) + 1 });
  });

  it("tells stat blocks from ability blocks", () => {
    expect(looksLikeStatBlock(SAMPLE)).toBe(true);
    expect(looksLikeStatBlock("\n\nGolem\n  Level 4 Solo Brute")).toBe(true);
    expect(looksLikeStatBlock("Slab Fist\nKeywords: Attack\nType: Action")).toBe(false);
    expect(looksLikeStatBlock("Golem")).toBe(false);
  });
});

describe("formatStatBlock and parseStatBlock", () => {
  it("format the sample back to the same text", () => {
    const r = parseStatBlock(SAMPLE);
    if (!r.ok) throw new Error("sample does not parse");
    expect(formatStatBlock(r.value)).toBe(SAMPLE.replace("Higher Authority", "higherAuthority"));
  });

  it("reproduce every bestiary monster exactly (export then import)", () => {
    expect(bestiary).toHaveLength(25);
    fc.assert(fc.property(fc.constantFrom(...bestiary), (monster) => {
      const r = parseStatBlock(formatStatBlock(monster as unknown as MonsterLike));
      expect(r.ok).toBe(true);
      if (r.ok) expect(carried(r.value)).toEqual(carried(monster));
    }), { numRuns: 200 });
  });

  const word = fc.stringMatching(/^[A-Za-z][A-Za-z'-]{0,8}$/);
  const sentence = fc.array(fc.oneof(word, fc.constantFrom("&", "<b>", "\"quoted\"", "it's", "5", "—")), { minLength: 1, maxLength: 8 }).map((w) => w.join(" "));
  const size = fc.oneof(
    fc.record({ value: fc.constant(1), letter: fc.constantFrom("T", "S", "M", "L") }),
    fc.record({ value: fc.integer({ min: 2, max: 10 }), letter: fc.constant("") }),
  );
  const modifiers = fc.uniqueArray(fc.record({ key: fc.constantFrom(...DAMAGE_TYPES, ...ABILITY_KEYWORDS, "all"), value: fc.integer({ min: 0, max: 20 }) }), { selector: (m) => m.key, maxLength: 3 });
  const changes = fc.record({
    name: fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join(" ")),
    level: fc.integer({ min: 1, max: 20 }),
    organization: fc.constantFrom(...MONSTER_ORGANIZATION_IDS),
    role: fc.constantFrom(...MONSTER_ROLE_IDS),
    ev: fc.nat(200), stamina: fc.nat(999), speed: fc.nat(12), stability: fc.nat(6), freeStrike: fc.nat(20), size,
    keywords: fc.uniqueArray(fc.array(word, { minLength: 1, maxLength: 2 }).map((w) => w.join(" ")), { maxLength: 3 }),
    might: fc.integer({ min: -5, max: 5 }), presence: fc.integer({ min: -5, max: 5 }),
    immunities: modifiers, weaknesses: modifiers,
    movement: fc.uniqueArray(fc.constantFrom("walk", "burrow", "climb", "fly", "swim", "teleport"), { maxLength: 3 }),
    biography: fc.array(sentence, { maxLength: 3 }),
    abilityName: fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(" ")),
    tierDamage: fc.tuple(fc.nat(30), fc.nat(30), fc.nat(30)),
  });

  it("reproduce any monster built from a bestiary monster with other names and numbers", () => {
    fc.assert(fc.property(fc.constantFrom(...bestiary), changes, (base, c) => {
      const monster: PackMonster = structuredClone(base);
      Object.assign(monster.system, {
        level: c.level, organization: c.organization, role: c.role, ev: c.ev, speed: c.speed, stability: c.stability,
        freeStrike: c.freeStrike, size: c.size, keywords: c.keywords, immunities: c.immunities, weaknesses: c.weaknesses, movement: c.movement,
        stamina: { value: c.stamina, max: c.stamina, temporary: 0 },
        characteristics: { ...monster.system.characteristics, might: c.might, presence: c.presence },
        biography: c.biography.map((p) => `<p>${p.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;")}</p>`).join(""),
      });
      monster.name = c.name;
      monster.items[0]!.name = c.abilityName;
      const rolled = monster.items.find((i) => i.system.power.kind !== "none");
      rolled?.system.tiers.forEach((t, i) => { t.damage.value = c.tierDamage[i] ? String(c.tierDamage[i]) : ""; if (!t.damage.value) t.damage.type = ""; });
      const r = parseStatBlock(formatStatBlock(monster as unknown as MonsterLike));
      expect(r.ok ? carried(r.value) : r.error).toEqual(carried(monster));
    }), { numRuns: 300 });
  });
});

describe("formatAbilityBlock", () => {
  const SEED = path.resolve(ROOT, "packs/_source/abilities");
  const heroAbilities = readdirSync(SEED, { recursive: true, withFileTypes: true })
    // The class abilities, printed in the seed; basic actions and other folders are written here.
    .filter((e) => e.isFile() && !e.name.startsWith("_folder-") && ["conduit", "elementalist", "fury", "shadow", "tactician"].includes(path.basename(e.parentPath)))
    .map((e) => JSON.parse(readFileSync(path.join(e.parentPath, e.name), "utf8")) as { name: string; system: PackMonster["items"][number]["system"] });

  it("writes the seed's class abilities as blocks the parser reads back to the same data", () => {
    expect(heroAbilities.length).toBeGreaterThan(90);
    const mismatched = heroAbilities.filter((a) => {
      const r = parseAbilityBlock(formatAbilityBlock(a));
      if (!r.ok) return true;
      const { signature: _s, description: _d, ...rest } = a.system as typeof a.system & { signature: boolean };
      return JSON.stringify({ ...r.value.system, name: r.value.name }) !== JSON.stringify({ ...rest, name: a.name });
    }).map((a) => a.name);
    expect(mismatched).toEqual([]);
  });
});
