/**
 * What the hero, monster and item sheets compute and do, as one chunk (issue 31; the classes, which
 * Foundry needs at `init`, are in hero-sheet.ts, monster-sheet.ts and item-sheet.ts and load this on
 * their first render: lazy-sheets.ts). The pure view-models build each context; no rule is computed here.
 */
import { heroSheetContext, readHeroDetails } from "../view-models/hero-sheet.ts";
import type { HeroSystemView } from "../view-models/hero-sheet.ts";
import { monsterSheetContext, readMonsterDetails } from "../view-models/monster-sheet.ts";
import type { MonsterSystemView } from "../view-models/monster-sheet.ts";
import { arraysFromIndexedObjects } from "../view-models/item-fields.ts";
import { editListRows, itemSheetContext, readItemForm, uuidsIn } from "../view-models/item-sheet.ts";
import type { ResolvedDocument } from "../view-models/item-sheet.ts";
import type { FieldNode } from "../view-models/item-fields.ts";
import { kindOfFields } from "../view-models/field-kinds.ts";
import type { FieldClasses } from "../view-models/field-kinds.ts";
import { editTierRows } from "../view-models/tier-editor.ts";
import { effectRows } from "../view-models/sheet-common.ts";
import type { EffectInput } from "../view-models/sheet-common.ts";
import { maintainedAbilities } from "../../documents/heroic-resources.ts";
import { stopMaintaining } from "../../documents/heroic-resource-upkeep.ts";
import { persistentUpkeepOf } from "../../documents/heroic-resource-actions.ts";
import { sheetItems } from "./sheet-items.ts";
import { foundryI18n } from "../foundry-i18n.ts";
import { readFormLists } from "./form-lists.ts";
import { conditionFlags } from "../../documents/conditions.ts";
import { rollCharacteristicTest } from "./rolls.ts";
import { useAbilityWithUI, useFreeStrike } from "../chat/ability-card.ts";
import { openNegotiationTracker } from "../trackers/lazy-trackers.ts";
import { advancementSpeed } from "../../settings/index.ts";
import { applyOption, removeOption } from "../../documents/options.ts";
import type { OptionHost } from "../../documents/options.ts";
import { isSingleOption } from "../../documents/token-defaults.ts";
import { foundryOptionServices } from "./option-services.ts";
import { RECOVERY_ACTIONS, recoveryPartContext } from "./recovery-actions.ts";
import { updateDocument } from "../../documents/update.ts";
import { actorScene, currentSpeed } from "../../documents/movement.ts";
import { MOVEMENT_TYPES } from "../../data/vocabulary.ts";
import { heroBuildOf } from "../../documents/hero-build.ts";
import { levelUp } from "../../documents/level-up.ts";
import type { LevelingHero } from "../../documents/level-up.ts";
import { heroBuildWarnings } from "../../rules/hero-building.ts";
import { buildWarningLines } from "../view-models/build-warnings.ts";
import type { MonsterLike } from "../../parser/stat-block.ts";
import { openHeroBuilder } from "../builder/open-builder.ts";
import { stepForDroppedOption } from "../view-models/hero-builder.ts";
import { chooseAncestry, chooseCareer, chooseClass } from "../../documents/hero-builder.ts";
import type { BuilderHost, BuilderServices } from "../../documents/hero-builder.ts";
import { actorAt, currentGrabs } from "../../documents/grabs.ts";
import { requestGrabRelease } from "../../documents/grab-hold.ts";
import { GRABS_CHANGED } from "../../settings/grabs.ts";

type AnyActor = Actor.Implementation;
type ActorSheetLike = { actor: AnyActor; isEditable: boolean };
type Handler<S> = (sheet: S, event: PointerEvent, target: HTMLElement) => unknown;
const enrichFor = (doc: { isOwner: boolean }) => (html: string) =>
  // Type escape: relativeTo takes a ClientDocument; the sheets pass their actor or item, typed here only by what the secrets need.
  foundry.applications.ux.TextEditor.implementation.enrichHTML(html, { secrets: doc.isOwner, relativeTo: doc as never });

/* ---------- hero ---------- */

