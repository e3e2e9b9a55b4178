/**
 * What follows a card or a hit for a hero's heroic resource: focus from an ally's attack on a marked
 * target (L4262) and the maintenance roll of a Persistent ability on taking damage (L2884–2888).
 * Loaded with `import()` by the hooks that need them (./maintenance-hooks.ts, the combat's
 * registration), not before `ready` (issue 31).
 */
import { focusFromAllyAttack, maintenanceOutcome } from "../rules/heroic-resources.ts";
import { resolvePowerRoll } from "../rules/power-roll.ts";
import type { AbilityUseData } from "../data/ability-use.ts";
import type { MaintenanceOutcome } from "../rules/heroic-resources.ts";
import { PowerRoll } from "../dice/power-roll.ts";
import { updateDocument } from "./update.ts";
import { speakerOf, uuidOf } from "./persisted.ts";
import { MAINTENANCE, maintainedAbilities, respondsFor } from "./heroic-resources.ts";
import { marksOf, stopMaintaining } from "./heroic-resource-upkeep.ts";
import type { AnyActor, MaintainedAbility } from "./heroic-resources.ts";

const isFocus = (actor: AnyActor) =>
  (actor.system as { heroicResource?: { name?: string } }).heroicResource?.name?.trim().toLowerCase() === "focus";

/**
 * Focus from an ally's ability card (L4262): every client sees the new card; for each tactician
 * with marks, the client that speaks for her gives her 1 focus when the card's attack got tier 3
 * against a target she marked. The card (another player's) counts only when `trusted` (the GM's card
 * check, `cardProblem`) accepts it. Resolves to the tacticians who gained.
 */
export async function focusFromCard(
  message: { author?: { id?: string | null } | null }, use: AbilityUseData, trusted: () => Promise<boolean>,
): Promise<string[]> {
  const gained: string[] = [];
  if (!Array.isArray(use.targets) || !Array.isArray(use.keywords)) return gained;
  for (const actor of (game.actors ?? []) as Iterable<AnyActor>) {
    if (actor.type !== "hero" || !isFocus(actor) || !respondsFor(actor)) continue;
    const marked = marksOf(actor);
    const amount = focusFromAllyAttack({
      resource: "focus", attack: use.keywords.includes("attack"), rollerIsSelf: use.actorUuid === uuidOf(actor), marked,
      targets: use.targets.map((t) => ({ key: t.key, tier: t.tier })),
    });
    if (!amount) continue;
    // The card is another player's: it counts only when the card check accepts it.
    if (!actor.isOwner || !(await trusted())) continue;
    const resource = (actor.system as { heroicResource: { value: number; name: string } }).heroicResource;
    await updateDocument(actor, { "system.heroicResource.value": resource.value + amount });
    const text = game.i18n!.format("SE.Focus.Gained", { name: actor.name ?? "", amount: String(amount), resource: resource.name, ability: use.name });
    await ChatMessage.implementation.create({ content: `<p>${foundry.utils.escapeHTML(text)}</p>`, speaker: speakerOf({ actor }) });
    gained.push(actor.id ?? "");
  }
  return gained;
}

/**
 * The power roll on taking damage while maintaining (L2884–2888): Power Roll + Reason, posted to
 * chat; tier 1 ends every maintained ability, tier 2 ends one of the hero's choice when she has
 * several, tier 3 keeps them all. Resolves to the outcome, or null when nothing is maintained.
 */
export async function maintenanceRoll(actor: AnyActor): Promise<MaintenanceOutcome | null> {
  const maintained = maintainedAbilities(actor);
  if (!maintained.length) return null;
  const i18n = game.i18n!;
  const reason = Number((actor.system as { characteristics?: { reason?: number } }).characteristics?.reason) || 0;
  const roll = PowerRoll.fromOptions({ characteristic: reason, flavor: i18n.localize("SE.Persistent.RollFlavor") });
  await roll.evaluate();
  // The tier as the rules core reads the faces (a natural 19 or 20 is tier 3, L207).
  const outcome = maintenanceOutcome(resolvePowerRoll({ dice: roll.faces, characteristic: reason }).tier, maintained.length);
  let lost: MaintainedAbility[] = [];
  if (outcome === "lose-all") lost = maintained;
  if (outcome === "lose-one") {
    const id = await MAINTENANCE.choose(actor, maintained);
    lost = maintained.filter((m) => m.id === (id ?? maintained[0]!.id));
  }
  if (lost.length) await stopMaintaining(actor, lost.map((m) => m.id));
  const names = lost.map((m) => m.name).join(", ");
  const text = lost.length ? i18n.format("SE.Persistent.Lost", { name: actor.name ?? "", abilities: names }) : i18n.format("SE.Persistent.Kept", { name: actor.name ?? "" });
  // A message's flavor is HTML: the names players typed are escaped.
  await roll.toMessage({ flavor: foundry.utils.escapeHTML(text), speaker: speakerOf({ actor }) });
  return outcome;
}

