/**
 * A world with several clients: the GM and players, each with their own `game.user`, sharing one
 * server that checks every write as Foundry v13's server does. Multi-client scenario tests run the
 * system's real code on each client and attack it from a hostile one.
 *
 * How it stands in for Foundry v13 (each behaviour cites the file and function it mirrors):
 * - **Clients.** `world.as(user, fn)` runs `fn` on that user's client: `game.user` is that user for
 *   everything `fn` starts (Node's AsyncLocalStorage carries it through awaits). One copy of the
 *   system's code serves every client, as the same code runs on every browser.
 * - **The server's permission checks** (common/documents/*.mjs `static #canCreate/#canUpdate/#canDelete`,
 *   `Document#canUserModify`, `Document#getUserLevel`): Actor and its embedded ActiveEffects need
 *   OWNER; a ChatMessage is created only with the creator as author and changed only by its author or
 *   a GM (BaseChatMessage); a User changes only themselves (BaseUser `#canUpdate`: players may not
 *   touch `role`, `name`, `permissions`); a player may change only `round`, `turn` and `combatants` of
 *   a Combat, and any player may change `round` and `turn` at any time (BaseCombat `#canUpdate`, whose
 *   `_canChangeTurn`/`_canChangeRound` return true; `combatants` only as each combatant's own update
 *   check allows, `#canModifyCombatants`); a Combatant only by its owners and only `initiative`,
 *   `flags`, `defeated`, `system` (BaseCombatant `#canUpdate`); world settings only by a GM
 *   (BaseSetting: SETTINGS_MODIFY, assistant and up). A refused write rejects with an error like the
 *   server's "lacks permission" and changes nothing.
 * - **Updates** apply with v13's semantics (test/harness/update.ts); an update with an empty diff is
 *   not sent and fires no hook (ClientDatabaseBackend `#preUpdateDocumentArray`). An Actor's or
 *   Item's system data goes through its sub-type's data model (test/harness/data-fields.ts) as v13's
 *   `DataModel#updateSource` takes it: the changes are cleaned first (numbers clamped and rounded,
 *   values cast, strings trimmed, undeclared keys dropped), then validated; what cleaning cannot mend
 *   makes the writer's client show the error and drop the update, which resolves to undefined and
 *   changes nothing (`#preUpdateDocumentArray` catches the DataModelValidationError). A new Actor's or
 *   Item's system data is cleaned and strictly validated by constructing its model.
 * - **Hooks with their real arguments** on every connected client: `create<Doc>(doc, options, userId)`,
 *   `update<Doc>(doc, changed, options, userId)` with the diff and the operation's options (custom
 *   options travel to every client, client/data/client-backend.mjs `#handleUpdateDocuments`),
 *   `delete<Doc>(doc, options, userId)`; `userId` is the writer as the server knows it.
 * - **`User#query`** (client/documents/user.mjs `User#query`, client/game.mjs query handling): the
 *   recipient must be active; its client runs `CONFIG.queries[name](data, { timeout })` with only the
 *   data (a JSON copy: it crosses the socket), never told who asked; a handler that throws or a name
 *   that is not registered rejects the sender's promise; `timeout` rejects it.
 * - `Users#activeGM` (client/documents/collections/users.mjs): the active GM with the lowest id.
 * - Notifications per client, shown as v13 shows them (test/harness/foundry.ts `shownNotification`).
 * Tested in test/harness/world.test.ts.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { harness, installFoundryHarness, LANG, shownNotification } from "./foundry.ts";
import { format, lookup } from "./handlebars-helpers.ts";
import { applyUpdate, expandObject, isPlainObject } from "./update.ts";
import type { Plain } from "./update.ts";
import { Collection } from "./documents.ts";
import { Roll } from "./dice.ts";
import { v13MovementActions } from "./config.ts";
import { RELEASE, isV14, logCompatibilityWarning } from "./generation.ts";
import { DataModelValidationFailure, getType } from "./data-fields.ts";
import type { TypeDataModel } from "./data-fields.ts";

/** v13 common/constants.mjs USER_ROLES and DOCUMENT_OWNERSHIP_LEVELS. */
export const ROLES = { NONE: 0, PLAYER: 1, TRUSTED: 2, ASSISTANT: 3, GAMEMASTER: 4 } as const;
export const OWNER = 3;
const LEVELS: Record<string, number> = { NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 };

const client = new AsyncLocalStorage<WorldUser>();
let world: World;
let ids = 0;
const newId = (prefix: string) => `${prefix}${String(++ids).padStart(16 - prefix.length, "0")}`;

/**
 * The data model of a document's sub-type, as v13 common/data/fields.mjs `TypeDataField#getModelForType`
 * finds it: `CONFIG[documentName].dataModels[type]` (only Actors and Items have system data here).
 */
function systemModel(doc: WorldDocument): typeof TypeDataModel | undefined {
  if (!(doc instanceof WorldActor) && !(doc instanceof WorldItem)) return undefined;
  const models = harness.CONFIG[doc.documentName as "Actor" | "Item"].dataModels;
  return models[doc.type] as typeof TypeDataModel | undefined;
}

/**
 * Cleaned system changes, as v13 cleans a partial update's `system` (common/data/fields.mjs
 * `TypeDataField#_cleanType` → the model's `cleanData(value, { partial: true })`, after
 * `DataField#clean`): null (the field is not nullable) becomes the model's whole initial data; any
 * other non-object becomes `{}`.
 */
function cleanSystemChanges(Model: typeof TypeDataModel, value: unknown): Plain {
  if (value === null) return Model.cleanData({});
  return Model.cleanData(getType(value) === "Object" ? structuredClone(value as Plain) : {}, { partial: true });
}

/**
 * The stored system data of a new Actor or Item. With its sub-type's model registered, the model is
 * constructed from a copy as v13 constructs a new document (common/abstract/data.mjs `DataModel`
 * constructor: migrated, cleaned, then validated strictly, throwing a DataModelValidationError), and
 * its cleaned `_source` is stored: missing fields take their initial values, numbers are clamped.
 * (Data v13 loads from the database is constructed with `strict: false` and falls back to initial
 * values instead; the harness throws, so fixtures stay valid.)
 *
 * Known gap: v13 also drops the keys the schema does not define (SchemaField#_cleanType). The harness
 * keeps them on creation only, because its documents have no prepared data: fixtures give derived
 * values (a hero's `stamina.max`) as stored ones. An update drops them, as v13 does.
 */
function createdSystem(doc: WorldActor | WorldItem, system: unknown): Plain {
  const source = structuredClone(getType(system) === "Object" ? (system as Plain) : {});
  const Model = systemModel(doc);
  return Model ? keepUndeclared(source, new Model(structuredClone(source)).toObject()) : source;
}

/** `cleaned`, with every key of `original` it lacks (at any depth of plain objects) put back. */
function keepUndeclared(original: Plain, cleaned: Plain): Plain {
  for (const [k, v] of Object.entries(original)) {
    if (!(k in cleaned)) cleaned[k] = v;
    else if (isPlainObject(v) && isPlainObject(cleaned[k])) keepUndeclared(v, cleaned[k] as Plain);
  }
  return cleaned;
}

/**
 * v13 `DataModel#validate` on a Document: the document schema's failure, with the system model's
 * under `system`, its message "<Class> [<id>] validation errors:" (common/abstract/data.mjs).
 */
function documentValidationError(doc: WorldDocument, systemFailure: DataModelValidationFailure): Error {
  const root = new DataModelValidationFailure({ message: `${doc.constructor.name} [${doc.id}] validation errors:`, unresolved: true });
  root.fields.system = systemFailure;
  return root.asError();
}

export interface Shown { user: string; type: string; message: string; shown: string }

/** What every harness document shares: ownership, permission checks, update/delete through the server. */
export class WorldDocument {
  static documentName = "Document";
  id: string;
  name: string;
  flags: Plain = {};
  ownership: Record<string, number> = { default: 0 };
  parent: WorldDocument | null = null;
  constructor(data: Plain = {}) {
    this.id = typeof data._id === "string" ? data._id : newId((this.constructor as typeof WorldDocument).documentName.slice(0, 2).toLowerCase());
    this.name = String(data.name ?? "");
    if (isPlainObject(data.flags)) this.flags = structuredClone(data.flags);
    if (isPlainObject(data.ownership)) this.ownership = { default: 0, ...(data.ownership as Record<string, number>) };
  }
  get documentName(): string {
    return (this.constructor as typeof WorldDocument).documentName;
  }
  get uuid(): string {
    return this.parent ? `${this.parent.uuid}.${this.documentName}.${this.id}` : `${this.documentName}.${this.id}`;
  }
  /** v13 `Document#getUserLevel`: GMs own everything; embedded documents take their parent's level. */
  getUserLevel(user: WorldUser): number {
    if (user.isGM) return OWNER;
    if (this.parent) return this.parent.getUserLevel(user);
    return this.ownership[user.id] ?? this.ownership.default ?? 0;
  }
  testUserPermission(user: WorldUser, level: keyof typeof LEVELS | number, { exact = false }: { exact?: boolean } = {}): boolean {
    const want = typeof level === "number" ? level : LEVELS[level]!;
    const has = this.getUserLevel(user);
    return exact ? has === want : has >= want;
  }
  get isOwner(): boolean {
    return this.testUserPermission(world.user, OWNER);
  }
  /** v13 `Document#canUserModify`: by default every change needs OWNER. Subclasses add the server's own rules. */
  canUserModify(user: WorldUser, _action: "create" | "update" | "delete", _data?: Plain): boolean {
    return this.testUserPermission(user, OWNER);
  }
  getFlag(scope: string, key: string): unknown {
    return (this.flags[scope] as Plain | undefined)?.[key];
  }
  /** v13 `Document#toObject`: a copy of the source data (documents it points to by their ids). */
  toObject(): Plain {
    const out: Plain = {};
    for (const [k, v] of Object.entries(this)) {
      if (k === "parent" || v instanceof Map || typeof v === "function") continue;
      out[k] = v instanceof WorldDocument ? v.id : structuredClone(v);
    }
    return { _id: this.id, ...out };
  }
  setFlag(scope: string, key: string, value: unknown) {
    return this.update({ [`flags.${scope}.${key}`]: value });
  }
  unsetFlag(scope: string, key: string) {
    return this.update({ [`flags.${scope}.-=${key}`]: null });
  }
  /** v13 `Document#update`: the updated document, or undefined when the update was dropped (invalid). */
  update(changes: Plain, options: Plain = {}): Promise<this | undefined> {
    return world.update(this, changes, options);
  }
  delete(options: Plain = {}): Promise<this> {
    return world.delete(this, options);
  }
  /**
   * Called on the writer's client only, before the update is sent, with the changes (the diff against
   * the stored data), which it may add to; `false` cancels the update (client/data/client-backend.mjs
   * `ClientDatabaseBackend.#preUpdateDocumentArray`: `await doc._preUpdate(changes, options, user)`).
   */
  async _preUpdate(_changed: Plain, _options: Plain, _user: WorldUser): Promise<boolean | void> {}
  /** Called on every client after an update (v13 `Document#_onUpdate`). */
  _onUpdate(_changed: Plain, _options: Plain, _userId: string): void {}
}