/** The hero sheet's own context (the sheet adds Foundry's and its tabs). */
export async function heroContext(sheet: ActorSheetLike, mode: "play" | "edit", collapsed?: (itemId: string) => boolean) {
  const actor = sheet.actor;
  // Type escape: Foundry types actor.system as the union of every sub-type's model; this sheet's actor is of its own type.
  const system = actor.system as unknown as HeroSystemView & { biography: string };
  const biographyHTML = await enrichFor(actor)(system.biography);
  return {
    ...heroSheetContext({
      name: actor.name, img: actor.img ?? "", editable: sheet.isEditable, mode,
      system, items: sheetItems(actor), biographyHTML, advancementSpeed: advancementSpeed(), isGM: !!game.user?.isGM,
      speedNow: currentSpeed(actor, actorScene(actor)), collapsed,
    }, foundryI18n),
    // A hand-made hero's broken rules, as warnings only (issue 32; src/rules/hero-building.ts).
    buildWarnings: buildWarningLines(heroBuildWarnings(heroBuildOf(actor)), foundryI18n),
    // The hero builder's button (issue 32): for her owner, prominent while the hero has no class yet.
    builder: actor.isOwner && sheet.isEditable ? { prominent: !actor.items.some((i) => i.type === "class") } : null,
    biographySource: system.biography,
    effects: effectRows(actor.effects.map(effectInput), foundryI18n),
    ...recoveryPartContext(sheet),
    // Persistent Magic (L2872–2888): what the hero maintains and its upkeep; the owner stops any.
    maintained: maintainedContext(actor, sheet.isEditable),
    // The creatures the hero holds by a grab the GM recorded (L6674); her owner lets go at any time (L6676).
    holding: holdingContext(actor, sheet.isEditable),
  };
}

/** The edit mode's one-line lists (languages, immunities, weaknesses) read back before Foundry validates the update. */
export function heroFormData<T>(data: T): T {
  return readFormLists(data, readHeroDetails, "SE.Actor.Hero.FIELDS");
}

/** Clicks shared by the hero and monster sheets. */
const ACTOR_ACTIONS = {
  async rollCharacteristic(sheet: ActorSheetLike, event: PointerEvent, target: HTMLElement) {
    const key = target.dataset.characteristic ?? "";
    const value = (sheet.actor.system.characteristics as Record<string, number>)[key] ?? 0;
    await rollCharacteristicTest(sheet.actor, key, value, { fast: event.shiftKey });
  },
  async rollAbility(sheet: ActorSheetLike, event: PointerEvent, target: HTMLElement) {
    const item = sheet.actor.items.get(target.dataset.itemId ?? "");
    if (item) await useAbilityWithUI(sheet.actor, item, event.shiftKey);
  },
  /** A melee or ranged free strike (L7107–7134), through the same dialog and card as abilities. */
  async freeStrike(sheet: ActorSheetLike, event: PointerEvent, target: HTMLElement) {
    await useFreeStrike(sheet.actor, target.dataset.kind === "ranged" ? "ranged" : "melee", event.shiftKey);
  },
  openItem(sheet: ActorSheetLike, _event: PointerEvent, target: HTMLElement) {
    void sheet.actor.items.get(target.dataset.itemId ?? "")?.sheet?.render(true);
  },
};

