/**
 * Applying an ability card's results: damage and conditions to a target, undo, downgrades and the
 * targets' resistance rolls. A user who may act but cannot write the message or the target (a player
 * applying their roll to a monster) sends the request to the active GM through the relay
 * (src/documents/relay.ts), whose server-vouched requester this file checks again.
 *
 * - A card a player wrote is checked before anything from it touches a creature: its damage and
 *   forced movement within the rules' largest (`cardLimitProblem`), and the record of an ability
 *   their actor owns, with that ability's tiers and a consistent roll (`abilityUseProblem`). A
 *   player can edit their own card's flags and items; the GM does not trust them. The item itself is
 *   then compared with an approved copy, and a new version waits for the GM (`cardApprovalRefusal`).
 * - Each application is recorded twice: on the card, for display, and on the target actor
 *   (`flags.steel-echoes.cardApplied.<message>.<target>`), which only the actor's owners write. Undo
 *   reverses the actor's record: what the application took or restored, and the effects it created.
 * - Requests on one card or one target run one after another (`serialized`): two clicks in one save
 *   apply once.
 */
import {
  DRAW_STEEL_LIMITS, applyDamage, cardLimitProblem, conditionsEndedByBasicAction, effectsOnTarget, grantTemporaryStamina, isAttack,
  knockOutOutcome, rollModifiers, temporaryEndsWithEncounter, temporaryStaminaGrantFor, escapeBaneClause,
} from "../rules/index.ts";
import { DAMAGE_OPTION } from "./heroic-resources.ts";
import type { CardLimit, Tier } from "../rules/index.ts";
import {
  abilitySource, abilityUseProblem, appliedKey, appliedRecordOf, canActLocally, downgradeTarget, mayUseCardAction,
  recordResistance, sizeManeuverOfItem, tierDamageFor, withApplied,
} from "../data/ability-use.ts";
import type { AbilityUseData, ActorAppliedRecord, AppliedRecord, CardAction } from "../data/ability-use.ts";
import { FLAG_SCOPE, creatureState, kitOf } from "./ability-use.ts";
import { askGM, registerRelayHandler, serialized, showNotice } from "./relay.ts";
import type { Notice, RelayUser } from "./relay.ts";
import { updateDocument } from "./update.ts";
import { isDrawSteel } from "../data/index.ts";
import { isKnockedOutFlag } from "../data/monster.ts";
import { applyCondition } from "./conditions.ts";
import { NUMBER_CEILING } from "../data/fields.ts";
import { TEMPORARY_ENDS_FLAG, systemFlags } from "./system-flags.ts";
import { damageModifiersOf, isObjectActor } from "./environment-statuses.ts";
import { uuidOf } from "./persisted.ts";
import { deletion } from "../compat/versions.ts";
import { abilityApprovalRefusal } from "./ability-approval.ts";
import type { AbilityApprover } from "./ability-approval.ts";
import { boundedAmount, cardTargetToken, resistedPath, targetLockKey, trustedResistanceTier, withTrustedTier } from "./card-targets.ts";
import { healActionProblem, healRecoveryChanges, healResist } from "./heal-action.ts";

/** The relay request name of card actions. */
export const CARD_RELAY = "abilityCard";
const ACTIONS: readonly CardAction[] = ["apply", "knockOut", "heal", "undo", "downgrade", "resist", "healRecovery", "healResist"];
/** The Heal action's choices (L7093): they read the creature's own data, never the card's numbers. */
const HEAL_CHOICES: readonly CardAction[] = ["healRecovery", "healResist"];


type AnyActor = Actor.Implementation;
type Message = ChatMessage.Implementation;

export interface CardRequest {
  messageId: string;
  action: CardAction;
  key: string;
  /** For downgrades: the tier chosen. */
  tier?: number;
  /** For the Heal action's resistance roll: the effect rolled against (needed when there are several). */
  effectId?: string;
}

