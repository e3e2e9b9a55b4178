/**
 * Damage typed or clicked outside an ability (`/damage 5 fire` and its enricher, issue 33): taken
 * after the creature's immunities and weaknesses (L7164–7186) and from temporary Stamina first
 * (L7226–7232), as an ability card's damage is, but only by a creature this user owns. A player's
 * write to an actor she does not own is refused by Foundry's server anyway (v13
 * common/abstract/document.mjs `Document#canUserModify`: OWNER); this refuses it on her client first,
 * with a message, and nothing goes through the GM: an ability card is the way to hurt someone else's
 * creature (the relay's `abilityCard`, checked GM-side).
 */
import { CSS_ROOT } from "../constants.ts";
import { applyDamage } from "../rules/damage.ts";
import { isDrawSteel } from "../data/index.ts";
import { damageModifiersOf } from "./environment-statuses.ts";
import { DAMAGE_OPTION } from "./heroic-resources.ts";
import { speakerOf } from "./persisted.ts";
import { updateDocument } from "./update.ts";
import type { DamageCommand } from "../parser/command-checks.ts";

type AnyActor = Actor.Implementation;

export type DirectDamageOutcome = { ok: true; dealt: number } | { ok: false; reason: "not-owner" | "no-stamina" };

/** Deal `/damage`'s damage to one creature; posts a line saying what it took. */
export async function takeDirectDamage(actor: AnyActor, damage: DamageCommand): Promise<DirectDamageOutcome> {
  const name = actor.name ?? "";
  if (!actor.isOwner) {
    ui.notifications?.warn("SE.Damage.Refusal.notOwner", { localize: true, format: { name } });
    return { ok: false, reason: "not-owner" };
  }
  if (!isDrawSteel(actor.system)) {
    ui.notifications?.warn("SE.Damage.Refusal.noStamina", { localize: true, format: { name } });
    return { ok: false, reason: "no-stamina" };
  }
  const s = actor.system.stamina;
  const before = { stamina: s.value, temporary: s.temporary ?? 0 };
  const result = applyDamage(before, { amount: damage.amount, type: damage.type, keywords: [] }, damageModifiersOf(actor));
  // Damage taken prompts a persistent ability's maintenance roll (L2884), as a card's damage does.
  await updateDocument(actor, { "system.stamina.value": result.stamina, "system.stamina.temporary": result.temporary },
    result.dealt > 0 ? { [DAMAGE_OPTION]: result.dealt } : {});
  const i18n = game.i18n!;
  const type = damage.type ? i18n.localize(`SE.DamageType.${damage.type}`) : "";
  const line = i18n.format(type ? "SE.Damage.TookTyped" : "SE.Damage.Took", { name, amount: String(result.dealt), type, stamina: String(result.stamina) });
  await ChatMessage.implementation.create({
    content: `<p class="${CSS_ROOT} se-healing-note">${foundry.utils.escapeHTML(line)}</p>`, speaker: speakerOf({ actor }),
  });
  return { ok: true, dealt: result.dealt };
}