export class WorldUser extends WorldDocument {
  static override documentName = "User";
  role: number;
  active = true;
  /** A client that is connected but receives nothing (a frozen browser tab): tests of timeouts. */
  frozen = false;
  character: WorldActor | null = null;
  targets = new Set<WorldToken>();
  constructor(data: Plain) {
    super(data);
    this.role = Number(data.role ?? ROLES.PLAYER);
  }
  get isGM(): boolean {
    return this.role >= ROLES.ASSISTANT;
  }
  override getUserLevel(user: WorldUser): number {
    return user.isGM || user.id === this.id ? OWNER : LEVELS.LIMITED!;
  }
  /** BaseUser `#canUpdate`: GMs anything; players only themselves, and not role, name or permissions. */
  override canUserModify(user: WorldUser, action: "create" | "update" | "delete", data: Plain = {}): boolean {
    if (user.role === ROLES.GAMEMASTER) return true;
    if (action !== "update") return false;
    const restricted = ["permissions", "passwordString", ...(user.role < ROLES.ASSISTANT ? ["name", "role"] : [])];
    if (restricted.some((k) => k in data)) return false;
    return user.isGM || user.id === this.id;
  }
  /** v13 `User#query`: run the recipient's registered handler on its client. */
  async query(name: string, data: unknown, { timeout }: { timeout?: number } = {}): Promise<unknown> {
    if (!this.active) throw new Error("You cannot query an inactive User");
    const payload = JSON.parse(JSON.stringify(data ?? {}));
    const answer = client.run(this, async () => {
      const handler = (harness.CONFIG.queries as Record<string, unknown>)[name];
      if (typeof handler !== "function") throw new Error(`Unknown query "${name}"`);
      return handler(payload, { timeout });
    });
    const result = timeout ? await Promise.race([answer, new Promise((_, reject) => setTimeout(() => reject(new Error("The query timed out")), timeout))]) : await answer;
    return result === undefined ? undefined : JSON.parse(JSON.stringify(result));
  }
  assignHotbarMacro() {
    return Promise.resolve(this);
  }
}

export class WorldItem extends WorldDocument {
  static override documentName = "Item";
  type: string;
  img = "";
  system: Plain;
  /**
   * v13 common/documents/item.mjs `BaseItem.defineSchema` has `_stats: DocumentStatsField`
   * (common/data/fields.mjs), whose `compendiumSource` names the compendium entry a copy came from.
   */
  _stats: Plain;
  /** The compendium pack holding this item, or null (v13 `Document#pack`). */
  pack: string | null = null;
  /**
   * v13 common/documents/item.mjs `BaseItem.defineSchema` has `folder: ForeignDocumentField(BaseFolder)`:
   * the id of the Folder holding it (a pack's folders are `CompendiumCollection#folders`), or null.
   */
  folder: string | null;
  constructor(data: Plain, parent: WorldActor | null = null) {
    super(data);
    this.folder = typeof data.folder === "string" ? data.folder : null;
    this.type = String(data.type);
    this.system = createdSystem(this, data.system);
    this._stats = { compendiumSource: null, duplicateSource: null, ...(isPlainObject(data._stats) ? structuredClone(data._stats) : {}) };
    this.parent = parent;
  }
  /**
   * A pack document's UUID is `Compendium.<pack>.Item.<id>`: the form v13
   * client/documents/abstract/world-collection.mjs `WorldCollection#fromCompendium` records as
   * `_stats.compendiumSource` (`document.uuid` of a document with a `pack`).
   */
  override get uuid(): string {
    return this.pack ? `Compendium.${this.pack}.${this.documentName}.${this.id}` : super.uuid;
  }
}

/** A folder of a compendium pack (v13 `Folder` with `pack` set): its name and its parent folder's id. */
export class WorldPackFolder extends WorldDocument {
  static override documentName = "Folder";
  readonly _source: { folder: string | null };
  constructor(data: Plain) {
    super(data);
    this._source = { folder: typeof data.folder === "string" ? data.folder : null };
  }
}

/**
 * A compendium pack of Items (or of Actors). v13 client/documents/collections/compendium-collection.mjs
 * `CompendiumCollection#getUserLevel`: the highest level its `ownership` (role name to level name)
 * gives any role the user has (`user.hasRole(role)`); `testUserPermission` compares it with the one
 * asked for. Its documents are read with `fromUuid`; nobody in these tests writes them. The
 * ownership is the test's: by default players observe and assistant GMs own the pack.
 */
