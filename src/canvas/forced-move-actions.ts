/**
 * Carrying out forced movement (loaded with `import()` by forced-movement.ts when the first movement
 * runs on this client or reaches the GM; docs/architecture.md, "Loading"). Forced movement from an ability card (seed 004, L6920–6950): the roller (or the GM) pushes, pulls
 * or slides a target the number of squares they choose, up to the tier's distance less the target's
 * stability; the target's token moves on the scene, and a collision with another creature deals
 * both 1 damage per square left (`forcedMovement`, src/rules/forced-movement.ts). Each movement is made
 * once and can be undone, which puts the token back and restores the Stamina the collision took.
 *
 * Only a GM's client moves another's token: a player's request travels through the GM relay, and the
 * GM re-checks it against the requester the server names (the card's author), the card against the
 * rules' largest numbers (`cardLimitRefusal`) and against the ability (`cardProblem`), and the distance against the target actor's own stability. A wall that
 * blocks movement (src/documents/scene-walls.ts) stops the target like an object that holds (L6956).
 * Vertical forced movement rises or sinks a square with each square (the mover chooses): a creature
 * that cannot fly and is left in the air falls and lands prone, one driven into the ground takes the
 * squares left and the fall (L6932–6958). Tiles marked with a material are objects
 * (src/documents/scene-objects.ts): the creature breaks through or slams into them (L6952–6969).
 */
import { forcedMovement, grabEndsAfterForcedMove } from "../rules/forced-movement.ts";
import { forcedMovementHeldBy } from "../rules/conditions.ts";
import { FLAG_SCOPE } from "../constants.ts";
import { appliedKey } from "../data/ability-use.ts";
import { withHeld, withMoved } from "../data/ability-use-build.ts";
import type { AbilityUseData } from "../data/ability-use.ts";
import { abilityUseOf, cardProblem } from "../documents/ability-results.ts";
import { cardApprovalRefusal, cardLimitRefusal, save } from "../documents/card-refusals.ts";
import type { CardServices } from "../documents/card-refusals.ts";
import type { Notice } from "../documents/relay.ts";
import { updateDocument } from "../documents/update.ts";
import { isDrawSteel } from "../data/index.ts";
import { NUMBER_CEILING } from "../data/fields.ts";
import { tokenSpace } from "../documents/token-space.ts";
import { sceneWalls } from "../documents/scene-walls.ts";
import { breakObjectSquares, damageTile, restoreObjectSquares, sceneObjects } from "../documents/scene-object-damage.ts";
import { isObjectActor } from "../documents/environment-statuses.ts";
import { forcedMoveDamage } from "../rules/damage.ts";
import type { BrokenTileRecord } from "../documents/scene-object-damage.ts";
import { FORCED_OPTION, landOn, landProne, staminaOf, takeFall, takeUntypedDamage } from "./landing.ts";
import type { LandedRecord } from "./landing.ts";
import { uuidOf } from "../documents/persisted.ts";
import { currentGrabs } from "../documents/grabs.ts";
import { forcedMovesOf, setForcedMoveRecord } from "../settings/forced-moves.ts";
import { cardTargetToken } from "../documents/card-targets.ts";
import { boundedAmount, trustedResistanceTier } from "../documents/card-target-tiers.ts";

type AnyActor = Actor.Implementation;
type Message = ChatMessage.Implementation;
type Requester = { id: string | null; isGM: boolean };
type TokenDoc = TokenDocument.Implementation;

export interface ForcedMoveRequest {
  messageId: string;
  /** The target's token UUID (the card's target key). */
  key: string;
  /** "move" to move it, "undo" to put it back. */
  action: "move" | "undo" | "fall";
  /** How many squares the mover chooses (at most what the tier allows). */
  squares?: number;
  /** A slide's direction: dx and dy of −1, 0 or 1. */
  direction?: { dx: number; dy: number };
  /** Vertical forced movement only: rise (1) or sink (−1) a square with each square moved. */
  rise?: -1 | 1;
}

/**
 * What a movement did, for its undo and its *Falls* button. The GM's client writes it into a world
 * setting only a GM writes (src/settings/forced-moves.ts), never onto the moved creature, whose owners
 * could otherwise list other creatures on it to be healed or stripped of their prone effects by undo.
 */