/** The outcome of a card action, with the message its user should see. */
export type CardOutcome = { ok: true; notice?: Notice } | { ok: false; notice: Notice };

/** Hooks the card needs from the outside: render the card, and apply/remove conditions. */
export interface CardServices {
  renderCard(use: AbilityUseData): Promise<string>;
  /** Apply the tier's conditions to the actor; resolves to the ids of the Active Effects created. */
  applyConditions(actor: AnyActor, conditions: AbilityUseData["tiers"][number]["conditions"], sourceUuid: string): Promise<string[]>;
  /** Healing: resolves to the Stamina actually regained. */
  heal(actor: AnyActor, amount: number): Promise<number>;
  /**
   * The GM's decision on a player's ability that differs from its approved copy
   * (src/documents/ability-approval.ts): a dialog on the GM's client; tests answer it themselves.
   */
  approveAbility: AbilityApprover;
}

/** The user a card action runs for: the current user, or the relay's requester. */
type CardUser = { id: string | null; isGM: boolean };

const refuse = (key: string, format?: Record<string, string>, type: Notice["type"] = "warn"): CardOutcome =>
  ({ ok: false, notice: { type, key, ...(format ? { format } : {}) } });

/** A message's ability-use record, if it has the shape of one. */
export function abilityUseOf(message: Message | undefined | null): AbilityUseData | null {
  const use = systemFlags(message).abilityUse as AbilityUseData | undefined;
  return use && typeof use === "object" && Array.isArray(use.targets) && Array.isArray(use.tiers) ? use : null;
}

/**
 * The creature a target key names: the actor of a token on the card's scene (src/documents/card-targets.ts),
 * never an actor the card names by itself. Only Draw Steel creatures take what a Draw Steel card does.
 */
async function targetActor(message: Message, key: string): Promise<AnyActor | null> {
  const actor = (await cardTargetToken(message, key))?.actor ?? null;
  return actor && isDrawSteel(actor.system) ? actor : null;
}

function authorOf(message: Message): CardUser | null {
  return message.author ?? null;
}

function who(user: CardUser, message: Message, actor: AnyActor | null) {
  return {
    isGM: !!user.isGM,
    isAuthor: authorOf(message)?.id === user.id,
    ownsTarget: !!actor && actor.testUserPermission(user as User.Implementation, "OWNER"),
  };
}

/**
 * Why a card written by a player cannot be trusted, or null. Its roller must be an actor the
 * message's author (whom Foundry's server names) owns, its ability an ability item of that actor,
 * and its record what that ability produces (`abilityUseProblem`).
 */
export async function cardProblem(message: Message, use: AbilityUseData): Promise<string | null> {
  const author = authorOf(message);
  if (author?.isGM) return null;
  const actor = await fromUuid(use.actorUuid).catch(() => null) as AnyActor | null;
  if (!author || !actor || actor.documentName !== "Actor" || !actor.testUserPermission(author as User.Implementation, "OWNER")) return "actor";
  const item = await fromUuid(use.itemUuid).catch(() => null) as Item.Implementation | null;
  if (!item || item.documentName !== "Item" || item.type !== "ability" || (item.parent as { uuid?: string } | null)?.uuid !== actor.uuid) return "item";
  const characteristics = actor.system.characteristics ?? {};
  return abilityUseProblem(use, { ability: abilitySource(item), kit: kitOf(actor), characteristics });
}

/**
 * On the GM's client, for a card `cardProblem` accepts: the refusal when its ability item differs
 * from the ability's approved copy and the GM refuses the new version, else null (approved, asked
 * and approved now, or not to be asked: src/documents/ability-approval.ts).
 */
export async function cardApprovalRefusal(
  message: Message, use: AbilityUseData, services: CardServices, requesterId?: string | null,
): Promise<Notice | null> {
  const author = authorOf(message);
  if (!author || author.isGM) return null;
  const item = await fromUuid(use.itemUuid).catch(() => null) as Item.Implementation | null;
  if (!item || item.documentName !== "Item") return null;
  return abilityApprovalRefusal(item, author, services.approveAbility, requesterId);
}