export class WorldPack extends Collection<WorldItem | WorldActor> {
  /** The tests' packs stand for the system's own, which a world opens locked (the migration skips them). */
  locked = true;
  /**
   * v13 `CompendiumCollection#folders`: the pack's folders (a Folder's `_source.folder` is its parent's
   * id). Added with `World#addPackFolder`.
   */
  readonly folders = new Collection<WorldPackFolder>();
  /** v13 `CompendiumCollection#getDocuments(query)`: the pack's documents (every one, for an empty query). */
  async getDocuments(): Promise<(WorldItem | WorldActor)[]> {
    return [...this];
  }
  /** How many times `getIndex` went to the "server" (the tests of a browser that indexes once). */
  indexRequests = 0;
  #indexedFields = new Set<string>();
  /** v13 `CompendiumCollection#index`: the entries `getIndex` returned, by id. */
  readonly index = new Map<string, Plain>();
  /**
   * v13 client/documents/collections/compendium-collection.mjs `CompendiumCollection#getIndex({fields})`:
   * the document class's `compendiumIndexFields` (`_id`, `name`, `img`, `type`, `sort`, `folder` for
   * Items and Actors, common/documents/item.mjs and actor.mjs metadata) plus the fields asked for, read
   * from each document's source, each entry given its `uuid`; when every field asked for was indexed
   * before, the cached index comes back without asking the server again.
   */
  async getIndex({ fields = [] }: { fields?: string[] } = {}): Promise<Map<string, Plain>> {
    const wanted = new Set(["_id", "name", "img", "type", "sort", "folder", ...fields]);
    if ([...wanted].every((f) => this.#indexedFields.has(f))) return this.index;
    this.indexRequests++;
    for (const doc of this) {
      const source = { ...doc.toObject(), sort: (doc as { sort?: number }).sort ?? 0, folder: (doc as { folder?: string | null }).folder ?? null };
      const entry: Plain = {};
      for (const key of wanted) {
        const value = key.split(".").reduce<unknown>((v, k) => (isPlainObject(v) ? (v as Plain)[k] : undefined), source);
        if (value === undefined) continue;
        const parts = key.split(".");
        let at = entry;
        for (const part of parts.slice(0, -1)) at = (at[part] ??= {}) as Plain;
        at[parts.at(-1)!] = structuredClone(value);
      }
      entry.uuid = doc.uuid;
      this.index.set(doc.id, entry);
    }
    this.#indexedFields = wanted;
    return this.index;
  }
  get id(): string {
    return this.collection;
  }
  constructor(
    readonly collection: string,
    readonly ownership: Record<string, keyof typeof LEVELS> = { PLAYER: "OBSERVER", ASSISTANT: "OWNER" },
    /** v13 `CompendiumCollection#documentName`: the pack's document type (its metadata's `type`). */
    readonly documentName: "Item" | "Actor" = "Item",
  ) {
    super();
  }
  getUserLevel(user: WorldUser): number {
    let level = LEVELS.NONE!;
    for (const [role, l] of Object.entries(this.ownership)) {
      if (user.role >= (ROLES as Record<string, number>)[role]!) level = Math.max(level, LEVELS[l]!);
    }
    return level;
  }
  testUserPermission(user: WorldUser, level: keyof typeof LEVELS, { exact = false }: { exact?: boolean } = {}): boolean {
    const has = this.getUserLevel(user);
    return exact ? has === LEVELS[level] : has >= LEVELS[level]!;
  }
}

export class WorldEffect extends WorldDocument {
  static override documentName = "ActiveEffect";
  statuses: Set<string>;
  origin: string | null;
  disabled = false;
  constructor(data: Plain, parent: WorldActor) {
    super(data);
    this.statuses = new Set((data.statuses as string[] | undefined) ?? []);
    this.origin = typeof data.origin === "string" ? data.origin : null;
    this.parent = parent;
  }
}

export class WorldActor extends WorldDocument {
  static override documentName = "Actor";
  type: string;
  img = "";
  system: Plain;
  effects = new Collection<WorldEffect>();
  items = new Collection<WorldItem>();
  token = null;
  inCombat = false;
  /**
   * BaseActor `prototypeToken` (common/documents/actor.mjs, a PrototypeToken), the fields the
   * harness's tokens have: `name` (the actor's by default), `disposition` (BaseToken's initial,
   * CONST.TOKEN_DISPOSITIONS.HOSTILE -1), `actorLink` (false), `width`, `height` (1), `hidden`.
   */
  prototypeToken: { name: string; disposition: number; actorLink: boolean; width: number; height: number; hidden: boolean };
  /** The compendium pack holding this actor, or null (v13 `Document#pack`). */
  pack: string | null = null;
  _stats: Plain;
  constructor(data: Plain) {
    super(data);
    this.type = String(data.type);
    this.img = String(data.img ?? "");
    this.system = createdSystem(this, data.system);
    for (const item of (data.items as Plain[] | undefined) ?? []) {
      const doc = new WorldItem(item, this);
      this.items.set(doc.id, doc);
    }
    const proto = (isPlainObject(data.prototypeToken) ? data.prototypeToken : {}) as Partial<WorldActor["prototypeToken"]>;
    this.prototypeToken = {
      name: String(proto.name ?? this.name), disposition: Number(proto.disposition ?? -1), actorLink: Boolean(proto.actorLink),
      width: Number(proto.width ?? 1), height: Number(proto.height ?? 1), hidden: Boolean(proto.hidden),
    };
    this._stats = { compendiumSource: null, ...(isPlainObject(data._stats) ? structuredClone(data._stats) : {}) };
  }
  /** A pack document's UUID is `Compendium.<pack>.Actor.<id>` (see WorldItem). */
  override get uuid(): string {
    return this.pack ? `Compendium.${this.pack}.${this.documentName}.${this.id}` : super.uuid;
  }
  /**
   * v13 client/documents/actor.mjs `Actor#getTokenDocument(data, options)`: the prototype token's
   * data (`this.prototypeToken.toObject()`) with `actorId` set to this actor's id, `data` merged over
   * it (`foundry.utils.mergeObject(tokenData, data)`), as a new TokenDocument not yet saved
   * (`new cls(tokenData, options)`). The harness has no random images or appended numbers (the
   * prototype's `randomImg`, `appendNumber`, `prependAdjective` are off): its unsaved token is the
   * data, whose `toObject()` the caller passes to `createEmbeddedDocuments("Token", ...)`.
   */
  async getTokenDocument(data: Plain = {}, _options: Plain = {}): Promise<{ toObject(): Plain } & Plain> {
    const tokenData: Plain = { ...structuredClone(this.prototypeToken), actorId: this.id, ...structuredClone(data) };
    return { ...tokenData, toObject: () => structuredClone(tokenData) };
  }
  /**
   * v13 common/abstract/data.mjs `DataModel#reset`: `this._initialize()`, the instance re-read from its
   * source. The harness keeps an actor's data as its source and prepares no derived data, so there is
   * nothing apart from the source to re-read (a world setting's onChange resets the heroes).
   */
  reset(): void {}
  /** v13 `Actor#statuses`: every status of the actor's active effects. */
  get statuses(): Set<string> {
    return new Set([...this.effects].filter((e) => !e.disabled).flatMap((e) => [...e.statuses]));
  }
  getActiveTokens(): WorldToken[] {
    return [...world.tokens.values()].filter((t) => t.actor === this);
  }
  createEmbeddedDocuments(name: string, data: Plain[], options: Plain = {}): Promise<(WorldEffect | WorldItem)[]> {
    if (name === "Item") return world.createItems(this, data, options);
    if (name !== "ActiveEffect") throw new Error(`harness: cannot embed ${name}`);
    return world.createEffects(this, data, options);
  }
  /**
   * v13 common/abstract/document.mjs `Document#deleteEmbeddedDocuments`: the embedded collection's
   * documents deleted by id, each checked by the server (an embedded Item's delete permission is OWNER
   * of its actor: `getUserLevel` of an embedded document is its parent's); an id that is not there fails.
   */
  async deleteEmbeddedDocuments(name: string, ids: string[]): Promise<(WorldEffect | WorldItem)[]> {
    if (name !== "ActiveEffect" && name !== "Item") throw new Error(`harness: cannot embed ${name}`);
    const collection: Collection<WorldEffect | WorldItem> = name === "Item" ? this.items : this.effects;
    const out: (WorldEffect | WorldItem)[] = [];
    for (const id of ids) {
      const e = collection.get(id);
      if (!e) throw new Error(`${name} [${id}] does not exist in ${this.uuid}`);
      out.push(await e.delete());
    }
    return out;
  }
  /** v13 `Actor#toggleStatusEffect`: creates or deletes the status's effect. */
  async toggleStatusEffect(id: string, { active }: { active?: boolean; overlay?: boolean } = {}) {
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

/** A token's position as v13's movement reports it (TokenDocument.MovementWaypoint, less what the harness has no use for). */
export interface TokenPosition { x: number; y: number; elevation: number; width: number; height: number }

/**
 * The movement passed to `_onUpdateMovement`, with the fields of v13's TokenDocument.MovementOperation
 * the system reads: `id`, `origin`, `destination`, `passed.waypoints` (each with its `action`), and
 * `method`. A plain update that moves a token is one movement from origin to destination with the
 * token's `movementAction` (the harness moves in one straight segment; v13 also adds the waypoints
 * of a dragged path).
 */
export interface TokenMovement {
  id: string;
  origin: TokenPosition;
  destination: TokenPosition;
  passed: { waypoints: (TokenPosition & { action: string })[] };
  pending: { waypoints: (TokenPosition & { action: string })[] };
  method: "api" | "dragging" | "keyboard" | "undo";
}

const positionOf = (t: WorldToken): TokenPosition => ({ x: t.x, y: t.y, elevation: t.elevation, width: t.width, height: t.height });
function tokenMovement(origin: TokenPosition, token: WorldToken): TokenMovement {
  const destination = positionOf(token);
  return {
    id: foundryRandomId(), origin, destination, passed: { waypoints: [{ ...destination, action: token.movementAction }] },
    pending: { waypoints: [] }, method: "api",
  };
}
const foundryRandomId = () => newId("mv");

/** A token on the scene: its document UUID is what targets are keyed by. */
export class WorldToken extends WorldDocument {
  static override documentName = "Token";
  document: this;
  /**
   * BaseToken's placement fields (v13 common/documents/token.mjs `defineSchema`): x and y in pixels,
   * width and height in grid squares, elevation in the scene's distance units, hidden. The token
   * stands for both the TokenDocument and its placeable (`document` is itself).
   */
  x = 0;
  y = 0;
  width = 1;
  height = 1;
  elevation = 0;
  hidden = false;
  /** BaseToken `movementAction`: the action of the token's next movement (a key of CONFIG.Token.movement.actions). */
  movementAction = "walk";
  /**
   * BaseToken `actorLink`: a harness token's `actor` is the world actor itself, as a linked token's is
   * (v13 TokenDocument#actor: the world actor when linked, else a synthetic one from the delta).
   */
  actorLink = true;
  constructor(name: string, public actor: WorldActor, public disposition: number) {
    super({ name });
    this.document = this;
  }
  /** BaseToken `actorId`: the id of the token's actor. */
  get actorId(): string | null {
    return this.actor?.id ?? null;
  }
  /**
   * v13 client/documents/token.mjs `TokenDocument#_onUpdateMovement(movement, operation, user)`:
   * called on every client after an update that moved the token, with the movement (its origin,
   * destination and the waypoints passed, each with its movement action) and the update operation,
   * after `_onUpdate` and the `updateToken` hook (from `TokenDocument._onUpdateOperation`, see
   * `World#update`). The base does nothing.
   */
  _onUpdateMovement(_movement: TokenMovement, _operation: Plain, _user: WorldUser): void {}
  /**
   * v13 `Token#setTarget(targeted, { user, releaseOthers, groupSelection })` (client/canvas/placeables/
   * token.mjs): adds this token to the user's targets (the current user's by default) or removes it;
   * `releaseOthers` (true by default) first releases the user's other targets.
   */
  setTarget(targeted = true, { user = null, releaseOthers = true }: { user?: WorldUser | null; releaseOthers?: boolean; groupSelection?: boolean } = {}): void {
    const who = user ?? world.user;
    if (releaseOthers) for (const t of [...who.targets]) if (t !== this) who.targets.delete(t);
    if (targeted) who.targets.add(this);
    else who.targets.delete(this);
  }
  /** v13 BaseToken `getUserLevel`: a token is owned as its actor is (GMs own every token). */
  override getUserLevel(user: WorldUser): number {
    if (user.isGM) return OWNER;
    return this.actor?.getUserLevel(user) ?? 0;
  }
}

/**
 * A wall on the scene, with BaseWall's fields the system reads (v13 common/documents/wall.mjs
 * `defineSchema`): `c`, its two ends [x0, y0, x1, y1] in canvas pixels; `move` and `sight`
 * restrictions (CONST.WALL_MOVEMENT_TYPES / WALL_SENSE_TYPES, NORMAL 20 by default, NONE 0); `door`
 * (CONST.WALL_DOOR_TYPES, NONE 0 by default) and its state `ds` (CONST.WALL_DOOR_STATES, CLOSED 0 by
 * default).
 */
export class WorldWall extends WorldDocument {
  static override documentName = "Wall";
  /** v13 BaseWall: only a GM changes walls (players open doors through Foundry's own door controls). */
  override getUserLevel(user: WorldUser): number {
    return user.isGM ? OWNER : LEVELS.NONE!;
  }
  c: [number, number, number, number];
  move: number;
  sight: number;
  door: number;
  ds: number;
  constructor(data: { c: [number, number, number, number]; move?: number; sight?: number; door?: number; ds?: number }) {
    super({ name: "Wall" });
    this.c = [...data.c];
    this.move = data.move ?? 20;
    this.sight = data.sight ?? 20;
    this.door = data.door ?? 0;
    this.ds = data.ds ?? 0;
  }
}

/**
 * A tile on the scene (v13 common/documents/tile.mjs BaseTile `defineSchema`): `x`, `y` (its top-left
 * corner in canvas pixels), `width`, `height` (pixels), `hidden`, `flags`. Only a GM changes one:
 * `BaseTile.metadata` declares no permissions of its own and its schema no `ownership`, so
 * common/abstract/document.mjs `Document#canUserModify` asks `testUserPermission(user, "OWNER")`, which
 * only a GM passes (`getUserLevel` reads the absent `ownership`: null). Players see it (OBSERVER here).
 */
export class WorldTile extends WorldDocument {
  static override documentName = "Tile";
  x: number;
  y: number;
  width: number;
  height: number;
  hidden: boolean;
  constructor(data: Plain) {
    super(data);
    this.x = Number(data.x ?? 0);
    this.y = Number(data.y ?? 0);
    this.width = Number(data.width ?? 0);
    this.height = Number(data.height ?? 0);
    this.hidden = Boolean(data.hidden);
  }
  override getUserLevel(user: WorldUser): number {
    return user.isGM ? OWNER : LEVELS.OBSERVER!;
  }
}

/**
 * A Region on the scene (v13 common/documents/region.mjs BaseRegion `defineSchema`, read through the
 * League's v13 types): `name`, `color`, `shapes` (each a BaseShapeData source such as
 * `{ type: "rectangle", x, y, width, height, rotation, hole }` in pixels), `elevation`
 * `{ bottom, top }` (null: unbounded), `behaviors`, `visibility` (CONST.REGION_VISIBILITY: LAYER 0,
 * GAMEMASTER 1, ALWAYS 2), `locked` and `flags`. Only a GM creates, changes or deletes one here: the
 * system never asks a player's client to (a player's area goes through the GM relay), so the harness
 * refuses players whatever v13's exact permission for regions is.
 */
export class WorldRegion extends WorldDocument {
  static override documentName = "Region";
  color: string;
  shapes: Plain[];
  elevation: { bottom: number | null; top: number | null };
  behaviors: Plain[];
  visibility: number;
  locked: boolean;
  constructor(data: Plain) {
    super(data);
    this.color = String(data.color ?? "#000000");
    this.shapes = structuredClone((data.shapes as Plain[] | undefined) ?? []);
    const elevation = (data.elevation ?? {}) as { bottom?: number | null; top?: number | null };
    this.elevation = { bottom: elevation.bottom ?? null, top: elevation.top ?? null };
    this.behaviors = structuredClone((data.behaviors as Plain[] | undefined) ?? []);
    this.visibility = Number(data.visibility ?? 0);
    this.locked = Boolean(data.locked);
  }
  override getUserLevel(user: WorldUser): number {
    return user.isGM ? OWNER : LEVELS.OBSERVER!;
  }
}

/**
 * The world's one scene, each token's `parent` (v13 TokenDocument#parent is its Scene, and its UUID
 * `Scene.<id>.Token.<id>`, common/abstract/document.mjs `get uuid`): its grid (`Scene#grid`, a BaseGrid
 * with `size` in pixels and `distance` in scene units per square) and its tokens (`Scene#tokens`, an
 * EmbeddedCollection: iterable over its tokens, `contents` lists them, `get(id)` finds one) and walls
 * (`Scene#walls`, likewise). It is in `game.scenes` and is the world's active scene (BaseScene
 * `active`; a test may clear it).
 */
export class WorldScene extends WorldDocument {
  static override documentName = "Scene";
  grid = { size: 100, distance: 5 };
  /** BaseScene `active`: the scene the GM has activated for every player (at most one). */
  active = true;
  readonly wallList: WorldWall[] = [];
  get walls(): { contents: WorldWall[] } {
    return { contents: [...this.wallList] };
  }
  readonly tileList: WorldTile[] = [];
  /** `Scene#tiles`, an EmbeddedCollection. */
  get tiles(): { contents: WorldTile[] } {
    return { contents: [...this.tileList] };
  }
  readonly regionList: WorldRegion[] = [];
  /** `Scene#regions`, an EmbeddedCollection: `contents` and `get(id)`. */
  get regions(): { contents: WorldRegion[]; get(id: string): WorldRegion | undefined } {
    const list = [...this.regionList];
    return { contents: list, get: (id: string) => list.find((r) => r.id === id) };
  }
  /**
   * `Document#createEmbeddedDocuments("Region" | "Wall", data)`: a GM's only here (see WorldRegion;
   * v13 BaseWall lets only a GM create walls).
   */
  createEmbeddedDocuments(name: string, data: Plain[], options: Plain = {}): Promise<(WorldRegion | WorldWall | WorldToken)[]> {
    if (name === "Region") return world.createRegions(this, data, options);
    if (name === "Wall") return world.createWalls(this, data, options);
    if (name === "Token") return world.createTokens(this, data, options);
    throw new Error(`harness: a scene embeds only Regions, Walls and Tokens here, not ${name}`);
  }
  constructor(private readonly all: Map<string, WorldToken>) {
    super({ _id: "scene00000000001", name: "Scene" });
  }
  get tokens(): Collection<WorldToken> {
    const out = new Collection<WorldToken>();
    for (const t of this.all.values()) out.set(t.id, t);
    return out;
  }
}

export class WorldMessage extends WorldDocument {
  static override documentName = "ChatMessage";
  author: WorldUser;
  content: string;
  flavor: string;
  whisper: string[];
  /** BaseChatMessage's `speaker` SchemaField (common/documents/chat-message.mjs): scene, actor, token, alias. */
  speaker: { scene: string | null; actor: string | null; token: string | null; alias: string | null };
  /** BaseChatMessage's `timestamp` (initial `Date.now`), kept strictly increasing here so order is testable. */
  timestamp: number;
  constructor(data: Plain, author: WorldUser) {
    super(data);
    this.author = author;
    this.content = String(data.content ?? "");
    this.flavor = String(data.flavor ?? "");
    this.rolls = (data.rolls as unknown[] | undefined) ?? [];
    this.whisper = (data.whisper as string[] | undefined) ?? [];
    const speaker = (data.speaker ?? {}) as Partial<WorldMessage["speaker"]>;
    this.speaker = { scene: speaker.scene ?? null, actor: speaker.actor ?? null, token: speaker.token ?? null, alias: speaker.alias ?? null };
    WorldMessage.#clock = Math.max(WorldMessage.#clock + 1, Date.now());
    this.timestamp = WorldMessage.#clock;
  }
  static #clock = 0;
  /**
   * BaseChatMessage's `rolls` is an ArrayField of JSONFields (common/documents/chat-message.mjs): the
   * source holds each roll as JSON, whatever was given (a Roll is stored as its `toJSON()`), and
   * v13's ChatMessage#prepareDerivedData rebuilds Roll instances of their own classes
   * (`Roll.fromData`) each time the message's data is prepared. So a roll read from a message is a
   * copy: changing it changes nothing until the message is updated with it.
   */
  #rollSource: string[] = [];
  #rollInstances: unknown[] = [];
  get rolls(): unknown[] {
    return this.#rollInstances;
  }
  /** The rolls as the message's source stores them: one JSON string each (`game.data.messages` below). */
  get rollSources(): string[] {
    return [...this.#rollSource];
  }
  set rolls(value: unknown[]) {
    this.#rollSource = (value ?? []).map((r) => (typeof r === "string" ? r : JSON.stringify(r)));
    // v13 client/documents/chat-message.mjs `ChatMessage#prepareDerivedData`: each roll is rebuilt with
    // `Roll.fromData`; one that cannot be (its class is not registered) is reported through
    // `Hooks.onError("ChatMessage#rolls", …)` and left out, and the message keeps the others.
    this.#rollInstances = this.#rollSource.flatMap((json) => {
      try {
        return [Roll.fromJSON(json)];
      } catch (err) {
        console.error("ChatMessage#rolls", err);
        return [];
      }
    });
  }
  override getUserLevel(user: WorldUser): number {
    return user.isGM || user.id === this.author.id ? OWNER : LEVELS.OBSERVER!;
  }
  /** BaseChatMessage: only the author or a GM changes a message, and nobody else becomes its author. */
  override canUserModify(user: WorldUser, _action: "create" | "update" | "delete", data: Plain = {}): boolean {
    if (!user.isGM && "author" in data && data.author !== user.id) return false;
    return user.isGM || user.id === this.author.id;
  }
}

export class WorldCombatant extends WorldDocument {
  static override documentName = "Combatant";
  actor: WorldActor | null;
  token: WorldToken | null;
  initiative: number | null;
  defeated = false;
  hidden = false;
  img = "";
  group: unknown = null;
  /** BaseCombatant `group` as stored: the id of its CombatantGroup (a DocumentIdField), or null. */
  groupSource: string | null = null;
  constructor(data: Plain) {
    super(data);
    this.token = (data.token as WorldToken | undefined) ?? null;
    this.actor = this.token?.actor ?? (data.actor as WorldActor | undefined) ?? null;
    this.name = String(data.name ?? this.token?.name ?? this.actor?.name ?? "");
    this.initiative = (data.initiative as number | null | undefined) ?? null;
    this.hidden = Boolean(data.hidden);
    this.groupSource = typeof data.group === "string" ? data.group : null;
  }
  /**
   * v13 client/documents/combatant.mjs `Combatant#_prepareGroup`: the group with the stored id
   * (`this.parent.groups.get(this._source.group)`) becomes `group`, the combatant joins its
   * `members`, and a group's initiative, once set, is the combatant's.
   */
  _prepareGroup(): void {
    const group = (this.parent as WorldCombat | null)?.groups.get(this.groupSource ?? "");
    if (!group) return;
    group.members.add(this);
    if (Number.isFinite(group.initiative)) this.initiative = group.initiative;
    this.group = group;
  }
  /** v13 BaseCombatant `defineSchema`: `tokenId` and `actorId` are stored ids. */
  get tokenId(): string | null {
    return this.token?.id ?? null;
  }
  get actorId(): string | null {
    return this.actor?.id ?? null;
  }
  /** BaseCombatant `getUserLevel`: a combatant is owned as its actor is. */
  override getUserLevel(user: WorldUser): number {
    if (user.isGM) return OWNER;
    return this.actor?.getUserLevel(user) ?? 0;
  }
  get isDefeated(): boolean {
    return this.defeated || !!this.actor?.statuses.has("dead");
  }
  /**
   * v13 common/documents/combatant.mjs `BaseCombatant.#canUpdate` (schemaVersion 13.341): a GM anything;
   * a player who owns the combatant (`testUserPermission(user, "OWNER")`, owned as its actor is) only
   * `initiative`, `flags`, `defeated` and `system`.
   */
  override canUserModify(user: WorldUser, action: "create" | "update" | "delete", data: Plain = {}): boolean {
    if (user.isGM) return true;
    if (!this.testUserPermission(user, OWNER)) return false;
    return action === "update" && Object.keys(data).every((k) => ["_id", "initiative", "flags", "defeated", "system"].includes(k));
  }
  override _onUpdate(): void {
    (this.parent as WorldCombat | null)?.setupTurns();
  }
}

/**
 * A group of combatants in a Combat (v13 common/documents/combatant-group.mjs BaseCombatantGroup:
 * `name`, `img`, `initiative`, `ownership`, `flags`; embedded in its Combat's `groups`). Its
 * `members` are prepared from the combatants that name it (Combatant#_prepareGroup). It declares no
 * permissions of its own, so v13's default applies (common/abstract/document.mjs `Document.metadata`:
 * create "ASSISTANT"): only a GM creates one.
 */
export class WorldCombatantGroup extends WorldDocument {
  static override documentName = "CombatantGroup";
  img: string;
  initiative: number | null;
  members = new Set<WorldCombatant>();
  constructor(data: Plain, parent: WorldCombat) {
    super(data);
    this.parent = parent;
    this.img = String(data.img ?? "");
    this.initiative = (data.initiative as number | null | undefined) ?? null;
  }
  override getUserLevel(user: WorldUser): number {
    // Its own ownership decides a player's level (Document#getUserLevel; no permission functions).
    if (user.isGM) return OWNER;
    return this.ownership[user.id] ?? this.ownership.default ?? 0;
  }
}

export class WorldCombat extends WorldDocument {
  static override documentName = "Combat";
  round = 0;
  turn: number | null = null;
  active = true;
  /** BaseCombat `scene`: the id of the scene it is fought on, or null. */
  scene: string | null = null;
  combatants = new Collection<WorldCombatant>();
  /** BaseCombat `groups`, an embedded collection of CombatantGroups. */
  groups = new Collection<WorldCombatantGroup>();
  /**
   * `Document#createEmbeddedDocuments("CombatantGroup" | "Combatant", data)` (see World#createGroups
   * and World#createCombatants for who may).
   */
  createEmbeddedDocuments(name: string, data: Plain[], options: Plain = {}): Promise<(WorldCombatantGroup | WorldCombatant)[]> {
    if (name === "CombatantGroup") return world.createGroups(this, data, options);
    if (name === "Combatant") return world.createCombatants(this, data, options);
    throw new Error(`harness: a combat embeds only Combatants and CombatantGroups, not ${name}`);
  }
  turns: WorldCombatant[] = [];
  get started(): boolean {
    return this.round > 0;
  }
  get combatant(): WorldCombatant | null {
    return this.turn === null || this.turn === undefined ? null : this.turns[this.turn] ?? null;
  }
  override getUserLevel(user: WorldUser): number {
    return user.isGM ? OWNER : LEVELS.OBSERVER!;
  }
  /**
   * v13 common/documents/combat.mjs `BaseCombat.#canUpdate` (schemaVersion 13.341): a GM anything; a
   * player only the keys `_id`, `round`, `turn` and `combatants`. `round` and `turn` pass
   * `_canChangeRound`/`_canChangeTurn`, which return true in v13 (a system's override of them runs
   * on its own clients only, never on the server): ANY player may set any turn and round. Each entry
   * of `combatants` must exist and pass that combatant's own update check (`#canModifyCombatants`).
   */
  override canUserModify(user: WorldUser, action: "create" | "update" | "delete", data: Plain = {}): boolean {
    if (user.isGM) return true;
    if (action !== "update") return false;
    if (Object.keys(data).some((k) => !["_id", "round", "turn", "combatants"].includes(k))) return false;
    if ("combatants" in data) {
      const list = Array.isArray(data.combatants) ? data.combatants as Plain[] : [];
      for (const { _id, ...change } of list) {
        const c = this.combatants.get(String(_id));
        if (!c?.canUserModify(user, "update", change)) return false;
      }
    }
    return true;
  }
  addCombatants(list: WorldCombatant[]): void {
    for (const c of list) {
      c.parent = this;
      this.combatants.set(c.id, c);
      if (c.actor) c.actor.inCombat = true;
      c._prepareGroup();
    }
    this.setupTurns();
  }
  /**
   * v13 client/documents/combat.mjs `Combat#setupTurns`: `this.combatants.contents.sort(this._sortCombatants)`,
   * the method passed unbound, so `this` is undefined inside an override (as here: called as a plain function).
   */
  setupTurns(): WorldCombatant[] {
    const sort = this._sortCombatants;
    this.turns = [...this.combatants].sort((a, b) => sort.call(undefined, a, b));
    return this.turns;
  }
  /** v13 `Combat#_sortCombatants`: descending initiative (none last), then by id. */
  protected _sortCombatants(a: WorldCombatant, b: WorldCombatant): number {
    const ia = a.initiative ?? -Infinity;
    const ib = b.initiative ?? -Infinity;
    return (ib - ia) || (a.id > b.id ? 1 : -1);
  }
  async rollInitiative(ids: string[]) {
    for (const id of ids) await this.combatants.get(id)!.update({ initiative: 10 });
    return this;
  }
  /** Core `Combat#nextTurn`/`previousTurn`/`nextRound`: plain turn and round changes (ours override them). */
  async nextTurn() {
    return this.update({ turn: (this.turn ?? -1) + 1 });
  }
  async previousTurn() {
    return this.update({ turn: Math.max(0, (this.turn ?? 1) - 1) });
  }
  async nextRound() {
    return this.update({ round: this.round + 1, turn: 0 });
  }
  async startCombat() {
    return this.update({ round: 1, turn: 0 });
  }
  /** v13 `Combat#endCombat` asks the GM to confirm (DialogV2.confirm), then deletes: the harness confirms. */
  async endCombat() {
    return this.delete();
  }
}

/**
 * A card (v13 common/documents/card.mjs BaseCard `defineSchema`, read through the League's v13 types):
 * `faces` (each `{ name, text, img }`), `back`, `face`, `drawn` (a deck's card dealt elsewhere),
 * `origin` (the id of the deck a dealt copy came from), `sort`. `recall()` (v13 `Card#recall`)
 * sends a card away from its deck home: the deck's own card is no longer drawn and this copy goes.
 */
export class WorldCard extends WorldDocument {
  static override documentName = "Card";
  faces: { name: string; text: string; img: string }[];
  back: { name: string; text: string; img: string };
  face: number | null;
  drawn: boolean;
  origin: string | null;
  sort: number;
  constructor(data: Plain, parent: WorldCards) {
    super(data);
    this.parent = parent;
    this.faces = structuredClone((data.faces as WorldCard["faces"] | undefined) ?? []);
    this.back = structuredClone((data.back as WorldCard["back"] | undefined) ?? { name: "", text: "", img: "" });
    this.face = (data.face as number | null | undefined) ?? null;
    this.drawn = Boolean(data.drawn);
    this.origin = (data.origin as string | null | undefined) ?? null;
    this.sort = Number(data.sort ?? 0);
  }
  /** v13 `Card#source`: the deck this card belongs to (its origin, or its own stack). */
  get source(): WorldCards | null {
    return this.origin ? world.cardStacks.get(this.origin) ?? null : (this.parent as WorldCards);
  }
  recall(): Promise<WorldCard | undefined> {
    return world.recallCard(this);
  }
}

/**
 * A stack of cards (v13 common/documents/cards.mjs BaseCards): `type` "deck", "hand" or "pile",
 * its embedded `cards`, ownership as any document. `availableCards` (v13 `Cards#availableCards`):
 * a deck's cards not drawn, any other stack's cards. `deal(to, number, { how })` (v13 `Cards#deal`:
 * from the top, the bottom or at random, CONST.CARD_DRAW_MODES 0, 1, 2) marks each dealt card of a
 * deck as drawn and creates a copy in the destination with `origin` = the deck's id; the dealer must
 * be able to change both stacks. `shuffle()` (v13 `Cards#shuffle`) gives every card a new `sort`.
 * Only a GM creates a stack here: the system creates them on the GM's client alone.
 */
export class WorldCards extends WorldDocument {
  static override documentName = "Cards";
  type: string;
  img: string;
  cards = new Collection<WorldCard>();
  constructor(data: Plain) {
    super(data);
    this.type = String(data.type ?? "deck");
    this.img = String(data.img ?? "");
    for (const c of (data.cards as Plain[] | undefined) ?? []) {
      const card = new WorldCard(c, this);
      this.cards.set(card.id, card);
    }
  }
  get availableCards(): WorldCard[] {
    return this.type === "deck" ? this.cards.filter((c) => !c.drawn) : this.cards.contents;
  }
  deal(to: WorldCards[], number = 1, { how = 0 }: { how?: number; chatNotification?: boolean } = {}): Promise<this> {
    return world.dealCards(this, to, number, how).then(() => this);
  }
  shuffle(_options: { chatNotification?: boolean } = {}): Promise<this> {
    return world.shuffleCards(this).then(() => this);
  }
}

/** The shared server and the clients' globals. */
export class World {
  users = new Collection<WorldUser>();
  actors = new Collection<WorldActor>();
  messages = new Collection<WorldMessage>();
  combats = new Collection<WorldCombat>();
  /** `game.cards`: the world's Cards stacks. */
  cardStacks = new Collection<WorldCards>();
  tokens = new Map<string, WorldToken>();
  /**
   * Registered settings by `namespace.key`, as v13's `ClientSettings#settings` Map (client/helpers/
   * client-settings.mjs `register`) keeps each registration; `value` is the stored Setting's value.
   */
  settings = new Map<string, { scope: string; value: unknown; onChange?: (v: unknown) => void; registration: Plain }>();
  /** The world's settings as stored before the system starts (`"steel-echoes.gameEchoes" → false`): register keeps them. */
  storedSettings = new Map<string, unknown>();
  /** Every notification any client showed. */
  shown: Shown[] = [];
  /** Writes the server refused: [user name, action, document]. */
  refused: string[] = [];
  defaultUser: WorldUser | null = null;

  get user(): WorldUser {
    const u = client.getStore() ?? this.defaultUser;
    if (!u) throw new Error("harness: no client (use world.as(user, fn))");
    return u;
  }

  /** Run `fn` on `user`'s client. */
  as<T>(user: WorldUser, fn: () => T): T {
    return client.run(user, fn);
  }

  addUser(name: string, role: number = ROLES.PLAYER): WorldUser {
    const u = new WorldUser({ name, role });
    this.users.set(u.id, u);
    this.defaultUser ??= u;
    return u;
  }

  /** Compendium packs by id (v13 `game.packs`). */
  readonly packs = new Collection<WorldPack>();

  /** An Item in a compendium pack (the pack is made on first use, with `WorldPack`'s default ownership). */
  addPackItem(packId: string, data: Plain): WorldItem {
    let pack = this.packs.get(packId);
    if (!pack) this.packs.set(packId, pack = new WorldPack(packId));
    const item = new WorldItem(data);
    item.pack = packId;
    if (typeof data.folder === "string") Object.assign(item, { folder: data.folder });
    pack.set(item.id, item);
    return item;
  }

  /** Actors in compendium packs (the bestiary), by UUID: read with `fromUuid`, imported with `Actor.implementation.create`. */
  readonly packActors = new Map<string, WorldActor>();

  /**
   * An Actor in a compendium pack of Actors, made on first use with the ownership given (the system's
   * bestiary: players see nothing, system.json). `folder` is a folder id of the pack (`addPackFolder`).
   */
  addPackActor(packId: string, data: Plain, ownership?: Record<string, keyof typeof LEVELS>): WorldActor {
    let pack = this.packs.get(packId);
    if (!pack) this.packs.set(packId, pack = new WorldPack(packId, ownership, "Actor"));
    const actor = new WorldActor(data);
    actor.pack = packId;
    Object.assign(actor, { folder: typeof data.folder === "string" ? data.folder : null });
    pack.set(actor.id, actor);
    this.packActors.set(actor.uuid, actor);
    return actor;
  }

  /**
   * A folder in a pack (made on first use as a pack of Items), inside `parent` when given; with `id`,
   * the id its items' `folder` names (as the packs' source files give it).
   */
  addPackFolder(packId: string, name: string, parent: WorldPackFolder | null = null, id?: string): WorldPackFolder {
    let pack = this.packs.get(packId);
    if (!pack) this.packs.set(packId, pack = new WorldPack(packId));
    const folder = new WorldPackFolder({ name, folder: parent?.id ?? null, ...(id ? { _id: id } : {}) });
    pack.folders.set(folder.id, folder);
    return folder;
  }

  /**
   * Tokens created on a scene (`scene.createEmbeddedDocuments("Token", data)`), each from its data's
   * `actorId`, `name`, `x`, `y`, `width`, `height`, `hidden`, `disposition`, `actorLink`. Only a GM
   * here: v13 CONST.USER_PERMISSIONS.TOKEN_CREATE has defaultRole ASSISTANT (3), and
   * client/canvas/layers/tokens.mjs `TokenLayer#_onDropActorData` refuses a user who lacks it.
   */
  async createTokens(scene: WorldScene, data: Plain[], options: Plain = {}): Promise<WorldToken[]> {
    const user = this.user;
    const Cls = (harness.CONFIG.Token as { documentClass?: typeof WorldToken }).documentClass ?? WorldToken;
    const out = data.map((d) => {
      const actor = this.actors.get(String(d.actorId ?? ""));
      if (!actor) throw new Error(`harness: a token needs a world actor (actorId ${String(d.actorId)})`);
      const t = new Cls(String(d.name ?? actor.name), actor, Number(d.disposition ?? -1));
      Object.assign(t, {
        x: Number(d.x ?? 0), y: Number(d.y ?? 0), width: Number(d.width ?? 1), height: Number(d.height ?? 1),
        hidden: Boolean(d.hidden), actorLink: Boolean(d.actorLink),
      });
      t.parent = scene;
      return t;
    });
    if (!user.isGM) this.#refuse(user, "create", out[0] ?? new Cls("", new WorldActor({ type: "monster" }), -1));
    await Promise.resolve();
    for (const t of out) this.tokens.set(t.uuid, t);
    for (const t of out) this.#broadcast("createToken", [t, options, user.id]);
    return out;
  }

  /**
   * A new Combat (`Combat.implementation.create(data)`): only a GM. v13 common/documents/combat.mjs
   * `BaseCombat.metadata` overrides only `permissions.update` (`#canUpdate`), so creating one takes the
   * Document default, "ASSISTANT" (common/abstract/document.mjs `Document.metadata`, as cited at the groups below).
   */
  async createCombat(data: Plain, options: Plain = {}): Promise<WorldCombat> {
    const user = this.user;
    const Cls = harness.CONFIG.Combat.documentClass as typeof WorldCombat;
    const combat = new Cls({ ...data, _id: undefined });
    combat.scene = typeof data.scene === "string" ? data.scene : null;
    combat.active = data.active !== false;
    if (!user.isGM) this.#refuse(user, "create", combat);
    await Promise.resolve();
    this.combats.set(combat.id, combat);
    this.#broadcast("createCombat", [combat, options, user.id]);
    return combat;
  }

  /** CombatantGroups created in a combat: only a GM (see WorldCombatantGroup). */
  async createGroups(combat: WorldCombat, data: Plain[], options: Plain = {}): Promise<WorldCombatantGroup[]> {
    const user = this.user;
    const out = data.map((d) => new WorldCombatantGroup({ ...d, _id: undefined }, combat));
    if (!user.isGM) this.#refuse(user, "create", out[0] ?? new WorldCombatantGroup({}, combat));
    await Promise.resolve();
    for (const g of out) combat.groups.set(g.id, g);
    for (const g of out) this.#broadcast("createCombatantGroup", [g, options, user.id]);
    return out;
  }

  /**
   * Combatants created in a combat from `{ tokenId, sceneId, actorId, hidden, group }` (v13
   * BaseCombatant `defineSchema`). v13 BaseCombatant `metadata.permissions.create` is "OWNER": a GM, or
   * the owner of the combatant's actor (BaseCombatant#getUserLevel is its actor's). A `group` that is
   * not a group of this combat leaves the combatant without one (Combatant#_prepareGroup finds none).
   */
  async createCombatants(combat: WorldCombat, data: Plain[], options: Plain = {}): Promise<WorldCombatant[]> {
    const user = this.user;
    const Cls = harness.CONFIG.Combatant.documentClass as typeof WorldCombatant;
    const out = data.map((d) => {
      const token = [...this.tokens.values()].find((t) => t.id === d.tokenId) ?? null;
      const actor = token?.actor ?? this.actors.get(String(d.actorId ?? "")) ?? null;
      return new Cls({ ...d, _id: undefined, token, actor });
    });
    for (const c of out) if (!user.isGM && !c.testUserPermission(user, OWNER)) this.#refuse(user, "create", c);
    await Promise.resolve();
    combat.addCombatants(out);
    for (const c of out) this.#broadcast("createCombatant", [c, options, user.id]);
    return out;
  }

  addActor(data: Plain, owners: WorldUser[] = []): WorldActor {
    const a = new WorldActor({ ...data, ownership: { default: 0, ...Object.fromEntries(owners.map((u) => [u.id, OWNER])) } });
    this.actors.set(a.id, a);
    return a;
  }

  /** The one scene every token stands on. */
  readonly scene: WorldScene = new WorldScene(this.tokens);

  addToken(actor: WorldActor, disposition: number): WorldToken {
    // The configured document class (the system's TokenDocument subclass, which extends this stand-in).
    const Cls = (harness.CONFIG.Token as { documentClass?: typeof WorldToken }).documentClass ?? WorldToken;
    const t = new Cls(actor.name, actor, disposition);
    t.parent = this.scene;
    this.tokens.set(t.uuid, t);
    return t;
  }

  /** A wall on the scene, its ends in squares of the scene's grid (stored in pixels as v13 stores `c`). */
  addWall(ends: [number, number, number, number], data: { move?: number; sight?: number; door?: number; ds?: number } = {}): WorldWall {
    const size = this.scene.grid.size;
    const w = new WorldWall({ ...data, c: ends.map((n) => n * size) as [number, number, number, number] });
    w.parent = this.scene;
    this.scene.wallList.push(w);
    return w;
  }

  /** A tile on the scene covering whole squares of its grid (stored in pixels as v13 stores it). */
  addTile(square: { x: number; y: number; width: number; height: number }, data: Plain = {}): WorldTile {
    const size = this.scene.grid.size;
    const t = new WorldTile({ ...data, x: square.x * size, y: square.y * size, width: square.width * size, height: square.height * size });
    t.parent = this.scene;
    this.scene.tileList.push(t);
    return t;
  }

  addCombat(tokens: WorldToken[]): WorldCombat {
    const Cls = harness.CONFIG.Combat.documentClass as typeof WorldCombat;
    const CombatantCls = harness.CONFIG.Combatant.documentClass as typeof WorldCombatant;
    const combat = new Cls({});
    combat.addCombatants(tokens.map((t) => new CombatantCls({ token: t })));
    this.combats.set(combat.id, combat);
    return combat;
  }

  fromUuid(uuid: string): WorldDocument | WorldToken | null {
    if (this.tokens.has(uuid)) return this.tokens.get(uuid)!;
    if (this.packActors.has(uuid)) return this.packActors.get(uuid)!;
    for (const a of this.actors) {
      if (a.uuid === uuid) return a;
      for (const i of a.items) if (i.uuid === uuid) return i;
      for (const e of a.effects) if (e.uuid === uuid) return e;
    }
    for (const coll of [this.messages, this.combats, this.users, this.cardStacks] as Collection<WorldDocument & { id: string }>[]) {
      for (const d of coll) if (d.uuid === uuid) return d;
    }
    for (const stack of this.cardStacks) for (const c of stack.cards) if (c.uuid === uuid) return c;
    for (const pack of this.packs) for (const i of pack) if (i.uuid === uuid) return i;
    for (const d of [...this.scene.tileList, ...this.scene.regionList, ...this.scene.wallList]) if (d.uuid === uuid) return d;
    return null;
  }

  #refuse(user: WorldUser, action: string, doc: WorldDocument): never {
    const line = `${user.name} ${action} ${doc.documentName} [${doc.id}]`;
    this.refused.push(line);
    throw new Error(`${user.name} lacks permission to ${action} ${doc.documentName} [${doc.id}]`);
  }

  /**
   * The server broadcasts a change: every connected client runs `onEach` (`_onUpdate`), the hook, then
   * `after` (the operation's batch step, `_onUpdateOperation`), in the order of v13
   * client/data/client-backend.mjs `ClientDatabaseBackend#handleUpdateDocuments`.
   */
  #broadcast(hook: string, args: unknown[], onEach?: () => void, after?: () => void): void {
    for (const u of this.users) {
      if (!u.active || u.frozen) continue;
      client.run(u, () => {
        onEach?.();
        harness.hooks.callAll(hook, ...args);
        after?.();
      });
    }
  }

  async update<T extends WorldDocument>(doc: T, changes: Plain, options: Plain = {}): Promise<T | undefined> {
    const user = this.user;
    // v13 client/data/client-backend.mjs `ClientDatabaseBackend.#preUpdateDocumentArray` expands every
    // update whole (`changes = foundry.utils.expandObject(update)`), so a dotted key at any depth
    // (`{ system: { "stamina.value": 3 } }`) is a path. (`DataModel#updateSource` alone expands only
    // when a top-level key has a dot: `applyUpdate`.)
    const expanded = expandObject(changes) as Plain;
    // v13 client/data/client-backend.mjs `#preUpdateDocumentArray` → `Document#updateSource(changes,
    // { dryRun: true, fallback: false })` (common/abstract/data.mjs): the changes are cleaned first
    // (`DataModel.cleanData(changes, { partial: true })`; `system` by its sub-type's model through
    // TypeDataField#_cleanType): clamped, rounded, cast, trimmed, undeclared keys dropped.
    const Model = systemModel(doc);
    if (Model && "system" in expanded) expanded.system = cleanSystemChanges(Model, expanded.system);
    // The diff on a copy first (what the client sends), then the server's permission check on it.
    const diffOf = (c: Plain) => applyUpdate(Object.fromEntries(Object.keys(c).map((k) => {
      const key = k.replace(/^(-=|==)/, "");
      return [key, structuredClone((doc as unknown as Plain)[key])];
    })), c);
    const sent = diffOf(expanded);
    if (!Object.keys(sent).length) return doc;
    // The writer's client runs `_preUpdate` on the diff, which may add changes, and sends the result
    // (ClientDatabaseBackend.#preUpdateDocumentArray).
    const opts = { diff: true, recursive: true, render: true, ...JSON.parse(JSON.stringify(options)) };
    if ((await doc._preUpdate(sent, opts, user)) === false) return doc;
    // Then the pre-update hook, on the writer's client only, with the same changes and options (v13
    // client/data/client-backend.mjs `#preUpdateDocumentArray`: `await doc._preUpdate(changes, options,
    // user); const allowed = options.noHook || Hooks.call(\`preUpdate${doc.documentName}\`, doc, changes,
    // options, user.id); if ( allowed === false ) continue;`). What a hook adds to the options travels
    // with the operation to every client's update hook.
    if (!opts.noHook && harness.hooks.call(`preUpdate${doc.documentName}`, doc, sent, opts, user.id) === false) return doc;
    const diff = diffOf(sent);
    if (!Object.keys(diff).length) return doc;
    // The stored data as it would be after the update, for the joint validation below.
    const probe: Plain = Object.fromEntries(Object.keys(sent).map((k) => [k.replace(/^(-=|==)/, ""), structuredClone((doc as unknown as Plain)[k.replace(/^(-=|==)/, "")])]));
    applyUpdate(probe, sent);
    // v13 `DataModel#updateSource` then validates the changed fields strictly (`validate({ changes:
    // diff, joint: false, strict: true })`) and the whole result jointly. What cleaning could not mend
    // (a choice outside its list, a custom validator's refusal) fails: `#preUpdateDocumentArray`
    // shows the error (`ui.notifications.error`, the message after "] ") and drops that update, so
    // nothing changes, nothing is sent, and `Document#update` resolves to undefined: it does not throw.
    if (Model && isPlainObject(diff.system)) {
      const failure = Model.schema.validate(structuredClone(diff.system), { partial: true });
      let error = failure?.unresolved ? documentValidationError(doc, failure) : null;
      if (!error) {
        try {
          Model.validateJoint(probe.system as Plain);
        } catch (err) {
          error = new Error(`${doc.constructor.name} [${doc.id}] Joint Validation Error:\n${(err as Error).message}`);
        }
      }
      if (error) {
        const message = error.message.split("] ").pop()!;
        this.shown.push({ user: user.name, type: "error", message, shown: shownNotification(message, undefined) });
        return undefined;
      }
    }
    if (!doc.canUserModify(user, "update", diff)) this.#refuse(user, "update", doc);
    await Promise.resolve();
    const before = doc instanceof WorldToken && ["x", "y", "elevation"].some((k) => k in diff) ? positionOf(doc) : null;
    applyUpdate(doc as unknown as Plain, diff);
    const hook = `update${doc.documentName}`;
    const movement = doc instanceof WorldToken && before ? tokenMovement(before, doc) : null;
    // Each client runs `_onUpdate` and then the update hook (client-backend.mjs
    // `#handleUpdateDocuments`: `doc._onUpdate(change, options, userId); Hooks.callAll(\`update${type}\`,
    // ...)`), and only after every document's, `await documentClass._onUpdateOperation(...)`, where
    // v13 client/documents/token.mjs `TokenDocument._onUpdateOperation` →
    // `#onUpdateOperationMovement` calls `document._onUpdateMovement(movement, operation, user)`.
    this.#broadcast(hook, [doc, diff, opts, user.id], () => doc._onUpdate(diff, opts, user.id), () => {
      if (!movement) return;
      // Foundry neither awaits `_onUpdateMovement` nor reads what it returns (v13 client/documents/token.mjs
      // `#onUpdateOperationMovement`). A promise the system's override returns (the work a move starts,
      // src/canvas/token-document.ts) is followed as a hook's is: settle() waits for it, a rejection is recorded.
      const started: unknown = (doc as unknown as WorldToken)._onUpdateMovement(structuredClone(movement), opts, user);
      if (started instanceof Promise) harness.hooks.track(started);
    });
    return doc;
  }

  async delete<T extends WorldDocument>(doc: T, options: Plain = {}): Promise<T> {
    const user = this.user;
    if (!doc.canUserModify(user, "delete")) this.#refuse(user, "delete", doc);
    await Promise.resolve();
    if (doc instanceof WorldEffect) (doc.parent as WorldActor).effects.delete(doc.id);
    else if (doc instanceof WorldItem && doc.parent instanceof WorldActor) doc.parent.items.delete(doc.id);
    else if (doc instanceof WorldMessage) this.messages.delete(doc.id);
    else if (doc instanceof WorldCombat) this.combats.delete(doc.id);
    else if (doc instanceof WorldCombatant) {
      // v13 Combat#_onDeleteDescendantDocuments sets the turns up again (core's own re-pointing of
      // `turn` is not modelled: the system keeps the acting creature itself).
      (doc.parent as WorldCombat).combatants.delete(doc.id);
      (doc.parent as WorldCombat).setupTurns();
    }
    else if (doc instanceof WorldRegion) {
      const list = (doc.parent as WorldScene).regionList;
      list.splice(list.indexOf(doc), 1);
    } else if (doc instanceof WorldWall) {
      const list = (doc.parent as WorldScene).wallList;
      list.splice(list.indexOf(doc), 1);
    }
    this.#broadcast(`delete${doc.documentName}`, [doc, options, user.id]);
    return doc;
  }

  async createEffects(actor: WorldActor, data: Plain[], options: Plain = {}): Promise<WorldEffect[]> {
    const user = this.user;
    if (!actor.canUserModify(user, "update")) this.#refuse(user, "create", new WorldEffect({}, actor));
    await Promise.resolve();
    const out = data.map((d) => {
      const e = new WorldEffect(options.keepId ? d : { ...d, _id: undefined }, actor);
      if (actor.effects.has(e.id)) throw new Error(`The ActiveEffect id [${e.id}] already exists in ${actor.uuid}`);
      actor.effects.set(e.id, e);
      return e;
    });
    for (const e of out) this.#broadcast("createActiveEffect", [e, options, user.id]);
    return out;
  }

  /**
   * Items created on an actor: v13 common/documents/item.mjs `BaseItem.#canCreate` lets a user create
   * an embedded Item when she owns its actor (`doc.parent.testUserPermission(user, "OWNER")`); each
   * client then runs the `createItem` hook.
   */
  async createItems(actor: WorldActor, data: Plain[], options: Plain = {}): Promise<WorldItem[]> {
    const user = this.user;
    if (!actor.testUserPermission(user, OWNER)) this.#refuse(user, "create", new WorldItem({ type: "feature" }, actor));
    await Promise.resolve();
    const out = data.map((d) => {
      const item = new WorldItem(options.keepId ? d : { ...d, _id: undefined }, actor);
      if (actor.items.has(item.id)) throw new Error(`The Item id [${item.id}] already exists in ${actor.uuid}`);
      actor.items.set(item.id, item);
      return item;
    });
    for (const item of out) this.#broadcast("createItem", [item, options, user.id]);
    return out;
  }

  async createWalls(scene: WorldScene, data: Plain[], options: Plain = {}): Promise<WorldWall[]> {
    const user = this.user;
    const out = data.map((d) => {
      const w = new WorldWall(d as ConstructorParameters<typeof WorldWall>[0]);
      if (isPlainObject(d.flags)) w.flags = structuredClone(d.flags as Plain);
      w.parent = scene;
      return w;
    });
    if (!user.isGM) this.#refuse(user, "create", out[0] ?? new WorldWall({ c: [0, 0, 0, 0] }));
    await Promise.resolve();
    scene.wallList.push(...out);
    for (const w of out) this.#broadcast("createWall", [w, options, user.id]);
    return out;
  }

  async createRegions(scene: WorldScene, data: Plain[], options: Plain = {}): Promise<WorldRegion[]> {
    const user = this.user;
    const out = data.map((d) => Object.assign(new WorldRegion({ ...d, _id: undefined }), { parent: scene }));
    if (!user.isGM) this.#refuse(user, "create", out[0] ?? new WorldRegion({}));
    await Promise.resolve();
    scene.regionList.push(...out);
    for (const r of out) this.#broadcast("createRegion", [r, options, user.id]);
    return out;
  }

  /**
   * A world actor (`Actor.create(data)`): v13 common/documents/actor.mjs `BaseActor.#canCreate` asks
   * for ACTOR_CREATE, whose default role is ASSISTANT (common/constants.mjs `USER_PERMISSIONS`), so
   * only a GM here; each client then runs the `createActor` hook.
   */
  async createActor(data: Plain, options: Plain = {}): Promise<WorldActor> {
    const user = this.user;
    const actor = new WorldActor({ ...data, _id: undefined });
    if (!user.isGM) this.#refuse(user, "create", actor);
    await Promise.resolve();
    this.actors.set(actor.id, actor);
    this.#broadcast("createActor", [actor, options, user.id]);
    return actor;
  }

  async createCards(data: Plain, options: Plain = {}): Promise<WorldCards> {
    const user = this.user;
    const stack = new WorldCards(options.keepId ? data : { ...data, _id: undefined });
    if (!user.isGM) this.#refuse(user, "create", stack);
    await Promise.resolve();
    this.cardStacks.set(stack.id, stack);
    this.#broadcast("createCards", [stack, options, user.id]);
    return stack;
  }

  async dealCards(from: WorldCards, to: WorldCards[], number: number, how: number): Promise<void> {
    const user = this.user;
    for (const stack of [from, ...to]) if (!stack.canUserModify(user, "update")) this.#refuse(user, "update", stack);
    await Promise.resolve();
    for (let n = 0; n < number; n++) {
      for (const dest of to) {
        const available = [...from.availableCards].sort((a, b) => a.sort - b.sort);
        if (!available.length) throw new Error(`There are not enough cards remaining in ${from.name} to deal`);
        const card = how === 2 ? available[Math.floor(Math.random() * available.length)]! : how === 1 ? available.at(-1)! : available[0]!;
        const copy = new WorldCard({ ...card.toObject(), _id: card.id, drawn: false, origin: from.type === "deck" ? from.id : card.origin }, dest);
        dest.cards.set(copy.id, copy);
        if (from.type === "deck") card.drawn = true;
        else from.cards.delete(card.id);
      }
    }
    for (const stack of [from, ...to]) this.#broadcast("updateCards", [stack, {}, {}, user.id]);
  }

  async recallCard(card: WorldCard): Promise<WorldCard | undefined> {
    const user = this.user;
    const stack = card.parent as WorldCards;
    const deck = card.source;
    if (!deck || deck === stack) return card;
    for (const s of [stack, deck]) if (!s.canUserModify(user, "update")) this.#refuse(user, "update", s);
    await Promise.resolve();
    stack.cards.delete(card.id);
    const home = deck.cards.get(card.id);
    if (home) home.drawn = false;
    for (const s of [stack, deck]) this.#broadcast("updateCards", [s, {}, {}, user.id]);
    return home;
  }

  async shuffleCards(stack: WorldCards): Promise<void> {
    const user = this.user;
    if (!stack.canUserModify(user, "update")) this.#refuse(user, "update", stack);
    await Promise.resolve();
    const order = stack.cards.contents.map((c) => ({ c, k: Math.random() })).sort((a, b) => a.k - b.k);
    order.forEach(({ c }, i) => { c.sort = (i + 1) * 100000; });
  }

  async createMessage(data: Plain, options: Plain = {}): Promise<WorldMessage> {
    const user = this.user;
    const authorId = typeof data.author === "string" ? data.author : user.id;
    const author = this.users.get(authorId);
    const message = new WorldMessage(data, author ?? user);
    if (!author || (!user.isGM && authorId !== user.id)) this.#refuse(user, "create", message);
    await Promise.resolve();
    this.messages.set(message.id, message);
    this.#broadcast("createChatMessage", [message, options, user.id]);
    return message;
  }

  async setSetting(key: string, value: unknown): Promise<unknown> {
    const user = this.user;
    const setting = this.settings.get(key);
    if (!setting) throw new Error(`"${key}" is not a registered game setting`);
    if (setting.scope === "world" && !user.isGM) {
      this.refused.push(`${user.name} update Setting [${key}]`);
      throw new Error(`${user.name} lacks permission to update Setting [${key}]`);
    }
    await Promise.resolve();
    setting.value = structuredClone(value);
    for (const u of this.users) if (u.active) client.run(u, () => setting.onChange?.(value));
    return value;
  }

  /** Wait until every hook started by the last actions (GM relays, renders) has finished. */
  settle(): Promise<void> {
    return harness.hooks.settle();
  }
}