export const HERO_ACTIONS = {
  ...ACTOR_ACTIONS,
  /** Turn an effect off or on (Foundry's ActiveEffect#disabled). */
  async toggleEffect(sheet: ActorSheetLike, _event: PointerEvent, target: HTMLElement) {
    const effect = sheet.actor.effects.get(target.dataset.effectId ?? "");
    if (effect) await updateDocument(effect, { disabled: !effect.disabled });
  },
  /** Foundry's own confirmation, then the deletion (v13 `ClientDocumentMixin#deleteDialog`, DialogV2.confirm). */
  async deleteEffect(sheet: ActorSheetLike, _event: PointerEvent, target: HTMLElement) {
    await sheet.actor.effects.get(target.dataset.effectId ?? "")?.deleteDialog();
  },
  /** Stop maintaining one persistent ability, or all of them (no action required, L2880). */
  /** Open the hero builder (issue 32), loaded when first opened. */
  async openBuilder(sheet: ActorSheetLike) {
    await openHeroBuilder(sheet.actor);
  },
  /** Take the next level (issue 32; src/documents/level-up.ts says who may). */
  async levelUp(sheet: ActorSheetLike) {
    // Type escape: this sheet's actor is a hero, whose data model is the structural LevelingHero.
    await levelUp(sheet.actor as unknown as LevelingHero);
  },
  /** Let go of a creature the hero holds grabbed (L6676), checked by the GM's client against its record (src/documents/grab-hold.ts). */
  async releaseGrab(sheet: ActorSheetLike, _event: PointerEvent, target: HTMLElement) {
    if (!sheet.isEditable || !sheet.actor.uuid) return;
    await requestGrabRelease(target.dataset.grabbed ?? "", sheet.actor.uuid);
    // The record is a world setting: this sheet shows it again once the GM's client wrote it.
    await (sheet as { render?: () => unknown }).render?.();
  },
  async stopMaintaining(sheet: ActorSheetLike, _event: PointerEvent, target: HTMLElement) {
    if (!sheet.isEditable) return;
    const id = target.dataset.itemId;
    await stopMaintaining(sheet.actor, id ? [id] : undefined);
  },
  async deleteItem(sheet: ActorSheetLike, _event: PointerEvent, target: HTMLElement) {
    const item = sheet.actor.items.get(target.dataset.itemId ?? "");
    if (!item) return;
    if (!isSingleOption(item.type)) {
      await item.deleteDialog();
      return;
    }
    const ok = await foundryOptionServices.confirm(item.name, foundryOptionServices.localize("SE.Option.RemoveContent", { name: item.name }));
    // Type escape: OptionHost is the structural view of a hero the option workflow uses; the actor's generic embedded-document methods do not match it.
    if (ok) await removeOption(sheet.actor as unknown as OptionHost, item as never);
  },
  /** Climb, swim and the other movement types beyond walking (L6856–6860), from an ancestry, kit or feature. */
  async toggleMovement(sheet: ActorSheetLike, _event: PointerEvent, target: HTMLElement) {
    const kind = target.dataset.movement ?? "";
    if (!sheet.isEditable || !(MOVEMENT_TYPES as readonly string[]).includes(kind)) return;
    // Echoes actors have a number of movement points under the same name: only a hero's set is read.
    const stored = sheet.actor.type === "hero" ? (sheet.actor.system as { movement?: Iterable<string> }).movement : undefined;
    const movement = new Set<string>(stored ?? []);
    if (movement.has(kind)) movement.delete(kind);
    else movement.add(kind);
    await updateDocument(sheet.actor, { "system.movement": [...movement] });
  },
  async toggleSkill(sheet: ActorSheetLike, _event: PointerEvent, target: HTMLElement) {
    const skill = target.dataset.skill ?? "";
    const skills = new Set<string>("skills" in sheet.actor.system ? sheet.actor.system.skills : []);
    if (skills.has(skill)) skills.delete(skill);
    else skills.add(skill);
    await updateDocument(sheet.actor, { "system.skills": [...skills] });
  },
  // The recovery bar's actions (recovery-actions.ts), which read the sheet as `this`.
  catchBreath: (sheet: ActorSheetLike) => RECOVERY_ACTIONS.catchBreath.call(sheet),
  spendRecovery: (sheet: ActorSheetLike) => RECOVERY_ACTIONS.spendRecovery.call(sheet),
  spendHeroToken: (sheet: ActorSheetLike) => RECOVERY_ACTIONS.spendHeroToken.call(sheet),
  respite: (sheet: ActorSheetLike) => RECOVERY_ACTIONS.respite.call(sheet),
} satisfies Record<string, Handler<ActorSheetLike>>;

