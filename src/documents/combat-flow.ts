/**
 * The combat's turn flow (src/documents/combat.ts): starting the encounter, the start and end of a
 * turn, a new round, seed 001's Recovery Phase, seed 002's lost turns, seed 003's Delay and Climb,
 * Villain Power each round and the end of the encounter. The Combat class keeps its state and
 * delegates these here, loaded with `import()` when one first runs, so that they are not loaded
 * before `ready` (issue 31). Each takes the combat first, where the method had `this`.
 */
import { parseResourceGain, resourceAtCombatEnd, resourceGainFormula, villainPowerAtRoundStart, villainPowerDue } from "../rules/combat-resource-gains.ts";
import { surpriseEndsAfterRound } from "../rules/durations.ts";
import { nextOrderedTurn, rollOffNeeded } from "../rules/initiative-order.ts";
import { temporaryStaminaAfterEncounter } from "../rules/temporary-stamina.ts";
import { decideFirstSide, tiedWithinSide } from "../rules/turn-order.ts";
import type { TurnRefusal } from "../rules/turn-order.ts";
import { changePoolValue } from "./pools.ts";
import { villainPowerSettings } from "../settings/villain-power.ts";
import { HOOKS } from "../constants.ts";
import { endOfTurnEffects } from "./condition-rolls.ts";
import { GAME_TURNS } from "./game-hooks.ts";
import { askGM } from "./relay.ts";
import type { ResistanceRoller, TurnEndReport } from "./conditions.ts";
import { FLAG_SCOPE, RELAY_REQUESTS } from "../constants.ts";
import { updateDocument } from "./update.ts";
import { TEMPORARY_ENDS_FLAG, systemFlags } from "./system-flags.ts";
import { isDrawSteel } from "../data/index.ts";
import { endOfRoundBreath } from "./suffocation.ts";
import { initiativeRoll, isOrderedEngine, rollOffDie, tieKey } from "./engine-combat.ts";
import { storedStats } from "../data/engine-stats.ts";
import type { EngineStats, OrderedEngine } from "./engine-combat.ts";
import { squadTurnMates } from "./squads-query.ts";
import { freshTurnBudget } from "./turn-budget.ts";
import { ensureGame } from "./game-hooks.ts";
import { rollMessageOptions } from "../compat/versions.ts";
import { idOf, speakerOf } from "./persisted.ts";
import { clearMarks, gainWithUpkeep } from "./heroic-resource-upkeep.ts";
import { clearCombatMarks } from "./marks.ts";
import { endTurnGrants } from "./domain-lasting.ts";
import { turnKey } from "../rules/domain-lasting.ts";

import type { SteelEchoesCombat, SteelEchoesCombatant } from "./combat.ts";
import { alternativeInitiative, directorOnly, flagsOf, turnPath, wholeOrNull } from "./combat-state.ts";
import { announce, gmIds, speakerFor } from "./combat-speakers.ts";
import type { CombatFlags } from "./combat-state.ts";

const SCOPE = FLAG_SCOPE;

export async function startCombat(combat: SteelEchoesCombat): Promise<SteelEchoesCombat> {
    if (directorOnly()) return combat;
    const engine = combat.engine;
    if (isOrderedEngine(engine)) return combat.startOrderedCombat(engine);
    if (alternativeInitiative()) await combat.rollAgilityInitiative();
    const creatures = combat.seCombatants.map((c) => ({ side: c.side, surprised: c.actor?.statuses.has("surprised") ?? false }));
    let d10: number | undefined;
    let roll: Roll | null = null;
    try {
      decideFirstSide(creatures);
    } catch {
      roll = await new Roll("1d10").evaluate();
      d10 = roll.total ?? 1;
    }
    const { side, rolled } = decideFirstSide(creatures, d10);
    const i18n = game.i18n!;
    const flavor = foundry.utils.escapeHTML(i18n.format(rolled ? "SE.Combat.FirstSideRolled" : "SE.Combat.FirstSideSurprise", { side: i18n.localize(`SE.Combat.Side.${side}`) }));
    if (roll) await roll.toMessage({ flavor, speaker: { alias: i18n.localize("SE.Combat.Director") } });
    else await ChatMessage.implementation.create({ content: `<p>${flavor}</p>` });
    const updateData = {
      round: 1, turn: null, [`flags.${SCOPE}.firstSide`]: side, [`flags.${SCOPE}.lastSide`]: null, [`flags.${SCOPE}.engine`]: "drawSteel",
    };
    announce(combat, "combatStart", updateData);
    await updateDocument(combat, updateData);
    return combat;
}