interface MovedActorRecord {
  /** The moved creature's actor: one creature is moved once by a card, under any of its keys. */
  actorUuid: string;
  tokenUuid: string;
  from: { x: number; y: number; elevation?: number };
  to: { x: number; y: number; elevation?: number };
  /** The prone effect a fall at the end added, removed again by undo. */
  proneEffectId?: string;
  /** The creatures a fall at the end landed on (L6194–6196), given back what it took by undo. */
  landed?: LandedRecord[];
  /** The tiles whose object squares it broke, put back by undo. */
  brokenTiles?: BrokenTileRecord[];
  /** The squares it fell after a level push off a height (the card's Falls button). */
  ledgeFall?: number;
  /** The height in squares it was left standing at after a level push: the most its Falls button drops it. */
  ledge?: number;
  self: { stamina: number; temporary: number };
  /**
   * The grabs that ended because the moved creature was grabbing someone it no longer stands next to
   * (L6676): the grabbed creature's actor and its grabbed effect as it was, made again by undo.
   */
  released?: { actorUuid: string; effect: Record<string, unknown> }[];
  /**
   * What the collision took from each creature it slammed into: every creature in it (L6948). A
   * single object (or null) in records written before 0.2.0's list (`slammedOf` reads both).
   */
  slammed: SlammedRecord[] | SlammedRecord | null;
}

interface SlammedRecord { actorUuid: string; stamina: number; temporary: number }

/** The creatures a record says a collision hurt: its list, or the single one an older record names. */
export function slammedOf(record: { slammed?: unknown }): SlammedRecord[] {
  const s = record.slammed;
  const list = Array.isArray(s) ? s : s ? [s] : [];
  return list.filter((r): r is SlammedRecord => !!r && typeof r === "object" && typeof (r as SlammedRecord).actorUuid === "string");
}

const notice = (key: string, format?: Record<string, string>, type: Notice["type"] = "warn"): Notice =>
  ({ type, key: `SE.ForcedMove.Error.${key}`, ...(format ? { format } : {}) });
/** The GM's record of this card's movement of the target under `key`, or null when it did not move it. */
function movedRecord(messageId: string, key: string): MovedActorRecord | null {
  const r = forcedMovesOf(messageId)[appliedKey(key)];
  // Type escape: the setting holds plain objects, and only the GM's client writes them, in this shape
  // (`setForcedMoveRecord` below; the 0.2.0 migration copies older records of the same shape).
  return r && typeof r === "object" ? r as unknown as MovedActorRecord : null;
}

/** Whether this card moved the creature under any of its keys: one creature is moved once. */
function movedCreature(actor: AnyActor, messageId: string): boolean {
  const uuid = uuidOf(actor);
  return Object.values(forcedMovesOf(messageId)).some((r) => !!r && typeof r === "object" && r.actorUuid === uuid);
}

