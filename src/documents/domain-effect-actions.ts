/**
 * Carrying out a domain effect from Prayer's tier 3 (seed 004, L2397–2445) on the active GM's client
 * (or a GM's own click): loaded with `import()` by domain-effect-requests.ts on the first request.
 *
 * Everything the effect reads is checked here, from what only the GM or the server vouch for:
 * - the Prayer card passes the GM's card check (`cardProblem`: its roller is an actor its author
 *   owns, its ability that actor's item, its tier what the recorded roll gives) and its item matches
 *   an approved copy (`cardApprovalRefusal`); the item is a Prayer (its name, Self distance);
 * - the requester is the card's author or a GM; the card's tier (the checked one) is 3 (L2391);
 * - the domain is one of the conduit's (her class item's subclass, L2350: hers to choose at creation,
 *   as every build choice);
 * - one effect a card (L2397): the GM's record in the world setting `domainEffects`;
 * - each creature is a token on the card's scene (`cardTargetToken`), its side and distance from the
 *   conduit's token read from the scene; the effect's rule (`planDomainEffect`) says whether the
 *   creatures fit its text; Fate's line of effect is read across the scene's walls. The numbers are
 *   the conduit's level and Intuition, within the rules' range;
 * - a slide's squares are at most the effect's, and the creature can be force moved (L6674, L6686);
 * - Creation's wall's squares (L2401) are checked as a wall area's: at most 5 sharing sides, one
 *   within 10 squares of the conduit's token and in line of effect, none in a creature's space.
 * What lasts (a next power roll's modifier, Protection and War until the end of the conduit's next
 * turn) goes into the GM's record (src/documents/domain-lasting.ts); a slide is carried out by
 * src/canvas/domain-slide.ts (`DOMAIN_SLIDER`).
 */
import { spaceDistance } from "../rules/battlefield.ts";
import { forcedMovementHeldBy } from "../rules/conditions.ts";
import { lineOfEffect } from "../rules/line-of-effect.ts";
import { turnKey } from "../rules/domain-lasting.ts";
import type { NextRollGrant } from "../rules/domain-lasting.ts";
import type { TurnGrant } from "../rules/domain-turns.ts";
import { sceneWalls } from "./scene-walls.ts";
import { grantLasting } from "./domain-lasting.ts";
import { DOMAIN_SLIDER, DOMAIN_WALL } from "./domain-effects.ts";
import { CHARACTERISTIC_MAX } from "../rules/catalogue.ts";
import { applyDamage } from "../rules/damage.ts";
import { creationWallArea, domainEffectNumbers } from "../rules/domain-effects.ts";
import { planDomainEffect, spendRecoveries } from "../rules/domain-effect-targets.ts";
import { MAX_LEVEL } from "../rules/progression.ts";
import { grantTemporaryStamina } from "../rules/temporary-stamina.ts";
import type { DomainEffectOperation, DomainEffectTarget } from "../rules/domain-effect-targets.ts";
import { abilityUseOf, cardProblem } from "./card-checks.ts";
import { cardApprovalRefusal, refuse } from "./card-refusals.ts";
import type { CardOutcome, CardServices } from "./card-refusals.ts";
import { untargetedResult } from "../data/ability-use-build.ts";
import { cardScenes, cardTargetToken } from "./card-targets.ts";
import { heroDomains } from "./domain-effect-offers.ts";
import type { DomainEffectRequest } from "./domain-effects.ts";
import { domainEffectRecordOf, setDomainEffectRecord } from "../settings/domain-effects.ts";
import type { DomainEffectDone, DomainEffectRecord } from "../settings/domain-effects.ts";
import { tokenSpace } from "./token-space.ts";
import { isDrawSteel } from "../data/index.ts";
import { damageModifiersOf } from "./environment-statuses.ts";
import { damageSquadMinion, squadOfActor } from "./squads.ts";
import { DAMAGE_OPTION } from "./heroic-resources.ts";
import { updateDocument } from "./update.ts";
import { FLAG_SCOPE } from "../constants.ts";
import { TEMPORARY_ENDS_FLAG, systemFlags } from "./system-flags.ts";
import { conditionFlags, removeCondition } from "./conditions.ts";
import { idOf, speakerOf, uuidOf } from "./persisted.ts";

type AnyActor = Actor.Implementation;
type TokenDoc = TokenDocument.Implementation;
type Message = ChatMessage.Implementation;