/**
 * Foundry's `game.i18n` over the project's language file (client/helpers/localization.mjs).
 * `initialize` is a method of its prototype, as `Localization#initialize` is: v13 `Game#initialize`
 * (client/game.mjs) awaits `this.i18n.initialize()` right after `Hooks.callAll("init")`, and the
 * system's game chunks hold it with an own property (src/games/loader.ts). Here the language file is
 * already read, so Foundry's part does nothing.
 */
export const i18n = Object.assign(Object.create({ async initialize(): Promise<void> {} }) as { initialize(): Promise<void> }, {
  localize: (key: string) => lookup(LANG, key) ?? key,
  format: (key: string, data: Record<string, unknown> = {}) => format(lookup(LANG, key) ?? key, data),
  has: (key: string) => lookup(LANG, key) !== undefined,
});

/**
 * Start the system as v13 `Game#initialize` (client/game.mjs) does up to the documents: `init`, then
 * `await game.i18n.initialize()` (which waits for the chunks of the games the world plays), then
 * `i18nInit`. Call after importing src/index.ts.
 */
export async function initializeSystem(): Promise<void> {
  harness.hooks.callAll("init");
  await game.i18n!.initialize();
  harness.hooks.callAll("i18nInit");
}

/**
 * Install the world's globals over the single-client harness: `game` (per-client `user`), documents,
 * `fromUuid`, `ChatMessage`, `Combat`/`Combatant`, per-client notifications. Import the system's code
 * after this.
 */
