import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { installFoundryHarness } from "../harness/foundry.ts";
import type { DataField } from "../harness/data-fields.ts";
import { ArrayField, DataModelValidationError, HTMLField, SchemaField } from "../harness/data-fields.ts";
import { sourceProblems } from "../harness/source-problems.ts";
import type { ModelClass as SourceModel } from "../harness/source-problems.ts";
import { lookup } from "../harness/handlebars-helpers.ts";

installFoundryHarness();
const { ACTOR_MODELS, ITEM_MODELS } = await import("../../src/data/index.ts");
const { ECHOES_MODELS } = await import("../../src/games/echoes.ts");

const ROOT = path.resolve(import.meta.dirname, "../..");
const lang = JSON.parse(readFileSync(path.join(ROOT, "lang/en.json"), "utf8"));
const manifest = JSON.parse(readFileSync(path.join(ROOT, "system.json"), "utf8"));

type ModelClass = { LOCALIZATION_PREFIXES: string[]; schema: SchemaField; migrateData(d: Record<string, unknown>): Record<string, unknown>; new (data?: Record<string, unknown>, o?: { parent?: unknown }): Record<string, unknown> & { prepareDerivedData(): void } } & SourceModel;
const ALL = { ...ACTOR_MODELS, ...ITEM_MODELS, ...ECHOES_MODELS.Actor, ...ECHOES_MODELS.Item } as unknown as Record<string, ModelClass>;

/** Every field path as Foundry builds label keys from LOCALIZATION_PREFIXES (array elements as "element"). */
function fieldPaths(field: DataField, prefix: string): string[] {
  if (field instanceof SchemaField) {
    return Object.entries(field.fields).flatMap(([k, f]) => [`${prefix}${k}`, ...fieldPaths(f, `${prefix}${k}.`)]);
  }
  if (field instanceof ArrayField && field.element instanceof SchemaField) return fieldPaths(field.element, `${prefix}element.`);
  return [];
}

