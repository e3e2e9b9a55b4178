/** An actor's items as the sheet view-models read them. */
import type { SheetItem } from "../view-models/hero-sheet.ts";
import { FLAG_SCOPE } from "../../constants.ts";

export function sheetItems(actor: Actor.Implementation): SheetItem[] {
  return actor.items.map((i) => ({
    id: i.id!,
    type: i.type,
    name: i.name,
    img: i.img ?? "",
    system: fieldsOf(i.system),
    basic: !!(i.flags as Record<string, Record<string, unknown> | undefined>)[FLAG_SCOPE]?.basicAction,
  }));
}

/**
 * An item's data model read by field name, as the view-models do. The v14 declarations type
 * `item.system` as a union of our models, none with an index signature, so a direct assertion to a
 * record is refused there; through `object` it is the same assertion v13's declarations accepted.
 */
function fieldsOf(system: object): Record<string, unknown> {
  return system as Record<string, unknown>;
}
