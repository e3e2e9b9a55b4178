/**
 * Healing on heroes and monsters: regain Stamina, spend a Recovery, Catch Breath, a hero token, a
 * respite; and the winded / dying / dead states kept in step with Stamina. The rules are in
 * src/rules/healing.ts; these functions gather the numbers, call them, persist and report.
 */
import { resourceAtCombatEnd } from "../rules/combat-resource-gains.ts";
import { catchBreath as catchBreathRule, monsterRecoveryValue, regainStamina as regainRule, respite as respiteRule, spendHeroToken as heroTokenRule, spendRecovery as spendRule } from "../rules/healing.ts";
import type { HealingRefusal } from "../rules/healing.ts";
import type { StaminaState } from "../rules/hero.ts";
import { advancementMode, advancementSpeed } from "../settings/index.ts";
import { applyCondition } from "./conditions.ts";
import type { ActorLike } from "./conditions.ts";
import { poolValue } from "./pools.ts";
import { FLAG_SCOPE, CSS_ROOT, heroTokenKey } from "../constants.ts";
import { speakerOf } from "./persisted.ts";
import { systemFlags } from "./system-flags.ts";

const SCOPE = FLAG_SCOPE;

interface StaminaSystem {
  stamina: { value: number; max: number; temporary: number; recoveryValue?: number; state?: StaminaState };
  recoveries?: { value: number; max: number };
  xp?: number;
  /** The level the hero has taken (derived from XP on a hero from before levels were stored). */
  level?: number | null;
  victories?: number;
}

/** The members of an Actor the healing functions use (any Foundry actor of this system has them). */
export interface HealableActor extends ActorLike {
  type: string;
  inCombat?: boolean;
  flags: Record<string, unknown>;
  update(changes: object): Promise<unknown>;
}

/** The Stamina data every creature's model holds (heroes also Recoveries, XP and Victories). */
function staminaSystem(actor: HealableActor): StaminaSystem {
  return actor.system as StaminaSystem;
}

export type HealingOutcome = { ok: true; gained: number } | { ok: false; reason: HealingRefusal | "not-owner" | "not-hero" };

function refuse(reason: HealingRefusal | "not-owner" | "not-hero", actor: HealableActor): HealingOutcome {
  ui.notifications?.warn(`SE.Healing.Refusal.${reason}`, { localize: true, format: { name: actor.name } });
  return { ok: false, reason };
}

async function report(actor: HealableActor, key: string, data: Record<string, string | number>): Promise<void> {
  const i18n = game.i18n!;
  const content = `<p class="${CSS_ROOT} se-healing-note">${foundry.utils.escapeHTML(i18n.format(key, Object.fromEntries(
    Object.entries({ name: actor.name, ...data }).map(([k, v]) => [k, String(v)]))))}</p>`;
  await ChatMessage.implementation.create({ content, speaker: speakerOf({ actor: actor as Actor.Implementation }) });
}

function recoveryValue(actor: HealableActor): number {
  return actor.type === "hero" ? staminaSystem(actor).stamina.recoveryValue ?? 0 : monsterRecoveryValue(staminaSystem(actor).stamina.max);
}

/**
 * Regain `amount` Stamina (capped at the maximum; none while bleeding). Only the creature's owners
 * and the GM may: healing an ally goes through the healing ability's chat card, which the GM checks.
 */
export async function regainStamina(actor: HealableActor, amount: number): Promise<HealingOutcome> {
  if (!actor.isOwner) return refuse("not-owner", actor);
  const r = regainRule(staminaSystem(actor).stamina, amount, { bleeding: actor.statuses.has("bleeding") });
  if (!r.ok) return refuse(r.reason, actor);
  await actor.update({ "system.stamina.value": r.value });
  await report(actor, "SE.Healing.Regained", { amount: r.gained });
  return { ok: true, gained: r.gained };
}

/** Spend a Recovery (heroes): regain the recovery value. Only the hero's owners and the GM may. */
export async function spendRecovery(actor: HealableActor): Promise<HealingOutcome> {
  const sys = staminaSystem(actor);
  if (!actor.isOwner) return refuse("not-owner", actor);
  if (actor.type !== "hero" || !sys.recoveries) return refuse("not-hero", actor);
  const r = spendRule({
    ...sys.stamina, recoveries: sys.recoveries.value, recoveryValue: recoveryValue(actor),
    bleeding: actor.statuses.has("bleeding"),
  });
  if (!r.ok) return refuse(r.reason, actor);
  await actor.update({ "system.stamina.value": r.value, "system.recoveries.value": r.recoveries });
  await report(actor, "SE.Healing.SpentRecovery", { amount: r.gained, left: r.recoveries });
  return { ok: true, gained: r.gained };
}

