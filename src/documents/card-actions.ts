/**
 * Carrying out an ability card's actions (apply, knock out, heal, undo, downgrade, resist and the Heal
 * action's choices) on the client that may: loaded with `import()` by ability-results.ts when the
 * first card action runs here or reaches the GM through the relay (docs/architecture.md, "Loading").
 * What every world checks before (the card's record, the target, the refusals) is card-checks.ts.
 */
import { isAttack, rollModifiers } from "../rules/ability-use.ts";
import { conditionsEndedByBasicAction } from "../rules/conditions.ts";
import { applyDamage } from "../rules/damage.ts";
import { escapeBaneClause } from "../rules/grab-targets.ts";
import { dragDamageClause, liveGrabs, withGrab, withoutCardGrab, grabRecordProblem } from "../rules/grabs.ts";
import { knockOutOutcome } from "../rules/knock-out.ts";
import { effectsOnTarget } from "../rules/objects.ts";
import { abilityDealsPerMinion } from "../rules/squads.ts";
import { squadStrikeDamage } from "../rules/squad-damage.ts";
import { grantTemporaryStamina, temporaryEndsWithEncounter, temporaryStaminaGrantFor } from "../rules/temporary-stamina.ts";
import type { Size } from "../rules/catalogue.ts";
import type { GrabRecordProblem } from "../rules/grabs.ts";
import { grabRecords, setGrabRecords } from "../settings/grabs.ts";
import { stillGrabbed } from "./grabs.ts";
import { askGM } from "./relay.ts";
import type { Notice, RelayUser } from "./relay.ts";
import { tokenSpace } from "./token-space.ts";
import { markBenefitFor } from "./marks.ts";
import { warExtraDamageOf } from "./domain-lasting.ts";
import { DAMAGE_OPTION } from "./heroic-resources.ts";
import type { Tier } from "../rules/power-roll.ts";
import { abilitySource, appliedKey, mayUseCardAction, sizeManeuverOfItem } from "../data/ability-use.ts";
import { appliedRecordOf, downgradeTarget, recordResistance, tierDamageFor, withApplied } from "../data/ability-use-build.ts";
import type { AbilityUseData, AppliedRecord } from "../data/ability-use.ts";
import type { ActorAppliedRecord } from "../data/ability-use-build.ts";
import { FLAG_SCOPE } from "../constants.ts";
import { creatureState } from "./creature-state.ts";
import { updateDocument } from "./update.ts";
import { isDrawSteel } from "../data/index.ts";
import { isKnockedOutFlag } from "../data/monster.ts";
import { applyCondition } from "./conditions.ts";
import { NUMBER_CEILING } from "../data/fields.ts";
import { TEMPORARY_ENDS_FLAG, systemFlags } from "./system-flags.ts";
import { damageModifiersOf, isObjectActor } from "./environment-statuses.ts";
import { idOf, uuidOf } from "./persisted.ts";
import { damageSquadMinion, squadOfActor, squadTurnMates, undoSquadDamage } from "./squads.ts";
import { deletion } from "../compat/versions.ts";
import { cardTargetToken } from "./card-targets.ts";
import { boundedAmount, resistedPath, trustedResistanceTier, withTrustedTier } from "./card-target-tiers.ts";
import { healActionProblem, healRecoveryChanges, healResist } from "./heal-action.ts";
import { GRAB_RELAY, HEAL_CHOICES, abilityUseOf, cardProblem, targetActor, who } from "./card-checks.ts";
import { ACTIONS, cardApprovalRefusal, cardLimitRefusal, refuse, save } from "./card-refusals.ts";
import type { AnyActor, CardUser, Message } from "./card-checks.ts";
import type { CardOutcome, CardRequest, CardServices } from "./card-refusals.ts";

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

  // A grab the application made that the GM did not record, and why (the card's user is told).
  let grabNotice: Notice | undefined;
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
      const printed = tierDamageFor(use, request.key);
      // A target the tactician marked (L4277): her Reason as extra damage for her side's attack with
      // damage, from the GM's record of marks (src/documents/marks.ts), the attacker the card's actor.
      const marked = printed && printed.amount > 0 && request.action !== "heal"
        ? markBenefitFor(await actorOf(use.actorUuid), request.key, isAttack({ keywords: use.keywords })).extraDamage : 0;
      // A squad's strike that deals its damage per minion: the printed damage once for each living
      // minion of the attacker's squad, from the GM's record of the squad and the ability item itself.
      const minions = printed && printed.amount > 0 && request.action !== "heal" ? await perMinionSquadOf(use) : null;
      const squadPrinted = printed && minions !== null ? { ...printed, amount: squadStrikeDamage(printed.amount, minions, true) } : printed;
      // War (L2445): the conduit's attacks deal extra damage until the end of her next turn, from the GM's record.
      const war = printed && printed.amount > 0 && request.action !== "heal"
        ? warExtraDamageOf(await actorOf(use.actorUuid), isAttack({ keywords: use.keywords }), printed.amount) : 0;
      const damage = squadPrinted && (marked || war) ? { ...squadPrinted, amount: squadPrinted.amount + marked + war } : squadPrinted;
      const record: ActorAppliedRecord = { stamina: 0, temporary: 0, healed: 0, effectIds: [] };
      const changes: Record<string, unknown> = {};
      if (request.action === "heal") {
        record.healed = damage ? await services.heal(actor, damage.amount) : 0;
      } else {
        // A minion of a squad: the damage comes off the squad's pool (src/documents/squads.ts).
        const squad = damage ? squadOfActor(actor) : null;
        // A squad's minion dies as its pool falls: it is not knocked out on its own.
        if (squad && request.action === "knockOut") return refuse("SE.Squad.Error.KnockOut", { name });
        if (damage && squad) {
          const result = applyDamage(before, damage, damageModifiersOf(actor));
          const out = await damageSquadMinion(squad.combat, idOf(squad.combatant), before.stamina - result.stamina);
          if (!out) return refuse("SE.Squad.Error.DirectorOnly", undefined, "warn");
          const stamina = out.died.includes(idOf(squad.combatant)) ? 0 : before.stamina;
          record.stamina = before.stamina - stamina;
          record.temporary = before.temporary - result.temporary;
          record.squad = { combatId: idOf(squad.combat), groupId: out.groupId, lost: out.lost, died: out.died };
          Object.assign(changes, { "system.stamina.value": stamina, "system.stamina.temporary": result.temporary });
        } else if (damage) {
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
        // Who grabbed whom is the GM's record (src/settings/grabs.ts), with what the ability item
        // itself says of its grab (Impaling Strike, L3469: a bane on escaping, damage when dragged).
        if (conditions.some((c) => c.id === "grabbed")) grabNotice = await recordGrab(message, use, actor, request.key, user);
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
      const taken = request.action === "heal" ? 0 : (record.squad?.lost ?? record.stamina) + record.temporary;
      const damageOption = taken > 0 ? { [DAMAGE_OPTION]: taken } : {};
      await updateDocument(actor, { ...changes, [recordPath(message.id!, request.key)]: record }, damageOption);
      // A squad's minion: what its squad's pool lost.
      const dealt = request.action === "heal" ? -record.healed : (record.squad?.lost ?? record.stamina) + record.temporary;
      use = withApplied(use, request.key, {
        dealt, effectIds: record.effectIds, userId: user.id ?? "", ...(record.temporaryGained ? { temporary: record.temporaryGained } : {}),
        ...(marked ? { marked } : {}), ...(war ? { war } : {}), ...(minions !== null ? { perMinion: minions } : {}),
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
      // Damage to a squad's minion: its squad gets back what it lost, and its minions that died live
      // again (src/documents/squads.ts), this one with its Stamina; no Stamina of its own to give back.
      const squad = record.squad && typeof record.squad === "object" ? record.squad : null;
      const combat = squad ? game.combats?.get(String(squad.combatId)) : undefined;
      if (squad && combat) {
        await undoSquadDamage(combat, String(squad.groupId), Number(squad.lost), Array.isArray(squad.died) ? squad.died.map(String) : []);
        record.stamina = 0;
      }
      const restored = staminaOf(actor).stamina + boundedAmount(record.stamina, now.max - staminaOf(actor).stamina);
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
      await forgetGrab(message.id!, request.key);
      // A player's own undo: the GM forgets the grab its application recorded.
      if (!game.user?.isGM && grabRecords().some((r) => r.message === message.id && r.key === request.key)) {
        await askGM(GRAB_RELAY, { messageId: message.id!, key: request.key, undo: true });
      }
      use = withApplied(use, request.key, null);
      break;
    }
  }
  await save(message, use, services);
  return grabNotice ? { ok: true, notice: grabNotice } : { ok: true };
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

/**
 * Record the grab a card's application just made (`GrabRecord`, src/rules/grabs.ts) in the GM's world
 * setting, with what the ability item says of it (L3469: the escape's bane, the damage when dragged),
 * read from the item, not the card. Records whose creature is no longer grabbed are dropped on the way.
 *
 * The record lets the grabber's moves carry the grabbed creature's token (src/canvas/grab-carry.ts),
 * so a grab a player asked for is recorded only when the rules allow it (`grabRecordProblem`: the
 * creatures adjacent, the grabbed one not larger than an ability limited to the user's size); one
 * the Director applies himself is his to decide. A player applying her own card to a creature she
 * owns does it on her own client, which cannot write the setting: it asks the GM through the relay
 * (`recordPlayerGrab` checks the card again there). Resolves to a notice when the grab is not recorded.
 */
async function recordGrab(
  message: Message, use: AbilityUseData, actor: AnyActor, key: string, user: CardUser,
): Promise<Notice | undefined> {
  if (!game.user?.isGM) {
    await askGM(GRAB_RELAY, { messageId: message.id!, key });
    return undefined;
  }
  const grabbed = uuidOf(actor);
  if (!grabbed || !use.actorUuid || grabbed === use.actorUuid || !actor.statuses?.has("grabbed")) return undefined;
  if (!user.isGM) {
    const problem = await grabProblem(message, use, actor, key, use.targets.find((t) => t.key === key)?.tier ?? null);
    if (problem) return grabRefusal(problem, actor);
  }
  const effect = await abilityEffectOf(use);
  const live = liveGrabs(grabRecords(), stillGrabbed);
  await setGrabRecords(withGrab(live, {
    grabbed, grabber: use.actorUuid, escapeBane: escapeBaneClause(effect), dragDamage: dragDamageClause(effect), message: message.id!, key,
  }));
  return undefined;
}

const grabRefusal = (problem: GrabRecordProblem | "notYours", actor: AnyActor | null): Notice =>
  ({ type: "warn", key: `SE.Grab.NotRecorded.${problem}`, format: { name: actor?.name ?? "" } });

/**
 * Why the grab a card made on `actor` under `key` is not to be recorded (`grabRecordProblem`), from
 * what the GM's client can see: the card's tier (checked against its ability before this is asked),
 * the grabbed status from the card's user on the creature, both tokens on the card's scene, the
 * ability item's target line and both creatures' sizes.
 */
async function grabProblem(
  message: Message, use: AbilityUseData, actor: AnyActor, key: string, tier: Tier | null,
): Promise<GrabRecordProblem | null> {
  const object = isObjectActor(actor);
  const tierGrabs = !!tier && effectsOnTarget({ conditions: use.tiers[tier - 1]?.conditions ?? [] }, { object }).conditions.some((c) => c.id === "grabbed");
  const grabbedByUser = [...actor.effects].some((e) => e.statuses.has("grabbed")
    && (e.flags as Record<string, { sourceUuid?: unknown } | undefined>)[FLAG_SCOPE]?.sourceUuid === use.actorUuid);
  const token = await cardTargetToken(message, key);
  const scene = token?.parent as Scene.Implementation | null | undefined;
  const grid = Number(scene?.grid?.size) || 0;
  const grabberToken = ((scene?.tokens?.contents ?? []) as TokenDocument.Implementation[])
    .find((t) => t !== token && t.actor && uuidOf(t.actor as AnyActor) === use.actorUuid);
  const grabber = await actorOf(use.actorUuid);
  const item = await fromUuid(use.itemUuid).catch(() => null) as Item.Implementation | null;
  const targetText = item?.documentName === "Item" && item.type === "ability" ? abilitySource(item).target : "";
  return grabRecordProblem({
    tierGrabs, grabbedByUser,
    grabber: grabberToken && grid ? tokenSpace(grabberToken, grid) : null,
    grabbed: token && grid ? tokenSpace(token, grid) : null,
    targetText,
    grabberSize: (grabber?.system as { size?: Size } | undefined)?.size ?? null,
    grabbedSize: (actor.system as { size?: Size }).size ?? null,
  });
}

/**
 * The GM's side of a player's request to record the grab her own application made (she applied her
 * card to a creature she owns, on her own client; `GRAB_RELAY`), or to forget it after her undo. The
 * requester is the user Foundry's server names: she must be the card's author and own the creature,
 * as for applying it herself. The card is checked as an application from her would be (the rules'
 * limits, its ability and roll, the approved copy), the tier is the checked card's (a resistance
 * card's, the target's own roll), and the grab as any grab a player asks for (`grabProblem`).
 */
export async function recordPlayerGrab(data: Record<string, unknown>, requester: RelayUser, services: CardServices): Promise<CardOutcome> {
  const message = game.messages?.get(String(data.messageId)) as Message | undefined;
  const use = abilityUseOf(message);
  if (!message || !use) return refuse("SE.AbilityCard.Error.Gone");
  const key = String(data.key);
  const target = use.targets.find((t) => t.key === key);
  if (!target) return refuse("SE.AbilityCard.Error.NoTarget");
  const actor = await targetActor(message, key);
  if (!actor) return refuse("SE.AbilityCard.Error.NoTarget");
  const w = who(requester, message, actor);
  if (data.undo === true) {
    // Forgetting takes nothing from anyone: the author or the grabbed creature's owner may ask.
    if (!w.isAuthor && !w.ownsTarget) return { ok: false, notice: grabRefusal("notYours", actor) };
    await forgetGrab(message.id!, key);
    return { ok: true };
  }
  if (!w.isAuthor || !w.ownsTarget) return { ok: false, notice: grabRefusal("notYours", actor) };
  const beyond = cardLimitRefusal(message, use);
  if (beyond) return { ok: false, notice: beyond };
  if (await cardProblem(message, use)) return refuse("SE.AbilityCard.Error.Tampered", undefined, "error");
  const unapproved = await cardApprovalRefusal(message, use, services, requester.id);
  if (unapproved) return { ok: false, notice: unapproved };
  const tier = use.kind === "resistance" ? trustedResistanceTier(message, use, actor, key) : target.tier ?? null;
  const problem = await grabProblem(message, use, actor, key, tier);
  if (problem) return { ok: false, notice: grabRefusal(problem, actor) };
  const grabbed = uuidOf(actor);
  if (grabbed === use.actorUuid) return { ok: false, notice: grabRefusal("notGrabbed", actor) };
  const effect = await abilityEffectOf(use);
  await setGrabRecords(withGrab(liveGrabs(grabRecords(), stillGrabbed), {
    grabbed, grabber: use.actorUuid, escapeBane: escapeBaneClause(effect), dragDamage: dragDamageClause(effect), message: message.id!, key,
  }));
  return { ok: true };
}

/** Forget the grab an undone application made (GM only; a player's undo of her own creature's grab had none). */
async function forgetGrab(messageId: string, key: string): Promise<void> {
  if (!game.user?.isGM) return;
  const all = grabRecords();
  const rest = withoutCardGrab(all, messageId, key);
  if (rest.length !== all.length) await setGrabRecords(rest);
}

/** The effect text of the card's ability item, read from the item, not the card ("" without one). */
async function abilityEffectOf(use: AbilityUseData): Promise<string> {
  const item = await fromUuid(use.itemUuid).catch(() => null) as Item.Implementation | null;
  if (!item || item.documentName !== "Item" || item.type !== "ability") return "";
  return String(abilitySource(item).effect ?? "");
}

/** The actor an ability card names as its user (the attacker), or null. */
/**
 * The living minions of the attacker's squad when the card's ability deals its damage per minion
 * (src/rules/squads.ts `abilityDealsPerMinion`), else null. Everything is read where a player cannot
 * write it: the squad from the combat's flags (squads-state.ts `squadOfActor`, `squadTurnMates`), the
 * wording from the ability item of the card's actor (checked against the card by `cardProblem`, and its
 * text against its approved copy by the fingerprint), never from the card.
 */
async function perMinionSquadOf(use: AbilityUseData): Promise<number | null> {
  const attacker = await actorOf(use.actorUuid);
  const squad = attacker ? squadOfActor(attacker) : null;
  if (!attacker || !squad) return null;
  const item = await fromUuid(use.itemUuid).catch(() => null) as Item.Implementation | null;
  if (!item || item.documentName !== "Item" || item.type !== "ability" || (item.parent as { uuid?: string } | null)?.uuid !== attacker.uuid) return null;
  if (!abilityDealsPerMinion(abilitySource(item))) return null;
  return squadTurnMates(squad.combat, idOf(squad.combatant)).length;
}

async function actorOf(uuid: string): Promise<AnyActor | null> {
  const doc = await fromUuid(uuid).catch(() => null) as { documentName?: string } | null;
  return doc?.documentName === "Actor" ? doc as AnyActor : null;
}