const clampInt = (v: unknown, lo: number, hi: number) => {
  const n = Math.trunc(Number(v));
  return Number.isFinite(n) ? Math.min(Math.max(n, lo), hi) : lo;
};

/** The conduit's token on the card's scene: her Prayer's self target when it names her, else her first token there. */
async function conduitToken(message: Message, conduit: AnyActor, selfKey: string | undefined): Promise<TokenDoc | null> {
  const own = selfKey ? await cardTargetToken(message, selfKey) : null;
  if (own?.actor && uuidOf(own.actor) === uuidOf(conduit)) return own;
  for (const scene of cardScenes(message)) {
    const token = [...scene.tokens].find((t) => t.actor && uuidOf(t.actor) === uuidOf(conduit));
    if (token) return token as TokenDoc;
  }
  return null;
}

function gridOf(token: TokenDoc): number {
  return Number((token.parent as { grid?: { size?: number } } | null)?.grid?.size) || 0;
}

/**
 * A creature as the conduit's side sees it (L2405–2441: "you", "an ally", "an enemy", "within 10
 * squares"), and whether she has line of effect to it across the scene's walls (Fate, L2409; L6646).
 */
function asTarget(key: string, token: TokenDoc, conduit: AnyActor, mine: TokenDoc): DomainEffectTarget {
  const grid = gridOf(mine);
  const space = grid ? tokenSpace(token, grid) : null;
  const self = !!token.actor && uuidOf(token.actor) === uuidOf(conduit);
  const side = mine.disposition;
  const role = self ? "self" : side && token.disposition === side ? "ally" : side && token.disposition === -side ? "enemy" : "other";
  const from = grid ? tokenSpace(mine, grid) : null;
  const sameScene = token.parent === mine.parent;
  return {
    key, role, distance: from && space && sameScene ? spaceDistance(from, space) : null, ...(space ? { space } : {}),
    lineOfEffect: !!from && !!space && sameScene && lineOfEffect(from, space, sceneWalls(mine.parent)),
  };
}

/** The active combat when it has started, its id, and the key of the conduit's turn when she is acting in it. */
function combatNow(conduit: AnyActor): { combatId: string | null; grantedTurn: string | null } {
  const combat = game.combat;
  if (!combat?.started || !combat.id) return { combatId: null, grantedTurn: null };
  const acting = combat.combatant;
  const hers = !!acting?.actor && uuidOf(acting.actor) === uuidOf(conduit);
  return { combatId: combat.id, grantedTurn: hers && acting?.id ? turnKey(combat.id, combat.round, acting.id) : null };
}

