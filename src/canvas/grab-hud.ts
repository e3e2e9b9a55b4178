/**
 * The token HUD's status toggle, with the grabber named (issue 29, item 33). v13's HUD
 * (client/applications/hud/token-hud.mjs, `TokenHUD.#onToggleEffect`, its `effect` action for the left
 * and right buttons) calls `this.actor.toggleStatusEffect(statusId, { active, overlay })`, and
 * `Actor#toggleStatusEffect` (client/documents/actor.mjs) creates the status's effect from
 * `ActiveEffect.fromStatusEffect` with no grabber, or deletes it. The system's HUD does the same, then,
 * when the toggle created a grabbed effect, asks who grabbed the creature (src/canvas/grab-naming.ts,
 * loaded then), so the grab is recorded and carried like one a card made. The action replaces the
 * core one by name: ApplicationV2 merges `DEFAULT_OPTIONS.actions` down the class chain with
 * `Object.assign` (client/applications/api/application.mjs, `_initializeApplicationOptions`).
 * The v14 declarations list the same `effect` action (client/applications/hud/token-hud.d.mts,
 * `TokenHUD.DEFAULT_OPTIONS`). Foundry only opens the HUD of a token its user controls, and only an
 * owner may create the effect (a player's toggle on another's creature is refused by the server).
 */
type HudLike = { actor: Actor.Implementation | null; document: TokenDocument.Implementation };

export async function toggleHudEffect(this: HudLike, event: PointerEvent, target: HTMLElement): Promise<void> {
  if (!this.actor) {
    ui.notifications?.warn("HUD.WarningEffectNoActor", { localize: true });
    return;
  }
  const statusId = target.dataset.statusId ?? "";
  const result: unknown = await this.actor.toggleStatusEffect(statusId, { active: !target.classList.contains("active"), overlay: event.button === 2 });
  if (statusId !== "grabbed" || !result || typeof result !== "object") return;
  await (await import("./grab-naming.ts")).nameGrabber(this.document, result as ActiveEffect.Implementation);
}

/** At `init`: the configured Token HUD, with its status toggle replaced. */
export function registerGrabHud(): void {
  const Base = CONFIG.Token.hudClass;
  class SteelEchoesTokenHUD extends Base {
    static override DEFAULT_OPTIONS = { actions: { effect: { handler: toggleHudEffect, buttons: [0, 2] } } };
  }
  // Type escape: the v14 declarations cannot compare the subclass with TokenHUD (TS2321, excessive stack
  // depth); it only replaces one action, which v13 and v14 both call as `(event, target)` on the HUD.
  CONFIG.Token.hudClass = SteelEchoesTokenHUD as unknown as typeof Base;
}
