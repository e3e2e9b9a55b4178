/**
 * Registration of combat, conditions and the pools (called from index.ts at init): status effects,
 * the Combat and Combatant classes, the tracker, settings, GM queries, the pools panel and the
 * "+2 VP" chat buttons.
 */
import { statusEffectEntries } from "../../documents/status-effects.ts";
import { environmentStatusEntries } from "../../documents/environment-statuses.ts";
import { SteelEchoesCombat, SteelEchoesCombatant, registerRoundVillainPower } from "../../documents/combat.ts";
import { changePoolValue, poolValue } from "../../documents/pools.ts";
import { registerCombatSettings } from "../../settings/combat.ts";
import { guardTurn, registerCombatQueries } from "../../documents/combat-relay.ts";
import { SteelEchoesCombatTracker } from "./combat-tracker.ts";
import { combatUI } from "./lazy-combat.ts";
import { CONSEQUENCE_VILLAIN_POWER } from "../../rules/combat-resources.ts";
import { FLAG_SCOPE, HOOKS, SYSTEM_ID } from "../../constants.ts";
import { MAINTENANCE } from "../../documents/heroic-resources.ts";
import { registerMaintenanceRolls } from "../../documents/maintenance-hooks.ts";
import { FORM_PROMPT, registerRegeneration } from "../../documents/stormwight-hooks.ts";
import { abilityUseOf, cardProblem } from "../../documents/ability-results.ts";
import { HERO_TOKEN_PROMPT, registerHeroTokenPrompt } from "../../documents/hero-token-prompt.ts";

/** The pools panel, shown or brought up to date (its code is in the combat UI's chunk). */
const showPoolsPanel = () =>
  void combatUI().then((ui) => ui.showPoolsPanel(), (err: unknown) => console.error(`${SYSTEM_ID} | the pools panel did not load`, err));

export function registerCombat(): void {
  // Draw Steel's conditions and states, where a creature is (underwater, no air). Echoes' conditions
  // join them when Echoes' chunk registers (src/games/echoes.ts), before Foundry builds the documents.
  CONFIG.statusEffects = [...statusEffectEntries(), ...environmentStatusEntries()];
  // Persistent Magic's roll on taking damage (L2884), with the tier 2 choice as a dialog.
  MAINTENANCE.choose = async (actor, abilities) => (await combatUI()).chooseLostAbility(actor, abilities);
  registerMaintenanceRolls();
  // Regeneration (L3364–3366) and the stormwight's form choice, as a dialog (src/documents/stormwight-forms.ts).
  FORM_PROMPT.choose = async (actor, forms, animal, reason) => (await combatUI()).chooseForm(actor, forms, animal, reason);
  registerRegeneration();
  // Focus from an ally's tier 3 attack against a marked target (L4262), from a card that passes the card check.
  Hooks.on("createChatMessage", (message: ChatMessage.Implementation) => {
    const use = abilityUseOf(message);
    // The promise is returned for the test harness to follow (Foundry ignores a hook's return value).
    if (!use) return undefined;
    const trusted = async () => (await cardProblem(message, use)) === null;
    // The GM's record of a Mark's targets (L4277), for its edge and extra damage (src/documents/marks.ts).
    // Both load with the first ability card (issue 31).
    return Promise.all([
      import("../../documents/heroic-resource-rolls.ts").then((m) => m.focusFromCard(message, use, trusted)),
      import("../../documents/marks.ts").then((m) => m.recordMarkCard(use, trusted)),
    ]);
  });
  CONFIG.Combat.documentClass = SteelEchoesCombat;
  CONFIG.Combatant.documentClass = SteelEchoesCombatant;
  // The alternative initiative's Agility test (L6776): a power roll with Agility, no edges.
  CONFIG.Combat.initiative = { formula: "2d10 + @characteristics.agility", decimals: 2 };
  // Type escape: our tracker is typed by the members it uses (combat-tracker.ts), not as the full core class.
  (CONFIG.ui as unknown as Record<string, unknown>).combat = SteelEchoesCombatTracker;
  SteelEchoesCombat.endEncounterDialog = async (combat) => (await combatUI()).openEndEncounterDialog(combat);
  registerCombatSettings();
  registerCombatQueries();
  registerRoundVillainPower();
  // Hero tokens at the edge (issue 33): the dying hero's player is asked on her client, in a dialog of the combat UI's chunk.
  registerHeroTokenPrompt();
  HERO_TOKEN_PROMPT.ask = async (view) => (await combatUI()).askHeroToken(view);
  Hooks.once("ready", () => showPoolsPanel());
  // In the other engines' orders, a player's change to a creature (a State of Mind, a late joiner)
  // can reorder the turns: the active GM keeps the acting creature's turn. Our own changes repoint
  // where they are made (engine-combat's callers), so only other users' changes are followed here,
  // and every deletion.
  for (const hook of ["createCombatant", "updateCombatant", "deleteCombatant"] as const) {
    Hooks.on(hook, (combatant: Combatant.Implementation, ...rest: unknown[]) => {
      const userId = rest.at(-1);
      // A deletion is followed whoever made it: the acting creature may be the one gone.
      if ((userId === game.user?.id && hook !== "deleteCombatant") || !game.user?.isGM || game.users?.activeGM?.id !== game.user.id) return;
      const combat = combatant.parent as SteelEchoesCombat | null;
      void combat?.keepActingTurn();
    });
  }
  // v13 lets any player set a combat's round and turn: the active GM puts back what a player wrote directly.
  Hooks.on("updateCombat", (combat, changed, _options, userId) => guardTurn(combat, changed, userId));
  (Hooks.on as (hook: string, fn: () => void) => number)(HOOKS.poolsChanged, () => {
    showPoolsPanel();
    // Hero sheets show the hero token count on their recovery bar.
    for (const app of foundry.applications.instances.values()) {
      const actor = "actor" in app ? (app.actor as { type?: string } | null) : null;
      if (actor?.type === "hero") void app.render();
    }
  });
  Hooks.on("renderChatMessageHTML", (message: unknown, html: HTMLElement) => wireVillainPowerButtons(html, message as VpMessage));
}

type VpMessage = {
  getFlag?(scope: string, key: string): unknown;
  setFlag?(scope: string, key: string, value: unknown): Promise<unknown>;
} | null;

/**
 * A test with a consequence carries `<button data-se-gain-vp>` (the seed's default consequence,
 * L5790): the GM's click adds the rules' `CONSEQUENCE_VILLAIN_POWER`, once per message (recorded on
 * the message); players don't see the button. The number written on the button is never read.
 */
export function wireVillainPowerButtons(html: HTMLElement, message: VpMessage = null): void {
  for (const button of html.querySelectorAll<HTMLButtonElement>("button[data-se-gain-vp]")) {
    if (!game.user?.isGM) {
      button.remove();
      continue;
    }
    if (message?.getFlag?.(FLAG_SCOPE, "villainPowerGained")) button.disabled = true;
    button.addEventListener("click", async () => {
      if (button.disabled) return;
      button.disabled = true;
      // The amount is the rules' own: the button is in the message's HTML, which its author can rewrite.
      const amount = CONSEQUENCE_VILLAIN_POWER;
      const total = await changePoolValue("villainPower", amount);
      if (total === null) {
        button.disabled = false;
        return;
      }
      await message?.setFlag?.(FLAG_SCOPE, "villainPowerGained", true);
      ui.notifications?.info("SE.Pools.GainedVillainPower", { localize: true, format: { amount: String(amount), total: String(poolValue("villainPower")) } });
    });
  }
}