/** Catch Breath (an action): spend a Recovery, regain the recovery value, gain the Defend benefit. */
export async function catchBreath(actor: HealableActor): Promise<HealingOutcome> {
  const sys = staminaSystem(actor);
  if (!actor.isOwner) return refuse("not-owner", actor);
  if (actor.type !== "hero" || !sys.recoveries) return refuse("not-hero", actor);
  const r = catchBreathRule({
    ...sys.stamina, recoveries: sys.recoveries.value, recoveryValue: recoveryValue(actor),
    bleeding: actor.statuses.has("bleeding"), dying: sys.stamina.state === "dying", inCombat: !!actor.inCombat,
  });
  if (!r.ok) return refuse(r.reason, actor);
  await actor.update({ "system.stamina.value": r.value, "system.recoveries.value": r.recoveries });
  await applyCondition(actor, { id: "defending", duration: "EoT" });
  await report(actor, "SE.Healing.CaughtBreath", { amount: r.gained, left: r.recoveries });
  return { ok: true, gained: r.gained };
}

// The key of the turn in progress lives with the combat's state (entry code reads it; issue 31).
export { currentTurnKey } from "./combat-state.ts";
import { currentTurnKey } from "./combat-state.ts";

/**
 * Spend one of the party's hero tokens for this hero (run on the GM's client, who owns the pool):
 * regain the recovery value without a Recovery, at most one per turn. The turn it was last spent in
 * is kept in the combat's flags (`heroTokenTurns`), which only a GM can write (v13
 * common/documents/combat.mjs `BaseCombat.#canUpdate`), not on the hero, whose owner writes it. A
 * refusal is returned, not shown: the relay shows it to the player who asked.
 */
export async function spendHeroTokenAsGM(actor: HealableActor, setTokens: (n: number) => Promise<unknown>): Promise<HealingOutcome> {
  if (actor.type !== "hero") return { ok: false, reason: "not-hero" };
  const turnKey = currentTurnKey();
  const combat = turnKey ? game.combat : null;
  const key = actor.uuid ? heroTokenKey(actor.uuid) : null;
  const markers = systemFlags(combat).heroTokenTurns as Record<string, unknown> | undefined;
  const marker = key && markers && typeof markers === "object" ? markers[key] : null;
  const r = heroTokenRule({
    ...staminaSystem(actor).stamina, tokens: poolValue("heroTokens"), recoveryValue: recoveryValue(actor),
    bleeding: actor.statuses.has("bleeding"), turnKey, lastSpentTurnKey: typeof marker === "string" ? marker : null,
  });
  if (!r.ok) return { ok: false, reason: r.reason };
  await setTokens(r.tokens);
  if (combat && key) await combat.update({ [`flags.${SCOPE}.heroTokenTurns.${key}`]: turnKey });
  await actor.update({ "system.stamina.value": r.value });
  await report(actor, "SE.Healing.SpentHeroToken", { amount: r.gained, left: r.tokens });
  return { ok: true, gained: r.gained };
}

/**
 * Finish a respite: all Stamina and Recoveries back, temporary Stamina gone, Victories to XP.
 * Resolves to the result (with `levelUp` when a new level is reached) or null.
 */
export async function takeRespite(actor: HealableActor) {
  const sys = staminaSystem(actor);
  if (!actor.isOwner) return refuse("not-owner", actor) && null;
  if (actor.type !== "hero" || !sys.recoveries) return refuse("not-hero", actor) && null;
  const r = respiteRule({
    staminaMax: sys.stamina.max, recoveriesMax: sys.recoveries.max,
    xp: sys.xp ?? 0, victories: sys.victories ?? 0, speed: advancementSpeed(),
    level: sys.level ?? undefined, milestone: advancementMode() === "milestone",
  });
  await actor.update({
    "system.stamina.value": r.stamina, "system.stamina.temporary": r.temporary, "system.recoveries.value": r.recoveries,
    "system.xp": r.xp, "system.victories": r.victories,
    // Outside combat a hero's heroic resource equals their Victories (L2371), now 0.
    "system.heroicResource.value": resourceAtCombatEnd(r.victories),
  });
  await report(actor, r.levelUp ? "SE.Respite.LevelUp" : "SE.Respite.Done", { xp: r.xp, level: r.levelAfter });
  return r;
}

/** Which automatic states a Stamina state means: a dying hero is winded too (Stamina ≤ winded value). */
export function statesForStamina(state: StaminaState | undefined): Record<"winded" | "dying" | "dead", boolean> {
  return { winded: state === "winded" || state === "dying", dying: state === "dying", dead: state === "dead" };
}

/** Set and clear winded, dying and dead on the tokens to match Stamina (L7198–7210). */
export async function syncStaminaStatuses(actor: HealableActor & {
  toggleStatusEffect(id: string, options: { active: boolean; overlay?: boolean }): Promise<unknown>;
}): Promise<void> {
  const wanted = statesForStamina(staminaSystem(actor).stamina.state);
  for (const [id, active] of Object.entries(wanted)) {
    if (actor.statuses.has(id) !== active) await actor.toggleStatusEffect(id, { active, overlay: id === "dead" && active });
  }
}
