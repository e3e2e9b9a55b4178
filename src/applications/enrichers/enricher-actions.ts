/**
 * What clicking an enricher does (issue 33), in its own chunk: loaded on the first click
 * (lazy-enrichers.ts). Each action is its chat command's: the element's arguments are parsed again
 * here by the same parsers (src/parser/enrichers.ts), and the result goes where `/pr`, `/rt`,
 * `/damage` and `/heal` send theirs, with this user's permissions and no others:
 * - a power roll and a test request post a card, as the user (post-rolls.ts, test-request.ts);
 * - damage, healing and a condition change the creatures the user has selected, else targeted, else
 *   her character, and only those she owns (src/documents/direct-damage.ts, healing.ts
 *   `regainStamina`, item.ts `applyConditionItem`). Nothing goes to the GM: hurting, healing or
 *   hindering another's creature is an ability card's work, checked GM-side (the relay's `abilityCard`).
 */
import { parseConditionEnricher, parseInlineEnricher, parsePowerRollBlock } from "../../parser/enrichers.ts";
import type { EnricherAction, EnricherRoll } from "../../parser/enrichers.ts";
import type { CommandResult, DamageCommand, HealCommand } from "../../parser/command-checks.ts";
import { CHARACTERISTICS } from "../../rules/catalogue.ts";
import { takeDirectDamage } from "../../documents/direct-damage.ts";
import { regainStamina } from "../../documents/healing.ts";
import type { HealableActor } from "../../documents/healing.ts";
import { applyConditionItem } from "../../documents/item.ts";
import type { ActorLike } from "../../documents/conditions.ts";
import { speakerOf } from "../../documents/persisted.ts";
import { notifyError, postPowerRoll } from "../chat/post-rolls.ts";
import { postTestRequest } from "../chat/test-request.ts";
import { foundryI18n } from "../foundry-i18n.ts";
import { actionText } from "../view-models/enricher.ts";

type AnyActor = Actor.Implementation;

/**
 * The creatures a click or `/damage` and `/heal` act on: the tokens the user controls, else the ones
 * she targets, else her character (as `/fall` takes the controlled tokens, else the character).
 */
export function subjects(): AnyActor[] {
  const controlled = (typeof canvas !== "undefined" && canvas?.tokens?.controlled) || [];
  let actors = controlled.map((t) => t.actor);
  if (!actors.length) actors = [...(game.user?.targets ?? [])].map((t) => t.actor);
  const character = game.user?.character as AnyActor | null | undefined;
  const found = actors.filter((a): a is AnyActor => !!a);
  return found.length ? [...new Set(found)] : character ? [character] : [];
}

function noOne(): [] {
  ui.notifications?.warn("SE.Enricher.NoOne", { localize: true });
  return [];
}

/** `/damage` and `[[/damage]]`: each creature this user owns takes it; resolves to what each took. */
export async function damageSubjects(damage: DamageCommand): Promise<{ name: string; dealt: number }[]> {
  const actors = subjects();
  if (!actors.length) return noOne();
  const out = [];
  for (const actor of actors) {
    const r = await takeDirectDamage(actor, damage);
    if (r.ok) out.push({ name: actor.name ?? "", dealt: r.dealt });
  }
  return out;
}

/** `/heal` and `[[/heal]]`: each creature this user owns regains the Stamina (L7190; not while bleeding, L6662). */
export async function healSubjects(heal: HealCommand): Promise<{ name: string; gained: number }[]> {
  const actors = subjects();
  if (!actors.length) return noOne();
  const out = [];
  // An Actor of this system has every member HealableActor names.
  for (const actor of actors) {
    // Type escape: the League's document unions do not narrow by documentName; the healing code reads a structural actor.
    const r = await regainStamina(actor as unknown as HealableActor, heal.amount);
    if (r.ok) out.push({ name: actor.name ?? "", gained: r.gained });
  }
  return out;
}

