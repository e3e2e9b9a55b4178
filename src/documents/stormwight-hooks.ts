/**
 * What every world registers for the stormwight (src/documents/stormwight-forms.ts, loaded with
 * `import()` when a shapeshift happens): the form prompt the UI sets at init (kept in
 * heroic-resources.ts, beside the maintenance prompt), and Regeneration's
 * hooks on damage (L3364–3366).
 */
import { stormwightKitOf } from "../rules/stormwight.ts";
import { DAMAGE_OPTION, STAMINA_BEFORE_OPTION, respondsFor } from "./heroic-resources.ts";
export { FORM_PROMPT } from "./heroic-resources.ts";

type AnyActor = Actor.Implementation;

/** Whether the hero has the Regeneration triggered action (L3356) and a stormwight kit. */
function regenerates(actor: AnyActor): boolean {
  const items = [...(actor.items ?? [])];
  const kit = items.some((i) => i.type === "kit" && stormwightKitOf(i.name));
  return kit && items.some((i) => i.type === "ability" && /^regeneration$/i.test(i.name.trim()));
}

/**
 * On damage that lowers a stormwight's Stamina, the client that speaks for her offers Regeneration.
 * The writer's client notes the Stamina before the damage in the update's options (`preUpdateActor`
 * runs there only, v13 client/data/client-backend.mjs `#preUpdateDocumentArray`, which then sends
 * those options with the operation); every client runs the update hook, and one asks.
 */
export function registerRegeneration(): void {
  Hooks.on("preUpdateActor", (actor, _changed, options) => {
    // Type escape: the v14 declarations type the options without an index; the system's own option is added to them.
    const o = options as unknown as Record<string, unknown>;
    const value = ((actor as AnyActor).system as { stamina?: { value?: unknown } }).stamina?.value;
    if (Number(o[DAMAGE_OPTION]) > 0 && typeof value === "number") o[STAMINA_BEFORE_OPTION] = value;
  });
  Hooks.on("updateActor", (actor, _changed, options) => {
    const o = options as Record<string, unknown>;
    const a = actor as AnyActor;
    const before = Number(o[STAMINA_BEFORE_OPTION]);
    if (!(Number(o[DAMAGE_OPTION]) > 0) || !Number.isFinite(before) || a.type !== "hero" || !respondsFor(a) || !regenerates(a)) return undefined;
    // Returned for the test harness to follow; Foundry ignores a hook's return value.
    return import("./stormwight-forms.ts").then((m) => m.regenerate(a, before));
  });
}
