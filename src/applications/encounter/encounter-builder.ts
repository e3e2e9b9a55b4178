/**
 * The encounter builder (issue 33): the Director's window for building a fight. The party (hero
 * actors dropped on it or the players' heroes, or a count and a level) gives the budget; monsters
 * dragged from the bestiary compendium or the Actors directory fill the initiative groups; the window
 * shows the EV spent, the difficulty band and the groups, and one click places the groups on the
 * viewed scene as tokens and creates the combat with a Foundry CombatantGroup per group
 * (src/documents/encounter.ts). A chunk: loaded when first opened (lazy-encounter.ts, issue 31).
 */
import { CSS_ROOT, SYSTEM_ID } from "../../constants.ts";
import { DEFAULT_ENCOUNTER_BUDGET_RULES, ENCOUNTER_BAND_BOUNDS } from "../../rules/encounter-budget.ts";
import { heroBudgetEntry, placeEncounter, saveEncounterBudgetRules } from "../../documents/encounter.ts";
import { encounterBudgetRules } from "../../settings/encounter.ts";
import {
  addGroup, addHero, addMonster, draftPlan, emptyDraft, encounterBuilderContext, removeGroup, removeHero, renameGroup,
  setMemberCount, setPartyField, suggestGroups, useParty,
} from "../view-models/encounter-builder.ts";
import type { EncounterBuilderContext, EncounterDraft, PartyChoice } from "../view-models/encounter-builder.ts";
import { isPartyActor, parties, partyMembers, primaryParty } from "../../documents/party.ts";
import { foundryI18n } from "../foundry-i18n.ts";
import { templatePath } from "../../constants.ts";

export const ENCOUNTER_BUILDER_TEMPLATE = templatePath("encounter/builder.hbs");

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;
type RenderOptions = foundry.applications.api.ApplicationV2.RenderOptions;
type BuilderContext = EncounterBuilderContext & foundry.applications.api.ApplicationV2.RenderContext;

/** What a dropped actor is, as far as the builder reads it. */
interface DroppedActor {
  documentName?: string;
  uuid: string;
  name: string;
  img?: string | null;
  type: string;
  system?: Record<string, unknown>;
}

/** The draft survives closing the window (this client, this session). */
let draft: EncounterDraft = emptyDraft();
/** Whether the draft has been given its first party (the primary party's members, when there is one). */
let seeded = false;

const notifyError = (key: string, format?: Record<string, string>) =>
  ui.notifications?.error(key, { localize: true, ...(format ? { format } : {}) });

/** The actor a drag carries (Foundry's drag data `{ type: "Actor", uuid }`), or null. */
async function droppedActor(event: DragEvent): Promise<DroppedActor | null> {
  let data: { type?: string; uuid?: string };
  try {
    data = JSON.parse(event.dataTransfer?.getData("text/plain") || "{}");
  } catch {
    return null;
  }
  if (data.type !== "Actor" || typeof data.uuid !== "string") return null;
  // Type escape: fromUuid and the actor collection give Foundry's document unions; the builder reads the structural part it checks (DroppedActor).
  const doc = (await fromUuid(data.uuid).catch(() => null)) as unknown as DroppedActor | null;
  return doc && doc.documentName === "Actor" ? doc : null;
}

const heroOf = (a: DroppedActor) => ({ uuid: a.uuid, name: a.name, img: a.img ?? "", ...heroBudgetEntry(a) });

/** A party actor's hero members as the draft takes them (their levels and Victories, read now). */
function partyHeroes(party: Actor.Implementation) {
  // Type escape: the actor collection gives Foundry's document union; the builder reads the structural part it checks (DroppedActor).
  return { id: party.id!, heroes: partyMembers(party).filter((a) => a.type === "hero").map((a) => heroOf(a as unknown as DroppedActor)) };
}

/** The world's party actors, for the party select (the GM's client reads them; players never open the builder). */
function partyChoices(): PartyChoice[] {
  const primary = primaryParty();
  return parties().map((p) => ({ id: p.id!, name: p.name ?? "", primary: p === primary }));
}

/**
 * The draft's party when the window opens: the first time, the primary party's members (when the
 * world has a party; else the count and level stay); after that, the party actor it was taken from,
 * read again (its members or their levels may have changed). Heroes picked by hand are kept.
 */