/** Carry out a forced movement or its undo as `user` (the current GM, or the relay's requester on the GM's client). */
export async function performForcedMove(
  request: ForcedMoveRequest, user: Requester, services: CardServices,
): Promise<{ ok: boolean; notice?: Notice }> {
  const message = game.messages?.get(String(request?.messageId)) as Message | undefined;
  let use: AbilityUseData | null = abilityUseOf(message);
  if (!message || !use) return { ok: false, notice: notice("Gone") };
  const target = use.targets.find((t) => t.key === request.key);
  if (!target) return { ok: false, notice: notice("Gone") };
  // The mover is the one who used the ability: its author, or the GM.
  if (!user.isGM && message.author?.id !== user.id) return { ok: false, notice: notice("NotAllowed", { name: target.name }, "error") };
  const beyond = cardLimitRefusal(message, use);
  if (beyond) return { ok: false, notice: beyond };
  if (await cardProblem(message, use)) return { ok: false, notice: notice("Tampered", undefined, "error") };
  if (request.action !== "undo") {
    const unapproved = await cardApprovalRefusal(message, use, services, user.id);
    if (unapproved) return { ok: false, notice: unapproved };
  }
  // The key must name a token on the card's scene (src/documents/card-targets.ts).
  const token = await cardTargetToken(message, request.key);
  const actor = token?.actor as AnyActor | null | undefined;
  const scene = token?.parent as Scene.Implementation | null | undefined;
  const grid = Number(scene?.grid?.size) || 0;
  if (!token || !actor || !isDrawSteel(actor.system) || !scene || !grid) return { ok: false, notice: notice("NoToken", { name: target.name }) };
  const done = movedRecord(message.id!, request.key);
  // A record names the creature it moved: a key that now names another creature's token undoes nothing.
  if (done && done.actorUuid !== uuidOf(actor)) return { ok: false, notice: notice("NotMoved", { name: target.name }, "info") };

  if (request.action === "undo") {
    if (!done) return { ok: false, notice: notice("NotMoved", { name: target.name }, "info") };
    const back = { x: done.from.x, y: done.from.y, ...(done.from.elevation === undefined ? {} : { elevation: done.from.elevation }) };
    await updateDocument(token, back, FORCED_OPTION);
    if (done.proneEffectId) await actor.effects.get(done.proneEffectId)?.delete();
    // The record is the moved creature's owners' to write: each creature gets back at most what it
    // says was taken, never beyond its maximum Stamina.
    const restore = async (who: AnyActor, took: { stamina: number; temporary: number }) => {
      const now = staminaOf(who);
      const max = isDrawSteel(who.system) ? Number(who.system.stamina.max) : 0;
      const stamina = now.stamina + boundedAmount(took.stamina, (Number.isFinite(max) ? max : 0) - now.stamina);
      await updateDocument(who, { "system.stamina.value": stamina, "system.stamina.temporary": now.temporary + boundedAmount(took.temporary, NUMBER_CEILING) });
    };
    if (done.brokenTiles?.length) await restoreObjectSquares(done.brokenTiles);
    for (const l of done.landed ?? []) {
      const under = (await fromUuid(l.actorUuid).catch(() => null)) as AnyActor | null;
      if (!under) continue;
      await restore(under, l);
      if (l.proneEffectId) await under.effects.get(l.proneEffectId)?.delete();
    }
    if (done.self.stamina || done.self.temporary) await restore(actor, done.self);
    // The grabs the movement ended hold again: each grabbed effect is made again as it was.
    for (const r of done.released ?? []) {
      const held = (await fromUuid(r.actorUuid).catch(() => null)) as AnyActor | null;
      // The record holds the effect's own source data (`toObject`), which the typings cannot know of.
      if (held && r.effect && typeof r.effect === "object") await held.createEmbeddedDocuments("ActiveEffect", [r.effect as never], { keepId: true });
    }
    for (const hit of slammedOf(done)) {
      const other = (await fromUuid(hit.actorUuid).catch(() => null)) as AnyActor | null;
      if (other) await restore(other, hit);
    }
    await setForcedMoveRecord(message.id!, appliedKey(request.key), null);
    use = withMoved(use, request.key, null);
    await save(message, use, services);
    return { ok: true };
  }

  if (request.action === "fall") {
    if (!done) return { ok: false, notice: notice("NotMoved", { name: target.name }, "info") };
    return fallFromLedge(message, use, request.key, token, actor, done, services);
  }
  if (done || target.moved || movedCreature(actor, message.id!)) return { ok: false, notice: notice("AlreadyMoved", { name: target.name }, "info") };
  // A grabbed or restrained creature can't be force moved (L6674, L6686): refused, and the card says why.
  const held = forcedMovementHeldBy(actor.statuses ?? []);
  if (held) {
    if (target.held !== held) await save(message, withHeld(use, request.key, held), services);
    return { ok: false, notice: notice(held === "grabbed" ? "HeldGrabbed" : "HeldRestrained", { name: target.name }) };
  }
  // A resistance card moves by the target's own roll, never the tier a player's card claims.
  const tier = use.kind === "resistance" ? trustedResistanceTier(message, use, actor, request.key) : target.tier;
  const forced = tier ? use.tiers[tier - 1]?.forced[0] : undefined;
  if (!forced) return { ok: false, notice: notice("NoForced", { name: target.name }) };
  const rise = forced.vertical && (request.rise === 1 || request.rise === -1) ? request.rise : 0;
  const squares = Number(request.squares);
  if (!Number.isInteger(squares) || squares < 0 || squares > forced.distance) return { ok: false, notice: notice("Invalid", undefined, "error") };
  const roller = (await fromUuid(use.actorUuid).catch(() => null)) as AnyActor | null;
  const source = roller?.getActiveTokens?.().map((t) => t.document as TokenDoc).find((t) => t.parent === scene) ?? null;
  if (forced.kind !== "slide" && !source) return { ok: false, notice: notice("NoToken", { name: roller?.name ?? "" }) };
  const others = (scene.tokens?.contents ?? []).filter((t) => t !== token && t.actor);
  // Elevation in squares (the scene's units over its grid distance); a flying token does not fall.
  const unit = Number(scene.grid?.distance) || 1;
  const movement = (actor.system as { movement?: Iterable<string> }).movement;
  const canFly = token.movementAction === "fly" || (!!movement && [...movement].includes("fly"));
  const objects = sceneObjects(scene);
  let result;
  try {
    result = forcedMovement({
      kind: forced.kind as "push" | "pull" | "slide",
      mover: tokenSpace(token, grid),
      source: source ? tokenSpace(source, grid) : tokenSpace(token, grid),
      distance: forced.distance,
      stability: Math.max(0, Number((actor.system as { stability?: number }).stability) || 0),
      chosen: squares,
      ...(forced.kind === "slide" ? { direction: request.direction! } : {}),
      creatures: others.map((t) => ({ ...tokenSpace(t, grid), id: t.uuid })),
      objects,
      walls: sceneWalls(scene),
      ...(rise ? { rise, elevation: Math.max(0, Math.round((Number(token.elevation) || 0) / unit)) } : {}),
      agility: Number((actor.system as { characteristics?: { agility?: number } }).characteristics?.agility) || 0,
      canFly,
      // An object actor (keyword Object) meets an object tile as a creature meets a creature (L6952).
      moverIsObject: isObjectActor(actor),
    });
  } catch {
    return { ok: false, notice: notice("Invalid", undefined, "error") };
  }
  const from = { x: token.x, y: token.y, elevation: Number(token.elevation) || 0 };
  const to = { x: result.end.x * grid, y: result.end.y * grid, elevation: rise ? result.elevation * unit : from.elevation };
  if (to.x !== from.x || to.y !== from.y || to.elevation !== from.elevation) await updateDocument(token, to, FORCED_OPTION);
  // Collision damage is forced-movement damage: the creature's forced move damage immunity applies (L7172).
  const self = await takeUntypedDamage(actor, result.damage, { forcedMove: true });
  // Every creature in the collision takes its damage once (L6946–6948).
  const slammed: SlammedRecord[] = [];
  const hitNames: string[] = [];
  for (const s of result.slammed) {
    const hit = others.find((t) => t.uuid === s.id);
    const hitActor = hit?.actor as AnyActor | null | undefined;
    if (!hit || !hitActor) continue;
    slammed.push({ actorUuid: uuidOf(hitActor), ...(await takeUntypedDamage(hitActor, s.damage, { forcedMove: true })) });
    hitNames.push(hit.name ?? hitActor.name ?? "");
  }
  // A fall at the end lands on whoever stands below (L6194–6196), then lands the creature prone
  // (L6190) unless it already is.
  const landing = result.fell && result.fell.damage > 0 ? await landOn(token, result.fell.damage) : null;
  const proneEffectId = result.fell?.prone ? await landProne(actor) : undefined;
  // Object squares the creature was hurled through are broken on their tiles (L6960–6969).
  const brokenSquares = (result.brokenAt ?? []).map((b) => objects.find((o) => o.x === b.x && o.y === b.y)).filter((o) => o !== undefined);
  const brokenTiles = brokenSquares.length ? await breakObjectSquares(scene, brokenSquares) : [];
  // An object moved into an object tile: the tile's object takes the same damage (L6952), tracked
  // against its Stamina (L7238) and put back by undo.
  const hitSquare = result.objectHit ? objects.find((o) => o.x === result.objectHit!.x && o.y === result.objectHit!.y) : undefined;
  const hitTile = hitSquare ? (scene.tiles?.contents ?? []).find((t) => t.uuid === hitSquare.tileUuid) : undefined;
  const tileHit = hitTile && result.objectHit ? await damageTile(hitTile, forcedMoveDamage(result.objectHit.damage)) : null;
  if (tileHit) brokenTiles.push(tileHit.record);
  // A grab it held ends when it now stands away from the creature it grabs (L6676).
  const released = await releaseGrabs(actor, token, others, grid);
  // Moved level while standing high (on a ledge, a roof): whether it went over an edge is the
  // Director's call, so the card offers its fall (L6977–6979) when it moved and cannot fly.
  const ledge = !rise && !canFly && result.moved > 0 && to.elevation > 0 ? Math.round(to.elevation / unit) : 0;
  const record: MovedActorRecord = {
    actorUuid: uuidOf(actor), tokenUuid: uuidOf(token), from, to, self, slammed, ...(proneEffectId ? { proneEffectId } : {}),
    ...(landing?.landed.length ? { landed: landing.landed } : {}), ...(brokenTiles.length ? { brokenTiles } : {}),
    ...(ledge ? { ledge } : {}), ...(released.length ? { released } : {}),
  };
  await setForcedMoveRecord(message.id!, appliedKey(request.key), { ...record });
  use = withMoved(use, request.key, { squares: result.moved, damage: result.damage, slammed: hitNames, ...(ledge ? { ledge } : {}) });
  await save(message, use, services);
  return { ok: true };
}