export async function startOfTurn(combat: SteelEchoesCombat, combatant: SteelEchoesCombatant): Promise<number> {
    const actor = combatant.actor;
    // An Echoes character that is Harmed takes its damage now (seed 000 S0:L192–193).
    const harmed = actor && GAME_TURNS.startEchoesTurn ? await GAME_TURNS.startEchoesTurn(actor) : null;
    if (actor && harmed) {
      const i18n = game.i18n!;
      const text = i18n.format("SE.Echoes.HarmedDamage", { name: actor.name ?? "", damage: String(harmed.damage), stamina: String(harmed.stamina) })
        + (harmed.wound ? ` ${i18n.localize(`SE.Echoes.Applied.Wound.${harmed.wound}`)}` : "")
        + (harmed.dead ? ` ${i18n.localize("SE.Echoes.Applied.Dead")}` : "");
      await ChatMessage.implementation.create({ content: `<p>${foundry.utils.escapeHTML(text)}</p>`, speaker: speakerOf({ actor }) });
    }
    const resource = actor?.type === "hero" && "heroicResource" in actor.system ? actor.system.heroicResource : undefined;
    if (!actor || !resource) return 0;
    // A tactician's marks last until the start of her next turn (L4277).
    await clearMarks(actor);
    await clearCombatMarks(combat, actor);
    const gain = parseResourceGain(resource.gain ?? "");
    const i18n = game.i18n!;
    if (!gain) {
      ui.notifications?.error("SE.Combat.Error.ResourceGain", { localize: true, format: { gain: resource.gain } });
      return 0;
    }
    if (!gain.dice && gain.flat === 0) return 0;
    const roll = await new Roll(resourceGainFormula(gain)).evaluate();
    // Maintained persistent abilities take their upkeep from the gain (L2876), never below 0 (L2880).
    // The list is the hero's own flags: it can only lower what her own turn gives her.
    const { gain: amount, upkeep } = gainWithUpkeep(actor, roll.total ?? 0);
    await updateDocument(actor, { "system.heroicResource.value": resource.value + amount });
    const name = resource.name || i18n.localize("SE.Hero.HeroicResource");
    const format = { name: actor.name, amount: String(amount), resource: name, rolled: String(roll.total ?? 0), upkeep: String(upkeep) };
    // A message's flavor is HTML: the names players typed are escaped.
    await roll.toMessage({
      flavor: foundry.utils.escapeHTML(i18n.format(upkeep ? "SE.Combat.ResourceGainedUpkeep" : "SE.Combat.ResourceGained", format)),
      speaker: speakerOf({ actor }),
    });
    return amount;
}

export async function delayTurn(combat: SteelEchoesCombat): Promise<"not-d12" | "nobody-acting" | "already-last" | null> {
    const engine = combat.engine;
    if (engine !== "d12") return "not-d12";
    const current = combat.combatant;
    if (!current) return "nobody-acting";
    const next = nextOrderedTurn(combat.orderedTurns(engine), current.id);
    if (!next) return "already-last";
    const others = combat.seCombatants.filter((c) => c.id !== current.id && typeof c.initiative === "number").map((c) => c.initiative!);
    // Seed 003's initiative rules load with its rules (not in a Draw Steel world's entry: issue 31).
    const { delayedInitiative } = await import("../rules/d12.ts");
    await updateDocument(current, { initiative: delayedInitiative(current.initiative ?? 0, others) });
    await updateDocument(combat, { [turnPath(idOf(current), "actedRound")]: null });
    const content = `<p>${foundry.utils.escapeHTML(game.i18n!.format("SE.Combat.Delayed", { name: current.name ?? "" }))}</p>`;
    await ChatMessage.implementation.create({ content, speaker: speakerFor(current), ...(current.hidden ? { whisper: gmIds() } : {}) });
    await combat.startOrderedTurn(combat.combatants.get(next)!);
    return null;
}