export function seedDraftParty(): void {
  const id = draft.party.partyId ?? (seeded ? null : primaryParty()?.id ?? null);
  seeded = true;
  const party = id ? game.actors?.get(id) : undefined;
  if (party && isPartyActor(party)) draft = useParty(draft, partyHeroes(party as Actor.Implementation));
  else if (draft.party.partyId) draft = setPartyField(draft, "mode", "count");
}

export class EncounterBuilder extends HandlebarsApplicationMixin(ApplicationV2<BuilderContext>) {
  static override DEFAULT_OPTIONS = {
    id: `${SYSTEM_ID}-encounter-builder`,
    classes: [CSS_ROOT, "encounter-builder-app"],
    window: { title: "SE.Encounter.Title", icon: "fa-solid fa-dragon", resizable: true },
    position: { width: 640, height: "auto" as const },
    actions: {
      encounterRemoveHero: EncounterBuilder.#removeHero,
      encounterPlayerHeroes: EncounterBuilder.#playerHeroes,
      encounterRemoveGroup: EncounterBuilder.#removeGroup,
      encounterRemoveMember: EncounterBuilder.#removeMember,
      encounterAddGroup: EncounterBuilder.#addGroup,
      encounterSuggest: EncounterBuilder.#suggest,
      encounterSaveRules: EncounterBuilder.#saveRules,
      encounterResetRules: EncounterBuilder.#resetRules,
      encounterPlace: EncounterBuilder.#place,
    },
  };

  static override PARTS = { builder: { template: ENCOUNTER_BUILDER_TEMPLATE } };

  protected override async _prepareContext(): Promise<BuilderContext> {
    const isGM = !!game.user?.isGM;
    const parties = isGM ? partyChoices() : [];
    return encounterBuilderContext(draft, encounterBudgetRules(), foundryI18n, { isGM, parties }) as BuilderContext;
  }

  /**
   * The party select's choice: `party:<id>` takes that party actor's members as the heroes (a party
   * with none falls back to the count and level), `heroes` the heroes picked by hand, `count` a count.
   */
  chooseParty(value: string): void {
    if (value.startsWith("party:")) {
      const party = game.actors?.get(value.slice(6));
      if (party && isPartyActor(party)) return this.update(useParty(draft, partyHeroes(party as Actor.Implementation)));
      return void notifyError("SE.Encounter.Error.NoPartyActor");
    }
    this.update(setPartyField(draft, "mode", value));
  }

  /** The draft now (for the tests and the gallery). */
  get draft(): EncounterDraft {
    return draft;
  }

  /** Change the draft and draw it again. */
  update(next: EncounterDraft): void {
    draft = next;
    void this.render();
  }

  protected override async _onRender(context: BuilderContext, options: RenderOptions): Promise<void> {
    await super._onRender(context, options);
    const el = this.element;
    for (const input of el.querySelectorAll<HTMLInputElement | HTMLSelectElement>("[data-se-party]")) {
      input.addEventListener("change", () => {
        if (input.dataset.seParty === "mode") this.chooseParty(input.value);
        else this.update(setPartyField(draft, input.dataset.seParty as "count", input.value));
      });
    }
    for (const input of el.querySelectorAll<HTMLInputElement>("[data-se-count]")) {
      input.addEventListener("change", () => this.update(setMemberCount(draft, input.dataset.seCount!, input.dataset.uuid!, input.value)));
    }
    for (const input of el.querySelectorAll<HTMLInputElement>("[data-se-group-name]")) {
      // Renaming redraws nothing (the field keeps its focus); the name is in the draft for placing.
      input.addEventListener("change", () => void (draft = renameGroup(draft, input.dataset.seGroupName!, input.value)));
    }
    el.querySelector<HTMLInputElement>("[data-se-hidden]")?.addEventListener("change", (event) => {
      draft = { ...draft, hidden: (event.currentTarget as HTMLInputElement).checked };
    });
    for (const zone of el.querySelectorAll<HTMLElement>("[data-se-drop]")) {
      zone.addEventListener("dragover", (event) => {
        event.preventDefault();
        zone.classList.add("encounter-builder__drop--over");
      });
      zone.addEventListener("dragleave", () => zone.classList.remove("encounter-builder__drop--over"));
      zone.addEventListener("drop", (event) => {
        event.preventDefault();
        event.stopPropagation();
        zone.classList.remove("encounter-builder__drop--over");
        void this.#onDrop(event, zone);
      });
    }
  }

