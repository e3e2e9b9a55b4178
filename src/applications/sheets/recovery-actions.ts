/**
 * The hero sheet's recovery bar (templates/actor/hero-recovery.hbs): its context and its actions
 * (Catch Breath, Spend a Recovery, a hero token, Respite). The sheet adds the part and these
 * actions; the work is done by the actor's healing methods.
 */
import { heroRecoveryContext } from "../view-models/hero-recovery.ts";
import type { RecoveryContext } from "../view-models/hero-recovery.ts";
import { poolValue } from "../../documents/pools.ts";
import * as healing from "../../documents/healing.ts";
import { requestHeroTokenFor } from "../../documents/hero-tokens.ts";
import { isDrawSteel } from "../../data/index.ts";

interface SheetLike { actor: Actor.Implementation; isEditable: boolean }

export function recoveryPartContext(sheet: SheetLike): { recovery: RecoveryContext } {
  const actor = sheet.actor;
  const s = actor.system;
  const stamina: { recoveryValue?: number; state: string } = isDrawSteel(s) ? s.stamina : { state: "healthy" };
  return {
    recovery: heroRecoveryContext({
      recoveries: ("recoveries" in s ? s.recoveries?.value : 0) ?? 0, recoveryValue: stamina.recoveryValue ?? 0, state: stamina.state,
      inCombat: actor.inCombat, statuses: [...actor.statuses], heroTokens: poolValue("heroTokens"),
      victories: ("victories" in s ? s.victories : 0) ?? 0, editable: sheet.isEditable,
    }),
  };
}

const asHealable = (sheet: SheetLike) => sheet.actor;

export const RECOVERY_ACTIONS = {
  async catchBreath(this: SheetLike): Promise<void> { await healing.catchBreath(asHealable(this)); },
  async spendRecovery(this: SheetLike): Promise<void> { await healing.spendRecovery(asHealable(this)); },
  async spendHeroToken(this: SheetLike): Promise<void> { await requestHeroTokenFor(this.actor); },
  async respite(this: SheetLike): Promise<void> {
    const ok = await foundry.applications.api.DialogV2.confirm({
      window: { title: game.i18n!.localize("SE.Respite.Button").replace(/\s*\(.*\)$/, "") },
      content: `<p>${foundry.utils.escapeHTML(game.i18n!.localize("SE.Respite.Hint"))}</p>`,
    });
    if (ok === true) await healing.takeRespite(asHealable(this));
  },
};
export type RecoveryAction = keyof typeof RECOVERY_ACTIONS;
