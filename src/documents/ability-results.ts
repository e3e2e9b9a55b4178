/**
 * Applying an ability card's results: damage and conditions to a target, undo, downgrades and the
 * targets' resistance rolls. A user who may act but cannot update the message or the target (a player
 * applying their roll to a monster) sends the request to the active GM through the
 * `steel-echoes.abilityCard` query; the GM's client checks permission again before doing anything.
 * Every application is recorded on the message, so a second click does nothing and undo restores
 * exactly what was changed.
 */
import { applyDamage, rollModifiers } from "../rules/index.ts";
import { canActLocally, damageModifierMap, downgradeTarget, mayUseCardAction, recordResistance, tierDamageFor } from "./ability-use-data.ts";
import type { AbilityUseData, AppliedRecord, CardAction } from "./ability-use-data.ts";
import { FLAG_SCOPE, creatureState } from "./ability-use.ts";
import { askGM } from "./gm-query.ts";
import type { Tier } from "../rules/index.ts";

export const CARD_QUERY = `${FLAG_SCOPE}.abilityCard`;

type AnyActor = Actor.Implementation;
type Message = ChatMessage.Implementation;

export interface CardRequest {
  messageId: string;
  action: CardAction;
  key: string;
  /** For downgrades: the tier chosen. */
  tier?: number;
}

/** Hooks the card needs from the outside: render the card, and apply/remove conditions. */
export interface CardServices {
  renderCard(use: AbilityUseData): Promise<string>;
  /** Apply the tier's conditions to the actor; resolves to the ids of the Active Effects created. */
  applyConditions(actor: AnyActor, conditions: AbilityUseData["tiers"][number]["conditions"], sourceUuid: string): Promise<string[]>;
  /** Healing: resolves to the Stamina actually regained. */
  heal(actor: AnyActor, amount: number): Promise<number>;
}

function useOf(message: Message | undefined | null): AbilityUseData | null {
  const use = (message?.flags as Record<string, Record<string, unknown> | undefined> | undefined)?.[FLAG_SCOPE]?.abilityUse;
  return use && typeof use === "object" ? (use as AbilityUseData) : null;
}

async function targetActor(use: AbilityUseData, key: string): Promise<AnyActor | null> {
  const token = await fromUuid(key).catch(() => null) as { actor?: AnyActor | null } | null;
  if (token?.actor) return token.actor;
  const target = use.targets.find((t) => t.key === key);
  return target?.actorUuid ? (await fromUuid(target.actorUuid).catch(() => null)) as AnyActor | null : null;
}

function who(user: User.Implementation, message: Message, actor: AnyActor | null) {
  return {
    isGM: !!user.isGM,
    isAuthor: (message as unknown as { author?: { id: string } }).author?.id === user.id,
    ownsTarget: !!actor && actor.testUserPermission(user, "OWNER"),
  };
}

async function save(message: Message, use: AbilityUseData, services: CardServices): Promise<void> {
  await message.update({ content: await services.renderCard(use), [`flags.${FLAG_SCOPE}.abilityUse`]: use } as never);
}

function staminaOf(actor: AnyActor): { stamina: number; temporary: number } {
  const s = (actor.system as unknown as { stamina: { value: number; temporary?: number } }).stamina;
  return { stamina: s.value, temporary: s.temporary ?? 0 };
}