export async function climbNextRound(combat: SteelEchoesCombat, combatant: SteelEchoesCombatant, messageId: string): Promise<boolean> {
    if (combat.engine !== "d12" || !combat.started || !game.user?.isGM || combat.climbFrom(messageId)) return false;
    await updateDocument(combat, { [turnPath(idOf(combatant), "climbRound")]: combat.round + 1, [`flags.${SCOPE}.climbs.${messageId}`]: idOf(combatant) });
    const content = `<p>${foundry.utils.escapeHTML(game.i18n!.format("SE.Combat.Climbs", { name: combatant.name ?? "", round: String(combat.round + 1) }))}</p>`;
    await ChatMessage.implementation.create({ content, speaker: speakerFor(combatant), ...(combatant.hidden ? { whisper: gmIds() } : {}) });
    return true;
}

export async function loseTurn(combat: SteelEchoesCombat, combatant: SteelEchoesCombatant): Promise<boolean> {
    if (combat.engine !== "arc" || !combat.started || !combatant.isOwner) return false;
    if (!game.user?.isGM) return (await askGM(RELAY_REQUESTS.loseTurn, { combatId: combat.id, combatantId: combatant.id })) === true;
    // Its place combat round is behind it when it has acted, or the creature acting now comes after it.
    const order = combat.turns.map((t) => t.id);
    const current = combat.combatant ? order.indexOf(combat.combatant.id) : -1;
    const placeBehind = combatant.hasActed || order.indexOf(idOf(combatant)) < current;
    // Seed 002's rules load with its game (not in a Draw Steel world's entry: issue 31).
    const { turnLostTo } = await import("../rules/arc.ts");
    const turn = turnLostTo({ turn: combat.round, placeBehind });
    await updateDocument(combat, { [turnPath(idOf(combatant), "lostTurn")]: turn });
    const content = `<p>${foundry.utils.escapeHTML(game.i18n!.format("SE.Combat.LosesTurn", { name: combatant.name ?? "", turn: String(turn) }))}</p>`;
    await ChatMessage.implementation.create({ content, speaker: speakerFor(combatant), ...(combatant.hidden ? { whisper: gmIds() } : {}) });
    return true;
}

