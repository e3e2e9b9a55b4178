/**
 * Echoes conditions on a character or an adversary (seed 000 S0:L166–194), stored as the actor's
 * `system.conditions`: toggled from the sheets by the actor's owners, resolved by the checks that
 * use them (src/documents/echoes-checks.ts) and by the enemy phase.
 */
import { ECHOES_CONDITIONS, addEchoesCondition, adversaryHarmed, harmedDamage } from "../rules/echoes.ts";
import type { EchoesCondition } from "../rules/echoes.ts";
import { isEchoesAdversary, isEchoesCharacter } from "../data/index.ts";
import { updateDocument } from "./update.ts";

type AnyActor = Actor.Implementation;

/** The conditions an Echoes actor has (a Set on a loaded actor, a list in plain data); [] for any other actor. */
export function echoesConditionsOf(actor: AnyActor | null | undefined): EchoesCondition[] {
  const system = actor?.system;
  if (!isEchoesCharacter(system) && !isEchoesAdversary(system)) return [];
  const known = (c: string): c is EchoesCondition => ECHOES_CONDITIONS.includes(c as EchoesCondition);
  return [...((system.conditions ?? []) as Iterable<string>)].filter(known);
}

/** Add a condition (same names do not stack; Endurance as the seed says) or, when present, remove it. */
export async function toggleEchoesCondition(actor: AnyActor, condition: string): Promise<void> {
  const id = ECHOES_CONDITIONS.find((c) => c === condition);
  if (!id || !actor.isOwner) return;
  const now = echoesConditionsOf(actor);
  const next = now.includes(id) ? now.filter((c) => c !== id) : addEchoesCondition(now, id);
  await updateDocument(actor, { "system.conditions": next });
}

/** Remove conditions a check or an activation resolved; resolves to those actually removed. */
export async function resolveEchoesConditions(actor: AnyActor, spent: readonly EchoesCondition[]): Promise<EchoesCondition[]> {
  const now = echoesConditionsOf(actor);
  const removed = now.filter((c) => spent.includes(c));
  if (removed.length) await updateDocument(actor, { "system.conditions": now.filter((c) => !removed.includes(c)) });
  return removed;
}

/**
 * The end of an Echoes actor's turn: its conditions end (S0:L168, "until it's resolved or the
 * actor's turn ends"). Resolves to those that ended.
 */
export async function endEchoesTurn(actor: AnyActor): Promise<EchoesCondition[]> {
  const now = echoesConditionsOf(actor);
  if (now.length) await updateDocument(actor, { "system.conditions": [] });
  return now;
}

/**
 * The start of an Echoes character's activation (S0:L192–193): Harmed deals damage equal to the
 * character's own Wound Threshold, which AR and RES do not prevent (Stamina first, then a wound),
 * and is resolved. Resolves to what it did, or null when the character is not Harmed.
 */
export async function startEchoesTurn(
  actor: AnyActor,
): Promise<{ damage: number; stamina: number; wound: "minor" | "serious" | null; dead: boolean } | null> {
  const system = actor.system;
  if (!isEchoesCharacter(system) || !echoesConditionsOf(actor).includes("harmed")) return null;
  const hit = harmedDamage({ stamina: system.stamina.value, woundThreshold: Math.max(1, system.woundThreshold), wounds: system.wounds });
  await updateDocument(actor, {
    "system.stamina.value": hit.stamina, "system.wounds.minor": hit.wounds.minor, "system.wounds.serious": hit.wounds.serious,
    "system.conditions": echoesConditionsOf(actor).filter((c) => c !== "harmed"),
  });
  return { damage: hit.damage, stamina: hit.stamina, wound: hit.wound, dead: hit.dead };
}

/** Put back conditions an undone check had resolved. */
export async function restoreEchoesConditions(actor: AnyActor, conditions: readonly string[]): Promise<void> {
  const now = echoesConditionsOf(actor);
  const known = (c: string): c is EchoesCondition => ECHOES_CONDITIONS.includes(c as EchoesCondition);
  const back = conditions.filter(known).filter((c) => !now.includes(c));
  if (back.length) await updateDocument(actor, { "system.conditions": [...now, ...back] });
}

/**
 * The start of an enemy phase after `character`'s turn (S0:L194): each Harmed adversary among
 * `adversaries` takes damage equal to the character's Wound Threshold (not prevented) and is Harmed no
 * more. Run on the GM's client. Resolves to what each took.
 */
export async function harmAdversaries(
  character: AnyActor, adversaries: readonly AnyActor[],
): Promise<{ name: string; damage: number; hp: number }[]> {
  const system = character.system;
  if (!isEchoesCharacter(system)) return [];
  const out: { name: string; damage: number; hp: number }[] = [];
  for (const foe of adversaries) {
    const s = foe.system;
    if (!isEchoesAdversary(s) || !echoesConditionsOf(foe).includes("harmed") || !foe.isOwner) continue;
    const hit = adversaryHarmed(Math.max(0, s.hp.value), Math.max(1, system.woundThreshold));
    await updateDocument(foe, { "system.hp.value": hit.hp, "system.conditions": echoesConditionsOf(foe).filter((c) => c !== "harmed") });
    out.push({ name: foe.name ?? "", damage: hit.damage, hp: hit.hp });
  }
  return out;
}