/** Carry out a card action as `user` (the current user, or the requester on the GM's client). */
export async function performCardAction(request: CardRequest, user: User.Implementation, services: CardServices): Promise<boolean> {
  const message = game.messages?.get(request.messageId) as Message | undefined;
  let use = useOf(message);
  if (!message || !use) {
    ui.notifications?.warn("SE.AbilityCard.Error.Gone");
    return false;
  }
  const target = use.targets.find((t) => t.key === request.key);
  if (!target) return false;
  const actor = await targetActor(use, request.key);
  if (!mayUseCardAction(request.action, who(user, message, actor))) {
    ui.notifications?.error("SE.AbilityCard.Error.NotAllowed", { format: { name: target.name } });
    return false;
  }

  switch (request.action) {
    case "downgrade": {
      if (use.applied[request.key]) return false;
      use = downgradeTarget(use, request.key, Number(request.tier) as Tier);
      break;
    }
    case "resist": {
      if (!actor || target.rolledTier !== null) return false;
      const score = (actor.system as unknown as { characteristics: Record<string, number> }).characteristics[use.characteristic] ?? 0;
      const mods = rollModifiers({ kind: "resistance", roller: creatureState(actor.uuid, actor), characteristic: use.characteristic });
      const roll = await new foundry.dice.Roll("2d10").evaluate();
      const results = (roll.dice[0]?.results ?? []) as { result: number }[];
      const dice: [number, number] = [results[0]?.result ?? 1, results[1]?.result ?? 1];
      use = recordResistance(use, request.key, { dice, characteristic: score, edges: mods.edges, banes: mods.banes });
      break;
    }
    case "apply":
    case "heal": {
      if (!actor) {
        ui.notifications?.warn("SE.AbilityCard.Error.NoTarget");
        return false;
      }
      if (use.applied[request.key]) {
        ui.notifications?.info("SE.AbilityCard.Error.AlreadyApplied", { format: { name: target.name } });
        return false;
      }
      const before = staminaOf(actor);
      const damage = tierDamageFor(use, request.key);
      let dealt = 0;
      let effectIds: string[] = [];
      if (request.action === "heal") {
        dealt = damage ? -(await services.heal(actor, damage.amount)) : 0;
      } else {
        if (damage) {
          const s = actor.system as unknown as { immunities?: { key: string; value: number }[]; weaknesses?: { key: string; value: number }[] };
          const result = applyDamage(before, damage, { immunities: damageModifierMap(s.immunities), weaknesses: damageModifierMap(s.weaknesses) });
          dealt = result.dealt;
          await actor.update({ "system.stamina.value": result.stamina, "system.stamina.temporary": result.temporary } as never);
        }
        const conditions = target.tier ? use.tiers[target.tier - 1]!.conditions : [];
        if (conditions.length) effectIds = await services.applyConditions(actor, conditions, use.actorUuid);
      }
      const record: AppliedRecord = { before, dealt, effectIds, userId: user.id ?? "" };
      use = { ...use, applied: { ...use.applied, [request.key]: record } };
      break;
    }
    case "undo": {
      const record = use.applied[request.key];
      if (!record || !actor) {
        ui.notifications?.info("SE.AbilityCard.Error.NotApplied", { format: { name: target.name } });
        return false;
      }
      await actor.update({ "system.stamina.value": record.before.stamina, "system.stamina.temporary": record.before.temporary } as never);
      const existing = record.effectIds.filter((id) => actor.effects.has(id));
      if (existing.length) await actor.deleteEmbeddedDocuments("ActiveEffect", existing);
      const applied = { ...use.applied };
      delete applied[request.key];
      use = { ...use, applied };
      break;
    }
    default:
      return false;
  }
  await save(message, use, services);
  return true;
}

/** Run a card action from a click: locally when the user can, otherwise through the active GM. */
export async function requestCardAction(request: CardRequest, services: CardServices): Promise<boolean> {
  const user = game.user!;
  const message = game.messages?.get(request.messageId) as Message | undefined;
  const use = useOf(message);
  if (!message || !use) return false;
  const actor = await targetActor(use, request.key);
  const w = who(user, message, actor);
  const target = use.targets.find((t) => t.key === request.key);
  if (!mayUseCardAction(request.action, w)) {
    ui.notifications?.error("SE.AbilityCard.Error.NotAllowed", { format: { name: target?.name ?? "" } });
    return false;
  }
  if (canActLocally(request.action, w)) return performCardAction(request, user, services);
  return Boolean(await askGM(CARD_QUERY, { ...request }));
}

/**
 * The GM-side query handler: re-checks permission for the requesting user (named in the data by
 * `askGM`, as a v13 query handler is not told who sent it) and carries the action out.
 */
export function cardQueryHandler(services: CardServices) {
  return async (data: CardRequest & { userId?: string }): Promise<boolean> => {
    if (!game.user?.isGM) return false;
    const user = game.users?.get(String(data?.userId ?? ""));
    if (!user || typeof data?.messageId !== "string" || typeof data?.key !== "string") return false;
    if (!["apply", "heal", "undo", "downgrade", "resist"].includes(data.action)) return false;
    return performCardAction({ messageId: data.messageId, action: data.action, key: data.key, ...(data.tier === undefined ? {} : { tier: data.tier }) }, user as User.Implementation, services);
  };
}