/** Carry out the domain effect a request asks for, as `user` (the requester the server names, or a GM). */
export async function performDomainEffect(
  request: DomainEffectRequest, user: { id: string | null; isGM: boolean }, services: CardServices,
): Promise<CardOutcome> {
  const message = game.messages?.get(request.prayer) as Message | undefined;
  const use = abilityUseOf(message);
  if (!message || !use) return refuse("SE.AbilityCard.Error.Gone");
  if (!user.isGM && message.author?.id !== user.id) return refuse("SE.Prayer.Error.NotYours", undefined, "error");
  if (await cardProblem(message, use)) return refuse("SE.AbilityCard.Error.Tampered", undefined, "error");
  const conduit = await fromUuid(use.actorUuid).catch(() => null) as AnyActor | null;
  const item = await fromUuid(use.itemUuid).catch(() => null) as Item.Implementation | null;
  const distance = (item?.system as { distance?: { kind?: string } } | undefined)?.distance?.kind;
  if (!conduit || conduit.type !== "hero" || !item || !/^prayer$/i.test(String(item.name).trim()) || distance !== "self") {
    return refuse("SE.Prayer.Error.NotPrayer", undefined, "error");
  }
  const unapproved = await cardApprovalRefusal(message, use, services, user.id);
  if (unapproved) return { ok: false, notice: unapproved };
  // The checked card's tier: its self target's, else its untargeted result's (L2391).
  const tier = use.targets.length ? use.targets[0]!.tier : untargetedResult(use)?.tier ?? null;
  if (tier !== 3) return refuse("SE.Prayer.Error.NotTier3");
  if (!heroDomains(conduit).includes(request.domain)) return refuse("SE.Prayer.Error.NotHerDomain", { domain: request.domain });
  const done = domainEffectRecordOf(message.id!);
  if (done) return refuse("SE.Prayer.Error.Used", { domain: done.domain }, "info");
  const mine = await conduitToken(message, conduit, use.targets[0]?.key);
  if (!mine) return refuse("SE.Prayer.Error.NoConduitToken", { name: conduit.name ?? "" });

  // Creation's wall (L2401): no creature; its squares checked and raised as a wall area's, on the conduit's scene.
  if (request.domain === "creation") return raiseCreationWall(request, message, conduit, item, mine, user);

  // The creatures: Love's every ally within 10 squares (L2421), read from the scene; the others', the user's targets.
  const tokens = new Map<string, TokenDoc>();
  if (request.domain === "love") {
    for (const t of [...(mine.parent?.tokens ?? [])] as TokenDoc[]) {
      if (t === mine || !t.actor || !isDrawSteel(t.actor.system) || uuidOf(t.actor) === uuidOf(conduit)) continue;
      const target = asTarget(uuidOf(t), t, conduit, mine);
      if (target.role === "ally" && target.distance !== null && target.distance <= 10) tokens.set(uuidOf(t), t);
    }
  } else {
    // War is the conduit's own ("your attacks", L2445); Life with no target is hers too.
    const keys = request.domain === "war" ? [uuidOf(mine)] : request.targets.length ? request.targets : request.domain === "life" ? [uuidOf(mine)] : [];
    if (new Set(keys).size !== keys.length) return refuse("SE.Prayer.Refusal.repeated");
    for (const key of keys) {
      const token = await cardTargetToken(message, key);
      if (!token?.actor || !isDrawSteel(token.actor.system)) return refuse("SE.AbilityCard.Error.NoTarget");
      tokens.set(key, token);
    }
  }
  // One creature is one target, whichever tokens name it.
  const creatures = new Set([...tokens.values()].map((t) => uuidOf(t.actor!)));
  if (creatures.size !== tokens.size) return refuse("SE.Prayer.Refusal.repeated");
  const system = conduit.system as { level?: unknown; characteristics?: { intuition?: unknown } };
  const numbers = domainEffectNumbers(request.domain, {
    level: clampInt(system.level, 1, MAX_LEVEL),
    intuition: clampInt(system.characteristics?.intuition, -CHARACTERISTIC_MAX, CHARACTERISTIC_MAX),
  });
  const targets = [...tokens.entries()].map(([key, token]) => asTarget(key, token, conduit, mine));
  const plan = planDomainEffect(numbers, targets, request.option ?? null);
  if (!plan.ok) return refuse(`SE.Prayer.Refusal.${plan.reason}`, { domain: request.domain });
  // A slide (L2425, L2441) is checked before anything changes: its squares and way, and a creature that can be force moved (L6674, L6686).
  for (const op of plan.operations) {
    if (!op.slide) continue;
    if (!request.slide || request.slide.squares > op.slide.distance) return refuse("SE.Prayer.Refusal.slide", { max: String(op.slide.distance) });
    const held = forcedMovementHeldBy(tokens.get(op.key)!.actor!.statuses ?? []);
    if (held) return refuse(`SE.ForcedMove.Error.${held === "grabbed" ? "HeldGrabbed" : "HeldRestrained"}`, { name: tokens.get(op.key)!.name ?? "" });
    if (!DOMAIN_SLIDER.slide) return refuse("SE.Prayer.Refusal.notApplied", { domain: request.domain });
  }

  const record: DomainEffectRecord = {
    domain: request.domain, ...(request.option ? { option: request.option } : {}), userId: user.id ?? "", targets: {},
  };
  const lines: string[] = [];
  const nextRolls: NextRollGrant[] = [];
  const turns: TurnGrant[] = [];
  const now = combatNow(conduit);
  for (const op of plan.operations) {
    const token = tokens.get(op.key)!;
    const actor = token.actor as AnyActor;
    const done = await applyOperation(actor, op);
    if (op.nextRoll) {
      // Love's edge lasts until the end of the encounter (L2421); Fate's and Knowledge's until the roll.
      nextRolls.push({
        creature: uuidOf(actor), domain: request.domain as NextRollGrant["domain"], edges: op.nextRoll.edges,
        ...(op.nextRoll.tier ? { tier: op.nextRoll.tier } : {}), prayer: message.id!, combatId: request.domain === "love" ? now.combatId : null,
      });
      if (op.nextRoll.tier) done.fate = op.nextRoll.tier;
      else done.edges = op.nextRoll.edges;
    }
    if (op.lasting) {
      turns.push({ ...op.lasting, creature: uuidOf(actor), conduit: uuidOf(conduit), prayer: message.id!, ...now });
      if (op.lasting.domain === "protection") done.immunity = op.lasting.amount;
      else done.extraDamage = op.lasting.amount;
    }
    if (op.slide && request.slide) {
      const slid = await DOMAIN_SLIDER.slide!(token, op.slide.distance, op.slide.ignoreStability, request.slide);
      if ("refusal" in slid) return refuse(`SE.ForcedMove.Error.${slid.refusal}`, { name: token.name ?? "" });
      done.slid = slid;
    }
    record.targets[uuidOf(actor)] = done;
    lines.push(describe(done, conduit));
  }
  await grantLasting(nextRolls, turns);
  await setDomainEffectRecord(message.id!, record);
  await postApplied(conduit, request.domain, lines);
  return { ok: true };
}

