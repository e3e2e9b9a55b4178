/**
 * The montage tracker (seed 004, L6063–6170): a window every client shows while a montage runs,
 * drawn from the world setting and redrawn when it changes. The Director starts, directs and ends
 * the montage from it; a player acts for their own hero (a test or an assist rolled from here, an
 * ability or item, or nothing), through the GM. Open it with `/montage` or the Token controls'
 * button.
 */
import { CSS_ROOT, HOOKS, SYSTEM_ID, templatePath } from "../../constants.ts";
import { CHARACTERISTICS } from "../../rules/catalogue.ts";
import { MONTAGE_DIFFICULTIES } from "../../rules/montage.ts";
import type { MontageDifficulty } from "../../rules/montage.ts";
import type { TestDifficulty } from "../../rules/tests.ts";
import {
  beginMontage, clearMontage, currentMontage, directCurrentMontage, endCurrentMontage, requestMontageAction,
} from "../../documents/montage.ts";
import type { MontageRequest } from "../../documents/montage.ts";
import { montageActionContext, montageTrackerContext } from "../view-models/montage-tracker.ts";
import { foundryI18n } from "../foundry-i18n.ts";
import { formDialog } from "../dialogs/form-dialog.ts";
import { renderCard } from "../../dice/render.ts";
import { rollCharacteristicTest } from "../sheets/rolls.ts";

export const MONTAGE_TRACKER_TEMPLATE = templatePath("apps/montage-tracker.hbs");
export const MONTAGE_ACTION_TEMPLATE = templatePath("dialog/montage-action.hbs");

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;
type RenderOptions = foundry.applications.api.ApplicationV2.RenderOptions;
type AnyActor = Actor.Implementation;
type TrackerContext = ReturnType<typeof montageTrackerContext> & foundry.applications.api.ApplicationV2.RenderContext;

async function actionDialog(kind: "test" | "assist" | "ability", actorUuid: string, name: string): Promise<Record<string, unknown> | null> {
  const state = currentMontage();
  if (!state) return null;
  const content = await renderCard(MONTAGE_ACTION_TEMPLATE, montageActionContext(state, actorUuid, kind, foundryI18n));
  return formDialog(foundryI18n.format(`SE.Montage.DialogTitle.${kind}`, { name }), content);
}

/** A test or an assist: choose, roll (the Director's difficulty, or easy for an assist), then record through the GM. */
async function rollAction(kind: "test" | "assist", actorUuid: string): Promise<void> {
  const actor = (await fromUuid(actorUuid).catch(() => null)) as AnyActor | null;
  const hero = currentMontage()?.heroes.find((h) => h.actorUuid === actorUuid);
  if (!actor || !hero) return;
  const form = await actionDialog(kind, actorUuid, actor.name ?? "");
  const characteristic = CHARACTERISTICS.find((c) => c === form?.characteristic);
  if (!form || !characteristic) return;
  const skill = typeof form.skill === "string" ? form.skill : "";
  const state = currentMontage();
  const difficulty: TestDifficulty = kind === "assist" ? "easy" : state?.testDifficulty ?? "medium";
  const value = (actor.system.characteristics as Record<string, number>)[characteristic] ?? 0;
  const rolled = await rollCharacteristicTest(actor, characteristic, value, {
    fast: true, difficulty, ...(skill ? { skill } : {}), ...(kind === "test" && hero.assist ? { assist: hero.assist.effect } : {}),
  });
  if (!rolled) return;
  const request: MontageRequest = {
    kind, actorUuid, characteristic, skill, rollMessageId: rolled.id!,
    ...(kind === "assist" ? { targetUuid: String(form.targetUuid ?? "") } : {}),
  };
  await requestMontageAction(request);
}

export class MontageTracker extends HandlebarsApplicationMixin(ApplicationV2<TrackerContext>) {
  static override DEFAULT_OPTIONS = {
    id: `${SYSTEM_ID}-montage`,
    classes: [CSS_ROOT, "montage-tracker-app"],
    window: { title: "SE.Montage.Title", icon: "fa-solid fa-person-hiking", resizable: true },
    position: { width: 720, height: "auto" as const },
    actions: {
      montageTest: MontageTracker.#test,
      montageAssist: MontageTracker.#assist,
      montageAbility: MontageTracker.#ability,
      montagePass: MontageTracker.#pass,
      montageAdjust: MontageTracker.#adjust,
      montageNextRound: () => void directCurrentMontage({ nextRound: true }),
      montageEnd: () => void endCurrentMontage(),
      montageClear: () => void clearMontage(),
      montageStart: MontageTracker.#start,
    },
  };

