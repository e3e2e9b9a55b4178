/**
 * The system's token ruler: while a token is dragged, each waypoint's label shows the movement
 * used against the creature's speed now, in the scene's units ("6 / 5" on a scene of 1 square per
 * unit, "30 / 25" at 5 ft a square), and the part of the path beyond that speed is drawn and
 * highlighted in red (L6836: a single move can never exceed the creature's speed; a
 * second move takes the turn's action, L6792, so the label says how many moves the path takes).
 *
 * On Foundry v13's TokenRuler (client/canvas/placeables/tokens/ruler.mjs): `_getWaypointLabelContext
 * (waypoint, state)` builds each label's context, whose `cost.total` is the cost measured from the
 * start of the token's movement history through this waypoint (`waypoint.measurement.cost`, measured
 * by `Token#measureMovementPath` with the token's cost function, so terrain, enemy spaces and the
 * movement action's cost are in it) and whose `cssClass` classes the label; `_getSegmentStyle
 * (waypoint)` and `_getGridHighlightStyle(waypoint, offset)` colour the line to a waypoint and the
 * squares it occupies; `refresh(data)` redraws all of them. v13's Combat clears a combatant's
 * movement history when its turn starts (client/documents/combat.mjs `#onStartTurn` →
 * `_clearMovementHistoryOnStartTurn`), so in combat the cost is the turn's movement so far.
 *
 * The speed (src/documents/movement.ts) is the token's creature's: halved while it holds a grab on a
 * creature of its size or larger (L6674) or when the waypoint's movement action is Sneak (L6226),
 * then conditions. Display only, on the dragging user's client: nothing is written, and the drag is
 * not refused (the Director runs exceptions; token drags do not spend the turn budget's move).
 */
import { moveAgainstSpeed } from "../rules/movement.ts";
import { currentSpeed } from "../documents/movement.ts";
import type { SpeedHalving } from "../rules/movement.ts";

/** The colour of a path or square beyond the creature's speed. */
export const OVER_SPEED_COLOR = 0xd0342c;
/** The class added to a waypoint label beyond the creature's speed (styles/ruler.css). */
export const OVER_SPEED_CLASS = "steel-echoes-ruler--over-speed";

type Waypoint = {
  action?: string;
  actionConfig?: { teleport?: boolean; measure?: boolean };
  measurement?: { cost?: number };
};
type Speed = { speed: number; halvedBy: SpeedHalving[] } | null;
// Type escape (below, `this.token as unknown as RulerToken`): the League's TokenRuler types its token
// through generics too deep for tsc in a subclass (as CombatTracker's); the ruler reads only these members.
type RulerToken = { document: { actor?: Actor.Implementation | null; parent?: { grid?: { distance?: number }; tokens?: unknown } | null } };

/** What a waypoint is against the mover's speed, or null when it is not measured against one. */
export function waypointAgainstSpeed(waypoint: Waypoint, speed: Speed, squareDistance: number) {
  const cost = Number(waypoint.measurement?.cost);
  if (!speed || waypoint.actionConfig?.measure === false || !Number.isFinite(cost) || cost < 0 || !(squareDistance > 0)) return null;
  return moveAgainstSpeed({ cost, squareDistance, speed: speed.speed });
}

/**
 * The label's cost text: the cost against the speed, in the scene's units (`squareDistance` per
 * square), halved or not, and how many moves the path takes when it is beyond the speed.
 */
export function costAgainstSpeedLabel(
  total: string, speed: NonNullable<Speed>, squareDistance: number, moves: number | null, over: boolean,
): string {
  const i18n = game.i18n!;
  const inUnits = String(Math.round(speed.speed * squareDistance * 100) / 100);
  const of = speed.halvedBy.length ? i18n.format("SE.Ruler.Halved", { speed: inUnits }) : inUnits;
  const text = i18n.format("SE.Ruler.CostOfSpeed", { cost: total, speed: of });
  return over && moves ? i18n.format("SE.Ruler.Moves", { text, moves: String(moves) }) : text;
}

export class SteelEchoesTokenRuler extends foundry.canvas.placeables.tokens.TokenRuler {
  /** The creature's speed by movement action, found once per refresh (the path's waypoints share it). */
  #speeds = new Map<string, Speed>();

  #speedFor(action: string | undefined): Speed {
    const key = action ?? "";
    if (!this.#speeds.has(key)) {
      const doc = (this.token as unknown as RulerToken).document;
      // Type escape: the scene is read structurally by currentSpeed (SceneLike); RulerToken names only its grid.
      this.#speeds.set(key, doc.actor ? currentSpeed(doc.actor, doc.parent as never, action) : null);
    }
    return this.#speeds.get(key) ?? null;
  }

  #against(waypoint: Waypoint) {
    const speed = this.#speedFor(waypoint.action);
    const unit = Number((this.token as unknown as RulerToken).document.parent?.grid?.distance) || 1;
    const result = waypointAgainstSpeed(waypoint, speed, unit);
    return result && speed ? { ...result, speedNow: speed, unit } : null;
  }

  override refresh(...args: Parameters<foundry.canvas.placeables.tokens.TokenRuler["refresh"]>): void {
    this.#speeds.clear();
    super.refresh(...args);
  }

  protected override _getWaypointLabelContext(
    ...args: Parameters<foundry.canvas.placeables.tokens.TokenRuler["_getWaypointLabelContext"]>
  ): ReturnType<foundry.canvas.placeables.tokens.TokenRuler["_getWaypointLabelContext"]> {
    const context = super._getWaypointLabelContext(...args);
    if (!context) return context;
    const against = this.#against(args[0] as Waypoint);
    if (!against) return context;
    const total = costAgainstSpeedLabel(context.cost.total, against.speedNow, against.unit, against.moves, against.over);
    context.cost = { ...context.cost, total };
    if (against.over) context.cssClass = [context.cssClass, OVER_SPEED_CLASS].filter(Boolean).join(" ");
    return context;
  }

  protected override _getSegmentStyle(
    ...args: Parameters<foundry.canvas.placeables.tokens.TokenRuler["_getSegmentStyle"]>
  ): ReturnType<foundry.canvas.placeables.tokens.TokenRuler["_getSegmentStyle"]> {
    const style = super._getSegmentStyle(...args);
    return style.width > 0 && this.#against(args[0] as Waypoint)?.over ? { ...style, color: OVER_SPEED_COLOR } : style;
  }

  protected override _getGridHighlightStyle(
    ...args: Parameters<foundry.canvas.placeables.tokens.TokenRuler["_getGridHighlightStyle"]>
  ): ReturnType<foundry.canvas.placeables.tokens.TokenRuler["_getGridHighlightStyle"]> {
    const style = super._getGridHighlightStyle(...args);
    return (style.alpha ?? 0.5) > 0 && this.#against(args[0] as Waypoint)?.over ? { ...style, color: OVER_SPEED_COLOR } : style;
  }
}
