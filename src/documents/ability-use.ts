/**
 * Using an ability in play: gather the user's targets, open the roll dialog (or take the defaults on
 * shift-click), check and spend the cost, roll 2d10 once for every target, roll damage dice, take a
 * dying hero's 1d6, and post the ability card with the record of the use in its flags. Every rule
 * comes from the rules core through `src/data/ability-use.ts`; this file only talks to Foundry.
 */
import { isAttack, spacesAdjacent } from "../rules/ability-use.ts";
import { canPay, revealsHidden, sizeTargetingProblem, targetingProblem } from "../rules/ability-use-checks.ts";
import { NO_TRIGGERED_ACTIONS, positionalToggles } from "../rules/battlefield.ts";
import { parseResourceGain } from "../rules/combat-resource-gains.ts";
import { conditionsEndedByBasicAction } from "../rules/conditions.ts";
import { grabTargetLimit, grabTargetProblem, knockbackWhileGrabbed } from "../rules/grab-targets.ts";
import { grabsBeyondCapacity } from "../rules/grabs.ts";
import { canMaintain, isVariableSpend, ownRollResourceGain, prayerModifiers, spendableOutOfCombat, spendCap, tierResourceGain, variableSpendBounds } from "../rules/heroic-resource-spends.ts";
import { lineOfEffect } from "../rules/line-of-effect.ts";
import { budgetKindOf } from "../rules/turn-budget.ts";
import type { GridSpace, SituationToggles } from "../rules/ability-use.ts";
import type { BudgetKind } from "../rules/turn-budget.ts";
import { PowerRoll } from "../dice/power-roll.ts";
import { abilitySource, rollKindOf, useTiers } from "../data/ability-use.ts";
import { buildAbilityUse, defaultChoices, targetModifiers, untargetedModifiers, untargetedResult, withFate } from "../data/ability-use-build.ts";
import type { AbilityUseData } from "../data/ability-use.ts";
import type { AbilityDialogInput, UseTargetSource } from "../data/ability-use-build.ts";
import type { TestCardState } from "../data/test-card.ts";
import { plainParagraphs } from "../parser/html.ts";
import { changePoolValue, poolValue } from "./pools.ts";
import { FLAG_SCOPE } from "../constants.ts";
import { updateDocument } from "./update.ts";
import { isDrawSteel } from "../data/index.ts";
import type { EchoesCheckFlag } from "./echoes-checks.ts";
import type { D12Choice } from "./d12-choices.ts";
import type { DeathSaveState } from "./death-saves.ts";
import type { DissonanceRollState } from "./dissonance-roll.ts";
import { tokenSpace } from "./token-space.ts";
import { isHealActionItem } from "./heal-action.ts";
import { sceneWalls } from "./scene-walls.ts";
import { uuidOf, speakerOf } from "./persisted.ts";
import { recordBudgetUse } from "./turn-budget.ts";
import { checkBudget, warnBudget } from "./turn-budget-checks.ts";
import { removeCondition } from "./conditions.ts";
import { currentMessageMode, withMessageMode } from "../compat/versions.ts";
import { currentGrabs, heldNames } from "./grabs.ts";
import { markBenefitFor } from "./marks.ts";
import { offerDomainEffects } from "./domain-effect-offers.ts";
import { upkeepOf } from "./heroic-resource-upkeep.ts";
import { nextRollOf, nextRollReasons } from "./domain-lasting.ts";
import { addMarks, maintainAbility, prayerUses, recordPrayer } from "./heroic-resource-actions.ts";

export { FLAG_SCOPE };
// What reads a creature lives apart (./creature-state.ts); named here too for the flow's callers.
export { creatureState, hasFourArms, kitOf, rollerToken, sizeOf } from "./creature-state.ts";
import { creatureState, hasFourArms, kitOf, rollerToken } from "./creature-state.ts";

type AnyActor = Actor.Implementation;
type AnyItem = Item.Implementation;
type AnyToken = Token.Implementation;

/** A token's space in squares of its own scene's grid (without a canvas too), or null off a scene with a grid. */
function sceneSpace(token: AnyToken): GridSpace | null {
  const size = Number((token.document.parent as { grid?: { size?: number } } | null)?.grid?.size) || 0;
  return size ? tokenSpace(token.document, size) : null;
}