export async function recoveryPhase(combat: SteelEchoesCombat): Promise<void> {
    const i18n = game.i18n!;
    // Seed 001's rules load with its game (not in a Draw Steel world's entry: issue 31).
    const rules = await import("../rules/action-dice.ts");
    // A hidden creature's lines go to the GMs only, as its initiative roll does.
    const lines: string[] = [];
    const hidden: string[] = [];
    for (const c of combat.seCombatants) {
      const list = c.hidden ? hidden : lines;
      const s = c.engineStats;
      if (s.stamina === undefined || c.isDefeated) continue;
      const out = rules.recoveryPhase({
        vigor: s.vigor ?? 0, stamina: s.stamina, vigorMax: s.vigorMax ?? null, winded: !!s.winded, shockRounds: s.shockRounds ?? null,
      });
      const shock = out.shockRounds === null || out.dies ? {} : { shockRounds: out.shockRounds };
      const next: EngineStats = { ...s, vigor: out.vigor, winded: out.winded, shockRounds: undefined, ...shock };
      await updateDocument(c, { [`flags.${SCOPE}.stats`]: storedStats(next), ...(out.dies ? { defeated: true } : {}) });
      const name = c.name ?? "";
      if (out.gained) list.push(i18n.format("SE.Combat.Recovery.Vigor", { name, gained: String(out.gained), vigor: String(out.vigor) }));
      if (s.winded && !out.winded) list.push(i18n.format("SE.Combat.Recovery.NotWinded", { name }));
      if (out.dies) {
        list.push(i18n.format("SE.Combat.Recovery.DiesOfShock", { name }));
        const defeated = CONFIG.specialStatusEffects.DEFEATED;
        if (c.actor && defeated) await c.actor.toggleStatusEffect(defeated, { active: true, overlay: true });
      } else if (out.shockRounds !== null) list.push(i18n.format("SE.Combat.Recovery.Shock", { name, rounds: String(out.shockRounds) }));
    }
    const title = i18n.format("SE.Combat.Recovery.Title", { round: String(combat.round) });
    const speaker = { alias: i18n.localize("SE.Combat.Director") };
    const html = (list: string[]) => `<p><strong>${foundry.utils.escapeHTML(title)}</strong></p><ul>${list.map((l) => `<li>${foundry.utils.escapeHTML(l)}</li>`).join("")}</ul>`;
    if (lines.length) await ChatMessage.implementation.create({ content: html(lines), speaker });
    if (hidden.length) await ChatMessage.implementation.create({ content: html(hidden), speaker, whisper: gmIds() });
}

export async function endTurn(combat: SteelEchoesCombat, roll?: ResistanceRoller): Promise<TurnEndReport | null> {
    const engine = combat.engine;
    if (isOrderedEngine(engine)) {
      if (combat.started) await combat.advanceOrdered(engine);
      return null;
    }
    const current = combat.combatant;
    if (!current) {
      // Nobody is acting: a new round when everyone has acted; with the alternative initiative the
      // next creature in order starts; otherwise a side has to pick.
      const side = combat.sideToAct;
      if (!combat.started) return null;
      if (side === null) await combat.nextRound();
      else if (alternativeInitiative()) await combat.startNextInOrder(side);
      else ui.notifications?.info(`SE.Combat.SideToAct.${side}`, { localize: true });
      return null;
    }
    const side = current.side;
    const ending = turnKey(combat.id!, combat.round, current.id!);
    await updateDocument(combat, { turn: null, [`flags.${SCOPE}.lastSide`]: side });
    const report = current.actor ? await endOfTurnEffects(current.actor, roll) : null;
    // Protection and War that a conduit granted end with her next turn (L2429, L2445).
    if (current.actor) await endDomainGrants(current.actor, ending);
    // An Echoes actor's conditions end with its turn (seed 000 S0:L168).
    const echoesEnded = current.actor && GAME_TURNS.endEchoesTurn ? await GAME_TURNS.endEchoesTurn(current.actor) : [];
    // After an Echoes character's turn the GM may activate enemies (the applications layer listens).
    // The system's own hook, which the League's types do not know (as for poolsChanged); called on
    // `Hooks` itself, whose static methods use `combat` in v13 (client/helpers/hooks.mjs).
    if (current.actor?.type === "echoes") (Hooks.callAll as (hook: string, ...args: unknown[]) => boolean)(HOOKS.echoesTurnEnded, combat, current.actor);
    const anythingEnded = report && (report.ended.length || report.rolled.length || echoesEnded.length);
    if (report && anythingEnded) await combat.postTurnEnd(current, report, echoesEnded);
    if (combat.sideToAct === null) await combat.nextRound();
    else if (alternativeInitiative()) await combat.startNextInOrder(combat.sideToAct!);
    return report;
}

/** The domain effects a conduit granted until the end of her next turn end (the GM's record): said in chat. */
async function endDomainGrants(actor: Actor.Implementation, ending: string): Promise<void> {
  const ended = await endTurnGrants(actor, ending);
  if (!ended.length) return;
  const i18n = game.i18n!;
  const names = ended.map((g) => i18n.localize(`SE.Prayer.DomainName.${g.domain}`));
  const text = i18n.format("SE.Prayer.LastingEnded", { name: actor.name ?? "", domains: [...new Set(names)].join(", ") });
  await ChatMessage.implementation.create({ content: `<p>${foundry.utils.escapeHTML(text)}</p>`, speaker: speakerOf({ actor }) });
}

