/** The system's Item document: a hero holds at most one ancestry, culture, career, class and kit. */
import { isSingleOption } from "./token-defaults.ts";
import { grantedItemIds } from "./options.ts";

export class SteelEchoesItem extends Item {
  protected override async _preCreate(...args: Parameters<Item["_preCreate"]>) {
    const allowed = await super._preCreate(...args);
    if (allowed === false) return false;
    const actor = this.parent;
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
    const ids = grantedItemIds(actor.items as never, this.id).filter((id) => actor.items.has(id));
    if (ids.length) void actor.deleteEmbeddedDocuments("Item", ids);
  }
}

declare module "@league-of-foundry-developers/foundry-vtt-types/configuration" {
  interface DocumentClassConfig {
    Item: typeof SteelEchoesItem;
  }
}
