/**
 * The Compendium sidebar shows only the packs of the games the world plays (src/settings/games.ts):
 * on `renderCompendiumDirectory`, the entries of the system's packs whose game is off are left out.
 * A pack's entry is found by its collection id (`steel-echoes.<name>`) in `data-pack` or
 * `data-entry-id`, the attributes v13's compendium directory puts on each entry (read from the
 * League's v13 types; the markup itself could not be checked against v13's templates here). The
 * packs stay in the world: `game.packs` and links to their documents still work.
 */
import { SYSTEM_ID } from "../../constants.ts";
import { packsOfGamesOff } from "../../settings/games.ts";

export function hidePacksOfGamesOff(_app: unknown, html: HTMLElement): void {
  for (const name of packsOfGamesOff()) {
    const id = `${SYSTEM_ID}.${name}`;
    for (const entry of html.querySelectorAll(`[data-pack="${id}"], [data-entry-id="${id}"]`)) entry.remove();
  }
}