/**
 * End the grabs the moved creature holds on creatures its token no longer stands next to (L6676): the
 * grabbed effects whose source is the moved creature's actor, or that the GM's record of grabs says it
 * holds, on the other tokens of the scene.
 * Returns what it deleted, for undo.
 */
export async function releaseGrabs(grabber: AnyActor, token: TokenDoc, others: readonly TokenDoc[], grid: number) {
  const released: { actorUuid: string; effect: Record<string, unknown> }[] = [];
  const uuid = uuidOf(grabber);
  const at = tokenSpace(token, grid);
  // The GM's record of grabs (src/settings/grabs.ts) names the creatures it holds too, whatever the
  // grabbed creature's own effect says of its source (its owners write that): such a grab ends
  // unless another creature's recorded grab holds the same creature.
  const grabs = currentGrabs();
  for (const other of others) {
    const held = other.actor as AnyActor | null;
    if (!held || !grabEndsAfterForcedMove(at, tokenSpace(other, grid))) continue;
    const heldUuid = uuidOf(held);
    const recorded = grabs.some((r) => r.grabber === uuid && r.grabbed === heldUuid)
      && !grabs.some((r) => r.grabber !== uuid && r.grabbed === heldUuid);
    for (const effect of [...held.effects]) {
      const source = (effect.flags as Record<string, { sourceUuid?: unknown } | undefined>)[FLAG_SCOPE]?.sourceUuid;
      if (!effect.statuses.has("grabbed") || (source !== uuid && !recorded)) continue;
      released.push({ actorUuid: uuidOf(held), effect: effect.toObject() as Record<string, unknown> });
      await effect.delete();
    }
  }
  return released;
}

