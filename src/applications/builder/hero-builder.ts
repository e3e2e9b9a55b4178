/**
 * The hero builder window (issue 32): an ApplicationV2 over one hero, a form whose every change
 * writes the open step at once (src/applications/builder/apply.ts → src/documents/hero-builder.ts)
 * and redraws. The steps are in the seed's order and each can be opened at any time (L473–475). A
 * chunk of its own: the entry's opener (open-builder.ts) imports it when the window first opens.
 */
import { CSS_ROOT, SYSTEM_ID, templatePath } from "../../constants.ts";
import { BUILDER_STEPS } from "../../rules/hero-building.ts";
import type { Characteristic } from "../../rules/catalogue.ts";
import type { BuilderStep } from "../../rules/hero-building.ts";
import { buildRecordOf } from "../../documents/hero-builder.ts";
import type { BuilderHost, BuilderServices } from "../../documents/hero-builder.ts";
import { complicationsOn } from "../../settings/index.ts";
import { updateDocument } from "../../documents/update.ts";
import { heroBuilderContext, readBuilderForm } from "../view-models/hero-builder.ts";
import type { BuilderCatalogue } from "../view-models/hero-builder.ts";
import { foundryI18n } from "../foundry-i18n.ts";
import { applyBuilderChange } from "./apply.ts";
import { builderCatalogue } from "./catalogue.ts";

export const HERO_BUILDER_TEMPLATE = templatePath("builder/hero-builder.hbs");
/** The skill boxes every step with skills shows (a partial, registered by path when loaded). */
export const SKILL_PICKS_TEMPLATE = templatePath("builder/skill-picks.hbs");

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;
type AnyActor = Actor.Implementation;
type BuilderContext = ReturnType<typeof heroBuilderContext> & foundry.applications.api.ApplicationV2.RenderContext;

/** Compendium copies by UUID (v13 `fromUuid`, then `Document#toObject`): what a step creates on the hero. */
export function foundryBuilderServices(): BuilderServices {
  const cache = new Map<string, Record<string, unknown> | null>();
  return {
    async load(uuid) {
      if (!cache.has(uuid)) {
        const doc = await fromUuid(uuid).catch(() => null);
        cache.set(uuid, doc ? (doc.toObject() as Record<string, unknown>) : null);
      }
      const found = cache.get(uuid);
      if (!found) ui.notifications?.warn("SE.Builder.Error.Missing", { localize: true });
      return found ? structuredClone(found) : null;
    },
    localize: (key) => game.i18n!.localize(key),
  };
}

// Type escape: the hero Actor is the structural BuilderHost the builder's writes use; its generic embedded-document methods do not match it.
const host = (actor: AnyActor) => actor as unknown as BuilderHost;