/** A token's space in grid squares. */
function gridSpace(token: AnyToken): GridSpace | null {
  const size = canvas?.grid?.size;
  return size ? tokenSpace(token.document, size) : null;
}

/** Whether an enemy (a token of the opposite disposition) stands adjacent to the roller's token. */
function enemyAdjacent(token: AnyToken | null): boolean {
  if (!token) return false;
  const mine = gridSpace(token);
  const disposition = token.document.disposition;
  if (!mine || !disposition) return false;
  const others = canvas?.tokens?.placeables ?? [];
  return others.some((t) => {
    if (t === token) return false;
    const theirs = t.document;
    const space = gridSpace(t);
    return !theirs.hidden && theirs.disposition === -disposition && !!space && spacesAdjacent(mine, space);
  });
}

const canReact = (token: AnyToken) => !NO_TRIGGERED_ACTIONS.some((id) => token.actor?.statuses?.has(id));

/**
 * Flanking and high ground read from the map for one target (src/rules/battlefield.ts
 * `positionalToggles`): allies are the other visible tokens of the roller's disposition; elevations
 * are converted from the scene's units to squares. They preset the dialog's toggles, which the user
 * can still change.
 */
function mapToggles(token: AnyToken | null, target: AnyToken): SituationToggles {
  // Without a canvas (no scene viewed) the map says nothing.
  if (!token || typeof canvas === "undefined" || !canvas?.ready) return {};
  const mine = gridSpace(token);
  const theirs = gridSpace(target);
  const disposition = token?.document.disposition ?? 0;
  if (!token || !mine || !theirs) return {};
  const unit = Number(canvas?.scene?.grid?.distance) || 1;
  const allies = (canvas?.tokens?.placeables ?? [])
    .filter((t) => t !== token && t !== target && !t.document.hidden && disposition !== 0 && t.document.disposition === disposition)
    .map((t) => ({ space: gridSpace(t), canReact: canReact(t) }))
    .filter((a): a is { space: GridSpace; canReact: boolean } => !!a.space);
  const found = positionalToggles({
    attacker: { space: mine, elevation: (token.document.elevation ?? 0) / unit, canReact: canReact(token) },
    target: { space: theirs, elevation: (target.document.elevation ?? 0) / unit },
    allies,
    // Flanking needs line of effect from both flankers (L7142).
    walls: sceneWalls(token.document.parent),
  });
  return { ...(found.flanking ? { flanking: true } : {}), ...(found.highGround ? { highGround: true } : {}) };
}

/**
 * Stand Up (L7065): the creature it is used on (the user, or an adjacent prone creature targeted)
 * stops being prone. Only on creatures this user owns: another's prone is its owner's or the
 * Director's to end, and they are told so.
 */
async function endConditionsOfBasicAction(item: Item.Implementation, targets: readonly AnyToken[]): Promise<void> {
  const flags = (item.flags as Record<string, { basicAction?: unknown; seedLine?: unknown } | undefined> | undefined)?.[FLAG_SCOPE];
  if (flags?.basicAction !== true) return;
  for (const token of targets) {
    const creature = token.actor as AnyActor | null;
    if (!creature) continue;
    const ended = conditionsEndedByBasicAction(Number(flags.seedLine), creature.statuses ?? []);
    if (!ended.length) continue;
    if (!creature.isOwner) {
      ui.notifications?.info("SE.Conditions.StandUpNotYours", { localize: true, format: { name: creature.name ?? "" } });
      continue;
    }
    for (const id of ended) await removeCondition(creature, id);
  }
}

/** Whether a wall on the map stands between the roller's token and a target's (L6646); false without a map. */
function wallBetween(token: AnyToken | null, target: AnyToken): boolean {
  if (!token || typeof canvas === "undefined" || !canvas?.ready) return false;
  const mine = gridSpace(token);
  const theirs = gridSpace(target);
  const walls = sceneWalls(token.document.parent);
  return !!mine && !!theirs && walls.length > 0 && !lineOfEffect(mine, theirs, walls);
}