/** `@Condition[prone]`: the condition on each creature this user owns (a player's write to another's is refused). */
export async function conditionOnSubjects(id: string, name: string): Promise<string[]> {
  const actors = subjects();
  if (!actors.length) return noOne();
  const out = [];
  for (const actor of actors) {
    if (!actor.isOwner) {
      ui.notifications?.warn("SE.Damage.Refusal.notOwner", { localize: true, format: { name: actor.name ?? "" } });
      continue;
    }
    // Type escape: a Foundry Actor has every member ActorLike names (condition-drop.ts does the same).
    if (await applyConditionItem(actor as unknown as ActorLike, id, name)) out.push(actor.name ?? "");
  }
  return out;
}

/** The actor whose score a named characteristic reads: the sheet the enricher is in, else the speaker. */
function rollerOf(sheetActor: AnyActor | null): AnyActor | null {
  if (sheetActor?.isOwner) return sheetActor;
  return ChatMessage.getSpeakerActor(ChatMessage.getSpeaker()) as AnyActor | null;
}

async function postEnricherRoll(roll: EnricherRoll, sheetActor: AnyActor | null, tierTexts?: string[]) {
  let characteristic: number;
  let speaker;
  if (typeof roll.characteristic === "number") characteristic = roll.characteristic;
  else {
    const actor = rollerOf(sheetActor);
    const scores = (actor?.system as { characteristics?: Record<string, unknown> } | undefined)?.characteristics;
    if (!actor || !scores || !CHARACTERISTICS.includes(roll.characteristic)) {
      ui.notifications?.warn("SE.Enricher.NoRoller", { localize: true });
      return null;
    }
    characteristic = Number(scores[roll.characteristic]) || 0;
    speaker = speakerOf({ actor });
  }
  const options = { characteristic, edges: roll.edges, banes: roll.banes, bonuses: roll.bonuses, ...(tierTexts ? { tierTexts } : {}) };
  return postPowerRoll(options, speaker ? { speaker } : {});
}

/** Carry out a parsed enricher as this user. */
export async function runEnricherAction(action: EnricherAction, sheetActor: AnyActor | null = null): Promise<unknown> {
  switch (action.kind) {
    case "powerRoll": return postEnricherRoll(action.roll, sheetActor);
    case "powerRollBlock": return postEnricherRoll(action.roll, sheetActor, action.tiers);
    case "test": return postTestRequest(action.request);
    case "damage": return damageSubjects(action.damage);
    case "heal": return healSubjects(action.heal);
    case "condition": return conditionOnSubjects(action.id, actionText(action, foundryI18n));
  }
}

/** Parse an element's recorded enricher again: `kind` (a `[[/word]]`, `condition` or `block`), its arguments. */
export function parseRecorded(kind: string, args: string, tiers: string | undefined): CommandResult<EnricherAction> {
  if (kind === "condition") return parseConditionEnricher(args);
  if (kind === "block") return parsePowerRollBlock(args, tiers ?? "");
  return parseInlineEnricher(kind, args);
}

/** The actor of the sheet an element is in (v13 `foundry.applications.instances`, keyed by the window's id). */
function sheetActorOf(el: HTMLElement): AnyActor | null {
  const id = el.closest?.(".application")?.id;
  type Sheet = { document?: { documentName?: string; parent?: unknown } } | undefined;
  const doc = id ? (foundry.applications.instances.get(id) as Sheet)?.document : undefined;
  // Type escape: the League's document unions do not narrow by documentName; the healing code reads a structural actor.
  if (doc?.documentName === "Actor") return doc as unknown as AnyActor;
  if (doc?.documentName === "Item" && (doc.parent as { documentName?: string } | null)?.documentName === "Actor") return doc.parent as AnyActor;
  return null;
}

/** A click on an element this client's enrichers built (lazy-enrichers.ts checked its key). */
export async function runEnricherElement(el: HTMLElement): Promise<unknown> {
  const { seEnricher = "", seArgs = "", seTiers } = el.dataset;
  const parsed = parseRecorded(seEnricher, seArgs, seTiers);
  if (!parsed.ok) {
    notifyError(parsed.error);
    return null;
  }
  return runEnricherAction(parsed.value, sheetActorOf(el));
}
