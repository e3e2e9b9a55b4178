/** The system's Item document: a hero holds at most one ancestry, culture, career, class and kit. */
import { isSingleOption } from "./token-defaults.ts";

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
}

declare module "fvtt-types/configuration" {
  interface DocumentClassConfig {
    Item: typeof SteelEchoesItem;
  }
}