/**
 * The user's targets, one per creature: keyed by token UUID (the GM's client checks each against the
 * card's scene, src/documents/card-targets.ts); a second token of a creature already listed (two
 * tokens of one linked actor) is left out.
 */
function targetTokens(): AnyToken[] {
  const seen = new Set<string>();
  return [...(game.user?.targets ?? [])].filter((t) => {
    const creature = t.actor ? uuidOf(t.actor) : uuidOf(t.document);
    if (seen.has(creature)) return false;
    seen.add(creature);
    return true;
  });
}

function targetSources(targets: AnyToken[] = targetTokens()): UseTargetSource[] {
  return targets.map((t) => {
    const actor = t.actor;
    const system = actor?.system as { stability?: number } | undefined;
    return {
      key: uuidOf(t.document),
      actorUuid: actor?.uuid ?? "",
      name: t.document.name || t.name,
      stability: Number(system?.stability ?? 0) || 0,
      state: creatureState(uuidOf(actor ?? t.document), actor),
    };
  });
}

/** The resource an ability costs and how much of it the user has. */
function resourceOf(actor: AnyActor, resource: string): { name: string; value: number | null; path: string | null } {
  if (resource === "heroic") {
    const hr = actor.system.heroicResource;
    if (hr) return { name: hr.name || game.i18n!.localize("SE.Hero.HeroicResource"), value: hr.value, path: "system.heroicResource.value" };
  }
  if (resource === "villainPower") return { name: game.i18n!.localize("SE.CostResource.villainPower"), value: poolValue("villainPower"), path: null };
  return { name: resource ? game.i18n!.localize(`SE.CostResource.${resource}`) : "", value: null, path: null };
}

/** The active combat's id when the actor fights in it, else null. */
function encounterOf(actor: AnyActor): string | null {
  const combat = game.combat;
  if (!combat?.started) return null;
  return [...combat.combatants].some((c) => c.actor === actor || c.actorId === actor.id) ? combat.id ?? null : null;
}

/**
 * What the heroic resource adds to a use: the Spend lines with their bounds when spent by the point
 * (src/rules/heroic-resources.ts), Prayer's edges (L2393), and whether a persistent ability may be
 * maintained (L2878–2880).
 */
function resourceExtras(actor: AnyActor, item: AnyItem, available: number, cost: number) {
  const system = item.system as { spend?: { amount: number; text: string }[]; persistent?: number; distance?: { kind?: string } };
  const level = Number((actor.system as { level?: unknown }).level) || 1;
  const spend: AbilityDialogInput["spend"] = (system.spend ?? []).map((s) => (isVariableSpend(s.text)
    ? { ...s, variable: variableSpendBounds({ available, committed: cost, cap: spendCap(s.text, level), minimum: s.amount }) }
    : { amount: s.amount, text: s.text }));
  const combatId = encounterOf(actor);
  const hero = actor.type === "hero" ? (actor.system as { victories?: number; heroicResource?: { gain?: string } }) : null;
  let prayer: { edges: number; banes: number; reason: string; combatId: string | null } | null = null;
  if (hero && /^prayer$/i.test(item.name.trim())) {
    const earlier = prayerUses(actor, combatId);
    prayer = { ...prayerModifiers(earlier), reason: `prayer${Math.min(earlier, 3) + 1}`, combatId };
  }
  const persistent = Number(system.persistent) || 0;
  let maintain: AbilityDialogInput["maintain"];
  if (hero && persistent > 0) {
    const gain = parseResourceGain(hero.heroicResource?.gain ?? "");
    const minimumGain = gain ? gain.flat + (gain.dice?.number ?? 0) : 0;
    const victories = Number(hero.victories) || 0;
    const allowed = canMaintain({ persistent, upkeep: upkeepOf(actor), inCombat: combatId !== null, minimumGain, victories });
    maintain = { persistent, allowed };
  }
  return { spend, prayer, maintain, selfTarget: system.distance?.kind === "self" };
}

/**
 * What of her heroic resource a hero may use now: all of it in an encounter; outside one, at most her
 * Victories less the upkeep of what she maintains (L2878).
 */