const LIMIT_NOTICES: Record<CardLimit, { key: string; max: number }> = {
  damageFormula: { key: "SE.AbilityCard.Error.FormulaBeyondLimits", max: DRAW_STEEL_LIMITS.damage },
  damage: { key: "SE.AbilityCard.Error.DamageBeyondLimits", max: DRAW_STEEL_LIMITS.damage },
  forced: { key: "SE.AbilityCard.Error.ForcedBeyondLimits", max: DRAW_STEEL_LIMITS.distance },
};

/**
 * The refusal for a card a player wrote whose tiers go beyond the rules' largest damage, damage
 * formula or forced movement (`cardLimitProblem`, src/rules/limits.ts), or null. A GM's card is the
 * GM's own: not capped.
 */
export function cardLimitRefusal(message: Message, use: AbilityUseData): Notice | null {
  if (authorOf(message)?.isGM) return null;
  const beyond = cardLimitProblem(use.tiers);
  if (!beyond) return null;
  const { key, max } = LIMIT_NOTICES[beyond];
  return { type: "error", key, format: { max: String(max), length: String(DRAW_STEEL_LIMITS.formulaLength), dice: String(DRAW_STEEL_LIMITS.dice) } };
}

export async function save(message: Message, use: AbilityUseData, services: CardServices): Promise<void> {
  await updateDocument(message, { content: await services.renderCard(use), [`flags.${FLAG_SCOPE}.abilityUse`]: use });
}

function staminaOf(actor: AnyActor): { stamina: number; temporary: number; max: number } {
  if (!isDrawSteel(actor.system)) return { stamina: 0, temporary: 0, max: 0 };
  const s = actor.system.stamina;
  return { stamina: s.value, temporary: s.temporary ?? 0, max: s.max ?? Infinity };
}

/** Where the target actor keeps the record of an application from this card. */
function recordPath(messageId: string, key: string): string {
  return `flags.${FLAG_SCOPE}.cardApplied.${messageId}.${appliedKey(key)}`;
}

function actorRecord(actor: AnyActor, messageId: string, key: string): ActorAppliedRecord | null {
  const all = systemFlags(actor).cardApplied as Record<string, Record<string, ActorAppliedRecord>> | undefined;
  const record = all?.[messageId]?.[appliedKey(key)];
  return record && typeof record === "object" ? record : null;
}

/** Whether this card was applied to the creature under any of its keys: one creature is hit once. */
function appliedToCreature(actor: AnyActor, messageId: string): boolean {
  const all = systemFlags(actor).cardApplied as Record<string, Record<string, unknown> | null> | undefined;
  return Object.values(all?.[messageId] ?? {}).some((r) => !!r && typeof r === "object");
}

function isRequest(request: CardRequest): boolean {
  return !!request && typeof request.messageId === "string" && typeof request.key === "string" && ACTIONS.includes(request.action)
    && (request.action !== "downgrade" || [1, 2, 3].includes(Number(request.tier)))
    && (request.effectId === undefined || (typeof request.effectId === "string" && /^[A-Za-z0-9]{1,64}$/.test(request.effectId)));
}