export class HeroBuilder extends HandlebarsApplicationMixin(ApplicationV2<BuilderContext>) {
  static override DEFAULT_OPTIONS = {
    classes: [CSS_ROOT, "hero-builder-app"],
    tag: "form",
    window: { icon: "fa-solid fa-hammer", resizable: true },
    position: { width: 860, height: 760 },
    form: { handler: HeroBuilder.#submit, submitOnChange: true, closeOnSubmit: false },
    actions: {
      builderStep: HeroBuilder.#goto,
      builderAddPrompts: HeroBuilder.#addPrompts,
    },
  };

  static override PARTS = { builder: { template: HERO_BUILDER_TEMPLATE, scrollable: [".hero-builder__body"] } };

  readonly actor: AnyActor;
  step: BuilderStep;
  #catalogue: Promise<BuilderCatalogue> | null = null;
  readonly services = foundryBuilderServices();

  constructor(actor: AnyActor, step: BuilderStep = "ancestry") {
    super({ id: `${SYSTEM_ID}-builder-${actor.id}` });
    this.actor = actor;
    this.step = step;
  }

  override get title(): string {
    return foundryI18n.format("SE.Builder.Title", { name: this.actor.name ?? "" });
  }

  /** The compendiums' options, read once per window. */
  catalogue(): Promise<BuilderCatalogue> {
    // Type escape: game.packs' League type is the union of every pack's collection; the catalogue reads only what PackLike names.
    return (this.#catalogue ??= builderCatalogue(game.packs as never, game.user));
  }

  protected override async _prepareContext(): Promise<BuilderContext> {
    // v13 client/applications/handlebars.mjs `loadTemplates` registers each path as a partial.
    await foundry.applications.handlebars.loadTemplates([SKILL_PICKS_TEMPLATE]);
    // Type escape: the builder opens only on heroes, but the League's types give `system` as the union of every actor model.
    const system = this.actor.system as unknown as {
      biography: string; characteristics: Record<Characteristic, number>; skills: Iterable<string>; languages: Iterable<string>;
    };
    return heroBuilderContext({
      step: this.step,
      catalogue: await this.catalogue(),
      record: buildRecordOf(host(this.actor)),
      complicationsOn: complicationsOn(),
      hero: {
        name: this.actor.name ?? "", biography: system.biography ?? "", characteristics: { ...system.characteristics },
        skills: [...system.skills], languages: [...system.languages],
      },
    }, foundryI18n) as BuilderContext;
  }

  /** Open a step (the nav, Back and Next). */
  static async #goto(this: HeroBuilder, _event: PointerEvent, target: HTMLElement) {
    const step = BUILDER_STEPS.find((s) => s === target.dataset.step);
    if (!step) return;
    this.step = step;
    await this.render();
  }

  /** The connection prompts (L559–569) added to the biography, for the player to answer. */
  static async #addPrompts(this: HeroBuilder) {
    const prompts = Array.from({ length: 8 }, (_, i) => `<li>${foundry.utils.escapeHTML(foundryI18n.localize(`SE.Builder.Prompt.${i + 1}`))}</li>`);
    // Type escape: the builder opens only on heroes, but the League's types give `system` as the union of every actor model.
    const biography = String((this.actor.system as unknown as { biography?: string }).biography ?? "");
    await updateDocument(this.actor, { "system.biography": `${biography}<ul>${prompts.join("")}</ul>` });
    await this.render();
  }

  /** Every change of the form writes the open step (the hero's owner writes her own hero). */
  static async #submit(
    this: HeroBuilder, _event: Event | SubmitEvent, _form: HTMLFormElement, formData: { object: Record<string, unknown> },
  ) {
    if (!this.actor.isOwner) {
      ui.notifications?.warn("SE.Builder.Error.NotOwner", { localize: true, format: { name: this.actor.name ?? "" } });
      return;
    }
    const change = readBuilderForm(this.step, formData.object, await this.catalogue(), buildRecordOf(host(this.actor)));
    if (!await applyBuilderChange(host(this.actor), change, this.services)) {
      ui.notifications?.warn("SE.Builder.Error.Refused", { localize: true });
    }
    await this.render();
  }
}

const open = new Map<string, HeroBuilder>();

/** The builder open for this hero on this client, if any (the drop on a sheet and the tests read its step). */
export function builderOf(actorId: string): HeroBuilder | null {
  return open.get(actorId) ?? null;
}

/** Open (or bring forward) the builder of this hero at a step. */
export async function openHeroBuilder(actor: AnyActor, step?: BuilderStep): Promise<HeroBuilder | null> {
  if (actor.type !== "hero") {
    ui.notifications?.warn("SE.Builder.Error.NotHero", { localize: true, format: { name: actor.name ?? "" } });
    return null;
  }
  if (!actor.isOwner) {
    ui.notifications?.warn("SE.Builder.Error.NotOwner", { localize: true, format: { name: actor.name ?? "" } });
    return null;
  }
  let app = open.get(actor.id!);
  if (!app || app.actor !== actor) open.set(actor.id!, app = new HeroBuilder(actor, step));
  else if (step) app.step = step;
  await app.render({ force: true });
  return app;
}
