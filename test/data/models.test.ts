import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { installFoundryHarness } from "../harness/foundry.ts";
import type { DataField } from "../harness/data-fields.ts";
import { ArrayField, HTMLField, SchemaField } from "../harness/data-fields.ts";
import { lookup } from "../harness/handlebars-helpers.ts";

installFoundryHarness();
const { ACTOR_MODELS, ITEM_MODELS } = await import("../../src/data/index.ts");

const ROOT = path.resolve(import.meta.dirname, "../..");
const lang = JSON.parse(readFileSync(path.join(ROOT, "lang/en.json"), "utf8"));
const manifest = JSON.parse(readFileSync(path.join(ROOT, "system.json"), "utf8"));

type ModelClass = { LOCALIZATION_PREFIXES: string[]; schema: SchemaField; validateSource(d: object): string[]; migrateData(d: Record<string, unknown>): Record<string, unknown>; new (data?: object, o?: { parent?: unknown }): Record<string, unknown> & { prepareDerivedData(): void } };
const ALL = { ...ACTOR_MODELS, ...ITEM_MODELS } as unknown as Record<string, ModelClass>;

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
        const Model = (documentName === "Actor" ? ACTOR_MODELS : ITEM_MODELS)[type as never] as unknown as ModelClass;
        for (const name of htmlFields) expect(Model.schema.fields[name], `${type}.${name}`).toBeInstanceOf(HTMLField);
      }
    }
  });

  it("rejects characteristics outside -5..5 or fractional, for heroes and monsters", () => {
    for (const Model of [ALL.hero!, ALL.monster!]) {
      expect(Model.validateSource({ characteristics: { might: 5, agility: -5 } })).toEqual([]);
      expect(Model.validateSource({ characteristics: { might: 6 } })).toEqual(["characteristics.might: must be at most 5"]);
      expect(Model.validateSource({ characteristics: { reason: -6 } })).toEqual(["characteristics.reason: must be at least -5"]);
      expect(Model.validateSource({ characteristics: { presence: 1.5 } })).toEqual(["characteristics.presence: must be an integer"]);
    }
  });

  it("rejects negative speed, stability and counters", () => {
    expect(ALL.monster!.validateSource({ speed: -1 })).toEqual(["speed: must be at least 0"]);
    expect(ALL.monster!.validateSource({ negotiation: { interest: 6 } })).toEqual(["negotiation.interest: must be at most 5"]);
    expect(ALL.hero!.validateSource({ xp: -3, victories: -1 })).toEqual(["xp: must be at least 0", "victories: must be at least 0"]);
    expect(ALL.ancestry!.validateSource({ speed: -2 })).toEqual(["speed: must be at least 0"]);
  });

  it("refuses numbers past the ceiling (1e20 is a whole number) and tier conditions outside the seed's list", () => {
    expect(ALL.hero!.validateSource({ stamina: { value: 1e20 } })).toEqual(["stamina.value: must be at most 9999"]);
    expect(ALL.hero!.validateSource({ victories: 1e20, recoveries: { value: -1e20 } })).toEqual(["victories: must be at most 9999", "recoveries.value: must be at least 0"]);
    expect(ALL.monster!.validateSource({ ev: 10_000 })).toEqual(["ev: must be at most 9999"]);
    const tier = (id: string) => ({ damage: { value: "3", type: "" }, forced: [{ kind: "push", distance: 1e9, vertical: false }], conditions: [{ id, duration: "EoT", characteristic: "" }], text: "" });
    expect(ALL.ability!.validateSource({ tiers: [tier("dead"), tier("prone"), tier("slowed")] })).toEqual([
      "tiers.0.forced.0.distance: must be at most 9999", 'tiers.0.conditions.0.id: "dead" is not a valid choice',
      "tiers.1.forced.0.distance: must be at most 9999", "tiers.2.forced.0.distance: must be at most 9999",
    ]);
  });

  it("moves a tier condition outside the seed's list into the tier's text when the ability loads, losing nothing", () => {
    const tier = (conditions: object[], text = "") => ({ damage: { value: "3", type: "" }, forced: [], conditions, text });
    const source = { tiers: [tier([{ id: "", duration: "EoT", characteristic: "" }, { id: "prone", duration: "", characteristic: "" }]), tier([{ id: "stunned", duration: "EoT", characteristic: "" }], "push 1"), tier([])] };
    const ability = new ALL.ability!(structuredClone(source)) as unknown as { tiers: { conditions: { id: string }[]; text: string }[] };
    expect(ability.tiers.map((t) => [t.conditions.map((c) => c.id), t.text])).toEqual([[["prone"], "EoT"], [[], "push 1; stunned EoT"], [[], ""]]);
    expect(ALL.ability!.validateSource(ALL.ability!.migrateData(structuredClone(source)))).toEqual([]);
  });

  it("accepts skills from the seed's list only", () => {
    expect(ALL.hero!.validateSource({ skills: ["climb", "readPerson"] })).toEqual([]);
    expect(ALL.hero!.validateSource({ skills: ["brewing"] })).toEqual(['skills.0: "brewing" is not a valid choice']);
  });

  it("rejects a kit with four (or two) damage numbers", () => {
    expect(ALL.kit!.validateSource({ bonuses: { meleeDamage: [2, 2, 2] } })).toEqual([]);
    expect(ALL.kit!.validateSource({ bonuses: { meleeDamage: [1, 1, 1, 1] } })[0]).toMatch(/^bonuses.meleeDamage: /);
    expect(ALL.kit!.validateSource({ bonuses: { magicDamage: [0, 1] } })[0]).toMatch(/^bonuses.magicDamage: /);
  });

  it("gives abilities exactly three tiers and accepts dice formulas as damage", () => {
    const ability = new ALL.ability!();
    expect((ability.tiers as unknown[]).length).toBe(3);
    const tier = (value: string) => ({ damage: { value, type: "" }, forced: [], conditions: [], text: "" });
    expect(ALL.ability!.validateSource({ tiers: [tier("3"), tier("2d6 + 8"), tier("")] })).toEqual([]);
    expect(ALL.ability!.validateSource({ tiers: [tier("3"), tier("6")] })[0]).toMatch(/^tiers: /);
    expect(ALL.ability!.validateSource({ tiers: [tier("3"), tier("lots"), tier("9")] })[0]).toMatch(/^tiers.1.damage.value: /);
    expect(ALL.ability!.validateSource({ type: "bonusAction" })).toEqual(['type: "bonusAction" is not a valid choice']);
  });
});

describe("hero derived data", () => {
  const cls = { type: "class", name: "Fury", system: { startingStamina: 21, staminaPerLevel: 9, recoveries: 10, heroicResource: { name: "Rage", gain: "1d3" } } };
  const kit = { type: "kit", name: "Mountain", system: { bonuses: { stamina: 9, speed: 0, stability: 2, distance: 0, reach: 0, area: 0, meleeDamage: [0, 0, 4], rangedDamage: [0, 0, 0], magicDamage: [0, 0, 0] } } };
  const ancestry = { type: "ancestry", name: "Hakaan", system: { size: { value: 1, letter: "L" }, speed: 5 } };

  function hero(source: object, items: object[]) {
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