describe("data models", () => {
  it.each(Object.entries(ALL))("%s has a localised label for every field", (_type, Model) => {
    const [prefix] = Model.LOCALIZATION_PREFIXES;
    const missing = fieldPaths(Model.schema, "").filter((p) => lookup(lang, `${prefix}.FIELDS.${p}.label`) === undefined);
    expect(missing).toEqual([]);
  });

  it.each(Object.entries(ALL))("%s labels every choice with an existing localisation key", (_type, Model) => {
    const missing: string[] = [];
    const walk = (field: DataField) => {
      const choices = field.options.choices;
      if (choices && !Array.isArray(choices)) {
        for (const key of Object.values(choices as Record<string, string>)) if (lookup(lang, key) === undefined) missing.push(key);
      }
      if (field instanceof SchemaField) Object.values(field.fields).forEach(walk);
      if (field instanceof ArrayField) walk(field.element);
    };
    walk(Model.schema);
    expect(missing).toEqual([]);
  });

  it("declares every htmlField of system.json as an HTML field of its model", () => {
    for (const [documentName, types] of Object.entries(manifest.documentTypes as Record<string, Record<string, { htmlFields: string[] }>>)) {
      for (const [type, { htmlFields }] of Object.entries(types)) {
        // Echoes' models register with its chunk (src/games/echoes.ts), Draw Steel's at init (src/data/index.ts).
        const models = documentName === "Actor" ? { ...ACTOR_MODELS, ...ECHOES_MODELS.Actor } : { ...ITEM_MODELS, ...ECHOES_MODELS.Item };
        const Model = models[type as never] as unknown as ModelClass;
        expect(Model, `${documentName}.${type} has a data model`).toBeDefined();
        for (const name of htmlFields) expect(Model.schema.fields[name], `${type}.${name}`).toBeInstanceOf(HTMLField);
      }
    }
  });

  // v13 cleans before it validates (common/data/fields.mjs NumberField#_cleanType): a number outside
  // its bounds is stored clamped, a fraction rounded. Only what cleaning cannot mend is refused.
  it("stores characteristics clamped into -5..5 and rounded, for heroes and monsters", () => {
    for (const Model of [ALL.hero!, ALL.monster!]) {
      expect(Model.cleanData({ characteristics: { might: 5, agility: -5 } }).characteristics).toMatchObject({ might: 5, agility: -5 });
      expect(Model.cleanData({ characteristics: { might: 6, reason: -6, presence: 1.5, intuition: "2" } }).characteristics)
        .toEqual({ might: 5, agility: 0, reason: -5, intuition: 2, presence: 2 });
      expect(sourceProblems(Model, { characteristics: { might: 6 } })).toEqual(['characteristics.might: 6 is stored as 5']);
    }
  });

  it("stores negative speed, stability and counters as their minimum", () => {
    expect(ALL.monster!.cleanData({ speed: -1, negotiation: { interest: 6 } })).toMatchObject({ speed: 0, negotiation: { interest: 5 } });
    expect(ALL.hero!.cleanData({ xp: -3, victories: -1 })).toMatchObject({ xp: 0, victories: 0 });
    expect(ALL.ancestry!.cleanData({ speed: -2 })).toMatchObject({ speed: 0 });
  });

  it("stores numbers past the ceiling as the ceiling (1e20 is a whole number), and refuses a tier condition's duration outside the list", () => {
    expect(ALL.hero!.cleanData({ stamina: { value: 1e20 }, victories: 1e20, recoveries: { value: -1e20 } }))
      .toMatchObject({ stamina: { value: 9999 }, victories: 9999, recoveries: { value: 0 } });
    expect(ALL.monster!.cleanData({ ev: 10_000 }).ev).toBe(9999);
    const tier = (id: string, duration = "EoT") => ({ damage: { value: "3", type: "" }, forced: [{ kind: "push", distance: 1e9, vertical: false }], conditions: [{ id, duration, characteristic: "" }], text: "" });
    const cleaned = ALL.ability!.cleanData({ tiers: [tier("prone"), tier("prone"), tier("slowed")] }) as { tiers: { forced: { distance: number }[] }[] };
    expect(cleaned.tiers.map((t) => t.forced[0]!.distance)).toEqual([9999, 9999, 9999]);
    // "forever" is no duration of the list and cleaning cannot mend it: constructing the model throws.
    // (An unknown condition id is moved into the tier's text by migrateData: see the next test.)
    expect(() => new ALL.ability!({ tiers: [tier("prone", "forever"), tier("prone"), tier("slowed")] })).toThrow(DataModelValidationError);
    expect(sourceProblems(ALL.ability!, { tiers: [tier("prone", "forever"), tier("prone"), tier("slowed")] })).toEqual(["tiers.0.conditions.0.duration: forever is not a valid choice"]);
  });

  it("moves a tier condition outside the seed's list into the tier's text when the ability loads, losing nothing", () => {
    const tier = (conditions: object[], text = "") => ({ damage: { value: "3", type: "" }, forced: [], conditions, text });
    const source = { tiers: [tier([{ id: "", duration: "EoT", characteristic: "" }, { id: "prone", duration: "", characteristic: "" }]), tier([{ id: "stunned", duration: "EoT", characteristic: "" }], "push 1"), tier([])] };
    const ability = new ALL.ability!(structuredClone(source)) as unknown as { tiers: { conditions: { id: string }[]; text: string }[] };
    expect(ability.tiers.map((t) => [t.conditions.map((c) => c.id), t.text])).toEqual([[["prone"], "EoT"], [[], "push 1; stunned EoT"], [[], ""]]);
    expect(sourceProblems(ALL.ability!, source)).toEqual([]);
  });

  it("accepts skills from the seed's list only", () => {
    expect(sourceProblems(ALL.hero!, { skills: ["climb", "readPerson"] })).toEqual([]);
    expect(sourceProblems(ALL.hero!, { skills: ["brewing"] })).toEqual(["skills.0: brewing is not a valid choice"]);
  });

  it("refuses a kit with four (or two) damage numbers", () => {
    expect(sourceProblems(ALL.kit!, { bonuses: { meleeDamage: [2, 2, 2] } })).toEqual([]);
    expect(sourceProblems(ALL.kit!, { bonuses: { meleeDamage: [1, 1, 1, 1] } })[0]).toMatch(/^bonuses.meleeDamage: /);
    expect(sourceProblems(ALL.kit!, { bonuses: { magicDamage: [0, 1] } })[0]).toMatch(/^bonuses.magicDamage: /);
  });

  it("gives abilities exactly three tiers and accepts dice formulas as damage", () => {
    const ability = new ALL.ability!();
    expect((ability.tiers as unknown[]).length).toBe(3);
    const tier = (value: string) => ({ damage: { value, type: "" }, forced: [], conditions: [], text: "" });
    expect(sourceProblems(ALL.ability!, { tiers: [tier("3"), tier("2d6 + 8"), tier("")] })).toEqual([]);
    expect(sourceProblems(ALL.ability!, { tiers: [tier("3"), tier("6")] })[0]).toMatch(/^tiers: /);
    expect(sourceProblems(ALL.ability!, { tiers: [tier("3"), tier("lots"), tier("9")] })[0]).toMatch(/^tiers.1.damage.value: /);
    expect(sourceProblems(ALL.ability!, { type: "bonusAction" })).toEqual(["type: bonusAction is not a valid choice"]);
  });
});