function usableResource(actor: AnyActor, value: number): number {
  if (actor.type !== "hero" || encounterOf(actor) !== null) return value;
  const upkeep = upkeepOf(actor);
  if (!upkeep) return value;
  return Math.min(value, spendableOutOfCombat(Number((actor.system as { victories?: unknown }).victories) || 0, upkeep));
}

/** The resource a use's roll gives back to the roller (L3891, L2390–2391). */
function rollGain(use: AbilityUseData, ability: ReturnType<typeof abilitySource>, selfTarget: boolean, resourceName: string): number {
  const tiers = use.targets.length ? use.targets.map((t) => t.tier) : [untargetedResult(use)?.tier ?? null];
  let gained = ownRollResourceGain({ resource: resourceName, attack: isAttack({ keywords: ability.keywords, type: ability.type }), tiers });
  const tier = tiers[0];
  if (selfTarget && tier) gained += tierResourceGain(use.tiers[tier - 1]?.text ?? "", resourceName);
  return gained;
}

export interface UseAbilityOptions {
  /** Skip the dialog and roll with the defaults (shift-click). */
  fast?: boolean;
  /** Opens the dialog; resolves to the form data, or null when cancelled. Injected to keep this file free of UI. */
  dialog?: (input: AbilityDialogInput) => Promise<Record<string, unknown> | null>;
  /** Reads the dialog's form data back (view-model's choicesFromForm). */
  readChoices?: (form: Record<string, unknown>, input: AbilityDialogInput) => ReturnType<typeof defaultChoices>;
  /** Renders the card HTML from the record. */
  renderCard: (use: AbilityUseData) => Promise<string>;
  /** What the use spends of the turn's budget when not the ability's type (an opportunity attack's free strike is a free triggered action, L7103). */
  budgetKind?: BudgetKind;
}