/** Carry out a card action as `user` (the current user, or the relay's requester on the GM's client). */
export async function performCardAction(request: CardRequest, user: CardUser, services: CardServices): Promise<CardOutcome> {
  if (!isRequest(request)) return refuse("SE.Query.Invalid", undefined, "error");
  const message = game.messages?.get(request.messageId) as Message | undefined;
  let use = abilityUseOf(message);
  if (!message || !use) return refuse("SE.AbilityCard.Error.Gone");
  const target = use.targets.find((t) => t.key === request.key);
  if (!target) return refuse("SE.AbilityCard.Error.NoTarget");
  const actor = await targetActor(message, request.key);
  const name = String(target.name ?? "");
  if (!mayUseCardAction(request.action, who(user, message, actor))) return refuse("SE.AbilityCard.Error.NotAllowed", { name }, "error");
  // Nothing from a player's card reaches a creature before the card is checked: first against the
  // rules' largest numbers, then against its ability.
  if (HEAL_CHOICES.includes(request.action)) {
    // The Heal action's card: its numbers are the creature's own, so only its ability and place are checked.
    if (await cardProblem(message, use)) return refuse("SE.AbilityCard.Error.Tampered", undefined, "error");
    const problem = await healActionProblem(message, use, request.key);
    if (problem) return refuse(`SE.Healing.HealAction.Refusal.${problem}`, { name }, problem === "not-heal" ? "error" : "warn");
  } else if (request.action !== "undo" && request.action !== "downgrade") {
    const beyond = cardLimitRefusal(message, use);
    if (beyond) return { ok: false, notice: beyond };
    if (await cardProblem(message, use)) return refuse("SE.AbilityCard.Error.Tampered", undefined, "error");
    const unapproved = await cardApprovalRefusal(message, use, services, user.id);
    if (unapproved) return { ok: false, notice: unapproved };
  }

  switch (request.action) {
    case "downgrade": {
      if (appliedRecordOf(use, request.key)) return refuse("SE.AbilityCard.Error.AlreadyApplied", { name });
      // A resistance roll is the target's: its tier is not the card author's to lower.
      if (use.kind === "resistance" && !user.isGM) return refuse("SE.AbilityCard.Error.ResistanceTier", { name }, "error");
      try {
        use = downgradeTarget(use, request.key, Number(request.tier) as Tier);
      } catch {
        return refuse("SE.Query.Invalid", undefined, "error");
      }
      break;
    }
    case "resist": {
      if (!actor) return refuse("SE.AbilityCard.Error.NoTarget");
      // Pending unless the target has rolled: a roll the card's author wrote on her card is not one.
      const rolled = use.kind === "resistance" ? trustedResistanceTier(message, use, actor, request.key) : null;
      if (use.kind !== "resistance" || rolled !== null) return refuse("SE.AbilityCard.Error.NotPending", { name });
      use = { ...use, targets: use.targets.map((t) => (t.key === request.key ? { ...t, rolledTier: null, tier: null } : t)) };
      const score = (actor.system.characteristics as Record<string, number>)[use.characteristic] ?? 0;
      const mods = rollModifiers({
        kind: "resistance", roller: creatureState(uuidOf(actor), actor), characteristic: use.characteristic,
        ...(await escapeGrabOf(use, actor) ? { ability: { keywords: use.keywords, type: use.type, maneuver: "escapeGrab" as const } } : {}),
      });
      const roll = await new foundry.dice.Roll("2d10").evaluate();
      const results = (roll.dice[0]?.results ?? []) as { result: number }[];
      const dice: [number, number] = [results[0]?.result ?? 1, results[1]?.result ?? 1];
      use = recordResistance(use, request.key, { dice, characteristic: score, edges: mods.edges, banes: mods.banes });
      const tier = use.targets.find((t) => t.key === request.key)?.rolledTier ?? null;
      await updateDocument(actor, { [resistedPath(message.id!, request.key)]: { tier } });
      break;
    }
    case "healRecovery":
    case "healResist": {
      if (!actor) return refuse("SE.AbilityCard.Error.NoTarget");
      if (appliedToCreature(actor, message.id!) || appliedRecordOf(use, request.key)) return refuse("SE.AbilityCard.Error.AlreadyApplied", { name }, "info");
      const record: ActorAppliedRecord = { stamina: 0, temporary: 0, healed: 0, effectIds: [] };
      let heal: NonNullable<AppliedRecord["heal"]>;
      if (request.action === "healRecovery") {
        const r = healRecoveryChanges(actor);
        if (!r.ok) return refuse(`SE.Healing.Refusal.${r.reason}`, { name });
        record.healed = r.gained;
        if (r.spent) record.recoveries = r.spent;
        await updateDocument(actor, { ...r.changes, [recordPath(message.id!, request.key)]: record });
        heal = { kind: "recovery", gained: r.gained, spent: r.spent };
      } else {
        const r = await healResist(actor, request.effectId);
        if (!r.ok) return refuse(`SE.Healing.HealAction.Refusal.${r.reason}`, { name });
        record.effectIds = r.effectIds;
        record.ended = r.ended;
        await updateDocument(actor, { [recordPath(message.id!, request.key)]: record });
        heal = { kind: "resistance", tier: r.tier, outcome: r.outcome, effect: r.effectName };
      }
      use = withApplied(use, request.key, { dealt: -record.healed, effectIds: record.effectIds, userId: user.id ?? "", heal });
      break;
    }
    case "apply":
    case "knockOut":
    case "heal": {
      if (!actor) return refuse("SE.AbilityCard.Error.NoTarget");
      // Knocking out is a choice for damage from an attack (L7218); the keywords are the checked card's.
      if (request.action === "knockOut" && !isAttack({ keywords: use.keywords })) return refuse("SE.AbilityCard.Error.NotAnAttack", { name });
      // An object is destroyed, never knocked out: knocking out is for a creature (L7218, L277).
      const object = isObjectActor(actor);
      if (request.action === "knockOut" && object) return refuse("SE.AbilityCard.Error.ObjectKnockOut", { name });
      if (appliedToCreature(actor, message.id!) || appliedRecordOf(use, request.key)) return refuse("SE.AbilityCard.Error.AlreadyApplied", { name }, "info");
      if (use.kind === "resistance") {
        // The tier is the target's own roll (its record), never the one on a player's card.
        const resisted = trustedResistanceTier(message, use, actor, request.key);
        if (resisted === null) return refuse("SE.AbilityCard.Error.NotResisted", { name });
        use = withTrustedTier(use, request.key, resisted);
      }
      const before = staminaOf(actor);
      const damage = tierDamageFor(use, request.key);
      const record: ActorAppliedRecord = { stamina: 0, temporary: 0, healed: 0, effectIds: [] };
      const changes: Record<string, unknown> = {};
      if (request.action === "heal") {
        record.healed = damage ? await services.heal(actor, damage.amount) : 0;
      } else {
        if (damage) {
          const s = actor.system;
          // Its own immunities and weaknesses, with those of where it is (underwater) and what it is (an object).
          const result = applyDamage(before, damage, damageModifiersOf(actor));
          // Knocking out instead of killing, and death for damage to a knocked-out creature (L7218).
          const knockedOut = isKnockedOutFlag(actor);
          const ko = knockOutOutcome(result.stamina, result.dealt, {
            kind: actor.type === "hero" ? "hero" : "monster", staminaMax: before.max,
            deathThreshold: (s.stamina as { deathThreshold?: number }).deathThreshold ?? 0, knockedOut,
          }, request.action === "knockOut");
          if (request.action === "knockOut" && ko.kind !== "knockedOut") return refuse("SE.AbilityCard.Error.WouldNotKill", { name });
          record.stamina = before.stamina - ko.stamina;
          record.temporary = before.temporary - result.temporary;
          Object.assign(changes, { "system.stamina.value": ko.stamina, "system.stamina.temporary": result.temporary });
          if (ko.kind === "knockedOut") {
            record.knockedOut = true;
            changes[`flags.${FLAG_SCOPE}.knockedOut`] = true;
          } else if (ko.kind === "killed") {
            record.killedKnockedOut = true;
            changes[`flags.${FLAG_SCOPE}.knockedOut`] = false;
          }
        } else if (request.action === "knockOut") {
          return refuse("SE.AbilityCard.Error.WouldNotKill", { name });
        }
        const tier = use.targets.find((t) => t.key === request.key)?.tier;
        // An object takes the damage only: it is immune to the ability's other effects (L6544).
        const conditions = tier ? effectsOnTarget({ conditions: use.tiers[tier - 1]?.conditions ?? [] }, { object }).conditions : [];
        if (conditions.length) record.effectIds = await services.applyConditions(actor, conditions, use.actorUuid);
        // A grab from an ability whose effect makes escaping it harder (Impaling Strike, L3469): the
        // grabbed effect is marked, read from the ability item itself, for Escape Grab's bane.
        if (conditions.some((c) => c.id === "grabbed") && await escapeBaneOf(use)) await markEscapeBane(actor, record.effectIds);
        // A basic action that ends a condition on the creature it is used on (Escape Grab's tier 3, L7011).
        const ended = object ? [] : await endedByBasicAction(use, actor, tier ?? null);
        if (ended.length) record.ended = ended;
        if (record.knockedOut) {
          // Unconscious until someone ends it (L7220–7224): no printed duration.
          const effect = await applyCondition(actor, { id: "unconscious", sourceUuid: use.actorUuid }) as { id?: string } | null;
          if (effect?.id) record.effectIds = [...record.effectIds, effect.id];
        }
        // Temporary Stamina the tier grants, read from the ability item itself (L7232: keep the greater).
        const grant = request.action === "apply" && tier ? await temporaryGrantOf(use, tier) : null;
        if (grant) {
          const current = "system.stamina.temporary" in changes ? Number(changes["system.stamina.temporary"]) : before.temporary;
          const endedBefore = systemFlags(actor)[TEMPORARY_ENDS_FLAG] === true;
          const pool = grantTemporaryStamina({ amount: current, endsWithEncounter: endedBefore }, grant);
          if (pool.gained) {
            record.temporaryGained = pool.gained;
            record.temporaryEndedBefore = endedBefore;
            Object.assign(changes, { "system.stamina.temporary": pool.amount, [`flags.${FLAG_SCOPE}.${TEMPORARY_ENDS_FLAG}`]: pool.endsWithEncounter });
          }
        }
      }
      // Damage taken is named in the update's options: a hero maintaining persistent abilities then
      // makes her maintenance roll (src/documents/heroic-resources.ts, L2884).
      const taken = request.action === "heal" ? 0 : record.stamina + record.temporary;
      const damageOption = taken > 0 ? { [DAMAGE_OPTION]: taken } : {};
      await updateDocument(actor, { ...changes, [recordPath(message.id!, request.key)]: record }, damageOption);
      const dealt = request.action === "heal" ? -record.healed : record.stamina + record.temporary;
      use = withApplied(use, request.key, {
        dealt, effectIds: record.effectIds, userId: user.id ?? "", ...(record.temporaryGained ? { temporary: record.temporaryGained } : {}),
        ...(record.knockedOut ? { knockedOut: true } : {}), ...(record.killedKnockedOut ? { killedKnockedOut: true } : {}),
      });
      break;
    }
    case "undo": {
      const record = actor ? actorRecord(actor, message.id!, request.key) : null;
      if (!actor || !record) return refuse("SE.AbilityCard.Error.NotApplied", { name }, "info");
      // The record is the target owners' to write: undo gives back at most what it says was taken,
      // never beyond the maximum, and takes back at most what it says was healed.
      const now = staminaOf(actor);
      const restored = now.stamina + boundedAmount(record.stamina, now.max - now.stamina);
      const temporary = now.temporary + boundedAmount(record.temporary, NUMBER_CEILING);
      const recoveries = (actor.system as { recoveries?: { value: number; max: number } }).recoveries;
      await updateDocument(actor, {
        "system.stamina.value": restored - boundedAmount(record.healed, Math.max(0, restored)),
        // Temporary Stamina the application granted is taken back, at most what is left of it.
        "system.stamina.temporary": temporary - boundedAmount(record.temporaryGained, temporary),
        ...(record.temporaryGained ? { [`flags.${FLAG_SCOPE}.${TEMPORARY_ENDS_FLAG}`]: record.temporaryEndedBefore === true } : {}),
        // A Recovery the Heal action spent comes back, never beyond the maximum.
        ...(recoveries && record.recoveries ? { "system.recoveries.value": recoveries.value + boundedAmount(record.recoveries, Math.min(1, recoveries.max - recoveries.value)) } : {}),
        ...(record.knockedOut === true ? { [`flags.${FLAG_SCOPE}.knockedOut`]: false } : {}),
        ...(record.killedKnockedOut === true ? { [`flags.${FLAG_SCOPE}.knockedOut`]: true } : {}),
        ...deletion(`flags.${FLAG_SCOPE}.cardApplied.${message.id}.${appliedKey(request.key)}`),
      });
      const existing = (Array.isArray(record.effectIds) ? record.effectIds : []).filter((id) => actor.effects.has(id));
      if (existing.length) await actor.deleteEmbeddedDocuments("ActiveEffect", existing);
      // What the application ended holds again. The record is the actor's owners' to write, and so are its effects.
      const ended = Array.isArray(record.ended) ? record.ended.filter((e) => !!e && typeof e === "object") : [];
      // Type escape: the record holds the effects' own source data (`toObject`), which the typings cannot know of.
      if (ended.length) await actor.createEmbeddedDocuments("ActiveEffect", ended as never, { keepId: true });
      use = withApplied(use, request.key, null);
      break;
    }
  }
  await save(message, use, services);
  return { ok: true };
}

