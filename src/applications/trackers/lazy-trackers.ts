/**
 * The montage and negotiation trackers as the entry knows them: the windows themselves (and their
 * view-models) are chunks loaded when one opens (issue 31). At `ready` a client loads a tracker at
 * once only when its test is under way; otherwise the first change of the montage or the negotiation
 * loads it, and its own registration then shows what changed (montage-tracker.ts
 * `registerMontageTracker`, negotiation-tracker.ts `registerNegotiationTracker`).
 */
import { HOOKS } from "../../constants.ts";
import { currentMontage } from "../../documents/montage.ts";
import { currentNegotiation } from "../../documents/negotiation.ts";

type AnyActor = Actor.Implementation;

const montageTracker = () => import("./montage-tracker.ts");
const negotiationTracker = () => import("./negotiation-tracker.ts");

/** Open the montage tracker (`/montage`, the Token controls' button, `steelEchoes.montage.open()`). */
export async function openMontageTracker(): Promise<void> {
  (await montageTracker()).openMontageTracker();
}

/** Open the negotiation tracker (`steelEchoes.negotiation.open(npc?)`). */
export async function openNegotiationTracker(npc?: AnyActor | null): Promise<void> {
  (await negotiationTracker()).openNegotiationTracker(npc);
}

let montage: Promise<void> | null = null;
let negotiation: Promise<void> | null = null;
const registerMontage = () => (montage ??= montageTracker().then((m) => m.registerMontageTracker()));
const registerNegotiation = () => (negotiation ??= negotiationTracker().then((m) => m.registerNegotiationTracker()));

/** At `ready`: each tracker follows its world setting on this client, loaded when it has something to show. */
export function registerTrackers(): void {
  // The system's own hooks, which the League's types do not know (as for poolsChanged).
  const once = Hooks.once as (hook: string, fn: () => void) => number;
  if (currentMontage()) void registerMontage();
  else once(HOOKS.montageChanged, () => void registerMontage());
  if (currentNegotiation().actor) void registerNegotiation();
  else once(HOOKS.negotiationChanged, () => void registerNegotiation());
}