  static override PARTS = { tracker: { template: MONTAGE_TRACKER_TEMPLATE } };

  protected override async _prepareContext(): Promise<TrackerContext> {
    const state = currentMontage();
    const user = game.user!;
    const owned = new Set((state?.heroes ?? []).filter((h) => {
      const actor = fromUuidSync(h.actorUuid) as AnyActor | null;
      return !!actor && actor.testUserPermission(user, "OWNER");
    }).map((h) => h.actorUuid));
    return montageTrackerContext(state, { isGM: user.isGM, owned }, foundryI18n);
  }

  protected override async _onRender(context: TrackerContext, options: RenderOptions): Promise<void> {
    await super._onRender(context, options);
    const element = this.element;
    if (!game.user?.isGM || !currentMontage()) return;
    for (const field of element.querySelectorAll<HTMLInputElement | HTMLSelectElement>("[data-se-montage-field]")) {
      field.addEventListener("change", () => {
        const name = field.dataset.seMontageField!;
        const state = currentMontage();
        if (!state) return;
        const n = Number(field.value);
        if (name === "testDifficulty") void directCurrentMontage({ testDifficulty: field.value as TestDifficulty });
        else if (name === "rounds") void directCurrentMontage({ rounds: n });
        else if (name === "limits.successes") void directCurrentMontage({ limits: { ...state.limits, successes: n } });
        else if (name === "limits.failures") void directCurrentMontage({ limits: { ...state.limits, failures: n } });
      });
    }
  }

  static async #test(_event: PointerEvent, target: HTMLElement) {
    await rollAction("test", target.dataset.actorUuid ?? "");
  }

  static async #assist(_event: PointerEvent, target: HTMLElement) {
    await rollAction("assist", target.dataset.actorUuid ?? "");
  }

  static async #ability(_event: PointerEvent, target: HTMLElement) {
    const actorUuid = target.dataset.actorUuid ?? "";
    const name = currentMontage()?.heroes.find((h) => h.actorUuid === actorUuid)?.name ?? "";
    const form = await actionDialog("ability", actorUuid, name);
    if (form) await requestMontageAction({ kind: "ability", actorUuid, note: String(form.note ?? "") });
  }

  static async #pass(_event: PointerEvent, target: HTMLElement) {
    await requestMontageAction({ kind: "pass", actorUuid: target.dataset.actorUuid ?? "" });
  }

  static async #adjust(_event: PointerEvent, target: HTMLElement) {
    const state = currentMontage();
    if (!state) return;
    const field = target.dataset.field === "failures" ? "failures" : "successes";
    await directCurrentMontage({ adjust: { ...state.adjust, [field]: state.adjust[field] + Number(target.dataset.delta) } });
  }

  static async #start(this: MontageTracker) {
    const element = this.element;
    const value = (name: string) => element.querySelector<HTMLInputElement | HTMLSelectElement>(`[data-se-montage-field="${name}"]`)?.value ?? "";
    const difficulty = MONTAGE_DIFFICULTIES.find((d) => d === value("difficulty")) ?? "moderate";
    await beginMontage({ title: value("title"), difficulty: difficulty as MontageDifficulty });
  }
}

let tracker: MontageTracker | null = null;

/** Open (or bring forward) the tracker on this client. */
export function openMontageTracker(): void {
  tracker ??= new MontageTracker();
  void tracker.render({ force: true });
}

/**
 * Keep the tracker in step with the setting (at ready): redraw it where it is open, and open it on
 * every client when a montage starts or is running when the client connects.
 */
export function registerMontageTracker(): void {
  let running = !!currentMontage();
  // A client that connects during a montage shows it at once.
  if (running && !currentMontage()?.ended) openMontageTracker();
  // The system's own hook, which the League's types do not know (as for poolsChanged).
  (Hooks.on as (hook: string, fn: () => void) => number)(HOOKS.montageChanged, () => {
    const now = currentMontage();
    if (now && !running) openMontageTracker();
    if (!(now && !running) && tracker?.rendered) void tracker.render();
    running = !!now;
  });
}
