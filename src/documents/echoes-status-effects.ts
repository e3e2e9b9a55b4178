/**
 * Echoes conditions as token status effects (seed 000 S0:L166–194). The actor's
 * `system.conditions` stays the rules' record (src/documents/echoes-conditions.ts); each condition
 * also shows as a status effect on the actor's tokens, and the Token HUD toggles them:
 * - after a user changes an Echoes actor's conditions, that user's client adds or removes the
 *   status effects to match (`syncEchoesStatuses`);
 * - a status effect toggled on in the HUD adds the condition by the seed's rules (one of each name,
 *   Endurance as it says), and one toggled off removes it; the sync then matches the effects.
 * Each status's `hud` (v13 CONFIG.statusEffects, `hud: { actorTypes }`) offers the Echoes statuses
 * on Echoes actors only, as the Draw Steel ones on heroes and monsters only.
 */
import { ECHOES_CONDITIONS, addEchoesCondition } from "../rules/echoes.ts";
import type { EchoesCondition } from "../rules/echoes.ts";
import { echoesConditionsOf } from "./echoes-conditions.ts";
import { updateDocument } from "./update.ts";
import { uuidOf } from "./persisted.ts";

type AnyActor = Actor.Implementation;

export const ECHOES_ACTOR_TYPES: readonly Actor.SubType[] = ["echoes", "echoesAdversary"];
const PREFIX = "echoes-";

/** The status id of an Echoes condition (`echoes-weakened`): Draw Steel's own ids (weakened, slowed) stay distinct. */
export const echoesStatusId = (condition: EchoesCondition): string => `${PREFIX}${condition}`;

/** The Echoes condition a status id stands for, or null. */
export function echoesConditionOfStatus(statusId: string): EchoesCondition | null {
  if (!statusId.startsWith(PREFIX)) return null;
  const id = statusId.slice(PREFIX.length);
  return ECHOES_CONDITIONS.find((c) => c === id) ?? null;
}

/** `deterministicId("status-effects", "echoes-<condition>")` (tools/lib/pack-ids.mjs): stable effect ids. */
const ROWS: Record<EchoesCondition, { _id: string; img: string }> = {
  empowered: { _id: "zrVreDjYDSyqpATH", img: "icons/svg/upgrade.svg" },
  weakened: { _id: "W9kiUPfv7ujO7kow", img: "icons/svg/downgrade.svg" },
  warded: { _id: "G2bSf6UJHNrYrkjg", img: "icons/svg/mage-shield.svg" },
  slowed: { _id: "qcDUz9jwjOHY25X1", img: "icons/svg/frozen.svg" },
  immobilized: { _id: "2oj7sOrBCFFdoE55", img: "icons/svg/paralysis.svg" },
  endurance: { _id: "eQVtGmrN1lyF7QQc", img: "icons/svg/regen.svg" },
  stunned: { _id: "EJ1arI9OewocY9hV", img: "icons/svg/daze.svg" },
  harmed: { _id: "lTceTQWLSV3vkxVw", img: "icons/svg/degen.svg" },
};

/** The Echoes entries of `CONFIG.statusEffects`. */
export function echoesStatusEntries(): { id: string; _id: string; name: string; img: string; hud: { actorTypes: Actor.SubType[] } }[] {
  return ECHOES_CONDITIONS.map((c) => ({
    id: echoesStatusId(c), _id: ROWS[c]._id, name: `SE.Echoes.Condition.${c}`, img: ROWS[c].img, hud: { actorTypes: [...ECHOES_ACTOR_TYPES] },
  }));
}

const isEchoesActor = (actor: AnyActor | null | undefined): actor is AnyActor => !!actor && ECHOES_ACTOR_TYPES.includes(actor.type);

/** The Echoes conditions the actor's status effects show. */
function shownConditions(actor: AnyActor): Set<EchoesCondition> {
  const out = new Set<EchoesCondition>();
  for (const status of actor.statuses ?? []) {
    const c = echoesConditionOfStatus(String(status));
    if (c) out.add(c);
  }
  return out;
}

/** Per actor, the sync in progress: syncs run one after another, each reading the actor afresh. */
const queues = new Map<string, Promise<void>>();
/** The status effects this client's own sync is adding or removing now (`<actor uuid>|<status id>`): not a user's toggle. */
const syncing = new Set<string>();

/** Add or remove the actor's Echoes status effects to match its conditions (after any sync already under way). */
export function syncEchoesStatuses(actor: AnyActor): Promise<void> {
  if (!isEchoesActor(actor) || !actor.isOwner) return Promise.resolve();
  const run = (queues.get(uuidOf(actor)) ?? Promise.resolve()).then(() => matchStatuses(actor)).catch(() => undefined);
  queues.set(uuidOf(actor), run);
  return run;
}

async function matchStatuses(actor: AnyActor): Promise<void> {
  const wanted = new Set(echoesConditionsOf(actor));
  const shown = shownConditions(actor);
  for (const c of ECHOES_CONDITIONS) {
    if (wanted.has(c) === shown.has(c)) continue;
    const mark = `${actor.uuid}|${echoesStatusId(c)}`;
    syncing.add(mark);
    try {
      await actor.toggleStatusEffect(echoesStatusId(c), { active: wanted.has(c) });
    } finally {
      syncing.delete(mark);
    }
  }
}

/** A status effect toggled on an Echoes actor (the HUD, a macro): the condition follows it. */
async function followStatus(actor: AnyActor, condition: EchoesCondition, on: boolean): Promise<void> {
  const now = echoesConditionsOf(actor);
  if (on === now.includes(condition)) return;
  const next = on ? addEchoesCondition(now, condition) : now.filter((c) => c !== condition);
  await updateDocument(actor, { "system.conditions": next });
  // Endurance may have taken the new condition away again: show what the rules kept.
  await syncEchoesStatuses(actor);
}

type EffectLike = { parent?: unknown; statuses?: Iterable<string> };
const effectConditions = (effect: EffectLike) =>
  [...(effect.statuses ?? [])].map((s) => echoesConditionOfStatus(String(s))).filter((c) => c !== null);

/** The hooks that keep conditions and status effects together, on the client of the user who changed them. */
export function registerEchoesStatusSync(): void {
  Hooks.on("updateActor", (actor, changed, _options, userId) => {
    const system = (changed as { system?: Record<string, unknown> }).system;
    if (userId !== game.user?.id || !system || !("conditions" in system)) return;
    void syncEchoesStatuses(actor as AnyActor);
  });
  const follow = (on: boolean) => (effect: unknown, _options: unknown, userId: string) => {
    const e = effect as EffectLike;
    const actor = e.parent as AnyActor | null | undefined;
    if (userId !== game.user?.id || !isEchoesActor(actor)) return;
    for (const c of effectConditions(e)) {
      // The sync's own changes are not a user's toggle.
      if (!syncing.has(`${actor.uuid}|${echoesStatusId(c)}`)) void followStatus(actor, c, on);
    }
  };
  Hooks.on("createActiveEffect", follow(true));
  Hooks.on("deleteActiveEffect", follow(false));
  // Characters and adversaries whose conditions were set before their statuses existed get them
  // once, from the active GM's client.
  Hooks.once("ready", () => {
    if (!game.user?.isGM || game.users?.activeGM?.id !== game.user.id) return;
    for (const actor of (game.actors ?? []) as Iterable<AnyActor>) if (isEchoesActor(actor)) void syncEchoesStatuses(actor);
  });
}
