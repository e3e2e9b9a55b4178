/**
 * The Heal action from its card (L7091–7093): the healer uses it on an adjacent creature, and that
 * creature (its owner, or the Director for a Director's creature) chooses on the card: spend a
 * Recovery (a Director's creature regains a third of its maximum instead, L7214), or make a
 * resistance roll against one of its "(resistance ends)" effects. The rules are in
 * src/rules/healing.ts; src/documents/ability-results.ts runs these as two card actions, on the
 * presser's client when it may write both the card and the creature, otherwise on the active GM's
 * through the relay. Everything is read again where it runs: the card's ability is the seed's Heal
 * (its rules as the basic action prints them), the healer's token is adjacent to the creature's on
 * the card's scene, the amount is the creature's own data and the roll that client's own dice.
 */
import { abilityFingerprint, abilityRulesFields } from "../rules/ability-fingerprint.ts";
import { afterResistanceRoll } from "../rules/durations.ts";
import { HEAL_ACTION_LINE, healActionRecovery, healActionResistanceProblem, healActionTargetProblem } from "../rules/heal-action.ts";
import { resistanceEndsOutcome } from "../rules/resistance.ts";
import type { HealingRefusal } from "../rules/healing.ts";
import type { HealActionProblem } from "../rules/heal-action.ts";
import type { Tier } from "../rules/power-roll.ts";
import type { ResistanceEndsOutcome } from "../rules/resistance.ts";
import { basicActionSources } from "../data/basic-actions.ts";
import type { AbilityUseData } from "../data/ability-use.ts";
import { FLAG_SCOPE } from "../constants.ts";
import { conditionFlags } from "./conditions.ts";
import { rollResistance } from "./condition-rolls.ts";
import type { EffectLike } from "./conditions.ts";
import { tokenSpace } from "./token-space.ts";
import { cardTargetToken } from "./card-targets.ts";
import { isDrawSteel } from "../data/index.ts";

type AnyActor = Actor.Implementation;
type Message = ChatMessage.Implementation;
type TokenDoc = TokenDocument.Implementation;

/** The fingerprint of the Heal basic action as the system makes it (src/data/basic-actions.ts). */
function healFingerprint(): string {
  const source = basicActionSources().find((a) => a.flags[FLAG_SCOPE].seedLine === HEAL_ACTION_LINE);
  return source ? abilityFingerprint(abilityRulesFields(source.system)) : "";
}

/**
 * Whether an item is the Heal action: the basic action the seed prints at L7091 (its flags), with the
 * rules the system gives it. Its owner can write both, so a copy edited to be something else is not it.
 */
export function isHealActionItem(item: { flags?: unknown; system?: unknown } | null | undefined): boolean {
  const flags = (item?.flags as Record<string, { basicAction?: unknown; seedLine?: unknown } | undefined> | undefined)?.[FLAG_SCOPE];
  if (flags?.basicAction !== true || Number(flags.seedLine) !== HEAL_ACTION_LINE) return false;
  return abilityFingerprint(abilityRulesFields(item!.system)) === healFingerprint();
}

/** The "(resistance ends)" effects a creature suffers, for the resistance roll's choice. */
export function resistanceEffects(actor: { effects: Iterable<EffectLike> }): EffectLike[] {
  return [...actor.effects].filter((e) => conditionFlags(e)?.duration.kind === "resistance");
}

/**
 * Why the card's Heal cannot help the creature of this target key, or null: its ability is not the
 * Heal action, the creature is the healer, or the healer has no token adjacent to the creature's on
 * the card's scene (L7093).
 */
