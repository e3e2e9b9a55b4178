// useAbility on the document layer: costs checked and spent (heroic resource on the actor, Villain
// Power from the Director's pool), one roll for every target, the card's record in the message's
// flags, and a dying hero's 1d6 taken afterwards. Actors, items and the chat are small fakes.
import { beforeEach, describe, expect, it } from "vitest";
import { harness, installFoundryHarness } from "../harness/foundry.ts";
import { isV14 } from "../harness/generation.ts";
import { ABILITIES } from "../fixtures/ability-use.ts";
import type { AbilityUseData } from "../../src/data/ability-use.ts";

installFoundryHarness();
const { useAbility } = await import("../../src/documents/ability-use.ts");

const g = globalThis as Record<string, unknown>;
const created: Record<string, unknown>[] = [];

class FakeActor {
  updates: Record<string, unknown>[] = [];
  effects: never[] = [];
  statuses = new Set<string>();
  items: { find: (f: (i: { type: string }) => boolean) => unknown; filter: (f: (i: { type: string }) => boolean) => unknown[] };
  constructor(public uuid: string, public type: string, public name: string, public system: Record<string, unknown>, kit?: object) {
    // Foundry's Collection (common/utils/collection.mjs) has `find` and `filter` over its values.
    const all = kit ? [{ type: "kit", system: kit }] : [];
    this.items = { find: (f) => all.find(f), filter: (f) => all.filter(f) };
  }
  getActiveTokens() { return []; }
  async update(changes: Record<string, unknown>) {
    this.updates.push(changes);
    for (const [k, v] of Object.entries(changes)) {
      const path = k.replace(/^system\./, "").split(".");
      let o = this.system as Record<string, unknown>;
      for (const p of path.slice(0, -1)) o = o[p] as Record<string, unknown>;
      o[path.at(-1)!] = v;
    }
  }
}

const targetToken = (name: string, statuses: string[] = []) => ({
  name, document: { uuid: `Scene.s.Token.${name}`, name },
  actor: { uuid: `Actor.${name}`, system: { stability: 0 }, statuses: new Set(statuses), effects: [] },
});

function item(ability = ABILITIES.brutalSlam!, cost = { amount: 0, resource: "" }) {
  return { name: ability.name, type: "ability", uuid: "Item.x", system: { ...ability, cost, spend: [], keywords: new Set(ability.keywords), power: { ...ability.power, characteristics: new Set(ability.power.characteristics) } } };
}

const hero = (resource = 5, stamina = { value: 20, state: "healthy" }) => new FakeActor("Actor.hero", "hero", "Korva", {
  characteristics: { might: 2, agility: 1, reason: 0, intuition: 0, presence: 0 },
  heroicResource: { value: resource, name: "Rage" }, stamina, skills: new Set(),
});

beforeEach(() => {
  harness.reset();
  created.length = 0;
  (g.ChatMessage as Record<string, unknown>).create = async (data: Record<string, unknown>) => (created.push(data), data);
  (g.game as Record<string, unknown>).user = { id: "u", isGM: true, targets: new Set([targetToken("Goblin", ["prone"]), targetToken("Ogre")]) };
  (g.game as { settings: { set: (a: string, b: string, c: unknown) => void } }).settings.set("steel-echoes", "villainPower", 0);
  // The chat log's mode: v13's core.rollMode, v14's core.messageMode (src/compat/versions.ts).
  (g.game as { settings: { set: (a: string, b: string, c: unknown) => void } }).settings.set("core", isV14() ? "messageMode" : "rollMode", isV14() ? "public" : "publicroll");
});

const renderCard = async (use: AbilityUseData) => `<div class="ability-card">${use.name}</div>`;
const useOf = (message: Record<string, unknown>) => (message.flags as { "steel-echoes": { abilityUse: AbilityUseData } })["steel-echoes"].abilityUse;

describe("useAbility", () => {
  it("refuses an ability the hero cannot pay for, and rolls and changes nothing", async () => {
    const korva = hero(2);
    expect(await useAbility(korva as never, item(ABILITIES.brutalSlam!, { amount: 3, resource: "heroic" }) as never, { fast: true, renderCard })).toBeNull();
    expect(created).toEqual([]);
    expect(korva.updates).toEqual([]);
    expect(harness.notifications.at(-1)).toMatchObject({ type: "error", message: "SE.AbilityCard.Error.NotEnough" });
  });

  it("spends the cost, rolls once for every target and posts the card with the record", async () => {
    const korva = hero(5);
    harness.fixRandom([0.45, 0.55]); // 6 and 5: natural 11, Might +2 = 13
    await useAbility(korva as never, item(ABILITIES.brutalSlam!, { amount: 3, resource: "heroic" }) as never, { fast: true, renderCard });
    expect(korva.system.heroicResource).toMatchObject({ value: 2 });
    expect(created).toHaveLength(1);
    const use = useOf(created[0]!);
    expect(created[0]!.content).toBe('<div class="ability-card">Brutal Slam</div>');
    expect(use.spent).toEqual({ amount: 3, resource: "Rage" });
    expect(use.targets.map((t) => [t.name, t.total, t.tier])).toEqual([["Goblin", 15, 2], ["Ogre", 13, 2]]);
    expect(use.targets[0]!.reasons).toEqual(["targetProne"]);
  });

  it("keeps the ability's distance, target line and every paragraph of its effect on the card's record", async () => {
    await useAbility(hero() as never, item(ABILITIES.fireball!) as never, { fast: true, renderCard });
    const use = useOf(created[0]!);
    expect(use.distance).toEqual({ kind: "cube", primary: 3, secondary: 0, within: 10, text: "" });
    expect(use.target).toBe("Each enemy in the area");
    expect(use.effect).toBe("The ground burns until the end of the round.\n\nA creature that ends its turn there takes 2 fire damage.");
  });

  it("spends Villain Power from the Director's pool, and refuses when the pool is short", async () => {
    const brute = new FakeActor("Actor.brute", "monster", "Brute", { characteristics: { might: 2 }, stamina: { value: 20 } });
    const vpItem = item(ABILITIES.brutalSlam!, { amount: 2, resource: "villainPower" });
    const settings = (g.game as { settings: { set: (a: string, b: string, c: unknown) => void; get: (a: string, b: string) => unknown } }).settings;
    settings.set("steel-echoes", "villainPower", 1);
    expect(await useAbility(brute as never, vpItem as never, { fast: true, renderCard })).toBeNull();
    expect(created).toEqual([]);
    settings.set("steel-echoes", "villainPower", 3);
    await useAbility(brute as never, vpItem as never, { fast: true, renderCard });
    expect(settings.get("steel-echoes", "villainPower")).toBe(1);
    expect(created).toHaveLength(1);
  });

  it("takes a dying hero's 1d6 after the ability", async () => {
    const korva = hero(0, { value: -2, state: "dying" });
    harness.fixRandom([0.45, 0.55, 0.5]); // the power roll's 6 and 5, then 1d6 → 3
    await useAbility(korva as never, item() as never, { fast: true, renderCard });
    expect(useOf(created[0]!).dyingLoss).toBe(3);
    expect(korva.system.stamina).toMatchObject({ value: -5 });
  });
});