/**
 * End what a basic action's card ends on the creature it is applied to, at this tier
 * (`conditionsEndedByBasicAction`): Escape Grab's tier 3 applied to the user itself ends its grabbed.
 * Resolves to the ended effects' data, for undo.
 */
async function endedByBasicAction(use: AbilityUseData, actor: AnyActor, tier: Tier | null): Promise<Record<string, unknown>[]> {
  const item = await fromUuid(use.itemUuid).catch(() => null) as Item.Implementation | null;
  const flags = (item?.flags as Record<string, { basicAction?: unknown; seedLine?: unknown } | undefined> | undefined)?.[FLAG_SCOPE];
  if (flags?.basicAction !== true || uuidOf(actor) !== use.actorUuid) return [];
  const ids = conditionsEndedByBasicAction(Number(flags.seedLine), actor.statuses ?? [], tier);
  const effects = [...actor.effects].filter((e) => ids.some((id) => e.statuses.has(id)));
  if (!effects.length) return [];
  const data = effects.map((e) => e.toObject() as Record<string, unknown>);
  await actor.deleteEmbeddedDocuments("ActiveEffect", effects.map((e) => e.id!));
  return data;
}

/**
 * Whether this resistance roll is the user's own Escape Grab (L7003): the card's item is the basic
 * action, and the creature rolling is the one that used it. Its bane against a larger grabber (L7005)
 * is read from the roller's own size and the grabbers its own grabbed effects name: the roller's own
 * roll, whoever's client makes it.
 */
