/**
 * What the rules read of a creature from its documents: its statuses and their sources, size, Four
 * Arms, kit and token. Used by the ability flow (./ability-use.ts), the cards' actions, the sheets'
 * rolls and the canvas' free strikes and areas; apart from the flow, so that code which only reads a
 * creature does not load the whole ability flow with it (issue 31: `useAbility` loads when a card's
 * UI does).
 */
import { escapeBaneFrom } from "../rules/grabs.ts";
import { SIZE_LETTERS } from "../rules/catalogue.ts";
import { combinedKitBonuses } from "../rules/hero.ts";
import { FOUR_ARMS_LINE } from "../rules/grab-limits.ts";
import type { CreatureState } from "../rules/ability-use.ts";
import type { Size, SizeLetter } from "../rules/catalogue.ts";
import type { KitBonuses } from "../rules/hero.ts";
import { FLAG_SCOPE } from "../constants.ts";
import { systemFlags } from "./system-flags.ts";
import { canSwim, isUnderwater } from "./environment-statuses.ts";
import { uuidOf } from "./persisted.ts";
import { currentGrabs } from "./grabs.ts";
import { captainEdgeFor } from "./squads-state.ts";

type AnyActor = Actor.Implementation;
type AnyToken = Token.Implementation;

/** Statuses and their sources (by actor UUID), read from the actor's Active Effects. */
export function creatureState(key: string, actor: AnyActor | null): CreatureState {
  const statuses = actor ? [...actor.statuses] : [];
  const sourceOf = (id: string): string | undefined => {
    for (const effect of actor?.effects ?? []) {
      if (effect.statuses.has(id)) {
        const source = (effect.flags as Record<string, Record<string, unknown> | undefined>)[FLAG_SCOPE]?.sourceUuid;
        if (typeof source === "string" && source) return source;
      }
    }
    return undefined;
  };
  const state: CreatureState = { key, statuses };
  const frightenedBy = sourceOf("frightened");
  const grabbedBy = sourceOf("grabbed");
  const tauntedBy = sourceOf("taunted");
  if (frightenedBy) state.frightenedBy = frightenedBy;
  if (grabbedBy) state.grabbedBy = grabbedBy;
  if (tauntedBy) state.tauntedBy = tauntedBy;
  if (isUnderwater(actor)) Object.assign(state, { underwater: true, canSwim: canSwim(actor) });
  // A squad's minion while its captain lives (src/documents/squads.ts: read from the combat's flags).
  if (captainEdgeFor(actor)) state.captainEdge = true;
  const size = sizeOf(actor);
  if (size) state.size = size;
  if (statuses.includes("grabbed")) {
    const grabbers = grabberSizes(actor);
    if (grabbers.length) state.grabberSizes = grabbers;
    // A grab made with Impaling Strike (L3469) is in the GM's record of grabs (src/settings/grabs.ts),
    // written when the card applied it: its owners cannot take the bane off by editing their effect.
    const uuid = actor ? uuidOf(actor) : "";
    if (uuid && escapeBaneFrom(currentGrabs(), uuid)) state.grabEscapeBane = true;
  }
  return state;
}

/** Whether the creature has the time raider's Four Arms (L1987): a feature item recording the trait's line (L1985). */
export function hasFourArms(actor: AnyActor | null | undefined): boolean {
  return [...(actor?.items ?? [])].some((i) => i.type === "feature" && Number(systemFlags(i).seedLine) === FOUR_ARMS_LINE);
}

/**
 * A creature's size (L6714–6716) from its actor: a monster's stat block, a hero's from her ancestry
 * (prepared data). Null when it is not a size the rules know.
 */
export function sizeOf(actor: AnyActor | null | undefined): Size | null {
  const size = (actor?.system as { size?: { value?: unknown; letter?: unknown } } | undefined)?.size;
  const value = Number(size?.value);
  if (!Number.isInteger(value) || value < 1) return null;
  const letter = typeof size?.letter === "string" && (SIZE_LETTERS as readonly string[]).includes(size.letter) ? size.letter as SizeLetter : "";
  return { value, letter };
}

/**
 * The sizes of the creatures grabbing this one, from the sources its grabbed effects name (Escape
 * Grab's bane, L7005). The effects are the grabbed creature's, written by its owners, so what this
 * finds decides only that creature's own roll.
 */
function grabberSizes(actor: AnyActor | null): Size[] {
  const sizes: Size[] = [];
  for (const effect of actor?.effects ?? []) {
    if (!effect.statuses.has("grabbed")) continue;
    const source = (effect.flags as Record<string, Record<string, unknown> | undefined>)[FLAG_SCOPE]?.sourceUuid;
    // A UUID longer than any document's is nobody's (src/documents/card-targets.ts reads keys alike).
    if (typeof source !== "string" || !source || source.length > 200) continue;
    let grabber: unknown;
    try {
      // v13 `fromUuidSync` (client/utils/helpers.mjs): a world actor, or an unlinked token's own
      // actor through the token's embedded "Actor" (`_resolveEmbedded`).
      grabber = fromUuidSync(source);
    } catch {
      grabber = null;
    }
    const size = (grabber as { documentName?: string } | null)?.documentName === "Actor" ? sizeOf(grabber as AnyActor) : null;
    if (size) sizes.push(size);
  }
  return sizes;
}

/** The token that stands for the actor: the sheet's token, a controlled one, or the first active one. */
export function rollerToken(actor: AnyActor): AnyToken | null {
  return actor.token?.object ?? actor.getActiveTokens()[0] ?? null;
}

/** The actor's kit bonuses, or null without a kit. */
export function kitOf(actor: AnyActor): KitBonuses | null {
  // Every kit counts, in any order: a tactician's Field Arsenal gives two (L4386–4401), and their
  // bonuses combine as the hero's data model combines them (`combinedKitBonuses`, src/data/hero.ts).
  // The kit model stores three numbers per damage row (its tierNumbers field validates that).
  const kits = actor.items.filter((i) => i.type === "kit").flatMap((kit) => {
    const bonuses = kit.type === "kit" ? kit.system.bonuses as KitBonuses | undefined : undefined;
    return bonuses ? [bonuses] : [];
  });
  return kits.length ? combinedKitBonuses(kits) : null;
}