export async function healActionProblem(message: Message, use: AbilityUseData, key: string): Promise<HealActionProblem | "not-heal" | null> {
  const item = await fromUuid(use.itemUuid).catch(() => null) as Item.Implementation | null;
  const healer = await fromUuid(use.actorUuid).catch(() => null) as AnyActor | null;
  const ownItem = !!item && !!healer && item.documentName === "Item" && (item.parent as { uuid?: string } | null)?.uuid === healer.uuid;
  if (!ownItem || !isHealActionItem(item)) return "not-heal";
  const token = await cardTargetToken(message, key);
  if (!token?.actor) return "not-adjacent";
  const scene = token.parent as Scene.Implementation | null;
  const grid = Number(scene?.grid?.size) || 100;
  const own = healer.getActiveTokens?.().map((t) => t.document as TokenDoc).filter((t) => t.parent === scene) ?? [];
  const sameCreature = token.actor === healer || token.actor.uuid === healer.uuid;
  const there = tokenSpace(token, grid);
  const problems = (own.length ? own : [null]).map((t) => healActionTargetProblem(t ? tokenSpace(t, grid) : null, there, sameCreature));
  return problems.includes(null) ? null : problems[0]!;
}

export type HealRecoveryOutcome =
  | { ok: true; gained: number; spent: number; changes: Record<string, number> }
  | { ok: false; reason: HealingRefusal };

/** The creature's side of "spend a Recovery" (L7093, L7214), from its own data: what to write, not yet written. */
export function healRecoveryChanges(actor: AnyActor): HealRecoveryOutcome {
  if (!isDrawSteel(actor.system)) return { ok: false, reason: "invalid-amount" };
  // Type escape: isDrawSteel narrows to hero or monster; the derived recovery value and a hero's Recoveries are read where present.
  const s = actor.system as unknown as { stamina: { value: number; max: number; recoveryValue?: number }; recoveries?: { value: number } };
  const hero = actor.type === "hero" && !!s.recoveries;
  const r = healActionRecovery({
    kind: hero ? "hero" : "monster", value: s.stamina.value, max: s.stamina.max,
    ...(hero ? { recoveries: s.recoveries!.value, recoveryValue: s.stamina.recoveryValue ?? 0 } : {}),
    bleeding: actor.statuses.has("bleeding"),
  });
  if (!r.ok) return r;
  return {
    ok: true, gained: r.gained, spent: r.recoveries === null ? 0 : 1,
    changes: { "system.stamina.value": r.value, ...(r.recoveries === null ? {} : { "system.recoveries.value": r.recoveries }) },
  };
}

export type HealResistOutcome =
  | { ok: true; tier: Tier; outcome: ResistanceEndsOutcome; effectName: string; effectIds: string[]; ended: Record<string, unknown>[] }
  | { ok: false; reason: "no-resistance-effect" | "choose-effect" };

/**
 * The resistance roll against a "(resistance ends)" effect (L7093, L6626–6634): this client's dice,
 * with the banes the creature's conditions impose, posted as the roll card; tier 1 the effect
 * persists, tier 2 it ends at the end of the creature's next turn, tier 3 it ends now. `effectId`
 * names the effect (needed when the creature suffers several). The effect as it was is returned for
 * undo, with the id of what is left of it.
 */
export async function healResist(actor: AnyActor, effectId: string | undefined): Promise<HealResistOutcome> {
  const all: EffectLike[] = [...actor.effects];
  if (healActionResistanceProblem(all.map((e) => conditionFlags(e)?.duration.kind ?? ""))) return { ok: false, reason: "no-resistance-effect" };
  const effects = resistanceEffects({ effects: all });
  const effect = effectId ? effects.find((e) => e.id === effectId) : effects.length === 1 ? effects[0] : undefined;
  if (!effect) return { ok: false, reason: effectId ? "no-resistance-effect" : "choose-effect" };
  const flags = conditionFlags(effect)!;
  const before = actor.effects.get(effect.id!)?.toObject() as Record<string, unknown>;
  const tier = await rollResistance(actor, effect, flags.characteristic ?? "might");
  const outcome = resistanceEndsOutcome(tier);
  const next = afterResistanceRoll(flags.duration, outcome);
  if (next === null) await effect.delete();
  else if (next !== flags.duration) await effect.update({ [`flags.${FLAG_SCOPE}.duration`]: next });
  return { ok: true, tier, outcome, effectName: effect.name, effectIds: next === null ? [] : [effect.id!], ended: [before] };
}
