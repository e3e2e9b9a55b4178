/** Foundry-backed services for applying character options (confirmation dialog, UUID loading). */
import type { OptionServices } from "../../documents/options.ts";

export const foundryOptionServices: OptionServices = {
  async confirm(title, content) {
    const p = document.createElement("p");
    p.textContent = content;
    const result = await foundry.applications.api.DialogV2.confirm({ window: { title }, content: p.outerHTML });
    return result === true;
  },
  async load(uuids) {
    const docs = await Promise.all(uuids.map((uuid) => fromUuid(uuid).catch(() => null)));
    return docs.filter((d): d is NonNullable<typeof d> => !!d).map((d) => d.toObject() as object);
  },
  localize(key, data) {
    return data ? game.i18n!.format(key, data) : game.i18n!.localize(key);
  },
};