  async #onDrop(event: DragEvent, zone: HTMLElement): Promise<void> {
    const actor = await droppedActor(event);
    if (!actor) return;
    if (zone.dataset.seDrop === "party") {
      if (actor.type !== "hero") return void notifyError("SE.Encounter.Error.NotHero", { name: actor.name });
      return this.update(addHero(draft, heroOf(actor)));
    }
    if (actor.type !== "monster") return void notifyError("SE.Encounter.Error.NotMonster", { name: actor.name });
    const s = (actor.system ?? {}) as { level?: number; organization?: string; role?: string; ev?: number };
    this.update(addMonster(draft, {
      uuid: actor.uuid, name: actor.name, img: actor.img ?? "", level: Number(s.level) || 1,
      organization: String(s.organization ?? "platoon"), role: String(s.role ?? "brute"), ev: Math.max(0, Math.round(Number(s.ev) || 0)),
    }, zone.dataset.groupId || null));
  }

  static #removeHero(this: EncounterBuilder, _event: PointerEvent, target: HTMLElement) {
    this.update(removeHero(draft, target.dataset.uuid ?? ""));
  }

  /** The heroes a player owns, from the world (the party select offers the party actors). */
  static #playerHeroes(this: EncounterBuilder) {
    let next = setPartyField(draft, "mode", "heroes");
    for (const actor of game.actors ?? []) {
      // Type escape: fromUuid and the actor collection give Foundry's document unions; the builder reads the structural part it checks (DroppedActor).
      if (actor.type === "hero" && actor.hasPlayerOwner) next = addHero(next, heroOf(actor as unknown as DroppedActor));
    }
    this.update(next);
  }

  static #removeGroup(this: EncounterBuilder, _event: PointerEvent, target: HTMLElement) {
    this.update(removeGroup(draft, target.dataset.groupId ?? ""));
  }

  static #removeMember(this: EncounterBuilder, _event: PointerEvent, target: HTMLElement) {
    this.update(setMemberCount(draft, target.dataset.groupId ?? "", target.dataset.uuid ?? "", 0));
  }

  static #addGroup(this: EncounterBuilder) {
    this.update(addGroup(draft));
  }

  static #suggest(this: EncounterBuilder) {
    this.update(suggestGroups(draft));
  }

  static async #saveRules(this: EncounterBuilder) {
    const raw: Record<string, unknown> = { bands: {} };
    for (const input of this.element.querySelectorAll<HTMLInputElement>("[data-se-rule]")) {
      const key = input.dataset.seRule!;
      // An empty or unreadable field is sent as it is (NaN), so the rules' check refuses it with its reason.
      const value = input.value.trim() === "" ? Number.NaN : Number(input.value);
      if (key.startsWith("bands.")) (raw.bands as Record<string, unknown>)[key.slice(6)] = value;
      else raw[key] = value;
    }
    if (await saveEncounterBudgetRules(raw)) {
      ui.notifications?.info("SE.Encounter.Rules.Saved", { localize: true });
      void this.render();
    }
  }

  static async #resetRules(this: EncounterBuilder) {
    if (await saveEncounterBudgetRules(structuredClone(DEFAULT_ENCOUNTER_BUDGET_RULES))) void this.render();
  }

  static async #place(this: EncounterBuilder) {
    const placed = await placeEncounter(draftPlan(draft, foundryI18n));
    if (placed) {
      ui.notifications?.info("SE.Encounter.Placed", {
        localize: true, format: { tokens: String(placed.tokenIds.length), groups: String(placed.groupIds.length) },
      });
    }
  }
}

let builder: EncounterBuilder | null = null;

/** Open (or bring forward) the builder on this client, its party read from the party actors. */
export function openEncounterBuilder(): EncounterBuilder {
  if (game.user?.isGM) seedDraftParty();
  builder ??= new EncounterBuilder();
  void builder.render({ force: true });
  return builder;
}

/** The band keys the window's rules form edits (for tests). */
export const RULE_FIELDS = ["heroEvBase", "heroEvPerLevel", "victoriesPerExtraHero", ...ENCOUNTER_BAND_BOUNDS.map((b) => `bands.${b}`)];
