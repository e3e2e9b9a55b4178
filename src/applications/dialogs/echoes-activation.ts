/**
 * The GM's enemy phase in Echoes (seed 000 S0:L140–146): choose who acts after a player's turn, as
 * the turn's speed allows; src/documents/echoes-activation.ts checks it and pays the Dissonance Points.
 */
import { gameEnabled } from "../../settings/games.ts";
import { activateEnemies } from "../../documents/echoes-activation.ts";
import type { ActivationServices } from "../../documents/echoes-activation.ts";
import { poolValue } from "../../documents/pools.ts";
import { isEchoesAdversary } from "../../data/index.ts";
import { echoesConditionsOf, harmAdversaries } from "../../documents/echoes-conditions.ts";
import { echoesActivationChoices, echoesActivationDialogContext } from "../view-models/echoes-sheet.ts";
import { foundryI18n } from "../foundry-i18n.ts";
import { formDialog } from "./form-dialog.ts";
import { renderCard } from "../../dice/render.ts";
import { HOOKS, templatePath } from "../../constants.ts";
import { echoesCheckOf } from "../../documents/echoes-checks.ts";
import { uuidOf } from "../../documents/persisted.ts";

export const ECHOES_ACTIVATION_DIALOG_TEMPLATE = templatePath("dialog/echoes-activation.hbs");
export const ECHOES_ACTIVATION_CARD_TEMPLATE = templatePath("chat/echoes-activation.hbs");

/** The speed of the weapon `actor` last attacked with, from its latest applied attack check (fast when none). */
function lastSpeed(actor: Actor.Implementation): "fast" | "slow" {
  const messages = game.messages?.contents ?? [];
  for (let i = messages.length - 1; i >= Math.max(0, messages.length - 50); i--) {
    const flag = echoesCheckOf(messages[i]);
    if (flag?.actorUuid === actor.uuid && flag.applied?.speed) return flag.applied.speed;
  }
  return "fast";
}

/**
 * After an Echoes character's combat turn (on the GM's client, src/documents/combat.ts), the enemy
 * phase begins: Harmed adversaries in the combat take the character's Wound Threshold, then the
 * phase's dialog opens when an adversary can act, with the speed of the character's last attack.
 */
export function registerEnemyPhasePrompt(): void {
  (Hooks.on as (hook: string, fn: (combat: Combat.Implementation, actor: Actor.Implementation) => void) => number)(
    HOOKS.echoesTurnEnded,
    (combat, actor) => {
      if (!game.user?.isGM || !gameEnabled("echoes")) return;
      void (async () => {
        // The phase begins: Harmed adversaries take the character's Wound Threshold (S0:L194).
        const foes = (combat.combatants?.contents ?? []).map((c) => c.actor).filter((a): a is Actor.Implementation => !!a);
        const harmed = await harmAdversaries(actor, foes);
        if (harmed.length) {
          const lines = harmed.map((h) => foundryI18n.format("SE.Echoes.AdversaryHarmed", { name: h.name, damage: String(h.damage), hp: String(h.hp) }));
          await ChatMessage.implementation.create({ content: lines.map((l) => `<p>${foundry.utils.escapeHTML(l)}</p>`).join("") });
        }
        if (candidates().length) await openEnemyActivation(lastSpeed(actor));
      })();
    },
  );
}

export const activationServices: ActivationServices = {
  renderCard: (parts) => renderCard(ECHOES_ACTIVATION_CARD_TEMPLATE, { parts }),
};

/** The adversaries able to act: those in the current combat, else those on the viewed scene; not defeated. */
function candidates(): { uuid: string; name: string; cost: number }[] {
  const inCombat = game.combat?.combatants?.contents.map((c) => c.actor) ?? [];
  const onScene = game.scenes?.viewed?.tokens?.contents.map((t) => t.actor) ?? [];
  const seen = new Set<string>();
  return (inCombat.length ? inCombat : onScene).flatMap((actor) => {
    if (!actor || seen.has(uuidOf(actor)) || !isEchoesAdversary(actor.system) || actor.system.hp.value <= 0) return [];
    if (echoesConditionsOf(actor).includes("stunned")) return [];
    seen.add(uuidOf(actor));
    return [{ uuid: uuidOf(actor), name: actor.name ?? "", cost: actor.system.actionCost }];
  });
}

/** Open the enemy phase dialog (GM), the turn's speed preselected when known. */
export async function openEnemyActivation(speed: "fast" | "slow" = "fast"): Promise<boolean> {
  if (!game.user?.isGM) return false;
  const context = echoesActivationDialogContext(candidates(), poolValue("dissonancePoints"), foundryI18n, speed === "slow" ? "slow" : "fast");
  const form = await formDialog(foundryI18n.localize("SE.Echoes.Activation.Title"), await renderCard(ECHOES_ACTIVATION_DIALOG_TEMPLATE, context),
    420, "SE.Echoes.Activation.Confirm");
  if (!form) return false;
  return activateEnemies(echoesActivationChoices(form), activationServices);
}