async function escapeGrabOf(use: AbilityUseData, actor: AnyActor): Promise<boolean> {
  if (uuidOf(actor) !== use.actorUuid) return false;
  const item = await fromUuid(use.itemUuid).catch(() => null) as Item.Implementation | null;
  return !!item && item.documentName === "Item" && sizeManeuverOfItem(item) === "escapeGrab";
}

/**
 * The temporary Stamina a tier of the card's ability grants (its text, "Gain 10 temporary Stamina",
 * L2763) and whether it disappears at the end of the encounter (its tier or effect text, L2767), or
 * null. Read from the ability item the card names, never from the card: a player's card is checked
 * against that item (`cardProblem`) and the item against its approved copy, whose fingerprint holds
 * each tier's grant (src/rules/ability-fingerprint.ts).
 */
async function temporaryGrantOf(use: AbilityUseData, tier: Tier): Promise<{ amount: number; endsWithEncounter: boolean } | null> {
  const item = await fromUuid(use.itemUuid).catch(() => null) as Item.Implementation | null;
  if (!item || item.documentName !== "Item" || item.type !== "ability") return null;
  const ability = abilitySource(item);
  const text = String(ability.tiers[tier - 1]?.text ?? "");
  // A grant equal to a characteristic (L3366) is the user's: the owner of the ability item.
  const owner = item.parent as { system?: { characteristics?: Record<string, number> } } | null;
  const amount = temporaryStaminaGrantFor(text, owner?.system?.characteristics ?? {});
  return amount ? { amount, endsWithEncounter: temporaryEndsWithEncounter(`${text} ${ability.effect}`) } : null;
}