export async function postTurnEnd(
  combat: SteelEchoesCombat, combatant: SteelEchoesCombatant, report: TurnEndReport, echoesEnded: readonly string[] = [],
): Promise<void> {
    const i18n = game.i18n!;
    const label = (id: string) => i18n.localize(`SE.Condition.${id}`);
    const lines = [
      ...report.ended.map((id) => i18n.format("SE.Combat.EffectEnded", { condition: label(id) })),
      ...echoesEnded.map((id) => i18n.format("SE.Combat.EffectEnded", { condition: i18n.localize(`SE.Echoes.Condition.${id}`) })),
    ];
    const content = `<p>${foundry.utils.escapeHTML(i18n.format("SE.Combat.TurnEnded", { name: combatant.name ?? "" }))}</p>`
      + `<ul>${lines.map((l) => `<li>${foundry.utils.escapeHTML(l)}</li>`).join("")}</ul>`;
    await ChatMessage.implementation.create({ content, whisper: [] });
}

export async function nextRound(combat: SteelEchoesCombat): Promise<SteelEchoesCombat> {
    if (directorOnly()) return combat;
    const engine = combat.engine;
    if (isOrderedEngine(engine)) {
      if (engine === "actionDice") await combat.recoveryPhase();
      const data = { round: combat.round + 1, turn: null, [`flags.${SCOPE}.actingId`]: null };
      announce(combat, "combatRound", data);
      await updateDocument(combat, data);
      if (engine === "d12") await combat.applyClimbs();
      await combat.advanceOrdered(engine, true);
      return combat;
    }
    // Creatures without air count the round and, out of breath, take 1d6 (L6390).
    await endOfRoundBreath(combat);
    if (surpriseEndsAfterRound(combat.round)) {
      for (const c of combat.seCombatants) {
        const actor = c.actor;
        if (actor?.statuses.has("surprised")) await actor.toggleStatusEffect("surprised", { active: false });
      }
    }
    const updateData = { round: combat.round + 1, turn: null, [`flags.${SCOPE}.lastSide`]: null };
    announce(combat, "combatRound", updateData);
    await updateDocument(combat, updateData);
    return combat;
}

export async function gainRoundVillainPower(combat: SteelEchoesCombat): Promise<number | null> {
    const me = game.user;
    if (!me?.isGM || game.users?.activeGM?.id !== me.id) return null;
    if (!combat.started || combat.engine !== "drawSteel") return null;
    const round = combat.trustedTurn.round;
    if (!villainPowerDue({ round, grantedRound: wholeOrNull(flagsOf<CombatFlags>(combat).villainPowerRound) })) return null;
    const actors = [...new Set(combat.seCombatants.map((c) => c.actor).filter((a) => !!a && isDrawSteel(a.system)))];
    // An Echoes combat plays by the same sides, without Villain Power (seed 000 has its own points).
    if (!actors.length) return null;
    const heroes = actors.filter((a) => a!.type === "hero" && (a!.system as { stamina?: { state?: string } }).stamina?.state !== "dead").length;
    const { rule, fixed } = villainPowerSettings();
    const amount = villainPowerAtRoundStart(rule, { heroes, fixed });
    await updateDocument(combat, { [`flags.${SCOPE}.villainPowerRound`]: round });
    if (amount === 0) return 0;
    const total = await changePoolValue("villainPower", amount);
    if (total === null) return null;
    const i18n = game.i18n!;
    const text = i18n.format("SE.RoundTools.VillainPowerGained", { round: String(round), amount: String(amount), total: String(total) });
    await ChatMessage.implementation.create({ content: `<p>${foundry.utils.escapeHTML(text)}</p>`, speaker: { alias: i18n.localize("SE.Combat.Director") } });
    return amount;
}