/** A dropped ancestry, culture, career, class or kit applied (replacing the old one) with what it grants. */
export async function heroApplyOption(actor: AnyActor, item: Item.Implementation): Promise<unknown> {
  // An option with choices (a class, a career, a culture, an ancestry with points to spend) opens its
  // builder step instead of granting everything (issue 32): the option is put on the hero as that
  // step's choice, and the player makes its choices there.
  const step = stepForDroppedOption(item.type, item.system as unknown as Record<string, unknown>);
  if (step) {
    // Type escape: BuilderHost is the structural view of a hero the builder writes through.
    const hero = actor as unknown as BuilderHost;
    const services: BuilderServices = {
      load: async (uuid) => (await fromUuid(uuid).catch(() => null))?.toObject() as Record<string, unknown> | null ?? null,
      localize: (key) => foundryI18n.localize(key),
    };
    if (step === "ancestry") await chooseAncestry(hero, item.uuid ?? "", [], services);
    else if (step === "career") await chooseCareer(hero, item.uuid ?? "", "", services);
    else if (step === "class") await chooseClass(hero, item.uuid ?? "", [], [], services);
    await openHeroBuilder(actor, step);
    return null;
  }
  // Type escape: OptionHost is the structural view of a hero the option workflow uses; the actor's generic embedded-document methods do not match it.
  return applyOption(actor as unknown as OptionHost, item.toObject() as never, foundryOptionServices);
}

/** The maintained persistent abilities the abilities tab lists, or null when there are none. */
function maintainedContext(actor: AnyActor, editable: boolean) {
  const abilities = maintainedAbilities(actor);
  if (!abilities.length) return null;
  return { abilities, upkeep: persistentUpkeepOf(abilities), editable };
}

let watchingGrabs = false;

/**
 * Once this chunk is loaded: when the GM's record of grabs changes (its setting's `onChange`, on
 * every client), the open hero sheets draw again, so a grab made or ended shows on its grabber's sheet.
 */
function watchGrabs(): void {
  if (watchingGrabs) return;
  watchingGrabs = true;
  // The system's own hook, which the League's types do not know (as for poolsChanged).
  (Hooks.on as (hook: string, fn: () => void) => number)(GRABS_CHANGED, () => {
    for (const app of foundry.applications.instances.values()) {
      const sheet = app as unknown as { document?: { documentName?: string; type?: string }; rendered?: boolean; render(): unknown };
      if (sheet.rendered && sheet.document?.documentName === "Actor" && sheet.document.type === "hero") void sheet.render();
    }
  });
}

/** Who the hero holds grabbed by a recorded grab that holds now (src/documents/grabs.ts), or null. */
function holdingContext(actor: AnyActor, editable: boolean) {
  watchGrabs();
  const creatures = currentGrabs().filter((r) => r.grabber === actor.uuid).map((r) => {
    const name = actorAt(r.grabbed)?.name ?? "?";
    return { uuid: r.grabbed, name, label: foundryI18n.format("SE.Grab.ReleaseLabel", { name }) };
  });
  return creatures.length ? { creatures, editable } : null;
}

/** An effect as the Effects tab lists it: its condition duration and the name of what imposed it (`flags.steel-echoes.sourceUuid`). */
function effectInput(effect: ActiveEffect.Implementation): EffectInput {
  const flags = conditionFlags(effect);
  const source = flags?.sourceUuid ? (fromUuidSync(flags.sourceUuid) as { name?: string } | null) : null;
  return {
    id: effect.id ?? "", name: effect.name, img: effect.img ?? "", disabled: effect.disabled,
    duration: flags?.duration ?? null, ...(flags?.characteristic ? { characteristic: flags.characteristic } : {}),
    ...(source?.name ? { sourceName: source.name } : {}),
  };
}

/* ---------- monster ---------- */

/** The stat block's context. */
export async function monsterContext(sheet: ActorSheetLike, mode: "play" | "edit", collapsed?: (itemId: string) => boolean) {
  const actor = sheet.actor;
  // Type escape: Foundry types actor.system as the union of every sub-type's model; this sheet's actor is of its own type.
  const system = actor.system as unknown as MonsterSystemView & { biography: string; directorNotes: string };
  const enrich = enrichFor(actor);
  const isGM = !!game.user?.isGM;
  return monsterSheetContext({
    name: actor.name, img: actor.img ?? "", editable: sheet.isEditable, mode, isGM, system, items: sheetItems(actor),
    biographyHTML: await enrich(system.biography), directorNotesHTML: isGM ? await enrich(system.directorNotes) : "",
    biographySource: system.biography, directorNotesSource: isGM ? system.directorNotes : "", collapsed,
  }, foundryI18n);
}

