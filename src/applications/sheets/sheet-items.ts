/** An actor's items as the sheet view-models read them. */
import type { SheetItem } from "../view-models/hero-sheet.ts";
import { FLAG_SCOPE } from "../../constants.ts";

export function sheetItems(actor: Actor.Implementation): SheetItem[] {
  return actor.items.map((i) => ({
    id: i.id!,
    type: i.type,
    name: i.name,
    img: i.img ?? "",
    system: i.system as Record<string, unknown>,
    basic: !!(i.flags as Record<string, Record<string, unknown> | undefined>)[FLAG_SCOPE]?.basicAction,
  }));
}
