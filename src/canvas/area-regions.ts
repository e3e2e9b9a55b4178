/**
 * A burst's, an aura's or a cube's area drawn on the map as a Scene Region (v13 RegionDocument; read through
 * the League's v13 types: `shapes` of `{ type: "rectangle", x, y, width, height, rotation, hole }` in
 * pixels, `elevation` `{ bottom, top }` with null for unbounded, `visibility`
 * CONST.REGION_VISIBILITY.ALWAYS = 2 so every player sees it). The region covers exactly the squares
 * the seed's counting gives (`burstSquares`: every square within the distance of the user's whole
 * space, diagonals 1, the kit's area bonus added), as few rectangles as cover them
 * (`areaRectangles`).
 *
 * Who draws it: the active GM's client. A player's use asks the GM through the relay with only the
 * ability's and the token's UUIDs; the GM checks that the requester owns the token's actor, that
 * the ability is that actor's and has a burst, an aura or a cube, that its size and distance keep
 * within the rules' largest (`areaLimitProblem`: a player writes her own items), and works out the
 * area itself (a cube from its centre square, within the ability's distance and in line of effect). Using an
 * aura again replaces its region. An aura's region follows its token: after the token moves, the GM
 * redraws it around the new space (`followAuras`). The Director can keep, move or delete a region;
 * deleting it changes nothing already applied. World setting `areaRegions` turns this off.
 *
 * What every world has from the start is this file: the relay's name, its locks and its handler, the
 * hook that clears a wall area's walls, and the flags' types. Drawing, checking and following are
 * ./area-region-actions.ts, loaded with `import()` when a request reaches the GM, an aura's token moves
 * (./token-moved.ts) or a region is deleted on the active GM's client (docs/architecture.md, "Loading").
 */
import type { FLAG_SCOPE } from "../constants.ts";
import { registerRelayHandler } from "../documents/relay.ts";
import type { AbilityApprover } from "../documents/ability-approval.ts";
import type { RelayUser } from "../documents/relay.ts";

export const AREA_REGION_RELAY = "areaRegion";

export type AnyActor = Actor.Implementation;
export type TokenDoc = TokenDocument.Implementation;

/** What a region remembers of the area it draws (flags.steel-echoes.area): a cube's `distance` is its side. */
export interface AreaFlag { kind: "burst" | "aura" | "cube" | "line" | "wall"; distance: number; tokenUuid: string; itemUuid: string }

/** Draw an ability's area around a token, as `user` (the GM, or the relay's requester on the GM's client). */
export interface AreaRequest {
  itemUuid: string;
  tokenUuid: string;
  /** A cube's centre square (`cubeAround`) or a line's first square, in squares of the token's scene. */
  centre?: { x: number; y: number };
  /** The square a line points toward. */
  toward?: { x: number; y: number };
  /** A wall's squares, in the order placed. */
  squares?: { x: number; y: number }[];
}

/** The drawing and checking (./area-region-actions.ts), loaded the first time one is needed on this client. */
const actions = () => import("./area-region-actions.ts");

/**
 * On the active GM's client: a wall area's region deleted takes its walls with it. The hook's handler
 * returns the deletion's promise; v13 `Hooks.callAll` (client/helpers/hooks.mjs) does not await it.
 */
export function registerAreaWallCleanup(): void {
  Hooks.on("deleteRegion", (region) => {
    if (!game.user?.isGM || game.users?.activeGM?.id !== game.user.id) return;
    const { parent, id } = region;
    return actions().then((m) => m.deleteAreaWalls(parent as Scene.Implementation | null, id));
  });
}

export const locks = (r: { tokenUuid?: unknown }) => [`area:${String(r.tokenUuid)}`];

/** The GM's side of the relay (index.ts registers it at init); `approve` is the Director's decision on a changed ability. */
export function registerAreaRegionRelay(approve: AbilityApprover): void {
  registerRelayHandler<Record<string, unknown>>(AREA_REGION_RELAY, {
    locks,
    run: async (data, requester: RelayUser) => {
      const square = (q: unknown) => {
        const p = q as { x?: unknown; y?: unknown } | undefined;
        return p && typeof p === "object" ? { x: Number(p.x), y: Number(p.y) } : undefined;
      };
      const centre = square(data.centre);
      const toward = square(data.toward);
      const squares = Array.isArray(data.squares) ? data.squares.slice(0, 200).map(square).filter((q) => q !== undefined) : undefined;
      const request: AreaRequest = {
        itemUuid: String(data.itemUuid), tokenUuid: String(data.tokenUuid), ...(centre ? { centre } : {}), ...(toward ? { toward } : {}),
        ...(squares ? { squares } : {}),
      };
      const outcome = await (await actions()).performAreaRegion(request, requester, approve);
      return { value: outcome.ok, ...(outcome.notice ? { notice: outcome.notice } : {}) };
    },
  });
}

// The flags the system writes on the Regions and Walls of an area (above).
declare module "@league-of-foundry-developers/foundry-vtt-types/configuration" {
  interface FlagConfig {
    Region: { [FLAG_SCOPE]?: { area?: AreaFlag } };
    Wall: { [FLAG_SCOPE]?: { areaRegion?: string } };
  }
}
