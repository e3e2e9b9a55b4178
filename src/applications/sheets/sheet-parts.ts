/**
 * What the hero, monster and item sheets compute and do, as one chunk (issue 31; the classes, which
 * Foundry needs at `init`, are in hero-sheet.ts, monster-sheet.ts and item-sheet.ts and load this on
 * their first render: lazy-sheets.ts). The pure view-models build each context; no rule is computed here.
 */
import { heroSheetContext, readHeroDetails } from "../view-models/hero-sheet.ts";
import type { HeroSystemView } from "../view-models/hero-sheet.ts";
import { monsterSheetContext, readMonsterDetails } from "../view-models/monster-sheet.ts";
import type { MonsterSystemView } from "../view-models/monster-sheet.ts";
import { abilityView } from "../view-models/ability.ts";
import type { AbilityData } from "../view-models/ability.ts";
import { arraysFromIndexedObjects, itemSheetRows } from "../view-models/item-fields.ts";
import type { FieldNode } from "../view-models/item-fields.ts";
import { kindOfFields } from "../view-models/field-kinds.ts";
import type { FieldClasses } from "../view-models/field-kinds.ts";
import { editTierRows, tierEditorContext } from "../view-models/tier-editor.ts";
import { effectRows } from "../view-models/sheet-common.ts";
import type { EffectInput } from "../view-models/sheet-common.ts";
import { maintainedAbilities, persistentUpkeepOf, stopMaintaining } from "../../documents/heroic-resources.ts";
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
import type { MonsterLike } from "../../parser/stat-block.ts";

type AnyActor = Actor.Implementation;
type ActorSheetLike = { actor: AnyActor; isEditable: boolean };
type Handler<S> = (sheet: S, event: PointerEvent, target: HTMLElement) => unknown;
const enrichFor = (doc: { isOwner: boolean }) => (html: string) =>
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
      system, items: sheetItems(actor), biographyHTML, advancementSpeed: advancementSpeed(),
      speedNow: currentSpeed(actor, actorScene(actor)), collapsed,
    }, foundryI18n),
    biographySource: system.biography,
    effects: effectRows(actor.effects.map(effectInput), foundryI18n),
    ...recoveryPartContext(sheet),
    // Persistent Magic (L2872–2888): what the hero maintains and its upkeep; the owner stops any.
    maintained: maintainedContext(actor, sheet.isEditable),
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
export function heroApplyOption(actor: AnyActor, item: Item.Implementation): Promise<unknown> {
  // Type escape: OptionHost is the structural view of a hero the option workflow uses; the actor's generic embedded-document methods do not match it.
  return applyOption(actor as unknown as OptionHost, item.toObject() as never, foundryOptionServices);
}

/** The maintained persistent abilities the abilities tab lists, or null when there are none. */
function maintainedContext(actor: AnyActor, editable: boolean) {
  const abilities = maintainedAbilities(actor);
  if (!abilities.length) return null;
  return { abilities, upkeep: persistentUpkeepOf(abilities), editable };
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

/** The item sheet's context: the schema's fields as rows, and for abilities a preview and the tier editor. */
export async function itemContext(sheet: ItemSheetLike) {
  const item = sheet.item;
  // Type escape: a data model instance exposes its schema; Foundry types system as the union of every model.
  const schema = (item.system as unknown as { schema: { fields: Record<string, FieldNode> } }).schema;
  // Type escape: the field classes as constructors, for the pure view-model's instanceof checks.
  const kindOf = kindOfFields(foundry.data.fields as unknown as FieldClasses);
  const plainRows = itemSheetRows(item.type, schema.fields, item.system, kindOf, foundryI18n.localize);
  // Rich-text fields show their enriched HTML (compendium links clickable) until the editor is toggled on.
  const enrich = enrichFor(item);
  const rows = await Promise.all(plainRows.map(async (row) => (row.isHtml ? { ...row, enriched: await enrich(String(row.value ?? "")) } : row)));
  const preview = item.type === "ability"
    // Type escape: the ability model's data as the pure view-model reads it; Foundry types system as the union of every model.
    ? abilityView({ id: item.id ?? "", name: item.name, img: item.img ?? "", system: item.system as unknown as AbilityData }, {}, foundryI18n)
    : null;
  return {
    name: item.name,
    img: item.img,
    editable: sheet.isEditable,
    typeLabel: game.i18n!.localize(`TYPES.Item.${item.type}`),
    rows: rows as (ReturnType<typeof itemSheetRows>[number] & { enriched?: string })[],
    preview,
    tierEditor: item.type === "ability" ? tierEditorContext(item.system.tiers ?? [], foundryI18n) : [],
  };
}

async function editTiers(sheet: ItemSheetLike, target: HTMLElement, change: { add: true } | { remove: number }) {
  const tiers = (sheet.item.type === "ability" ? sheet.item.system.tiers : undefined) ?? [];
  const list = target.dataset.list === "conditions" ? "conditions" : "forced";
  await updateDocument(sheet.item, { "system.tiers": editTierRows(tiers, Number(target.dataset.tier), list, change) });
}

export const ITEM_ACTIONS = {
  addTierRow: (sheet: ItemSheetLike, _event: PointerEvent, target: HTMLElement) => editTiers(sheet, target, { add: true }),
  removeTierRow: (sheet: ItemSheetLike, _event: PointerEvent, target: HTMLElement) =>
    editTiers(sheet, target, { remove: Number(target.dataset.index) }),
} satisfies Record<string, Handler<ItemSheetLike>>;

/**
 * Per-tier inputs arrive as objects keyed 0..2: turned back into arrays where v13 extracts the form
 * data (DocumentSheetV2#_processFormData), because `_prepareSubmitData` validates what it returns.
 */
export function itemFormData<T>(data: T): T {
  return arraysFromIndexedObjects(foundry.utils.expandObject(data as object)) as T;
}
