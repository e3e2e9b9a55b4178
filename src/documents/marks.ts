/**
 * The tactician's marks as the GM keeps them (seed 004, L4277): in the active Combat's flags
 * (`flags.steel-echoes.markRecords`), which only a GM writes (v13 common/documents/combat.mjs
 * `BaseCombat.#canUpdate`: a player may update only the turn fields, never its flags). The GM's client
 * records a Mark card's targets when the card is posted and passes the card check (`cardProblem`), and
 * clears a tactician's marks at the start of her turn (`SteelEchoesCombat#startOfTurn`). What the
 * marks give an attacker (an edge; extra damage equal to the tactician's Reason) is read from there:
 * the edge in the attacker's roll dialog, the extra damage by the client that applies the card (the
 * GM's, for a creature the attacker does not own). The hero's own `flags.steel-echoes.marks` stay for
 * her focus (src/documents/heroic-resources.ts), which gives only to her.
 */
import { FLAG_SCOPE } from "../constants.ts";
import { isMarkRecord, markBenefit, withMarks, withoutMarks } from "../rules/marks.ts";
import type { MarkBenefit, MarkRecord } from "../rules/marks.ts";
import { updateDocument } from "./update.ts";
import { uuidOf } from "./persisted.ts";
import { actorAt } from "./grabs.ts";

type AnyActor = Actor.Implementation;
type AnyCombat = Combat.Implementation;
const PATH = `flags.${FLAG_SCOPE}.markRecords`;

/** The mark records in a combat's flags (well-formed ones only). */
export function combatMarks(combat: AnyCombat | null | undefined): MarkRecord[] {
  const stored = (combat?.flags as Record<string, Record<string, unknown> | undefined> | undefined)?.[FLAG_SCOPE]?.markRecords;
  return Array.isArray(stored) ? stored.filter(isMarkRecord) : [];
}

/** Whether the ability card is a use of Mark: the name the class feature gives it (as the focus reads it). */
export function isMarkUse(use: { name?: unknown }): boolean {
  return /^mark$/i.test(String(use.name ?? "").trim());
}

const activeGM = () => !!game.user?.isGM && game.users?.activeGM?.id === game.user.id;

/**
 * A Mark card was posted: on the active GM's client, during a started combat, a hero's Mark that
 * passes the card check (`trusted`) marks its targets for her. Resolves to whether it recorded.
 */
export async function recordMarkCard(
  use: { name?: unknown; actorUuid?: unknown; targets?: readonly { key?: unknown }[] }, trusted: () => Promise<boolean>,
): Promise<boolean> {
  const combat = game.combat as AnyCombat | null;
  if (!activeGM() || !combat?.started || !isMarkUse(use) || typeof use.actorUuid !== "string") return false;
  const keys = (use.targets ?? []).map((t) => t.key).filter((k): k is string => typeof k === "string" && !!k);
  if (!keys.length) return false;
  const actor = actorAt(use.actorUuid);
  if (actor?.type !== "hero" || !(await trusted())) return false;
  await updateDocument(combat, { [PATH]: withMarks(combatMarks(combat), use.actorUuid, keys) });
  return true;
}

/** The start of a tactician's turn (GM): her marks end (L4277). */
export async function clearCombatMarks(combat: AnyCombat, actor: AnyActor): Promise<void> {
  const marks = combatMarks(combat);
  const rest = withoutMarks(marks, uuidOf(actor));
  if (rest.length !== marks.length) await updateDocument(combat, { [PATH]: rest });
}

/** The disposition of an actor's creature on the canvas: its token's, else its prototype's (heroes are friendly). */
function sideOf(actor: AnyActor): number {
  const token = actor.token ?? actor.getActiveTokens?.()[0]?.document ?? null;
  const disposition = Number((token ?? actor.prototypeToken)?.disposition);
  return Number.isInteger(disposition) ? disposition : actor.type === "hero" ? 1 : -1;
}

/**
 * What the GM's marks give `attacker`'s attack against the target `key` (L4277): an edge and the
 * marking tactician's Reason as extra damage, for each tactician who is the attacker or on her side.
 */
export function markBenefitFor(attacker: AnyActor | null | undefined, key: string, attack: boolean): MarkBenefit {
  const none: MarkBenefit = { edges: 0, extraDamage: 0, tacticians: [] };
  if (!attacker || !attack) return none;
  const records = combatMarks(game.combat as AnyCombat | null);
  if (!records.length) return none;
  const me = uuidOf(attacker);
  return markBenefit(records, {
    attack, target: key,
    sameSide: (tactician) => {
      if (tactician === me) return true;
      const t = actorAt(tactician);
      return !!t && sideOf(t) === sideOf(attacker);
    },
    reasonOf: (tactician) => {
      const system = actorAt(tactician)?.system as { characteristics?: { reason?: number } } | undefined;
      return Number(system?.characteristics?.reason) || 0;
    },
  });
}
