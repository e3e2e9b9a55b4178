/**
 * View-model of the hero sheet's recovery bar: Catch Breath, Spend Recovery, Respite and the hero
 * token, with what stops each (dying in combat, bleeding, no Recoveries), and the dazed warning.
 */
export interface RecoveryInput {
  recoveries: number;
  recoveryValue: number;
  state: string;
  inCombat: boolean;
  statuses: readonly string[];
  heroTokens: number;
  victories: number;
  editable: boolean;
}

export interface RecoveryContext {
  show: boolean;
  recoveryValue: number;
  catchBreath: { disabled: boolean; titleKey: string };
  spendRecovery: { disabled: boolean; titleKey: string };
  heroToken: { disabled: boolean; titleKey: string; count: number };
  respite: { titleKey: string; victories: number };
  warnings: { key: string; cssClass: string }[];
}

export function heroRecoveryContext(input: RecoveryInput): RecoveryContext {
  const bleeding = input.statuses.includes("bleeding");
  const noRecoveries = input.recoveries <= 0;
  const dyingInCombat = input.state === "dying" && input.inCombat;
  const why = (cases: [boolean, string][], fallback: string) => cases.find(([c]) => c)?.[1] ?? fallback;
  const warnings: RecoveryContext["warnings"] = [];
  if (input.statuses.includes("dazed")) warnings.push({ key: "SE.Dazed.Warning", cssClass: "hero-recovery__warning--dazed" });
  if (bleeding) warnings.push({ key: "SE.Healing.BleedingWarning", cssClass: "hero-recovery__warning--bleeding" });
  return {
    show: input.editable,
    recoveryValue: input.recoveryValue,
    catchBreath: {
      disabled: noRecoveries || bleeding || dyingInCombat,
      titleKey: why([[dyingInCombat, "SE.Healing.Refusal.dying"], [bleeding, "SE.Healing.Refusal.bleeding"], [noRecoveries, "SE.Healing.Refusal.no-recoveries"]], "SE.Healing.CatchBreathHint"),
    },
    spendRecovery: {
      disabled: noRecoveries || bleeding || input.inCombat,
      titleKey: why([[bleeding, "SE.Healing.Refusal.bleeding"], [noRecoveries, "SE.Healing.Refusal.no-recoveries"], [input.inCombat, "SE.Healing.InCombatHint"]], "SE.Healing.SpendRecoveryHint"),
    },
    heroToken: {
      disabled: input.heroTokens <= 0 || bleeding,
      titleKey: why([[input.heroTokens <= 0, "SE.Healing.Refusal.no-hero-tokens"], [bleeding, "SE.Healing.Refusal.bleeding"]], "SE.Healing.HeroTokenHint"),
      count: input.heroTokens,
    },
    respite: { titleKey: "SE.Respite.Hint", victories: input.victories },
    warnings,
  };
}
