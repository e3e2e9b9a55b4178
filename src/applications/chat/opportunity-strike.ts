/**
 * What the opportunity attack card's button does (src/applications/chat/opportunity-card.ts wires it
 * and loads this module with `import()` on the first click): the user who answers for the enemy
 * targets the mover and opens the enemy's melee free strike (L7103).
 */
import { systemFlags } from "../../documents/system-flags.ts";
import { useFreeStrike } from "./ability-card.ts";
import { barredText, opportunityVerdictOf } from "../../canvas/opportunity-attacks.ts";

type AnyActor = Actor.Implementation;
type TokenDoc = TokenDocument.Implementation;

/** The button on an opportunity attack card: target the mover and open the melee free strike. */
export async function strikeOfOpportunity(message: ChatMessage.Implementation): Promise<ChatMessage.Implementation | null> {
  const record = systemFlags(message).opportunity as { attacker?: unknown; target?: unknown } | undefined;
  const attacker = (await fromUuid(String(record?.attacker ?? "")).catch(() => null)) as TokenDoc | null;
  const target = (await fromUuid(String(record?.target ?? "")).catch(() => null)) as TokenDoc | null;
  const actor = attacker?.actor as AnyActor | null | undefined;
  if (!attacker || !target || !actor) {
    ui.notifications?.warn("SE.Opportunity.Gone", { localize: true });
    return null;
  }
  if (!actor.isOwner) return null;
  // Conditions may have changed since the prompt: with a bane or double bane now, no strike (L7105).
  const verdict = opportunityVerdictOf(actor, target.actor as AnyActor | null);
  if (!verdict.allowed) {
    ui.notifications?.warn(barredText(verdict, { attacker: attacker.name ?? actor.name, target: target.name ?? "" }));
    return null;
  }
  // v13 Token#setTarget is the placeable's (TokenDocument#object); targeting it alone.
  const placeable = (target.object ?? target) as { setTarget?: (t: boolean, o: { releaseOthers: boolean }) => void };
  placeable.setTarget?.(true, { releaseOthers: true });
  // The opportunity attack is a free triggered action (L7103): no triggered action of the round is spent.
  return (await useFreeStrike(actor, "melee", false, "freeTriggered")) as ChatMessage.Implementation | null;
}
