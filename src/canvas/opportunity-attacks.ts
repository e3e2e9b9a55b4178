/**
 * Opportunity attacks (seed 004, L7101–7105): when a creature moves out of an enemy's melee
 * free-strike reach without shifting, the enemy may make a melee free strike against it. During a
 * started combat, each client reads every token movement Foundry reports (v13
 * `TokenDocument#_onUpdateMovement`, which runs on every client with the movement's origin and the
 * waypoints passed, each with its movement action) and, for the enemies whose reach the mover left
 * (`opportunityAttackers`, src/rules/movement.ts; mover and enemies must be combatants of the
 * combat under way), prompts the user who answers for that enemy: its
 * first active player owner, else the active GM. The prompt is a chat card whispered to that user,
 * whose button (src/applications/chat/opportunity-card.ts) targets the mover and opens the enemy's
 * melee free strike.
 *
 * What provokes nothing: a shift (the system's `shift` movement action), a teleport (any action
 * whose config teleports, v13's `blink` and `displace`), and forced movement from an ability card,
 * which moves tokens with the update option `{ "steel-echoes": { forced: true } }`
 * (src/canvas/forced-movement.ts). Nothing is written for another user: each client decides only
 * for itself, from movement data Foundry's server sent every client.
 *
 * An enemy that would have a bane or double bane on the free strike against the mover can't make it
 * (L7105, `opportunityVerdict`): its user is told so and why, on a card with no button.
 *
 * Not in the entry: src/canvas/token-moved.ts brings this module after a move, and the card's button
 * (src/applications/chat/opportunity-card.ts) when it is clicked (docs/architecture.md, "Loading").
 */
import { FLAG_SCOPE } from "../constants.ts";
import { NO_TRIGGERED_ACTIONS, freeStrikeReach } from "../rules/battlefield.ts";
import { opportunityAttackers, straightPath } from "../rules/move-path.ts";
import { opportunityVerdict } from "../rules/opportunity.ts";
import type { OpportunityVerdict } from "../rules/opportunity.ts";
import type { GridSpace } from "../rules/ability-use.ts";
import type { MoveKind, ReachCreature } from "../rules/move-path.ts";
import { tokenSpace } from "../documents/token-space.ts";
import { creatureState, kitOf } from "../documents/creature-state.ts";
import { renderCard } from "../dice/render.ts";
import { uuidOf, speakerOf } from "../documents/persisted.ts";
import { OPPORTUNITY_TEMPLATE, opportunityBarredText } from "./opportunity-text.ts";

type AnyActor = Actor.Implementation;
type TokenDoc = TokenDocument.Implementation;
interface Position { x: number; y: number; width?: number }
/** The parts of v13's TokenDocument.MovementOperation read here. */
export interface MovementLike {
  origin: Position;
  passed?: { waypoints?: readonly (Position & { action?: string })[] };
}

/** How the token moved: forced by an ability card, a teleport, a shift, or a move. */
export function movementKind(movement: MovementLike, operation: object | undefined): MoveKind {
  // The update operation carries the system's own option (`steel-echoes.forced`), undeclared in its type.
  const mine = (operation as Record<string, { forced?: unknown } | undefined> | undefined)?.[FLAG_SCOPE];
  if (mine?.forced) return "forced";
  const actions = (movement.passed?.waypoints ?? []).map((w) => String(w.action ?? ""));
  const config = (CONFIG.Token as { movement?: { actions?: Record<string, { teleport?: boolean }> } }).movement?.actions ?? {};
  if (actions.some((a) => config[a]?.teleport)) return "teleport";
  if (actions.some((a) => a === "shift")) return "shift";
  return "move";
}

/** The squares the token passed through: straight lines from the origin through each waypoint passed. */
export function movementPath(movement: MovementLike, grid: number): GridSpace[] {
  let at = tokenSpace({ width: 1, ...movement.origin }, grid);
  const path: GridSpace[] = [at];
  for (const w of movement.passed?.waypoints ?? []) {
    const next = tokenSpace({ width: at.size, ...w }, grid);
    path.push(...straightPath(at, next).slice(1));
    at = next;
  }
  return path;
}