/**
 * The edit mode's one-line lists and checkbox groups (keywords, immunities, weaknesses, movement,
 * motivations, pitfalls) read back before Foundry validates the update.
 */
export function monsterFormData<T>(data: T): T {
  return readFormLists(data, readMonsterDetails, "SE.Actor.Monster.FIELDS");
}

export const MONSTER_ACTIONS = {
  ...ACTOR_ACTIONS,
  /** Foundry's own confirmation, then the deletion (v13 `ClientDocumentMixin#deleteDialog`, DialogV2.confirm). */
  async deleteItem(sheet: ActorSheetLike, _event: PointerEvent, target: HTMLElement) {
    await sheet.actor.items.get(target.dataset.itemId ?? "")?.deleteDialog();
  },
  /** The Director opens the negotiation tracker for this NPC (src/applications/trackers/). */
  negotiate(sheet: ActorSheetLike) {
    void openNegotiationTracker(sheet.actor);
  },
  /** "Copy as text": the stat block in the documented plain-text layout, to the clipboard. */
  async copyStatBlock(sheet: ActorSheetLike) {
    const actor = sheet.actor;
    // The stat-block parser loads when it is first needed (issue 31).
    const { formatStatBlock } = await import("../../parser/stat-block.ts");
    const text = formatStatBlock({
      name: actor.name,
      // Type escape: the stat-block formatter reads a monster as its plain source shape.
      system: actor.system as unknown as MonsterLike["system"],
      // Type escape: the stat-block formatter reads a monster as its plain source shape.
      items: actor.items.contents.map((i) => ({ name: i.name, type: i.type, system: i.system as unknown as MonsterLike["items"][number]["system"] })),
    });
    await game.clipboard?.copyPlainText(text);
    ui.notifications?.info(foundryI18n.format("SE.Bestiary.Copied", { name: actor.name }));
  },
} satisfies Record<string, Handler<ActorSheetLike>>;

/* ---------- item ---------- */

type ItemSheetLike = { item: Item.Implementation; isEditable: boolean };

/** The item's schema fields (a data model instance exposes its schema). */
interface SchemaNode extends FieldNode {
  fields: Record<string, FieldNode>;
}

function itemSchema(item: Item.Implementation): SchemaNode {
  // Type escape: a data model instance exposes its schema; Foundry types system as the union of every model.
  return (item.system as unknown as { schema: SchemaNode }).schema;
}

function itemKindOf() {
  // Type escape: the field classes as constructors, for the pure view-model's instanceof checks.
  return kindOfFields(foundry.data.fields as unknown as FieldClasses);
}

/** A UUID's document or index entry; a malformed UUID (fromUuidSync throws on some) is just not found. */
function lookUp(uuid: string): { name?: string; type?: string } | null {
  try {
    return fromUuidSync(uuid) as { name?: string; type?: string } | null;
  } catch {
    return null;
  }
}