/** Whether the card's ability item says its grab is harder to escape (L3469), read from the item, not the card. */
async function escapeBaneOf(use: AbilityUseData): Promise<boolean> {
  const item = await fromUuid(use.itemUuid).catch(() => null) as Item.Implementation | null;
  if (!item || item.documentName !== "Item" || item.type !== "ability") return false;
  return escapeBaneClause(abilitySource(item).effect);
}

/** Mark the grabbed effects among those just created (`flags.steel-echoes.escapeBane`). */
async function markEscapeBane(actor: AnyActor, effectIds: readonly string[]): Promise<void> {
  for (const id of effectIds) {
    const effect = actor.effects.get(id);
    if (effect?.statuses.has("grabbed")) await updateDocument(effect, { [`flags.${FLAG_SCOPE}.escapeBane`]: true });
  }
}

/** The locks of a card action: its message and its target's creature (one lock whatever key names it). */
function cardLocks(request: { messageId?: unknown; key?: unknown }): string[] {
  return [`message:${String(request.messageId)}`, targetLockKey(request.key)];
}

/** Run a card action from a click: locally when the user can, otherwise through the active GM. */
export async function requestCardAction(request: CardRequest, services: CardServices): Promise<boolean> {
  const user = game.user!;
  const message = game.messages?.get(request.messageId) as Message | undefined;
  const use = abilityUseOf(message);
  if (!message || !use) {
    showNotice({ type: "warn", key: "SE.AbilityCard.Error.Gone" });
    return false;
  }
  const actor = await targetActor(message, request.key);
  const w = who(user, message, actor);
  const target = use.targets.find((t) => t.key === request.key);
  if (!mayUseCardAction(request.action, w)) {
    // The Heal action's choice is the creature's (L7093): its owner, or the Director, presses.
    const key = HEAL_CHOICES.includes(request.action) ? "SE.Healing.HealAction.NotYours" : "SE.AbilityCard.Error.NotAllowed";
    showNotice({ type: HEAL_CHOICES.includes(request.action) ? "info" : "error", key, format: { name: String(target?.name ?? "") } });
    return false;
  }
  if (canActLocally(request.action, w)) {
    const outcome = await serialized(cardLocks(request), () => performCardAction(request, user, services));
    showNotice(outcome.notice);
    return outcome.ok;
  }
  return Boolean(await askGM(CARD_RELAY, { ...request }));
}

/** The GM's side of the relay: the requester is the user Foundry's server names. */
export function registerCardRelay(services: CardServices): void {
  registerRelayHandler<Record<string, unknown>>(CARD_RELAY, {
    locks: (data) => cardLocks(data),
    run: async (data, requester: RelayUser) => {
      const request: CardRequest = {
        messageId: String(data.messageId), action: data.action as CardAction, key: String(data.key),
        ...(data.tier === undefined ? {} : { tier: Number(data.tier) }),
        ...(data.effectId === undefined ? {} : { effectId: data.effectId as string }),
      };
      const outcome = await performCardAction(request, requester as CardUser, services);
      return { value: outcome.ok, ...(outcome.notice ? { notice: outcome.notice } : {}) };
    },
  });
}
