/**
 * The negotiation tracker (seed 004, L7345–7862): a window every client shows while the heroes
 * negotiate with an NPC, drawn from the NPC's flags and redrawn when they change. The Director starts
 * it from the NPC (the monster sheet's *Negotiate* button or `/negotiate` with its token selected),
 * judges each argument and closes it; a player rolls their hero's argument from it, through the GM.
 */
import { CSS_ROOT, HOOKS, SYSTEM_ID, templatePath } from "../../constants.ts";
import { CHARACTERISTICS } from "../../rules/catalogue.ts";
import { ATTITUDES } from "../../rules/negotiation.ts";
import { ARGUMENT_KINDS } from "../../rules/negotiation-play.ts";
import type { Attitude } from "../../rules/negotiation.ts";
import type { ArgumentKind } from "../../rules/negotiation-play.ts";
import {
  clearNegotiation, closeCurrentNegotiation, currentNegotiation, directCurrentNegotiation, discoverInNegotiation, dropCurrentArgument,
  judgeCurrentArgument, negotiationDataOf, requestArgumentRoll, startNegotiation,
} from "../../documents/negotiation.ts";
import { ARGUMENT_CHARACTERISTICS } from "../../data/negotiation.ts";
import { argumentDialogContext, negotiationTrackerContext } from "../view-models/negotiation-tracker.ts";
import { foundryI18n } from "../foundry-i18n.ts";
import { formDialog } from "../dialogs/form-dialog.ts";
import { renderCard } from "../../dice/render.ts";
import { rollCharacteristicTest } from "../sheets/rolls.ts";
import { uuidOf } from "../../documents/persisted.ts";

export const NEGOTIATION_TRACKER_TEMPLATE = templatePath("apps/negotiation-tracker.hbs");
export const NEGOTIATION_ARGUMENT_TEMPLATE = templatePath("dialog/negotiation-argument.hbs");

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;
type RenderOptions = foundry.applications.api.ApplicationV2.RenderOptions;
type Context = ReturnType<typeof negotiationTrackerContext> & foundry.applications.api.ApplicationV2.RenderContext;
type AnyActor = Actor.Implementation;

/** The hero this user argues with: their assigned hero. */
function ownHero(): AnyActor | null {
  const hero = game.user?.character as AnyActor | null | undefined;
  return hero && hero.type === "hero" ? hero : null;
}

/** Roll the user's hero's argument and send it to the GM. */
async function argue(): Promise<void> {
  const hero = ownHero();
  const { state } = currentNegotiation();
  if (!hero || !state) return;
  const renown = Number((hero.system as { renown?: number }).renown ?? 0);
  const content = await renderCard(NEGOTIATION_ARGUMENT_TEMPLATE, argumentDialogContext(state, { renown }, foundryI18n));
  const form = await formDialog(foundryI18n.format("SE.Negotiation.ArgueTitle", { name: hero.name ?? "" }), content);
  const characteristic = CHARACTERISTICS.find((c) => c === form?.characteristic && ARGUMENT_CHARACTERISTICS.includes(c));
  if (!form || !characteristic) return;
  const skill = typeof form.skill === "string" ? form.skill : "";
  const value = (hero.system.characteristics as Record<string, number>)[characteristic] ?? 0;
  // Fame or infamy (L7656–7658): an edge the player claims; the Director sees the roll and judges it.
  const rolled = await rollCharacteristicTest(hero, characteristic, value, {
    fast: true, ...(skill ? { skill } : {}), ...(form.renown ? { assist: { edges: 1, bonus: 0 } } : {}),
  });
  if (rolled) await requestArgumentRoll({ heroUuid: hero.uuid, characteristic, skill, rollMessageId: rolled.id! });
}

export class NegotiationTracker extends HandlebarsApplicationMixin(ApplicationV2<Context>) {
  /** The NPC a GM's tracker offers to start with, before a negotiation is under way. */
  candidate: AnyActor | null = null;

  static override DEFAULT_OPTIONS = {
    id: `${SYSTEM_ID}-negotiation`,
    classes: [CSS_ROOT, "negotiation-tracker-app"],
    window: { title: "SE.Negotiation.Title", icon: "fa-solid fa-handshake", resizable: true },
    position: { width: 560, height: "auto" as const },
    actions: {
      negotiationArgue: () => void argue(),
      negotiationStart: NegotiationTracker.#start,
      negotiationJudge: NegotiationTracker.#judge,
      negotiationDrop: () => void dropCurrentArgument(),
      negotiationDiscover: NegotiationTracker.#discover,
      negotiationStat: NegotiationTracker.#stat,
      negotiationClose: NegotiationTracker.#close,
      negotiationClear: () => void clearNegotiation(),
    },
  };