/** The item sheet's context: play mode's printed page or edit mode's inputs (view-models/item-sheet.ts). */
export async function itemContext(sheet: ItemSheetLike, mode: "play" | "edit") {
  const item = sheet.item;
  // Type escape: the pure item view-model reads any item model's data as a plain record; Foundry types system as the union of every model.
  const system = item.system as unknown as Record<string, unknown>;
  const kindOf = itemKindOf();
  const schema = itemSchema(item);
  // Rich text shows enriched (content links clickable, unrevealed secrets kept from non-owners):
  // v13 client/applications/ux/text-editor.mjs `TextEditor.enrichHTML`. The stored HTML was
  // sanitised when it was written: HTMLField marks it for the server's sanitisation of user input
  // (common/data/fields.mjs `HTMLField`).
  const enrich = enrichFor(item);
  const enriched: Record<string, string> = {};
  const htmlFields = (fields: Record<string, FieldNode>, prefix: string): string[] => Object.entries(fields).flatMap(([key, field]) => {
    const kind = kindOf(field);
    if (kind === "schema" && field.fields) return htmlFields(field.fields, `${prefix}.${key}`);
    return kind === "html" ? [`${prefix}.${key}`] : [];
  });
  if (mode === "play" || !sheet.isEditable) {
    for (const name of htmlFields(schema.fields, "system")) enriched[name] = await enrich(String(foundry.utils.getProperty(item, name) ?? ""));
  }
  // The names of the documents the item points to: fromUuidSync gives a compendium document's index
  // entry (name and type, Item's compendiumIndexFields) without loading it (v13 client/utils/helpers.mjs `fromUuidSync`).
  const resolved = new Map<string, ResolvedDocument | null>();
  for (const uuid of uuidsIn(system)) {
    const doc = lookUp(uuid);
    resolved.set(uuid, doc?.name ? { name: doc.name, type: doc.type } : null);
  }
  return itemSheetContext({
    type: item.type, name: item.name, img: item.img ?? "", system, schemaFields: schema.fields, kindOf,
    mode, editable: sheet.isEditable, enriched, resolve: (uuid) => resolved.get(uuid) ?? null,
  }, foundryI18n);
}

async function editTiers(sheet: ItemSheetLike, target: HTMLElement, change: { add: true } | { remove: number }) {
  const tiers = (sheet.item.type === "ability" ? sheet.item.system.tiers : undefined) ?? [];
  const list = target.dataset.list === "conditions" ? "conditions" : "forced";
  await updateDocument(sheet.item, { "system.tiers": editTierRows(tiers, Number(target.dataset.tier), list, change) });
}

/** The list field a form name points to, when it is one of this item's (never another path). */
function listField(item: Item.Implementation, path: string): FieldNode | null {
  if (!path.startsWith("system.")) return null;
  let node: FieldNode | undefined = itemSchema(item);
  for (const part of path.slice("system.".length).split(".")) node = node?.fields?.[part];
  return node?.element ? node : null;
}

async function editList(item: Item.Implementation, path: string, change: { add: unknown } | { remove: number }) {
  if (!listField(item, path)) return;
  const list = (foundry.utils.getProperty(item, path) as unknown[] | undefined) ?? [];
  await updateDocument(item, { [path]: editListRows(list, change) });
}

export const ITEM_ACTIONS = {
  addTierRow: (sheet: ItemSheetLike, _event: PointerEvent, target: HTMLElement) => editTiers(sheet, target, { add: true }),
  removeTierRow: (sheet: ItemSheetLike, _event: PointerEvent, target: HTMLElement) =>
    editTiers(sheet, target, { remove: Number(target.dataset.index) }),
  /** A list of records (purchases, inciting incidents, features by level, spend): a blank row added. */
  async addListRow(sheet: ItemSheetLike, _event: PointerEvent, target: HTMLElement) {
    const path = target.dataset.path ?? "";
    const field = listField(sheet.item, path);
    if (!field?.element) return;
    // Type escape: a real DataField computes its initial value; the view-model's FieldNode does not declare it.
    const blank = (field.element as unknown as { getInitialValue(data?: object): unknown }).getInitialValue({});
    await editList(sheet.item, path, { add: blank });
  },
  removeListRow: (sheet: ItemSheetLike, _event: PointerEvent, target: HTMLElement) =>
    editList(sheet.item, target.dataset.path ?? "", { remove: Number(target.dataset.index) }),
} satisfies Record<string, Handler<ItemSheetLike>>;

/** The item form's data read back (see SteelEchoesItemSheet#_processFormData). */
export function itemFormData<T>(sheet: ItemSheetLike, data: T): T {
  const expanded = foundry.utils.expandObject(data as object);
  const out = arraysFromIndexedObjects(expanded) as { system?: Record<string, unknown> };
  if (out.system) out.system = readItemForm(out.system, { schemaFields: itemSchema(sheet.item).fields, kindOf: itemKindOf() });
  return out as T;
}