/**
 * Creation's "5 wall of stone within 10 squares of you" (L2401): the squares the conduit placed,
 * checked here as any wall area's (`wallPlacement` through `DOMAIN_WALL`: a wall of at most 5 squares
 * sharing sides, one within 10 squares of her token and in line of effect, none in a creature's
 * space), raised as a region with walls, and recorded (one effect a Prayer).
 */
async function raiseCreationWall(
  request: DomainEffectRequest, message: Message, conduit: AnyActor, prayer: Item.Implementation, mine: TokenDoc,
  user: { id: string | null; isGM: boolean },
): Promise<CardOutcome> {
  const system = conduit.system as { level?: unknown; characteristics?: { intuition?: unknown } };
  const area = creationWallArea(domainEffectNumbers("creation", {
    level: clampInt(system.level, 1, MAX_LEVEL),
    intuition: clampInt(system.characteristics?.intuition, -CHARACTERISTIC_MAX, CHARACTERISTIC_MAX),
  }));
  if (!area || !request.wall?.length) return refuse("SE.Prayer.Refusal.wall", { size: String(area?.size ?? 0) });
  if (!DOMAIN_WALL.raise) return refuse("SE.Prayer.Refusal.notApplied", { domain: request.domain });
  const raised = await DOMAIN_WALL.raise(mine, prayer, request.wall, area, user.id);
  if ("refusal" in raised) {
    return refuse(`SE.Area.Error.${raised.refusal}`, { ability: prayer.name ?? "", within: String(area.within), size: String(area.size) });
  }
  const record: DomainEffectRecord = { domain: "creation", userId: user.id ?? "", targets: {} };
  await setDomainEffectRecord(message.id!, record);
  await postApplied(conduit, "creation", [game.i18n!.format("SE.Prayer.Result.wall", { squares: String(raised.squares) })]);
  return { ok: true };
}

/** The chat message that says what a domain effect did. */
async function postApplied(conduit: AnyActor, domain: string, lines: string[]): Promise<void> {
  const i18n = game.i18n!;
  const esc = foundry.utils.escapeHTML;
  const heading = i18n.format("SE.Prayer.Applied", { name: conduit.name ?? "", domain: i18n.localize(`SE.Prayer.DomainName.${domain}`) });
  await ChatMessage.implementation.create({
    content: `<div class="steel-echoes domain-applied"><p><strong>${esc(heading)}</strong></p>`
      + `<ul>${lines.map((l) => `<li>${esc(l)}</li>`).join("")}</ul></div>`,
    speaker: speakerOf({ actor: conduit }),
  });
}

/** What one creature took or gained, in words. */
function describe(done: DomainEffectDone, conduit: AnyActor): string {
  const i18n = game.i18n!;
  const parts: string[] = [];
  if (done.edges) parts.push(i18n.localize(done.edges > 1 ? "SE.Prayer.Result.doubleEdge" : "SE.Prayer.Result.edge"));
  if (done.fate) parts.push(i18n.format("SE.Prayer.Result.fate", { tier: String(done.fate) }));
  if (done.immunity !== undefined) parts.push(i18n.format("SE.Prayer.Result.immunity", { amount: String(done.immunity), name: conduit.name ?? "" }));
  if (done.extraDamage !== undefined) parts.push(i18n.format("SE.Prayer.Result.war", { amount: String(done.extraDamage) }));
  if (done.slid) {
    parts.push(i18n.format("SE.Prayer.Result.slid", { squares: String(done.slid.squares) }));
    if (done.slid.damage) {
      parts.push(i18n.format("SE.Prayer.Result.slammed", { damage: String(done.slid.damage), names: done.slid.slammed.join(", ") || "—" }));
    }
  }
  if (done.damage !== undefined) parts.push(i18n.format("SE.Prayer.Result.damage", { amount: String(done.damage) }));
  if (done.temporary !== undefined) parts.push(i18n.format("SE.Prayer.Result.temporary", { amount: String(done.temporary) }));
  if (done.recoveries !== undefined) {
    parts.push(i18n.format("SE.Prayer.Result.recoveries", { spent: String(done.recoveries), healed: String(done.healed ?? 0) }));
  }
  if (done.ended) parts.push(i18n.format("SE.Prayer.Result.ended", { count: String(done.ended) }));
  if (done.stoodUp) parts.push(i18n.localize("SE.Prayer.Result.stoodUp"));
  return `${done.name}: ${parts.length ? parts.join("; ") : i18n.localize("SE.Prayer.Result.nothing")}`;
}

