/**
 * The token status effects: the seed's nine conditions and the tracked states (src/rules/conditions.ts),
 * each with a stable 16-character `_id`, a Foundry core icon, a localised name and a link to its
 * page in the rules journal (the `rules` pack's "Conditions" entry). The ids are
 * `deterministicId("status-effects", id)` and the rules page ids `deterministicId("rules",
 * "page-<id>")` (tools/extract.mjs); test/documents/conditions.test.ts recomputes them.
 */
import { CONDITION_IDS, STATE_IDS } from "../rules/conditions.ts";
import type { ConditionId, StateId } from "../rules/conditions.ts";
import { packId } from "../constants.ts";

export type StatusId = ConditionId | StateId;

/** `deterministicId("rules", "conditions")`: the Conditions journal entry of the rules pack. */
export const CONDITIONS_JOURNAL_ID = "rgzbzy0kLRjbeC2z";

interface StatusRow {
  _id: string;
  pageId: string;
  img: string;
}

export const STATUS_ROWS: Record<StatusId, StatusRow> = {
  bleeding: { _id: "nTBl58s1nWFGhTar", pageId: "8KDmLL5GFB68LsWH", img: "icons/svg/blood.svg" },
  dazed: { _id: "J49Q4WfivwAw8MEE", pageId: "2EbgLPYAavql5Q8s", img: "icons/svg/daze.svg" },
  frightened: { _id: "rz2xwkTs2KfWizbO", pageId: "CDG30hcLpN01rPt6", img: "icons/svg/terror.svg" },
  grabbed: { _id: "WXHHKy15IZbQ8zE8", pageId: "HFcnXLyk18RS53Ge", img: "icons/svg/net.svg" },
  prone: { _id: "Mi1WTAETWCEP3zeI", pageId: "TOe0qVGhHvdrCeGZ", img: "icons/svg/falling.svg" },
  restrained: { _id: "48R1mPBZrFB1Yudt", pageId: "lAjJBTlLWGt1GC61", img: "icons/svg/paralysis.svg" },
  slowed: { _id: "hjOHRKn15Bep9yEm", pageId: "3OaVoE1rwG3sP5VI", img: "icons/svg/frozen.svg" },
  taunted: { _id: "X5mGel29VGtL7INB", pageId: "VwwiZk6gUXMHsKrJ", img: "icons/svg/target.svg" },
  weakened: { _id: "gpJeKy2YZd00qxJp", pageId: "QHaVHn9uvbvu0ZGk", img: "icons/svg/downgrade.svg" },
  surprised: { _id: "fHTr02yQWJbNbpqG", pageId: "V7hdrVEfxhurXVHe", img: "icons/svg/lightning.svg" },
  unconscious: { _id: "flZcpWxYFHShCEWC", pageId: "34g9A76zBlboUeP8", img: "icons/svg/unconscious.svg" },
  hidden: { _id: "pqKkpUWHpS7UQ6EH", pageId: "ZeB4BOgw8y5nRi20", img: "icons/svg/invisible.svg" },
  winded: { _id: "U93VOjzWRV26RFQM", pageId: "Dq47SkYkvRSM7poE", img: "icons/svg/sleep.svg" },
  dying: { _id: "hw0nDd29yp2gsEpN", pageId: "TOWql6EAeBthyV47", img: "icons/svg/degen.svg" },
  dead: { _id: "bxGORQZuUFTvtMmP", pageId: "jEKUp4L6XqKV3Ull", img: "icons/svg/skull.svg" },
  defending: { _id: "O355pRt7rWnpDVs2", pageId: "bCBlke1YkRYm61Ej", img: "icons/svg/mage-shield.svg" },
};

/** Automatic states hidden from the token HUD (the GM can still mark a creature dead there). */
const HUD_HIDDEN: readonly StatusId[] = ["winded", "dying"];

export function isStatusId(id: string): id is StatusId {
  return Object.hasOwn(STATUS_ROWS, id);
}

/** The UUID of a status's rules page. */
export function rulesPageUuid(id: StatusId): string {
  return `Compendium.${packId("rules")}.JournalEntry.${CONDITIONS_JOURNAL_ID}.JournalEntryPage.${STATUS_ROWS[id].pageId}`;
}

export interface StatusEffectEntry {
  id: StatusId;
  _id: string;
  name: string;
  img: string;
  /** The rules page, shown by Foundry where it shows a status's reference. */
  reference: string;
  description: string;
  /** v13: false hides it from the Token HUD; `actorTypes` offers it there on those actor types only. */
  hud?: boolean | { actorTypes: Actor.SubType[] };
}

/** The `CONFIG.statusEffects` list, conditions first, then states. */
export function statusEffectEntries(): StatusEffectEntry[] {
  return [...CONDITION_IDS, ...STATE_IDS].map((id) => ({
    id,
    _id: STATUS_ROWS[id]._id,
    name: `SE.Condition.${id}`,
    img: STATUS_ROWS[id].img,
    reference: rulesPageUuid(id),
    description: `<p>@UUID[${rulesPageUuid(id)}]</p>`,
    // Offered in the HUD on Draw Steel's creatures only (Echoes actors have their own statuses).
    hud: HUD_HIDDEN.includes(id) ? false : { actorTypes: ["hero", "monster"] },
  }));
}
