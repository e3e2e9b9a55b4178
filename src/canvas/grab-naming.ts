/**
 * Who grabbed the creature the token HUD just made grabbed (issue 29, item 33; the HUD is
 * grab-hud.ts). A dialog lists the creatures standing next to it (L7021: Grab is "Reach 1"), the one
 * such creature checked; for a player, only the creatures she owns (a grab by the Director's creature
 * is his to record: src/rules/grabs.ts `hudGrabProblem`). The choice goes to the GM's record
 * (src/documents/grab-hold.ts), on a GM's client at once, else through the relay. Closing the dialog
 * names no one: the condition stays, with no grabber, as before.
 */
import { spacesAdjacent } from "../rules/ability-use.ts";
import { isDrawSteel } from "../data/index.ts";
import { requestHudGrab } from "../documents/grab-hold.ts";
import { tokenSpace } from "../documents/token-space.ts";
import { grabberChoiceContent } from "./grab-choices.ts";

type TokenDoc = TokenDocument.Implementation;

/** The creatures next to `token` the current user may name as its grabber. */
export function grabberChoices(token: TokenDoc): TokenDoc[] {
  const scene = token.parent as Scene.Implementation | null;
  const grid = Number(scene?.grid?.size) || 0;
  const me = game.user;
  if (!scene || !grid || !me || !token.actor) return [];
  const here = tokenSpace(token, grid);
  return ((scene.tokens?.contents ?? []) as TokenDoc[]).filter((t) => t !== token && t.actor && t.actor.uuid !== token.actor!.uuid
    && isDrawSteel(t.actor.system) && spacesAdjacent(here, tokenSpace(t, grid))
    && (me.isGM || t.actor.testUserPermission(me, "OWNER")));
}

/** Ask who grabbed the creature of `token` (its new grabbed `effect`), and record the answer. Resolves to whether it was recorded. */
export async function nameGrabber(token: TokenDoc, effect: ActiveEffect.Implementation): Promise<boolean> {
  const actor = token.actor;
  if (!actor || !isDrawSteel(actor.system) || !effect.id) return false;
  const i18n = game.i18n!;
  const name = token.name || actor.name || "";
  const choices = grabberChoices(token);
  if (!choices.length) {
    ui.notifications?.info(game.user?.isGM ? "SE.Grab.Named.NoneAdjacent" : "SE.Grab.Named.NoneOfYours", { localize: true, format: { name } });
    return false;
  }
  const content = grabberChoiceContent(name, choices.map((t) => ({ uuid: t.uuid ?? "", name: t.name || t.actor?.name || "" })), i18n, foundry.utils.escapeHTML);
  const result: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: i18n.format("SE.Grab.Named.Title", { name }) },
    content,
    buttons: [
      {
        action: "name", label: i18n.localize("SE.Grab.Named.Confirm"), default: true,
        callback: (_event: unknown, button: HTMLButtonElement) => new foundry.applications.ux.FormDataExtended(button.form!).object,
      },
      { action: "none", label: i18n.localize("SE.Grab.Named.NoOne") },
    ],
    rejectClose: false,
  });
  const picked = result && typeof result === "object" ? String((result as { grabber?: unknown }).grabber ?? "") : "";
  const grabber = choices.find((t) => t.uuid === picked);
  if (!grabber?.uuid || !token.uuid) return false;
  return requestHudGrab(token.uuid, grabber.uuid, effect.id);
}