describe("hero derived data", () => {
  const cls = { type: "class", name: "Fury", system: { startingStamina: 21, staminaPerLevel: 9, recoveries: 10, heroicResource: { name: "Rage", gain: "1d3" } } };
  const kit = { type: "kit", name: "Mountain", system: { bonuses: { stamina: 9, speed: 0, stability: 2, distance: 0, reach: 0, area: 0, meleeDamage: [0, 0, 4], rangedDamage: [0, 0, 0], magicDamage: [0, 0, 0] } } };
  const ancestry = { type: "ancestry", name: "Hakaan", system: { size: { value: 1, letter: "L" }, speed: 5 } };

  function hero(source: Record<string, unknown>, items: object[]) {
    const model = new ALL.hero!(source, { parent: { items } });
    model.prepareDerivedData();
    return model as unknown as {
      level: number; speed: number; stability: number; size: object;
      stamina: { max: number; winded: number; recoveryValue: number; deathThreshold: number; state: string };
      recoveries: { max: number }; heroicResource: { name: string; gain: string };
    };
  }

  it("derives Stamina, Recoveries, speed, stability, size and resource from class, kit and ancestry", () => {
    const h = hero({ xp: 12, stamina: { value: 20 } }, [cls, kit, ancestry]);
    expect(h.level).toBe(2);
    expect(h.stamina).toMatchObject({ max: 21 + 9 + 9, winded: 19, recoveryValue: 13, deathThreshold: -19, state: "healthy" });
    expect(h.recoveries.max).toBe(10);
    expect(h.heroicResource).toEqual({ value: 0, name: "Rage", gain: "1d3" });
    expect([h.speed, h.stability, h.size]).toEqual([5, 2, { value: 1, letter: "L" }]);
  });

  it("marks the winded, dying and dead states", () => {
    expect(hero({ stamina: { value: 10 } }, [cls, kit]).stamina.state).toBe("winded");
    expect(hero({ stamina: { value: 0 } }, [cls, kit]).stamina.state).toBe("dying");
    expect(hero({ stamina: { value: -15 } }, [cls, kit]).stamina.state).toBe("dead");
  });

  it("keeps the level she has taken, not her XP's; a hero from before levels were stored has her XP's (issue 32)", () => {
    type Levelled = { level: number; levelUp: { xpLevel: number | null; ready: boolean; next: number | null }; stamina: { max: number } };
    const taken = hero({ level: 1, xp: 12 }, [cls, kit]) as unknown as Levelled;
    expect(taken.level).toBe(1);
    expect(taken.stamina.max).toBe(21 + 9);
    expect(taken.levelUp).toEqual({ xpLevel: 2, ready: true, next: 2 });
    const legacy = hero({ level: null, xp: 55 }, [cls, kit]) as unknown as Levelled;
    expect(legacy.level).toBe(5);
    expect(legacy.levelUp).toEqual({ xpLevel: 5, ready: false, next: 6 });
    const model = new ALL.hero!({ level: 1 }, { parent: { items: [cls, kit] } }) as unknown as { staminaMaxAt(level: number): number };
    expect([model.staminaMaxAt(1), model.staminaMaxAt(2)]).toEqual([30, 39]);
  });

  it("two kits (the tactician's Field Arsenal, L4386–4390) count together, whichever was taken first (issue 32)", () => {
    const tactician = { type: "class", name: "Tactician", system: { startingStamina: 21, staminaPerLevel: 9, recoveries: 10, heroicResource: { name: "Focus", gain: "2" } } };
    const sniper = { type: "kit", name: "Sniper", system: { bonuses: { stamina: 0, speed: 1, stability: 0, distance: 10, reach: 0, area: 0, meleeDamage: [0, 0, 0], rangedDamage: [0, 0, 4], magicDamage: [0, 0, 0] } } };
    const shining = { type: "kit", name: "Shining Armor", system: { bonuses: { stamina: 12, speed: 0, stability: 1, distance: 0, reach: 0, area: 0, meleeDamage: [2, 2, 2], rangedDamage: [0, 0, 0], magicDamage: [0, 0, 0] } } };
    for (const items of [[tactician, shining, sniper], [tactician, sniper, shining]]) {
      const h = hero({ level: 1 }, items);
      expect([h.stamina.max, h.speed, h.stability]).toEqual([21 + 12, 6, 1]);
    }
  });

  it("works with no class, kit or ancestry", () => {
    const h = hero({}, []);
    expect(h.stamina.max).toBe(0);
    expect(h.speed).toBe(5);
    expect(h.size).toEqual({ value: 1, letter: "M" });
  });
});

describe("monster derived data", () => {
  it("is winded at half its maximum and dead at 0", () => {
    const m = new ALL.monster!({ stamina: { value: 20, max: 40 } });
    m.prepareDerivedData();
    expect(m.stamina).toMatchObject({ winded: 20, state: "winded" });
    const dead = new ALL.monster!({ stamina: { value: 0, max: 40 } });
    dead.prepareDerivedData();
    expect((dead.stamina as { state: string }).state).toBe("dead");
  });
});