  static override PARTS = { tracker: { template: NEGOTIATION_TRACKER_TEMPLATE } };

  protected override async _prepareContext(): Promise<Context> {
    const { actor, state } = currentNegotiation();
    const npc = actor ?? this.candidate;
    const hero = ownHero();
    const viewer = {
      isGM: !!game.user?.isGM,
      hero: hero ? { uuid: uuidOf(hero), name: hero.name ?? "", renown: Number((hero.system as { renown?: number }).renown ?? 0) } : null,
    };
    const stats = npc ? negotiationDataOf(npc) : null;
    const shown = npc ? { name: npc.name ?? "", ...(stats ? { statBlock: { interest: stats.interest, patience: stats.patience } } : {}) } : null;
    return negotiationTrackerContext(shown, actor ? state : null, viewer, foundryI18n);
  }

  protected override async _onRender(context: Context, options: RenderOptions): Promise<void> {
    await super._onRender(context, options);
    const element = this.element;
    const show = element.querySelector<HTMLInputElement>('[data-se-negotiation-field="showStats"]');
    show?.addEventListener("change", () => void directCurrentNegotiation({ showStats: show.checked }));
  }

  #field(name: string): HTMLInputElement | HTMLSelectElement | null {
    const element = this.element;
    return element.querySelector<HTMLInputElement | HTMLSelectElement>(`[data-se-negotiation-field="${name}"]`);
  }

  static async #start(this: NegotiationTracker) {
    const npc = this.candidate;
    const attitude = ATTITUDES.find((a) => a === this.#field("attitude")?.value);
    const statBlock = (this.#field("statBlock") as HTMLInputElement | null)?.checked ?? false;
    if (npc && attitude) await startNegotiation(npc, { attitude: attitude as Attitude, language: Number(this.#field("language")?.value ?? 0), statBlock });
  }

  static async #judge(this: NegotiationTracker) {
    const [kind, subject] = String(this.#field("judge")?.value ?? "").split(":");
    const lying = (this.#field("lying") as HTMLInputElement | null)?.checked ?? false;
    if (!ARGUMENT_KINDS.includes(kind as ArgumentKind)) return;
    await judgeCurrentArgument({ kind: kind as ArgumentKind, subject: subject ?? "", caughtLying: lying });
  }

  static async #discover(_event: PointerEvent, target: HTMLElement) {
    await discoverInNegotiation(target.dataset.id ?? "", target.dataset.discovered === "true");
  }

  static async #stat(_event: PointerEvent, target: HTMLElement) {
    const { state } = currentNegotiation();
    if (!state) return;
    const stat = target.dataset.stat === "patience" ? "patience" : "interest";
    await directCurrentNegotiation({ [stat]: state[stat] + Number(target.dataset.delta) });
  }

  static async #close(this: NegotiationTracker) {
    await closeCurrentNegotiation((this.#field("victory") as HTMLInputElement | null)?.checked ?? false);
  }
}

let tracker: NegotiationTracker | null = null;

/** Open the tracker on this client; for a GM, `npc` is the NPC to start a negotiation with. */
export function openNegotiationTracker(npc?: AnyActor | null): void {
  tracker ??= new NegotiationTracker();
  if (npc) tracker.candidate = npc;
  void tracker.render({ force: true });
}

/**
 * Keep the tracker in step (at ready): open it on every client when a negotiation starts or is under
 * way when the client connects, and redraw it when the NPC's record changes.
 */
export function registerNegotiationTracker(): void {
  const redraw = () => {
    if (tracker?.rendered) void tracker.render();
  };
  if (currentNegotiation().actor) openNegotiationTracker();
  (Hooks.on as (hook: string, fn: () => void) => number)(HOOKS.negotiationChanged, () => {
    if (currentNegotiation().actor) openNegotiationTracker();
    else redraw();
  });
  Hooks.on("updateActor", (actor) => {
    if (actor.uuid === currentNegotiation().actor?.uuid) redraw();
  });
}