/** v13's roll modes as v14's message modes (v14 `Roll._mapLegacyRollMode`, per the v14 declarations). */
const LEGACY_MODES: Record<string, string> = { publicroll: "public", gmroll: "gm", blindroll: "blind", selfroll: "self" };

/** Who sees a message in `mode`: the GMs for "gm" and "blind" (blind hiding it from its roller too), the user for "self". */
function modeData(mode: string): Plain {
  const gms = [...world.users].filter((u) => u.isGM).map((u) => u.id);
  if (mode === "gm" || mode === "blind") return { whisper: gms, ...(mode === "blind" ? { blind: true } : {}) };
  return mode === "self" ? { whisper: [world.user.id] } : {};
}

/** v14's unsaved ChatMessage, as far as the system uses one (see `ChatMessage.implementation` below). */
class UnsavedMessage {
  #data: Plain;
  constructor(data: Plain = {}) { this.#data = { ...data }; }
  applyMode(mode: string): void { Object.assign(this.#data, modeData(mode)); }
  toObject(): Plain { return { ...this.#data }; }
  static create(data: Plain, options: Plain = {}) { return world.createMessage(data, options); }
}

export function installWorld(): World {
  installFoundryHarness();
  world = new World();
  const g = globalThis as Record<string, unknown>;
  const users = world.users as Collection<WorldUser> & { activeGM?: WorldUser | null };
  Object.defineProperty(users, "activeGM", {
    get: () => [...world.users].filter((u) => u.active && u.isGM).sort((a, b) => (a.id < b.id ? -1 : 1))[0] ?? null,
  });
  // `game.scenes` (v13 client/documents/collections/scenes.mjs `Scenes`): the world's one scene;
  // `active` is the scene flagged active (`Scenes#active`: `this.find(s => s.active)`), `viewed` the
  // one the canvas shows (`Scenes#viewed`: `this.find(s => s.isView)`), none here: there is no canvas.
  const scenes = new Collection<WorldScene>([[world.scene.id, world.scene]]) as Collection<WorldScene> & { active?: WorldScene; viewed?: WorldScene };
  Object.defineProperty(scenes, "active", { get: () => scenes.find((s) => s.active) });
  Object.defineProperty(scenes, "viewed", { get: () => undefined });
  const settings = {
    register: (ns: string, key: string, config: { scope?: string; default: unknown; onChange?: (v: unknown) => void }) => {
      // A world setting the world already holds keeps its stored value: v13 `ClientSettings#register`
      // (client/helpers/client-settings.mjs) resets the world's `Setting` document, built before `init`, to the registered type.
      const stored = world.storedSettings.has(`${ns}.${key}`) ? world.storedSettings.get(`${ns}.${key}`) : config.default;
      world.settings.set(`${ns}.${key}`, {
        scope: config.scope ?? "client", value: structuredClone(stored), registration: { ...config, namespace: ns, key },
        ...(config.onChange ? { onChange: config.onChange } : {}),
      });
    },
    get: (ns: string, key: string) => {
      const s = world.settings.get(`${ns}.${key}`);
      if (!s) throw new Error(`"${ns}.${key}" is not a registered game setting`);
      return structuredClone(s.value);
    },
    set: (ns: string, key: string, value: unknown) => world.setSetting(`${ns}.${key}`, value),
    settings: world.settings,
  };
  // Core's own settings that the system reads (v13 client/config... ClientSettings registered by core).
  // v13 keeps the chat log's mode in the client setting core.rollMode (a CONST.DICE_ROLL_MODES value);
  // v14 in core.messageMode (a CONFIG.ChatMessage.modes key: the official Draw Steel system's v14 rolls
  // read it, src/module/rolls/base.mjs), core.rollMode being deprecated. Reading a setting nobody
  // registered throws here, as it does in Foundry (ClientSettings#get: "is not a registered game setting").
  if (isV14()) settings.register("core", "messageMode", { scope: "client", default: "public" });
  else settings.register("core", "rollMode", { scope: "client", default: "publicroll" });
  g.game = {
    get user() { return world.user; },
    users,
    actors: world.actors,
    messages: world.messages,
    combats: world.combats,
    cards: world.cardStacks,
    get combat() { return [...world.combats].find((c) => c.active) ?? null; },
    macros: new Collection(),
    items: new Collection(),
    scenes,
    packs: world.packs,
    system: { id: "steel-echoes", version: "0.2.0" },
    // v13 client/game.mjs: the Game constructor keeps the world data the server sent (`Game.getData`,
    // the "world" socket event) as `game.data`, read-only, before `init`; its documents are their
    // sources (`initializeDocuments` builds the collections from them later). Here, the sources of
    // the documents the test put in the world before it ran the system's `init`.
    get data() {
      return {
        actors: [...world.actors].map((a) => ({ _id: a.id, type: a.type, name: a.name })),
        items: [...(game.items ?? [])].map((i) => ({ _id: (i as { id?: string }).id, type: (i as { type?: string }).type })),
        messages: [...world.messages].map((m) => ({ _id: m.id, rolls: m.rollSources })),
        // A combat's source keeps its flags (common/documents/combat.mjs `BaseCombat.defineSchema`: `flags`).
        combats: [...world.combats].map((c) => ({ _id: c.id, flags: structuredClone(c.flags) })),
      };
    },
    i18n,
    settings,
    release: RELEASE,
  };
  g.fromUuid = async (uuid: string) => world.fromUuid(uuid);
  g.fromUuidSync = (uuid: string) => world.fromUuid(uuid);
  const create = (data: Plain, options: Plain = {}) => world.createMessage(data, options);
  g.ChatMessage = {
    create,
    implementation: { create },
    // v13 client/documents/chat-message.mjs `getSpeaker({ scene, actor, token, alias })`: a token given,
    // `_getSpeakerFromToken` ({ token: token.id, actor: its actor's id, alias: alias ?? token.name });
    // an actor with no token on a canvas, `_getSpeakerFromActor` ({ actor: actor.id, token: null,
    // alias: alias || actor.name }); nothing, the user's assigned character as an actor (no canvas,
    // so no controlled or active tokens), else `_getSpeakerFromUser` (the user's name). No scene here.
    getSpeaker: ({ actor, token, alias }: { actor?: WorldActor | null; token?: WorldToken | null; alias?: string | null } = {}) => {
      if (token) return { scene: null, actor: token.actor?.id ?? null, token: token.id, alias: alias ?? token.name };
      const who = actor ?? (world.user.character as WorldActor | null | undefined) ?? null;
      return who ? { scene: null, actor: who.id ?? null, token: null, alias: alias || who.name || null }
        : { scene: null, actor: null, token: null, alias: alias ?? world.user.name };
    },
    // v13 client/documents/chat-message.mjs `getSpeakerActor(speaker)`: a speaker with a scene and a token
    // is that token's actor, else the actor its `actor` id names, else null. No scenes here, so the id.
    getSpeakerActor: (speaker: { actor?: string | null } | null | undefined) => (speaker?.actor ? world.actors.get(speaker.actor) ?? null : null),
    // v13 client/documents/chat-message.mjs `ChatMessage.applyRollMode(chatData, rollMode)`: "gmroll"
    // and "blindroll" whisper to the GMs (blind also sets `blind`), "selfroll" to the user alone, "roll"
    // means the user's core.rollMode. v14 still has it but deprecates roll modes for message modes.
    applyRollMode: (data: Plain, rollMode: string) => {
      if (isV14()) logCompatibilityWarning("ChatMessage.applyRollMode is deprecated: use ChatMessage#applyMode with a message mode", { since: 14, until: 16 });
      const mode = rollMode === "roll" ? String(game.settings!.get("core", "rollMode")) : rollMode;
      return Object.assign(data, modeData(LEGACY_MODES[mode] ?? "public"));
    },
    // v14: an unsaved message (`new ChatMessage.implementation(data)`) whose `applyMode(mode)` sets
    // who sees it, read back with `toObject()`, as the official Draw Steel system's v14 rolls use it
    // (src/module/rolls/base.mjs). v14's own body of applyMode was not read: it is taken to whisper as
    // v13's applyRollMode does for the same mode. v13's `implementation` is the document class too,
    // but the system constructs one only on v14 (src/compat/versions.ts `withMessageMode`).
    ...(isV14() ? { implementation: UnsavedMessage } : {}),
  };
  // v13 foundry.documents.TokenDocument, for the system's subclass; CONFIG.Token.documentClass and the
  // movement actions it measures by (client/config.mjs `CONFIG.Token.movement`, v13's defaults).
  (g.foundry as { documents: Record<string, unknown> }).documents.TokenDocument = WorldToken;
  Object.assign(harness.CONFIG.Token, { documentClass: WorldToken, movement: { defaultAction: "walk", actions: v13MovementActions() } });
  harness.CONFIG.Combat.documentClass = WorldCombat;
  harness.CONFIG.Combatant.documentClass = WorldCombatant;
  // v13 `Cards.implementation.create(data)` / `Cards.create(data)`: a new world stack (a GM's, see WorldCards).
  const createCards = (data: Plain, options: Plain = {}) => world.createCards(data, options);
  g.Cards = { create: createCards, implementation: { create: createCards } };
  // v13 `Actor.create(data)`: a new world actor (a GM's, see World#createActor).
  Object.assign(g.Actor as object, { create: (data: Plain, options: Plain = {}) => world.createActor(data, options) });
  g.Combat = WorldCombat;
  g.Combatant = WorldCombatant;
  // `Combat.implementation.create(data)` (v13 `getDocumentClass("Combat").create`), `Actor.implementation.create(data)`.
  const createCombat = (data: Plain, options: Plain = {}) => world.createCombat(data, options);
  Object.assign(WorldCombat, { create: createCombat, implementation: { create: createCombat } });
  Object.assign(g.Actor as object, { implementation: { create: (data: Plain, options: Plain = {}) => world.createActor(data, options) } });
  // v13 client/documents/abstract/world-collection.mjs `WorldCollection#fromCompendium(document, options)`:
  // the document's data (`toObject()`) for a new world document, without its `_id` (unless keepId),
  // `sort` and `ownership` (clearSort, clearOwnership true by default), with `_stats.compendiumSource`
  // its UUID. (`Actors#fromCompendium` then clears the prototype token fields the core default token
  // setting sets: none by default, so none here.)
  Object.assign(world.actors, {
    fromCompendium: (doc: WorldActor, { keepId = false }: { keepId?: boolean } = {}): Plain => {
      const data = doc.toObject();
      if (!keepId) delete data._id;
      delete data.sort;
      delete data.ownership;
      delete data.pack;
      for (const k of ["effects", "items"]) data[k] = [...(doc[k as "items"] as Collection<WorldItem>)].map((d) => d.toObject());
      data._stats = { ...(data._stats as Plain), compendiumSource: doc.uuid };
      return data;
    },
  });
  g.canvas = null;
  const notify = (type: string) => (message: string, options: unknown) => {
    world.shown.push({ user: world.user.name, type, message, shown: shownNotification(message, options) });
  };
  g.ui = { notifications: { error: notify("error"), warn: notify("warn"), info: notify("info") } };
  // Roll#toMessage posts through ChatMessage.create, as v13 does.
  // v13 client/dice/roll.mjs `Roll#toMessage(messageData, { rollMode })` applies the roll mode with
  // `ChatMessage.applyRollMode` (client/documents/chat-message.mjs): "gmroll" and "blindroll" whisper
  // to the GMs (blind also hides it from the roller), "selfroll" to the roller alone.
  // v14's `Roll#toMessage(messageData, { messageMode })` takes a message mode; its `rollMode` still
  // works but is deprecated since v14 until v16 (the v14 declarations, client/dice/roll.d.mts).
  (g.Roll as { prototype: { toMessage: unknown } }).prototype.toMessage = async function toMessage(
    this: { total: number }, data: Plain = {}, { rollMode, messageMode }: { rollMode?: string; messageMode?: string } = {},
  ) {
    if (isV14() && rollMode) logCompatibilityWarning("The rollMode option of Roll#toMessage is deprecated: use messageMode", { since: 14, until: 16 });
    const mode = isV14() && messageMode ? messageMode : rollMode ? LEGACY_MODES[rollMode] ?? "public" : "public";
    return world.createMessage({ content: String(this.total), ...data, ...modeData(mode), rolls: [this] });
  };
  return world;
}
