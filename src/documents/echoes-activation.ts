/**
 * The GM activates Echoes enemies after a player's turn (seed 000 S0:L140–146): the activation must
 * be one the player's speed allows, and each action costs its adversary's price in the GM's
 * Dissonance Points, which must cover it. The table sees who acts; the points are the GM's.
 */
import { SYSTEM_ID } from "../constants.ts";
import { enemyActivationCost } from "../rules/echoes.ts";
import { isEchoesAdversary } from "../data/index.ts";
import { poolValue } from "./pools.ts";
import { showNotice } from "./relay.ts";
import { echoesConditionsOf, endEchoesTurn, resolveEchoesConditions } from "./echoes-conditions.ts";
import type { Notice } from "./relay.ts";

type AnyActor = Actor.Implementation;

export interface ActivationRequest {
  speed: "fast" | "slow";
  parts: { actorUuid: string; actions: number }[];
}

export interface ActivationServices {
  /** The chat card listing who acts (the application layer renders it). */
  renderCard(parts: { name: string; actions: number }[]): Promise<string>;
}

const notice = (key: string, format?: Record<string, string>): Notice =>
  ({ type: "warn", key: `SE.Echoes.Activation.Error.${key}`, ...(format ? { format } : {}) });

/**
 * The enemy phase is over (S0:L168, L188–190): an activated enemy's conditions end with its
 * activation (its turn; Empowered has paid for it), and the Stunned enemies of the combat, which sat
 * this phase out, are stunned no more.
 */
async function endOfEnemyPhase(activated: readonly AnyActor[]): Promise<void> {
  for (const actor of activated) await endEchoesTurn(actor);
  const others = (game.combat?.combatants?.contents ?? []).map((c) => c.actor).filter((a): a is AnyActor => !!a && !activated.includes(a));
  for (const actor of new Set(others)) if (isEchoesAdversary(actor.system)) await resolveEchoesConditions(actor, ["stunned"]);
}

/** The GM's activation: checked, paid in Dissonance Points and told in chat. Resolves to whether it happened. */
export async function activateEnemies(request: ActivationRequest, services: ActivationServices): Promise<boolean> {
  const fail = (n: Notice) => { showNotice(n); return false; };
  if (!game.user?.isGM) return fail(notice("GMOnly"));
  const speed = request?.speed === "slow" ? "slow" : request?.speed === "fast" ? "fast" : null;
  const parts = Array.isArray(request?.parts) ? request.parts.slice(0, 4) : [];
  if (!speed) return fail(notice("Invalid"));
  const actors: { actor: AnyActor; actions: number; cost: number; empowered: boolean }[] = [];
  for (const part of parts) {
    const actor = (await fromUuid(String(part?.actorUuid)).catch(() => null)) as AnyActor | null;
    if (!actor || !isEchoesAdversary(actor.system) || actors.some((a) => a.actor === actor)) return fail(notice("Invalid"));
    if (actor.system.hp.value <= 0) return fail(notice("Defeated", { name: actor.name ?? "" }));
    const conditions = echoesConditionsOf(actor);
    // Stunned: not activated in this enemy phase (S0:L190); the GM clears it after.
    if (conditions.includes("stunned")) return fail(notice("Stunned", { name: actor.name ?? "" }));
    actors.push({ actor, actions: Number(part.actions), cost: actor.system.actionCost, empowered: conditions.includes("empowered") });
  }
  let cost: number;
  try {
    cost = enemyActivationCost(speed, actors.map(({ actions, cost: c, empowered }) => ({ actions, cost: c, empowered })));
  } catch {
    return fail(notice("NotAllowed"));
  }
  const points = poolValue("dissonancePoints");
  if (cost > points) return fail(notice("NotEnough", { cost: String(cost), points: String(points) }));
  await endOfEnemyPhase(actors.map((a) => a.actor));
  if (!actors.length) return true;
  await game.settings!.set(SYSTEM_ID, "dissonancePoints", points - cost);
  await ChatMessage.implementation.create({
    content: await services.renderCard(actors.map((a) => ({ name: a.actor.name ?? "", actions: a.actions }))),
    speaker: { alias: game.i18n!.localize("SE.Echoes.Activation.Speaker") },
  });
  return true;
}