/** The reach of an actor's melee free strike (`freeStrikeReach`): a hero's kit adds its reach bonus. */
const reachOf = (actor: AnyActor | null | undefined) => freeStrikeReach(actor?.type === "hero" ? kitOf(actor)?.reach ?? 0 : 0);

/** Whether the attacker's melee free strike against the mover would have a bane (L7105), from both creatures' conditions. */
export function opportunityVerdictOf(attacker: AnyActor, mover: AnyActor | null): OpportunityVerdict {
  return opportunityVerdict(creatureState(uuidOf(attacker), attacker), creatureState(mover ? uuidOf(mover) : "", mover));
}

/** "a bane" or "a double bane" with its reasons, for a barred opportunity attack (src/canvas/opportunity-text.ts). */
export function barredText(verdict: OpportunityVerdict, names: { attacker: string; target: string }): string {
  const i18n = game.i18n!;
  return opportunityBarredText(verdict, names, {
    localize: (key) => i18n.localize(key),
    format: (key, data) => i18n.format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]))),
  });
}

/** The user who answers for an actor's triggered actions: its first active player owner, else the active GM. */
function answersFor(actor: AnyActor): User.Implementation | null {
  const players = (game.users?.contents ?? []).filter((u) => u.active && !u.isGM && actor.testUserPermission(u, "OWNER"));
  return players[0] ?? game.users?.activeGM ?? null;
}

/** On every client after a token moved: prompt this user for the opportunity attacks it may make. */
export async function offerOpportunityAttacks(
  token: TokenDoc, movement: MovementLike, operation: object | undefined,
): Promise<void> {
  const me = game.user;
  if (!me || !game.combat?.started) return;
  const scene = token.parent as Scene.Implementation | null;
  const grid = Number(scene?.grid?.size) || 0;
  if (!scene || !grid || !token.actor) return;
  const kind = movementKind(movement, operation);
  if (kind !== "move") return;
  // Only the encounter's creatures: the mover and the enemies must be in the combat under way.
  const fighting = new Set((game.combat.combatants?.contents ?? []).map((c) => c.token?.id).filter((id) => !!id));
  if (!fighting.has(token.id)) return;
  const others = (scene.tokens?.contents ?? []).filter((t) => t !== token && t.actor && fighting.has(t.id)) as TokenDoc[];
  const creatures: ReachCreature[] = others.map((t) => ({
    id: uuidOf(t), space: tokenSpace(t, grid), disposition: Number(t.disposition) || 0, reach: reachOf(t.actor as AnyActor),
    canAct: !NO_TRIGGERED_ACTIONS.some((s) => t.actor?.statuses?.has(s)),
  }));
  const ids = opportunityAttackers({
    path: movementPath(movement, grid), kind, mover: { id: uuidOf(token), disposition: Number(token.disposition) || 0 }, creatures,
  });
  for (const id of ids) {
    const attacker = others.find((t) => t.uuid === id);
    const actor = attacker?.actor as AnyActor | null | undefined;
    if (!attacker || !actor || answersFor(actor)?.id !== me.id) continue;
    const names = { attacker: attacker.name ?? actor.name, target: token.name ?? "" };
    const verdict = opportunityVerdictOf(actor, token.actor as AnyActor | null);
    // With a bane or double bane on the strike the enemy can't make it (L7105): the card says why, with no button.
    const content = await renderCard(OPPORTUNITY_TEMPLATE, verdict.allowed
      ? {
        text: game.i18n!.format("SE.Opportunity.Text", names),
        button: game.i18n!.localize("SE.Opportunity.Strike"),
        note: game.i18n!.localize("SE.Opportunity.Note"),
      }
      : { text: barredText(verdict, names), button: "", note: "" });
    await ChatMessage.create({
      content, whisper: [me.id], speaker: speakerOf({ actor }),
      flags: { [FLAG_SCOPE]: { opportunity: { attacker: uuidOf(attacker), target: uuidOf(token) } } },
    });
  }
}