/** The card's *Falls* button after a level push off a height (L6977–6979): the fall, its landing and prone. */
async function fallFromLedge(
  message: Message, use: AbilityUseData, key: string, token: TokenDoc, actor: AnyActor, done: MovedActorRecord, services: CardServices,
): Promise<{ ok: boolean; notice?: Notice }> {
  const target = use.targets.find((t) => t.key === key);
  const scene = token.parent as Scene.Implementation | null;
  const unit = Number(scene?.grid?.distance) || 1;
  // The ledge is the GM's record's, not the card's (its author's to write); the fall is from where the
  // token stands now, never from higher than the push left it (its owners may raise their token).
  const ledge = boundedAmount(done.ledge, NUMBER_CEILING);
  if (!target || !ledge || done.ledgeFall || !(Number(token.elevation) > 0)) {
    return { ok: false, notice: notice("NoFall", { name: target?.name ?? "" }, "info") };
  }
  const squares = Math.min(ledge, Math.round(Number(token.elevation) / unit));
  await updateDocument(token, { elevation: 0 }, FORCED_OPTION);
  const { damage, took, proneEffectId } = await takeFall(actor, squares);
  const landing = damage > 0 ? await landOn(token, damage) : null;
  const record: MovedActorRecord = {
    ...done,
    self: { stamina: done.self.stamina + took.stamina, temporary: done.self.temporary + took.temporary },
    ledgeFall: squares,
    ...(proneEffectId && !done.proneEffectId ? { proneEffectId } : {}),
    ...(landing?.landed.length ? { landed: [...(done.landed ?? []), ...landing.landed] } : {}),
  };
  await setForcedMoveRecord(message.id!, appliedKey(key), { ...record });
  const shown = target.moved ?? { squares: 0, damage: 0, slammed: [] };
  await save(message, withMoved(use, key, { ...shown, fell: squares, fellDamage: damage }), services);
  return { ok: true };
}