export async function finishEncounter(
  combat: SteelEchoesCombat, { victories, endEffects }: { victories: number; endEffects: ReadonlySet<string> },
): Promise<void> {
    if (!Number.isInteger(victories) || victories < 0) throw new RangeError(`victories must be a whole number of 0 or more, got ${victories}`);
    const heroes = new Set<unknown>();
    for (const c of combat.seCombatants) {
      const actor = c.actor;
      if (!actor || actor.type !== "hero" || !isDrawSteel(actor.system) || !("victories" in actor.system) || heroes.has(actor)) continue;
      heroes.add(actor);
      // Victories go to the heroes who survive the encounter (L301); every hero's resource resets.
      const total = (actor.system.victories ?? 0) + (actor.system.stamina.state === "dead" ? 0 : victories);
      // Maintained persistent abilities end with the combat (L2876).
      await updateDocument(actor, {
        "system.victories": total, "system.heroicResource.value": resourceAtCombatEnd(total), [`flags.${SCOPE}.maintained`]: [],
      });
    }
    for (const e of combat.endingEffects()) if (e.mandatory || endEffects.has(e.key)) await e.remove();
    // Temporary Stamina whose grant said it disappears at the end of the encounter (L2767) goes now.
    const seen = new Set<unknown>();
    for (const c of combat.seCombatants) {
      const actor = c.actor;
      if (!actor || seen.has(actor) || !isDrawSteel(actor.system) || systemFlags(actor)[TEMPORARY_ENDS_FLAG] !== true) continue;
      seen.add(actor);
      const amount = temporaryStaminaAfterEncounter({ amount: actor.system.stamina.temporary ?? 0, endsWithEncounter: true });
      await updateDocument(actor, { "system.stamina.temporary": amount, [`flags.${FLAG_SCOPE}.${TEMPORARY_ENDS_FLAG}`]: false });
    }
    await combat.delete();
}

export async function rollAgilityInitiative(combat: SteelEchoesCombat): Promise<void> {
    const missing = combat.seCombatants.filter((c) => c.initiative === null || c.initiative === undefined).map((c) => c.id!);
    if (missing.length) await combat.rollInitiative(missing);
    for (let pass = 1; pass <= 5; pass++) {
      const entries = combat.seCombatants.map((c) => ({ id: c.id!, side: c.side, result: c.initiative ?? 0 }));
      const tied = tiedWithinSide(entries);
      if (!tied.length) return;
      for (const id of tied) {
        const c = combat.combatants.get(id)!;
        const reroll = await new Roll("1d10").evaluate();
        await updateDocument(c, { initiative: (c.initiative ?? 0) + (reroll.total ?? 0) / 10 ** (pass + 1) });
      }
    }
  }

export async function takeTurn(combat: SteelEchoesCombat, combatant: SteelEchoesCombatant): Promise<TurnRefusal | null> {
    const refusal = combat.turnRefusal(combatant);
    if (refusal) return refusal;
    const index = combat.turns.findIndex((t) => t.id === combatant.id);
    // Picking a creature of a group picks the group: its other members act next (L6782–6784).
    // Its turn starts with the whole budget: move, maneuver and action (src/documents/turn-budget.ts).
    // A minion squad takes one turn (L6784): its living minions have all acted (src/documents/squads.ts).
    const squadMates = Object.fromEntries(squadTurnMates(combat, idOf(combatant)).map((id) => [turnPath(id, "actedRound"), combat.round]));
    await updateDocument(combat, {
      turn: index, [`flags.${SCOPE}.activeGroup`]: combatant.groupId, ...squadMates, [turnPath(idOf(combatant), "actedRound")]: combat.round,
      ...freshTurnBudget(idOf(combatant), combat.round),
    });
    await combat.startOfTurn(combatant);
    return null;
  }