/** Use an ability of an actor: dialog, cost, roll, card. Resolves to the message, or null when nothing was rolled. */
export async function useAbility(actor: AnyActor, item: AnyItem, options: UseAbilityOptions): Promise<ChatMessage.Implementation | null> {
  const ability = abilitySource(item);
  if (item.type !== "ability") return null;
  const sys = { cost: item.system.cost ?? { amount: 0, resource: "" }, spend: item.system.spend ?? [] };
  const token = rollerToken(actor);
  const roller = creatureState(uuidOf(actor), actor);
  // An ability whose target is Self (Prayer, L2375–2391) targets the roller's own token when the
  // user targeted nothing, so its card can apply its tier to her.
  const chosen = targetTokens();
  const selfOnly = !chosen.length && !!token && (item.system as { distance?: { kind?: string } }).distance?.kind === "self";
  const tokensTargeted = selfOnly && token ? [token] : chosen;
  const targets = targetSources(tokensTargeted);
  const characteristics: Record<string, number> = ("characteristics" in actor.system ? actor.system.characteristics : undefined) ?? {};
  const offered = ability.power.characteristics;
  const best = offered.reduce((b, c) => ((characteristics[c] ?? 0) > (characteristics[b] ?? 0) ? c : b), offered[0] ?? "");
  // A target the tactician marked (L4277): an edge for her and her side's attacks, from the GM's record.
  for (const t of targets) {
    const marked = markBenefitFor(actor, t.key, isAttack({ keywords: ability.keywords }));
    if (marked.edges) t.state = { ...t.state, markedFor: marked.edges };
  }
  const automatic = targetModifiers(ability, roller, targets);
  const own = untargetedModifiers(ability, roller);
  // A hero's Spend lines spend her heroic resource, also on an ability without a cost of its own.
  const resource = resourceOf(actor, sys.cost.resource || (actor.type === "hero" && sys.spend.length ? "heroic" : ""));
  // Out of combat, maintained persistent abilities hold back their upkeep from what may be used (L2878).
  const usable = resource.path === "system.heroicResource.value" && resource.value !== null ? usableResource(actor, resource.value) : resource.value;
  const extras = resourceExtras(actor, item, usable ?? 0, sys.cost.amount);
  const adjacent = enemyAdjacent(token);
  // The GM's record of a next power roll modifier on this creature (Fate L2409, Knowledge L2413, Love
  // L2421; src/documents/domain-lasting.ts): shown in the dialog, taken by the roll; the GM's client
  // uses it up when the card is posted.
  const powerRoll = ["ability", "test"].includes(rollKindOf(ability));
  const nextRoll = powerRoll ? nextRollOf(actor) : { edges: 0, tier: null, domains: [] };
  const nextReasons = nextRollReasons(nextRoll);
  const dialogInput: AbilityDialogInput = {
    name: ability.name, kind: rollKindOf(ability), offered, characteristics, characteristic: best,
    spend: extras.spend, resourceName: resource.name, resourceValue: resource.value, cost: sys.cost.amount,
    ...(extras.maintain ? { maintain: extras.maintain } : {}),
    skills: [...(actor.system.skills ?? [])],
    targets: targets.map((t, i) => ({
      key: t.key, name: t.name, edges: automatic[i]!.edges, banes: automatic[i]!.banes,
      reasons: [...automatic[i]!.reasons.map((r) => r.reason), ...(extras.prayer ? [extras.prayer.reason] : []), ...nextReasons],
      toggles: { ...(adjacent ? { adjacentEnemy: true } : {}), ...(tokensTargeted[i] ? mapToggles(token, tokensTargeted[i]) : {}) },
      ...(tokensTargeted[i] && wallBetween(token, tokensTargeted[i]) ? { noLineOfEffect: true } : {}),
      ...(targetingProblem(ability, t.state) === "hidden" ? { hidden: true } : {}),
      // Grab and Knockback take only the user's size or smaller (L7022, L7045; Impaling Strike L3461).
      ...(sizeTargetingProblem(ability.target, roller, t.state) === "tooLarge" ? { tooLarge: true } : {}),
    })),
    ownEdges: own.edges, ownBanes: own.banes,
    ownReasons: [...own.reasons.map((r) => r.reason), ...(extras.prayer ? [extras.prayer.reason] : []), ...nextReasons],
  };
  // The turn's budget (src/documents/turn-budget.ts): warned in the dialog, or at once without one.
  const budgetKind = options.budgetKind ?? budgetKindOf(String(item.system.type ?? ""));
  const withDialog = !options.fast && !!options.dialog && !!options.readChoices;
  const budget = withDialog ? checkBudget(actor, budgetKind) : warnBudget(actor, budgetKind);
  if (budget?.warning) dialogInput.budgetWarning = { key: budget.warning, name: actor.name ?? "" };
  // What grabbing limits (src/rules/grab-limits.ts): no Knockback while grabbed (L6674); Grab and
  // Knockback take one target, two adjacent ones with Four Arms (L1987). Warned; the Director decides.
  const ruleWarnings: NonNullable<AbilityDialogInput["ruleWarnings"]> = [];
  if (knockbackWhileGrabbed(ability.maneuver, roller)) ruleWarnings.push({ key: "SE.AbilityDialog.GrabbedKnockback", data: { name: actor.name ?? "" } });
  // Only Grab and Knockback look for Four Arms.
  const fourArms = grabTargetLimit(ability.maneuver, false) !== null && hasFourArms(actor);
  const mine = token ? sceneSpace(token) : null;
  const grabTargets = tokensTargeted.map((t) => {
    const space = mine ? sceneSpace(t) : null;
    return { adjacent: mine && space ? spacesAdjacent(mine, space) : null };
  });
  const targetProblem = grabTargetProblem(ability.maneuver, fourArms, grabTargets);
  if (targetProblem) {
    const key = targetProblem === "notAdjacent" ? "FourArmsAdjacent" : grabTargetLimit(ability.maneuver, fourArms) === 2 ? "TooManyTargetsFourArms" : "TooManyTargets";
    ruleWarnings.push({ key: `SE.AbilityDialog.${key}`, data: { ability: ability.name } });
  }
  // One grab at a time, two with Four Arms (L7030, L1987): a user of Grab who already holds its
  // number of creatures (the GM's record of grabs) is warned; it may release one (no action, L6676).
  if (ability.maneuver === "grab") {
    const held = currentGrabs().filter((r) => r.grabber === uuidOf(actor)).map((r) => r.grabbed);
    const adding = tokensTargeted.map((t) => (t.actor ? uuidOf(t.actor) : uuidOf(t.document)));
    if (held.length && grabsBeyondCapacity(held, adding, fourArms || hasFourArms(actor)) > 0) {
      ruleWarnings.push({ key: "SE.Grab.AlreadyHolding", data: { name: actor.name ?? "", held: heldNames(uuidOf(actor)).join(", ") } });
    }
  }
  if (ruleWarnings.length) dialogInput.ruleWarnings = ruleWarnings;
  // Without the dialog, a target out of the ability's size limit is warned at once; the roll goes on
  // (the Director decides, as in the dialog).
  if (!withDialog) {
    for (const t of dialogInput.targets) {
      if (t.tooLarge) ui.notifications?.warn("SE.AbilityDialog.TooLarge", { localize: true, format: { name: t.name, ability: ability.name } });
    }
    for (const w of ruleWarnings) {
      ui.notifications?.warn(w.key, { localize: true, format: Object.fromEntries(Object.entries(w.data).map(([k, v]) => [k, String(v)])) });
    }
  }

  let choices = defaultChoices(dialogInput);
  if (withDialog && options.dialog && options.readChoices) {
    const form = await options.dialog(dialogInput);
    if (!form) return null;
    choices = options.readChoices(form, dialogInput);
  }
  // Prayer's edge or bane by its use this encounter (L2393), on top of the user's choices.
  if (extras.prayer) choices = { ...choices, edges: choices.edges + extras.prayer.edges, banes: choices.banes + extras.prayer.banes };
  // The next power roll's edges from a domain effect (L2413, L2421), on top of them.
  if (nextRoll.edges) choices = { ...choices, edges: choices.edges + nextRoll.edges };

  // Costs: nothing is rolled when the resource cannot pay (the heroic resource is checked here).
  const total = sys.cost.amount + choices.spend.reduce((a, b) => a + b, 0);
  const paid = resource.path !== null || sys.cost.resource === "villainPower";
  const spendLines = choices.spendLines ?? [];
  if (total > 0 && paid && !canPay(usable ?? 0, sys.cost.amount, choices.spend)) {
    ui.notifications?.error("SE.AbilityCard.Error.NotEnough", {
      format: {
        name: actor.name, available: String(usable ?? 0), resource: resource.name, ability: ability.name, needed: String(total),
      },
    });
    return null;
  }
  // Villain Power is the Director's pool (src/documents/pools.ts); only the GM can spend it.
  if (total > 0 && sys.cost.resource === "villainPower" && (await changePoolValue("villainPower", -total)) === null) return null;

  const kind = rollKindOf(ability);
  let roll: PowerRoll | null = null;
  if (kind === "ability" || kind === "test") {
    roll = PowerRoll.fromOptions({
      characteristic: characteristics[choices.characteristic] ?? 0, edges: choices.edges, banes: choices.banes, bonuses: choices.bonuses,
      flavor: ability.name,
    });
    await roll.evaluate();
  }
  const kit = kitOf(actor);
  // Damage with dice is rolled once per tier now, so every target of a tier takes the same damage.
  const rolledDamage: (number | null)[] = [];
  for (const tier of useTiers(ability, kit)) {
    rolledDamage.push(/d/i.test(tier.damage.formula) ? (await new foundry.dice.Roll(tier.damage.formula.replace(/\s+/g, " ")).evaluate()).total ?? null : null);
  }
  const state = isDrawSteel(actor.system) ? actor.system.stamina?.state : undefined;
  const dying = actor.type === "hero" && state === "dying";
  const dyingDie = dying ? (await new foundry.dice.Roll("1d6").evaluate()).total ?? 0 : undefined;

  let use = buildAbilityUse({
    actorUuid: uuidOf(actor), itemUuid: uuidOf(item), ability, roller, characteristics, kit, targets,
    choices, dice: roll ? roll.faces : [1, 1], rolledDamage, dying,
    ...(dyingDie === undefined ? {} : { dyingDie }),
    spent: { amount: total, resource: total ? resource.name : "", ...(spendLines.length ? { lines: spendLines } : {}) },
    effect: plainParagraphs(ability.effect),
  });

  // The Heal action's card offers each target its owner's choice (L7093; src/documents/heal-action.ts).
  if (isHealActionItem(item)) use.heal = true;
  // Fate's tier (L2409) replaces the rolled one; the card names the domain effects its roll used.
  if (roll && nextRoll.tier) use = withFate(use, nextRoll.tier);
  if (roll && nextRoll.domains.length) use.nextRoll = [...nextRoll.domains];

  // What the roll gives back: insight on a tier 3 attack (L3891), a self ability's "Gain N piety"
  // (Prayer, L2390–2391). The hero's own resource, written by her own client.
  const heroic = actor.type === "hero" ? resourceOf(actor, "heroic") : null;
  const gained = heroic?.path ? rollGain(use, ability, extras.selfTarget, heroic.name) : 0;
  if (gained) use.gained = { amount: gained, resource: heroic!.name };
  const changes: Record<string, number> = {};
  if (total > 0 && resource.path && resource.value !== null) changes[resource.path] = resource.value - total;
  if (gained && heroic?.path) changes[heroic.path] = (changes[heroic.path] ?? heroic.value ?? 0) + gained;
  if (Object.keys(changes).length) await updateDocument(actor, changes);
  if (extras.prayer) await recordPrayer(actor, extras.prayer.combatId);
  if (choices.maintain && extras.maintain?.allowed && item.id) await maintainAbility(actor, item.id);
  // Mark (L4277): the tactician's marks, kept on her own hero for her focus from allies (L4262).
  if (actor.type === "hero" && /^mark$/i.test(item.name.trim()) && use.targets.length) await addMarks(actor, use.targets.map((t) => t.key));

  const messageData = {
    speaker: speakerOf({ actor }),
    content: await options.renderCard(use),
    rolls: roll ? [roll] : [],
    flags: { [FLAG_SCOPE]: { abilityUse: use } },
  };
  const message = await ChatMessage.create(withMessageMode(messageData, currentMessageMode()));

  // Prayer's tier 3 offers the conduit her domain effects (L2391, L2397), from her own client.
  if (extras.selfTarget) {
    const tiers = use.targets.length ? use.targets.map((t) => t.tier) : [untargetedResult(use)?.tier ?? null];
    await offerDomainEffects(actor, ability.name, tiers[0] ?? null, message?.id ?? null);
  }
  // The stormwight's Animal Form (L3639): which form, and the first shapeshift's temporary Stamina (L3671).
  if (actor.type === "hero" && /^animal form$/i.test(item.name.trim())) await (await import("./stormwight-forms.ts")).afterAnimalForm(actor);
  // The dying hero's loss comes after the ability resolves (L7204).
  if (use.dyingLoss !== null) {
    const stamina = isDrawSteel(actor.system) ? actor.system.stamina.value : 0;
    await updateDocument(actor, { "system.stamina.value": stamina - use.dyingLoss });
  }
  // The use is recorded in the creature's budget by the GM's client, over the budget or not.
  await recordBudgetUse(budget);
  // A hidden creature that uses an ability is no longer hidden once it resolves (L6212).
  if (actor.statuses?.has("hidden") && revealsHidden("ability")) await removeCondition(actor, "hidden");
  await endConditionsOfBasicAction(item, tokensTargeted);
  return (message ?? null) as ChatMessage.Implementation | null;
}

// The message flags the system writes (ability cards here, test cards: src/documents/test-cards.ts,
// Echoes checks: src/documents/echoes-checks.ts).
declare module "@league-of-foundry-developers/foundry-vtt-types/configuration" {
  interface FlagConfig {
    ChatMessage: {
      [FLAG_SCOPE]?: {
        abilityUse?: AbilityUseData; villainPowerGained?: boolean; testCard?: TestCardState;
        echoesCheck?: EchoesCheckFlag; d12Choice?: D12Choice; deathSaves?: DeathSaveState; dissonanceRoll?: DissonanceRollState;
        /** An opportunity attack prompt (src/canvas/opportunity-attacks.ts): the enemy's and the mover's token UUIDs. */
        opportunity?: { attacker: string; target: string };
        /** Prayer's tier 3 domain effects offered (src/documents/domain-effects.ts): the Prayer card's message id, the domains. */
        domainOffer?: { prayer: string; domains: string[] };
      };
    };
  }
}
