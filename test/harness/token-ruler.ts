/**
 * A stand-in for Foundry v13's TokenRuler (client/canvas/placeables/tokens/ruler.mjs), as far as the
 * system's subclass (src/canvas/token-ruler.ts) extends it, and the measured waypoints v13 hands it.
 * There is no canvas here: nothing is drawn. What each method returns follows v13:
 *
 * - `refresh({ passedWaypoints, pendingWaypoints, plannedMovement })`: v13 joins the passed and
 *   pending waypoints into one path (and each user's planned movement after the history into one
 *   more), measures them, draws each segment with `_getSegmentStyle`, highlights each occupied
 *   square with `_getGridHighlightStyle`, then renders a label for each waypoint whose
 *   `_getWaypointLabelContext(waypoint, state)` returns a context, one `state` object per path
 *   (`#renderWaypointLabels`). Here the waypoints come measured (`measuredPath` below) and the
 *   contexts, segment styles and square styles are kept in `labels`, `segments` and `squares`.
 * - `_getWaypointLabelContext`: nothing for the first waypoint, nor for an implicit one followed by
 *   one of the same visualised action, nor for one that neither moved nor changed elevation;
 *   otherwise `cssClass` ("secret" when hidden, "last" without a next), `units`, the distance, and
 *   `cost.total`, the measured cost to this waypoint rounded to 0.01 (`measurement.cost`), with
 *   its `units`.
 * - `_getSegmentStyle`: width 0 for an action that is not visualised, else width 4 (at ui scale 1)
 *   in the user's colour. `_getGridHighlightStyle`: alpha 0 for an unreachable waypoint, else the
 *   user's colour at alpha 0.5.
 */

type Plain = Record<string, unknown>;
export type RulerWaypoint = {
  x: number; y: number; elevation: number; action: string; explicit: boolean; hidden: boolean; unreachable: boolean;
  stage: "passed" | "pending" | "planned"; userId?: string;
  actionConfig: { visualize?: boolean; teleport?: boolean; measure?: boolean };
  cost: number;
  measurement: { distance: number; cost: number };
  previous: RulerWaypoint | null; next: RulerWaypoint | null;
  ray: { distance: number } | null;
};

const round2 = (n: number) => Math.round(n * 100) / 100;

export class TokenRuler {
  labels: Plain[] = [];
  segments: { waypoint: RulerWaypoint; style: Plain }[] = [];
  squares: { waypoint: RulerWaypoint; style: Plain }[] = [];
  constructor(public token: { document: { parent?: { grid?: { units?: string } } | null } }) {}

  refresh({ passedWaypoints = [], pendingWaypoints = [] }: { passedWaypoints?: RulerWaypoint[]; pendingWaypoints?: RulerWaypoint[]; plannedMovement?: Plain }): void {
    const path = [...passedWaypoints, ...pendingWaypoints];
    this.segments = path.slice(1).map((waypoint) => ({ waypoint, style: this._getSegmentStyle(waypoint) as Plain }));
    this.squares = path.map((waypoint) => ({ waypoint, style: this._getGridHighlightStyle(waypoint, {}) as Plain }));
    const state = {};
    this.labels = path.map((w) => this._getWaypointLabelContext(w, state)).filter((c): c is Plain => !!c);
  }

  protected _getWaypointLabelContext(waypoint: RulerWaypoint, _state: object): Plain | void {
    const { explicit, next, previous } = waypoint;
    if (!previous) return;
    if (!explicit && next && waypoint.actionConfig.visualize !== false && next.actionConfig.visualize !== false && waypoint.action === next.action) return;
    if (waypoint.ray?.distance === 0 && waypoint.elevation === previous.elevation) return;
    const units = this.token.document.parent?.grid?.units ?? "";
    const cost = waypoint.measurement.cost;
    return {
      action: waypoint.actionConfig,
      cssClass: [waypoint.hidden ? "secret" : "", next ? "" : "last"].filter(Boolean).join(" "),
      secret: waypoint.hidden,
      units,
      distance: { total: String(round2(waypoint.measurement.distance)) },
      cost: { total: Number.isFinite(cost) ? String(round2(cost)) : "∞", units },
      elevation: { total: waypoint.elevation, icon: "fa-solid fa-arrows-up-down", hidden: true },
    };
  }

  protected _getSegmentStyle(waypoint: RulerWaypoint): { width: number; color?: number; alpha?: number } {
    if (waypoint.actionConfig.visualize === false) return { width: 0 };
    return { width: 4, color: 0x000000, alpha: 1 };
  }

  protected _getGridHighlightStyle(waypoint: RulerWaypoint, _offset: object): { color?: number; alpha?: number } {
    if (waypoint.unreachable) return { alpha: 0 };
    return { color: 0x000000, alpha: 0.5 };
  }
}

/**
 * The measured waypoints v13 gives the ruler for a token moving square by square through `squares`
 * (grid column x and row y, the first being where it starts) with `action`: v13's
 * `TokenRuler#measurePathAndLinkWaypoints` measures them with `Token#measureMovementPath`, whose
 * cost of each step is the token's cost function (`Token#_getMovementCostFunction`) of the step's distance, one
 * square's `grid.distance` (every square counts 1 with Equidistant diagonals, L6828); the token's
 * cost function holds the terrain's and the action's costs (see the harness Token). Each waypoint
 * is explicit (a drag with a waypoint per square); `measurement.cost` is the cost from the start.
 */
export function measuredPath(
  token: {
    document: { parent?: { grid?: { distance?: number } } | null };
    _getMovementCostFunction(): (from: object, to: object, distance: number, segment: object) => number;
  },
  squares: readonly { x: number; y: number }[],
  action: string,
  actions: Record<string, Plain>,
): RulerWaypoint[] {
  const unit = Number(token.document.parent?.grid?.distance) || 1;
  const actionConfig = actions[action] as RulerWaypoint["actionConfig"];
  const costOf = token._getMovementCostFunction();
  const path: RulerWaypoint[] = [];
  let total = 0;
  let distance = 0;
  squares.forEach((s, i) => {
    let cost = 0;
    if (i > 0) {
      const from = { i: squares[i - 1]!.y, j: squares[i - 1]!.x };
      // A segment that is not measured costs 0 (v13 MovementActionConfig `measure`).
      cost = actionConfig.measure === false ? 0 : costOf(from, { i: s.y, j: s.x }, unit, { action, actionConfig });
      distance += unit;
    }
    total += cost;
    path.push({
      x: s.x, y: s.y, elevation: 0, action, explicit: true, hidden: false, unreachable: false, stage: "pending",
      actionConfig, cost, measurement: { distance, cost: total }, previous: path[i - 1] ?? null, next: null, ray: i > 0 ? { distance: unit } : null,
    });
    if (i > 0) path[i - 1]!.next = path[i]!;
  });
  return path;
}
