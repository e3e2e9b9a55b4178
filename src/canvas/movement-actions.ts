/**
 * Draw Steel's movement on the map, on Foundry v13's movement actions and costs (client/config.mjs
 * `CONFIG.Token.movement.actions`; client/canvas/placeables/token.mjs `Token#_getMovementCostFunction`,
 * read through the League's v13 types, which document each: an action's `getCostFunction(token,
 * options)` returns `(baseCost, from, to, distance, segment) => cost`, where the base cost already
 * holds the terrain's difficulty; a token's cost function is `(from, to, distance, segment) => cost`
 * between two grid offsets `{ i, j, k }` (row, column, elevation); undefined means the cost is the
 * distance).
 *
 * What changes from v13's defaults (seed 004, L6826–6914):
 * - **Shift** is a movement action of its own: each square costs two of the move's (L6840), and it
 *   provokes no opportunity attack (src/canvas/opportunity-attacks.ts).
 * - **Swim and climb** cost double only for a creature without that movement (L6860); v13 doubles
 *   climbing always and swimming never.
 * - **Jump** costs what walking costs (L6884: a jump is part of a move); v13 doubles it.
 * - **Blink** (teleport) spends no movement (L6908).
 * - **Sneak** is a movement action of its own for a hidden creature (L6226): it costs what walking
 *   costs, and the token ruler measures it against half the creature's speed
 *   (src/canvas/token-ruler.ts). Moving without sneaking ends hidden (L6212): src/canvas/hidden-movement.ts.
 * - Crawling stays at double (L6894, v13's default). Difficult terrain is v13's Modify Movement
 *   Cost region behaviour: at difficulty 2 a square costs 1 more (L6914).
 * - Entering an **enemy's space** costs 1 square more, as difficult terrain does (L6830):
 *   `enemySpaceCostFunction`, which the system's Token applies.
 */
import { enemySpaceCost } from "../rules/movement.ts";
import { tokenSpace } from "../documents/token-space.ts";

type ActionCost = (baseCost: number) => number;
type Offset = { i: number; j: number };
/** A token's cost function as v13 calls it (TokenDocument.MovementCostFunction). */
type Segment = { actionConfig?: { teleport?: boolean; measure?: boolean } };
export type CostFunction = (from: Offset, to: Offset, distance: number, segment: Segment) => number;

const same: () => ActionCost = () => (cost) => cost;
const double: () => ActionCost = () => (cost) => cost * 2;

/** Whether the token's actor has this kind of movement (its `movement` set, a hero's or a monster's). */
function hasMovement(token: { actor?: { system?: unknown } | null } | null | undefined, kind: string): boolean {
  const movement = (token?.actor?.system as { movement?: Iterable<string> } | undefined)?.movement;
  return !!movement && [...movement].includes(kind);
}

/** Draw Steel's changes to v13's movement actions (see above). Called at init. */
export function registerMovementActions(actions: Record<string, CONFIG.Token.MovementActionConfig>): void {
  actions.shift = {
    label: "SE.MovementAction.shift", icon: "fa-solid fa-shoe-prints", order: 0.5, getCostFunction: double,
  };
  // Only a hidden creature sneaks (L6226); v13 calls canSelect with a TokenDocument or a prototype token.
  actions.sneak = {
    label: "SE.MovementAction.sneak", icon: "fa-solid fa-user-ninja", order: 0.6, getCostFunction: same,
    canSelect: (token) => !!(token as { actor?: { statuses?: Set<string> } | null }).actor?.statuses?.has("hidden"),
  };
  const unlessAble = (kind: string) => (token: { actor?: { system?: unknown } | null }) => (hasMovement(token, kind) ? same() : double());
  if (actions.swim) actions.swim.getCostFunction = unlessAble("swim");
  if (actions.climb) actions.climb.getCostFunction = unlessAble("climb");
  if (actions.jump) actions.jump.getCostFunction = same;
  if (actions.blink) actions.blink.getCostFunction = () => () => 0;
}

/** The keys ("row,column") of every grid square occupied by a token hostile to `token` on its scene. */
type Placed = { id?: string | null; disposition: number; x: number; y: number; width: number };
type SceneOf = { tokens?: { contents?: readonly unknown[] }; grid?: { size?: number } };
type OnScene = { id?: string | null; disposition: number; parent?: SceneOf | null };

export function enemySquares(token: OnScene): Set<string> {
  const out = new Set<string>();
  const grid = Number(token.parent?.grid?.size) || 0;
  const mine = Number(token.disposition) || 0;
  if (!grid || !mine) return out;
  for (const other of (token.parent?.tokens?.contents ?? []) as Placed[]) {
    if (other.id === token.id || other.disposition !== -mine) continue;
    const s = tokenSpace(other, grid);
    for (let i = s.y; i < s.y + s.size; i++) for (let j = s.x; j < s.x + s.size; j++) out.add(`${i},${j}`);
  }
  return out;
}

/**
 * A token's cost function with enemy spaces counted as difficult terrain (L6830): entering a square
 * in `enemies` costs one square (`squareDistance`, in the scene's units) more than the move, unless
 * the terrain already costs that (`enemySpaceCost`). Teleports and unmeasured moves are left alone.
 */
export function enemySpaceCostFunction(
  base: CostFunction | undefined | void, enemies: ReadonlySet<string>, squareDistance: number,
): CostFunction {
  return (from, to, distance, segment) => {
    const cost = base ? base(from, to, distance, segment) : distance;
    if (!enemies.has(`${to.i},${to.j}`) || !(squareDistance > 0)) return cost;
    const forced = !!segment?.actionConfig?.teleport || segment?.actionConfig?.measure === false;
    return enemySpaceCost({ cost, distance, squareDistance, forced });
  };
}

/** v13 CONST.GRID_DIAGONALS.EQUIDISTANT: every diagonal step counts 1. */
const EQUIDISTANT = 0;

/**
 * On the GM's client at ready: Draw Steel counts every square 1, diagonals too (L6828), which is
 * Foundry's *Grid Diagonals* world setting (`core.gridDiagonals`) set to Equidistant. When the world
 * plays Draw Steel and the setting says otherwise, the GM is told once. Resolves to whether it told.
 */
export function checkGridDiagonals(playsDrawSteel: boolean): boolean {
  // The core setting is not in the League's setting types: read through plain signatures.
  const registered = (game.settings?.settings as Map<string, unknown> | undefined)?.has("core.gridDiagonals");
  if (!game.user?.isGM || !playsDrawSteel || !registered) return false;
  const value = (game.settings.get as (ns: string, key: string) => unknown)("core", "gridDiagonals");
  if (Number(value) === EQUIDISTANT) return false;
  ui.notifications?.warn("SE.MovementAction.Diagonals", { localize: true });
  return true;
}