/** Apply one creature's part of the effect; resolves to what it did. */
async function applyOperation(actor: AnyActor, op: DomainEffectOperation): Promise<DomainEffectDone> {
  const out: DomainEffectDone = { name: actor.name ?? "" };
  if (!isDrawSteel(actor.system)) return out;
  const s = actor.system.stamina;
  if (op.damage) {
    const before = { stamina: s.value, temporary: s.temporary ?? 0, max: s.max };
    const result = applyDamage(before, op.damage, damageModifiersOf(actor));
    const squad = squadOfActor(actor);
    if (squad) {
      // A squad's minion: the damage comes off the squad's pool (src/documents/squads.ts).
      const lost = await damageSquadMinion(squad.combat, idOf(squad.combatant), before.stamina - result.stamina);
      out.damage = (lost?.lost ?? 0) + (before.temporary - result.temporary);
      await updateDocument(actor, {
        "system.stamina.temporary": result.temporary, ...(lost?.died.includes(idOf(squad.combatant)) ? { "system.stamina.value": 0 } : {}),
      });
    } else {
      out.damage = result.dealt;
      // Damage taken is named in the update's options: a maintained persistent ability's roll (L2884), Regeneration.
      await updateDocument(actor, { "system.stamina.value": result.stamina, "system.stamina.temporary": result.temporary },
        result.dealt > 0 ? { [DAMAGE_OPTION]: result.dealt } : {});
    }
  }
  if (op.temporaryStamina) {
    // Keep the greater (L7232); the domains' grants do not end with the encounter (L7234: a respite ends them).
    const endedBefore = systemFlags(actor)[TEMPORARY_ENDS_FLAG] === true;
    const grant = { amount: op.temporaryStamina, endsWithEncounter: false };
    const pool = grantTemporaryStamina({ amount: s.temporary ?? 0, endsWithEncounter: endedBefore }, grant);
    out.temporary = pool.gained;
    if (pool.gained) {
      await updateDocument(actor, { "system.stamina.temporary": pool.amount, [`flags.${FLAG_SCOPE}.${TEMPORARY_ENDS_FLAG}`]: pool.endsWithEncounter });
    }
  }
  if (op.endEffects) {
    // "End any effects on them that have a duration of EoT or are ended by a resistance roll" (L2417),
    // before the Recoveries: a bleeding (EoT) no longer stops the healing they give.
    const ending = [...actor.effects].filter((e) => ["EoT", "resistance"].includes(conditionFlags(e)?.duration.kind ?? ""));
    if (ending.length) await actor.deleteEmbeddedDocuments("ActiveEffect", ending.map((e) => e.id!));
    out.ended = ending.length;
  }
  if (op.standUp && actor.statuses.has("prone")) {
    await removeCondition(actor, "prone");
    out.stoodUp = true;
  }
  if (op.recoveries) {
    // Type escape: isDrawSteel narrows to hero or monster; the derived recovery value and a hero's Recoveries are read where present.
    type Pools = { stamina: { value: number; max: number; recoveryValue?: number }; recoveries?: { value: number } };
    const now = actor.system as unknown as Pools;
    const spent = spendRecoveries({
      value: now.stamina.value, max: now.stamina.max, recoveries: now.recoveries?.value ?? 0, recoveryValue: now.stamina.recoveryValue ?? 0,
      bleeding: actor.statuses.has("bleeding"),
    }, op.recoveries);
    out.recoveries = spent.spent;
    out.healed = spent.gained;
    if (spent.spent) await updateDocument(actor, { "system.stamina.value": spent.value, "system.recoveries.value": spent.recoveries });
  }
  return out;
}
