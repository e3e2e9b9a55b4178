/**
 * Stand-ins for the Foundry documents combat and conditions touch: Actor with embedded Active
 * Effects and derived `statuses`, Combat and Combatant. They follow Foundry v13's documented
 * behaviour where our code depends on it:
 * - `update(changes)` takes dotted keys ("system.stamina.value", "flags.steel-echoes.x") and applies them
 *   with v13's semantics (test/harness/update.ts: objects merge, `-=key` deletes, arrays replace);
 * - `Actor#statuses` is the set of every status of its effects; `toggleStatusEffect(id, { active })`
 *   creates or deletes the status's effect; `createEmbeddedDocuments("ActiveEffect", data, { keepId })`
 *   keeps the given `_id`;
 * - `Combat#started` is `round > 0`; `Combat#combatant` is `turns[turn]`, null when `turn` is null;
 *   `turns` is the combatants sorted by `_sortCombatants`; `Combatant#isDefeated` is `defeated` or
 *   the actor having the "dead" status; updating a combatant sets up the turns again.
 * Tested in test/harness/documents.test.ts.
 */
import { applyUpdate } from "./update.ts";

let nextId = 0;
const newId = (prefix: string) => `${prefix}${String(++nextId).padStart(16 - prefix.length, "0")}`;

/**
 * Foundry's update semantics (test/harness/update.ts: objects merge, `-=key` deletes, arrays replace,
 * dotted keys expand); returns the diff.
 */
export function applyDotted(target: Record<string, unknown>, changes: Record<string, unknown>): Record<string, unknown> {
  return applyUpdate(target, changes);
}

/** Foundry's Collection (common/utils/collection.mjs): a Map that iterates over its values, with array-like helpers. */
export class Collection<T extends { id: string | null }> extends Map<string, T> {
  // @ts-expect-error: Foundry's Collection iterates values, not entries
  override [Symbol.iterator](): MapIterator<T> {
    return this.values();
  }
  get contents(): T[] {
    return [...this.values()];
  }
  find(fn: (v: T) => unknown): T | undefined {
    return this.contents.find(fn);
  }
  filter(fn: (v: T) => unknown): T[] {
    return this.contents.filter(fn);
  }
  some(fn: (v: T) => unknown): boolean {
    return this.contents.some(fn);
  }
  map<R>(fn: (v: T) => R): R[] {
    return this.contents.map(fn);
  }
  getName(name: string): T | undefined {
    return this.find((v) => (v as { name?: string }).name === name);
  }
}

export class HarnessEffect {
  id: string;
  name: string;
  statuses: Set<string>;
  flags: Record<string, unknown>;
  origin?: string;
  data: Record<string, unknown>;
  constructor(public parent: HarnessActor, data: Record<string, unknown>, keepId: boolean) {
    this.id = keepId && typeof data._id === "string" ? data._id : newId("fx");
    this.name = String(data.name ?? "");
    this.statuses = new Set((data.statuses as string[] | undefined) ?? []);
    this.flags = structuredClone((data.flags as Record<string, unknown>) ?? {});
    this.data = structuredClone(data);
  }
  async update(changes: Record<string, unknown>) {
    applyDotted(this as unknown as Record<string, unknown>, changes);
    return this;
  }
  async delete() {
    this.parent.effects.delete(this.id);
    return this;
  }
}

export class HarnessActor {
  id: string;
  uuid: string;
  name: string;
  type: string;
  isOwner = true;
  inCombat = false;
  system: Record<string, unknown>;
  flags: Record<string, unknown> = {};
  effects = new Collection<HarnessEffect>();
  updates: Record<string, unknown>[] = [];
  constructor({ name, type, system }: { name: string; type: string; system: Record<string, unknown> }) {
    this.id = newId("actor");
    this.uuid = `Actor.${this.id}`;
    this.name = name;
    this.type = type;
    this.system = structuredClone(system);
  }
  get statuses(): Set<string> {
    return new Set([...this.effects].flatMap((e) => [...e.statuses]));
  }
  async update(changes: Record<string, unknown>) {
    this.updates.push(changes);
    applyDotted(this as unknown as Record<string, unknown>, changes);
    return this;
  }
  async createEmbeddedDocuments(name: string, data: Record<string, unknown>[], { keepId = false }: { keepId?: boolean } = {}) {
    if (name !== "ActiveEffect") throw new Error(`harness: cannot embed ${name}`);
    return data.map((d) => {
      const effect = new HarnessEffect(this, d, keepId);
      if (this.effects.has(effect.id)) throw new Error(`harness: duplicate effect id ${effect.id}`);
      this.effects.set(effect.id, effect);
      return effect;
    });
  }
  async toggleStatusEffect(id: string, { active }: { active?: boolean } = {}) {
    const existing = [...this.effects].filter((e) => e.statuses.has(id));
    const want = active ?? existing.length === 0;
    if (!want) {
      for (const e of existing) await e.delete();
      return false;
    }
    if (existing.length) return true;
    const [created] = await this.createEmbeddedDocuments("ActiveEffect", [{ name: id, statuses: [id] }]);
    return created;
  }
}

export class HarnessCombatant {
  id: string;
  name: string;
  actor: HarnessActor | null;
  token: { disposition: number };
  flags: Record<string, unknown> = {};
  initiative: number | null = null;
  defeated = false;
  parent: HarnessCombat | null = null;
  constructor({ actor, disposition, name, initiative = null }: { actor: HarnessActor; disposition: number; name?: string; initiative?: number | null }) {
    this.id = newId("cbt");
    this.actor = actor;
    this.name = name ?? actor.name;
    this.token = { disposition };
    this.initiative = initiative;
  }
  get isDefeated(): boolean {
    return this.defeated || !!this.actor?.statuses.has("dead");
  }
  /** Like Foundry, an updated combatant makes its combat set up its turns again. */
  async update(changes: Record<string, unknown>) {
    applyDotted(this as unknown as Record<string, unknown>, changes);
    this.parent?.setupTurns();
    return this;
  }
}

export class HarnessCombat {
  id = newId("combat");
  round = 0;
  turn: number | null = null;
  flags: Record<string, unknown> = {};
  combatants = new Collection<HarnessCombatant>();
  deleted = false;
  turns: HarnessCombatant[] = [];
  /** Add combatants the way Foundry does (they belong to this combat, and turns are set up again). */
  addCombatants(list: HarnessCombatant[]): void {
    for (const c of list) {
      c.parent = this;
      this.combatants.set(c.id, c);
    }
    this.setupTurns();
  }
  /** v13 `Combat#setupTurns` sorts with `this._sortCombatants` passed unbound: `this` is undefined inside it. */
  setupTurns(): HarnessCombatant[] {
    const sort = this._sortCombatants;
    this.turns = [...this.combatants].sort((a, b) => sort.call(undefined, a, b));
    return this.turns;
  }
  protected _sortCombatants(a: HarnessCombatant, b: HarnessCombatant): number {
    return (b.initiative ?? -Infinity) - (a.initiative ?? -Infinity);
  }
  get started(): boolean {
    return this.round > 0;
  }
  get combatant(): HarnessCombatant | null {
    return this.turn === null ? null : this.turns[this.turn] ?? null;
  }
  async update(changes: Record<string, unknown>) {
    applyDotted(this as unknown as Record<string, unknown>, changes);
    return this;
  }
  async rollInitiative(ids: string[]) {
    for (const id of ids) this.combatants.get(id)!.initiative = 10;
    this.setupTurns();
    return this;
  }
  async delete() {
    this.deleted = true;
    return this;
  }
}
