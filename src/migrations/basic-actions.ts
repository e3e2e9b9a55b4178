/**
 * Before 0.2.0 a hero's basic actions (src/data/basic-actions.ts) carried short paraphrases of the
 * seed (L6989–7134) and no seed line. A copy whose effect is still the old paraphrase word for word
 * gets the seed's text; one its owner edited keeps its text. The printed distance ("Reach 1") and
 * the seed line are filled in where missing. Grab's tier 3 gets the grabbed condition its words
 * state (L7030) when the copy still has those words and no condition. Pure.
 */
import { FLAG_SCOPE } from "../constants.ts";
import { GRAB_TIER3_CONDITIONS, basicActionSources } from "../data/basic-actions.ts";

/** The effects the basic actions had before 0.2.0, by name. */
export const BASIC_ACTION_PARAPHRASES: Readonly<Record<string, string>> = {
  "Catch Breath":
    "<p>Spend a Recovery to regain Stamina equal to your recovery value, and gain the benefit "
    + "of Defend. Not while dying.</p>",
  "Charge":
    "<p>Move up to your speed in a straight line, then make a melee free strike against a "
    + "creature at the end of the move. You can't shift.</p>",
  "Defend": "<p>Attacks against you have a double bane until the end of your next turn, unless a creature is taunted by you.</p>",
  "Heal": "<p>The creature can spend a Recovery to regain Stamina, or make a resistance roll against a \"(resistance ends)\" effect.</p>",
  "Aid Attack": "<p>The next attack an ally makes against that enemy before the start of your next turn has an edge.</p>",
  "Escape Grab": "<p>You take a bane on the roll if the creature's size is larger than yours.</p>",
  "Hide": "<p>Try to hide from creatures not observing you while you have cover or concealment.</p>",
  "Search for Hidden Creatures": "<p>Try to find creatures hidden from you.</p>",
  "Stand Up": "<p>Stand up if you are prone, or help an adjacent prone creature stand up.</p>",
};

type Source = {
  name?: unknown;
  type?: unknown;
  system?: { effect?: unknown; distance?: { text?: unknown } };
  flags?: Record<string, { basicAction?: unknown; seedLine?: unknown } | undefined>;
};

/** The update that brings a basic action copy to the seed's words, or null. */
export function migrateBasicActionText(source: Record<string, unknown>): Record<string, unknown> | null {
  const s = source as Source;
  if (s.type !== "ability" || s.flags?.[FLAG_SCOPE]?.basicAction !== true) return null;
  const current = basicActionSources().find((a) => a.name === s.name);
  if (!current) return null;
  const changes: Record<string, unknown> = {};
  if (s.system?.effect === BASIC_ACTION_PARAPHRASES[current.name]) changes["system.effect"] = current.system.effect;
  if (!s.system?.distance?.text && current.system.distance.text) changes["system.distance.text"] = current.system.distance.text;
  if (s.flags?.[FLAG_SCOPE]?.seedLine === undefined) changes[`flags.${FLAG_SCOPE}.seedLine`] = current.flags[FLAG_SCOPE].seedLine;
  // Grab's tier 3 grabs the target (L7030): a copy with the seed's words and no condition gets it.
  const tiers = (s.system as { tiers?: unknown } | undefined)?.tiers;
  if (current.name === "Grab" && Array.isArray(tiers) && tiers.length === 3) {
    const third = tiers[2] as { text?: unknown; conditions?: unknown } | null;
    if (third && third.text === "The target is grabbed by you." && Array.isArray(third.conditions) && third.conditions.length === 0) {
      changes["system.tiers"] = tiers.map((t, i) => (i === 2 ? { ...(t as object), conditions: GRAB_TIER3_CONDITIONS.map((c) => ({ ...c })) } : t));
    }
  }
  return Object.keys(changes).length ? changes : null;
}