export async function startOrderedCombat(combat: SteelEchoesCombat, engine: OrderedEngine): Promise<SteelEchoesCombat> {
    await ensureGame(engine);
    await updateDocument(combat, { [`flags.${SCOPE}.engine`]: engine });
    const missing = combat.seCombatants.filter((c) => c.initiative === null || c.initiative === undefined || engine === "arc").map((c) => c.id!);
    await rollEngineInitiative(combat, missing);
    await rollOffTies(combat, engine);
    const updateData = { round: 1, turn: null, [`flags.${SCOPE}.actingId`]: null };
    announce(combat, "combatStart", updateData);
    await updateDocument(combat, updateData);
    await combat.advanceOrdered(engine, true);
    return combat;
  }

export async function rollEngineInitiative(combat: SteelEchoesCombat, ids: readonly string[]): Promise<void> {
    const engine = combat.engine;
    if (!isOrderedEngine(engine)) return;
    const i18n = game.i18n!;
    for (const id of ids) {
      const c = combat.combatants.get(id);
      if (!c) continue;
      // Seed 003: one roll for a group of creatures, which act at the same time (S3:L374): a member
      // of a Foundry combatant group takes the group's initiative once one member has it.
      const mate = engine === "d12" && c.groupId
        ? combat.seCombatants.find((o) => o.id !== c.id && o.groupId === c.groupId && typeof o.initiative === "number") : undefined;
      if (mate) {
        await updateDocument(c, { initiative: mate.initiative, [`flags.${SCOPE}.tiebreak`]: mate.orderSubject.tiebreak });
        continue;
      }
      const roll = await initiativeRoll(engine, c.engineStats, i18n.localize("SE.Combat.Initiative"));
      if (roll) {
        await roll.evaluate();
        await roll.toMessage({ speaker: speakerFor(c) }, c.hidden ? rollMessageOptions("gm") : {});
      }
      await updateDocument(c, { initiative: roll ? roll.total ?? null : c.engineStats.som ?? null });
    }
    await combat.keepActingTurn();
  }

export async function rollOffTies(combat: SteelEchoesCombat, engine: OrderedEngine): Promise<void> {
    const i18n = game.i18n!;
    // A group of seed 003 creatures shares one place: its members roll off as one.
    const unit = (c: SteelEchoesCombatant) => (engine === "d12" && c.groupId ? `group:${c.groupId}` : `one:${c.id}`);
    for (let pass = 0; pass < 5; pass++) {
      const ids = rollOffNeeded(combat.seCombatants.map((c) => ({ id: c.id!, key: tieKey(engine, c.orderSubject), unit: unit(c) })));
      const tied = ids.map((id) => combat.combatants.get(id)!);
      if (!tied.length) return;
      const rolled = new Map<string, number>();
      for (const c of tied) {
        const shared = rolled.get(unit(c));
        if (shared !== undefined) {
          await updateDocument(c, { [`flags.${SCOPE}.tiebreak`]: c.orderSubject.tiebreak + shared / 100 ** pass });
          continue;
        }
        const roll = await new Roll(rollOffDie(engine)).evaluate();
        rolled.set(unit(c), roll.total ?? 0);
        await roll.toMessage({
          flavor: foundry.utils.escapeHTML(i18n.format("SE.Combat.RollOff", { name: c.name ?? "" })),
          speaker: speakerFor(c),
        }, c.hidden ? rollMessageOptions("gm") : {});
        await updateDocument(c, { [`flags.${SCOPE}.tiebreak`]: c.orderSubject.tiebreak + (roll.total ?? 0) / 100 ** pass });
      }
    }
  }

export async function applyClimbs(combat: SteelEchoesCombat): Promise<void> {
    for (const c of combat.seCombatants) {
      if (c.climbRound !== combat.round) continue;
      const { climbedInitiative } = await import("../rules/d12.ts");
      const others = combat.seCombatants.filter((o) => o.id !== c.id && typeof o.initiative === "number").map((o) => o.initiative!);
      await updateDocument(c, { initiative: climbedInitiative(c.initiative ?? 0, others) });
      await updateDocument(combat, { [turnPath(idOf(c), "climbRound")]: null });
    }
  }
