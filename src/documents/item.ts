/**
 * The system's Item document: a hero holds at most one ancestry, culture, career, class and kit; a
 * condition item dropped on an actor applies its status instead of being added.
 */
import { isSingleOption } from "./token-defaults.ts";
import { grantedItemIds } from "./options.ts";
import { applyCondition } from "./conditions.ts";
import type { ActorLike } from "./conditions.ts";
import { creatableTypes } from "../settings/games.ts";

export class SteelEchoesItem extends Item {
  /** Foundry's create dialog offering only the types of the games the world plays (as SteelEchoesActor's). */
  static override async createDialog(...args: Parameters<typeof Item.createDialog>) {
    const [data, createOptions, options] = args;
    const types = options?.types ? null : creatableTypes("Item", Object.keys(CONFIG.Item.dataModels));
    // Type escape: the League types `types` as `never` here (its _PossibleSubtypesContext is inverted), though v13 takes a list.
    return super.createDialog(data, createOptions, types ? { ...options, types: types as never } : options);
  }

  protected override async _preCreate(...args: Parameters<Item["_preCreate"]>) {
    const allowed = await super._preCreate(...args);
    if (allowed === false) return false;
    const actor = this.parent;
    // A condition from the conditions pack dropped on an actor is that status, not an item.
    if (actor && this.type === "condition") {
      const statusId = String(this.system.statusId ?? "");
      await applyConditionItem(actor, statusId, this.name);
      return false;
    }
    if (actor?.type === "hero" && isSingleOption(this.type) && actor.items.some((i) => i.type === this.type)) {
      ui.notifications?.error("SE.Error.SecondOption", {
        format: { type: game.i18n?.localize(`TYPES.Item.${this.type}`) ?? this.type },
      });
      return false;
    }
    return allowed;
  }

  /** An option deleted any way (sheet, sidebar, macro) takes the items it granted with it. */
  protected override _onDelete(...args: Parameters<Item["_onDelete"]>) {
    super._onDelete(...args);
    const [, userId] = args;
    const actor = this.parent;
    if (!actor || actor.type !== "hero" || !isSingleOption(this.type) || !this.id || game.user?.id !== userId) return;
    const ids = grantedItemIds(actor.items, this.id).filter((id) => actor.items.has(id));
    if (ids.length) void actor.deleteEmbeddedDocuments("Item", ids);
  }
}

declare module "@league-of-foundry-developers/foundry-vtt-types/configuration" {
  interface DocumentClassConfig {
    Item: typeof SteelEchoesItem;
  }
  // The v14 declarations type collections' documents (actor.items, game.items) by this one.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- merged declarations must repeat the parameter
  interface ConfiguredItem<SubType extends Item.SubType> {
    document: SteelEchoesItem;
  }
}

/** Apply a condition item's status to an actor (owners and the GM only: applyCondition checks), and say so. */
export async function applyConditionItem(actor: ActorLike, statusId: string, name: string): Promise<boolean> {
  const applied = await applyCondition(actor, { id: statusId });
  if (applied) ui.notifications?.info("SE.Conditions.Dropped", { localize: true, format: { condition: name, name: actor.name } });
  return !!applied;
}
