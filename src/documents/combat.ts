/**
 * Draw Steel combat in Foundry's tracker (seed 004, L6742–6788): no initiative order by default;
 * the sides alternate, each picking one creature to act ("take turn"); when one side has nobody
 * left the other acts back to back; the side that went first goes first every round. Surprised
 * creatures stay surprised until the end of round 1. Start and end of turns run the heroic resource
 * gain, EoT expiry and resistance rolls. All the rules are in src/rules/; this class keeps state:
 *
 * - `combat.turn` is the index of the creature acting now, or null between turns;
 * - `flags["steel-echoes"].firstSide` / `.lastSide` on the combat; `.actedRound` on each combatant.
 *
 * Every method that changes the combat runs on a GM's client: Foundry lets a player change only the
 * turn and round of a combat, while these write flags and other creatures' effects. A player's
 * `nextTurn` (the tracker's "end turn" control) goes to the GM through the relay; the controls that
 * are the Director's alone refuse with a message. Handlers: src/documents/combat-relay.ts.
 */
import {
  decideFirstSide, encounterEnd, initiativeOrder, tiedWithinSide, nextInOrder, parseResourceGain, resourceAtCombatEnd, resourceGainFormula,
  sideToAct, surpriseEndsAfterRound, turnRefusal,
} from "../rules/index.ts";
import type { DurationKind, Side, TurnRefusal } from "../rules/index.ts";
import { HOOKS, SYSTEM_ID } from "../constants.ts";
import { conditionFlags, endOfTurnEffects } from "./conditions.ts";
import { endEchoesTurn, startEchoesTurn } from "./echoes-conditions.ts";
import { askGM, showNotice } from "./relay.ts";
import type { ResistanceRoller, TurnEndReport } from "./conditions.ts";
import { FLAG_SCOPE } from "../constants.ts";
import { updateDocument } from "./update.ts";
import { isDrawSteel } from "../data/index.ts";

const SCOPE = FLAG_SCOPE;

/** Relay requests (src/documents/relay.ts) for a player's turn. */
export const TAKE_TURN_RELAY = "takeTurn";
export const END_TURN_RELAY = "endTurn";

/** On a player's client: tell them this is the Director's to do, and do nothing. */
function directorOnly(): boolean {
  if (game.user?.isGM) return false;
  showNotice({ type: "warn", key: "SE.Combat.Refusal.director-only" });
  return true;
}

interface CombatFlags { firstSide?: Side | null; lastSide?: Side | null; activeGroup?: string | null }
interface CombatantFlags { actedRound?: number; side?: Side }

type CombatantDoc = Combatant.Implementation;

/** A combatant's side: friendly tokens are the heroes' side, every other creature the Director's (L6730–6734). */
export function sideOfDisposition(disposition: number | undefined): Side {
  return disposition === 1 ? "heroes" : "director";
}

function flagsOf<T>(doc: { flags?: unknown }): T {
  return ((doc.flags as Record<string, unknown> | undefined)?.[SCOPE] ?? {}) as T;
}

/** Whether the world uses the seed's alternative initiative (Agility tests, L6776–6780). */
export function alternativeInitiative(): boolean {
  return game.settings?.settings?.has(`${SYSTEM_ID}.alternativeInitiative`) ? Boolean(game.settings.get(SYSTEM_ID, "alternativeInitiative")) : false;
}

export class SteelEchoesCombatant extends Combatant {
  /** The side this creature fights on: set explicitly in the flags, else from the token's disposition. */
  get side(): Side {
    const own = flagsOf<CombatantFlags>(this).side;
    if (own === "heroes" || own === "director") return own;
    return sideOfDisposition(this.token?.disposition);
  }

  /** The id of the group of enemies this creature acts with (Foundry's combatant groups), or null. */
  get groupId(): string | null {
    // v13 prepares `group` as the CombatantGroup document; its source is the group's id.
    const g: unknown = this.group;
    if (typeof g === "string") return g || null;
    return g && typeof g === "object" && "id" in g && typeof g.id === "string" ? g.id : null;
  }

  /**
   * An Echoes adversary takes no turn of its own: enemies act when the GM activates them after each
   * character's turn, for Dissonance Points (seed 000; src/documents/echoes-activation.ts).
   */
  get activatedInEnemyPhase(): boolean {
    return this.actor?.type === "echoesAdversary";
  }

  /** Has this creature taken its turn in the current round? */
  get hasActed(): boolean {
    const round = this.parent?.round ?? 0;
    return flagsOf<CombatantFlags>(this).actedRound === round && round > 0;
  }
}

export class SteelEchoesCombat extends Combat {
  /** The GM's end-of-encounter dialog (set at init by the application layer); without it, Foundry's. */
  static endEncounterDialog: ((combat: SteelEchoesCombat) => Promise<boolean>) | null = null;

  /** Ending the encounter asks the GM for Victories and which effects end, then ends it. */
  override async endCombat(): Promise<this> {
    if (directorOnly()) return this;
    const dialog = SteelEchoesCombat.endEncounterDialog;
    if (!dialog) return super.endCombat();
    await dialog(this);
    return this;
  }

  get firstSide(): Side | null {
    return flagsOf<CombatFlags>(this).firstSide ?? null;
  }

  get lastSide(): Side | null {
    return flagsOf<CombatFlags>(this).lastSide ?? null;
  }

  /** Our combatants (typed). */
  protected get seCombatants(): SteelEchoesCombatant[] {
    return [...this.combatants];
  }

  /** Creatures of each side who have not acted this round (defeated creatures do not act). */
  remainingBySide(): Record<Side, number> {
    const out: Record<Side, number> = { heroes: 0, director: 0 };
    for (const c of this.seCombatants) if (!c.hasActed && !c.isDefeated && !c.activatedInEnemyPhase) out[c.side]++;
    return out;
  }

  /** The group whose members are taking their turns one after another, while some are left. */
  get groupInProgress(): { id: string; side: Side } | null {
    const id = flagsOf<CombatFlags>(this).activeGroup ?? null;
    if (!id) return null;
    const left = this.seCombatants.filter((c) => c.groupId === id && !c.hasActed && !c.isDefeated);
    return left.length ? { id, side: left[0]!.side } : null;
  }

  /** The side that picks who acts next, or null when nobody is left this round (or combat has not started). */
  get sideToAct(): Side | null {
    const first = this.firstSide;
    if (!this.started || !first) return null;
    return sideToAct({
      firstSide: first, lastSide: this.lastSide, remaining: this.remainingBySide(), groupInProgress: this.groupInProgress?.side ?? null,
    });
  }

  /** With the alternative initiative, the creature of a side who must act next. */
  nextInInitiative(side: Side): string | null {
    const entries = this.seCombatants.filter((c) => !c.isDefeated && !c.activatedInEnemyPhase)
      .map((c) => ({ id: c.id!, side: c.side, result: c.initiative ?? -Infinity }));
    const acted = new Set(this.seCombatants.filter((c) => c.hasActed).map((c) => c.id!));
    return nextInOrder(initiativeOrder(entries)[side], acted);
  }

  /** Why this combatant may not take its turn now, or null. */
  turnRefusal(combatant: SteelEchoesCombatant): TurnRefusal | null {
    const side = this.sideToAct;
    return turnRefusal({
      started: this.started,
      someoneActing: this.turn !== null && this.turn !== undefined,
      acted: combatant.hasActed,
      defeated: combatant.isDefeated,
      side: combatant.side,
      sideToAct: side,
      ...(alternativeInitiative() && side ? { isNextInOrder: this.nextInInitiative(side) === combatant.id } : {}),
      ...(this.groupInProgress ? { inGroupInProgress: combatant.groupId === this.groupInProgress.id } : {}),
      ...(combatant.activatedInEnemyPhase ? { activatedInEnemyPhase: true } : {}),
    });
  }

  /** Heroes' side first, then the Director's; by initiative (alternative mode) or by name. */
  protected override _sortCombatants(a: CombatantDoc, b: CombatantDoc): number {
    const sa = a.side;
    const sb = b.side;
    if (sa !== sb) return sa === "heroes" ? -1 : 1;
    if (alternativeInitiative()) {
      const d = (b.initiative ?? -Infinity) - (a.initiative ?? -Infinity);
      if (d !== 0 && !Number.isNaN(d)) return d;
    }
    return (a.name ?? "").localeCompare(b.name ?? "") || (a.id ?? "").localeCompare(b.id ?? "");
  }

  /**
   * Start the encounter (L6748–6754): decide who goes first (surprise, else a d10 posted to chat),
   * round 1, nobody acting. With the alternative initiative, roll the Agility tests first.
   */
  override async startCombat(): Promise<this> {
    if (directorOnly()) return this;
    if (alternativeInitiative()) await this.rollAgilityInitiative();
    const creatures = this.seCombatants.map((c) => ({ side: c.side, surprised: c.actor?.statuses.has("surprised") ?? false }));
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
    const updateData = { round: 1, turn: null, [`flags.${SCOPE}.firstSide`]: side, [`flags.${SCOPE}.lastSide`]: null };
    // Type escape: core types the hook's data as { round, turn }; ours also carries the flags being written.
    Hooks.callAll("combatStart", this, updateData as never);
    await updateDocument(this, updateData);
    return this;
  }

  /**
   * The alternative initiative (L6776–6780): every creature without a result makes an Agility test
   * (CONFIG.Combat.initiative), then creatures of a side tied with each other reroll, the reroll
   * kept as a tie-break in the hundredths until no two are tied.
   */
  async rollAgilityInitiative(): Promise<void> {
    const missing = this.seCombatants.filter((c) => c.initiative === null || c.initiative === undefined).map((c) => c.id!);
    if (missing.length) await this.rollInitiative(missing);
    for (let pass = 1; pass <= 5; pass++) {
      const entries = this.seCombatants.map((c) => ({ id: c.id!, side: c.side, result: c.initiative ?? 0 }));
      const tied = tiedWithinSide(entries);
      if (!tied.length) return;
      for (const id of tied) {
        const c = this.combatants.get(id)!;
        const reroll = await new Roll("1d10").evaluate();
        await updateDocument(c, { initiative: (c.initiative ?? 0) + (reroll.total ?? 0) / 10 ** (pass + 1) });
      }
    }
  }

  /**
   * A creature takes its turn (GM's client): checks it may (its side's pick, not acted, nobody
   * else acting), marks it as acting, and runs the start of its turn. Resolves to the refusal (for
   * the caller to show) or null.
   */
  async takeTurn(combatant: SteelEchoesCombatant): Promise<TurnRefusal | null> {
    const refusal = this.turnRefusal(combatant);
    if (refusal) return refusal;
    const index = this.turns.findIndex((t) => t.id === combatant.id);
    await updateDocument(combatant, { [`flags.${SCOPE}.actedRound`]: this.round });
    // Picking a creature of a group picks the group: its other members act next (L6782–6784).
    await updateDocument(this, { turn: index, [`flags.${SCOPE}.activeGroup`]: combatant.groupId });
    await this.startOfTurn(combatant);
    return null;
  }

  /** The start of a hero's turn: gain the class's heroic resource, posted to chat. */
  async startOfTurn(combatant: SteelEchoesCombatant): Promise<number> {
    const actor = combatant.actor;
    // An Echoes character that is Harmed takes its damage now (seed 000 S0:L192–193).
    const harmed = actor ? await startEchoesTurn(actor) : null;
    if (actor && harmed) {
      const i18n = game.i18n!;
      const text = i18n.format("SE.Echoes.HarmedDamage", { name: actor.name ?? "", damage: String(harmed.damage), stamina: String(harmed.stamina) })
        + (harmed.wound ? ` ${i18n.localize(`SE.Echoes.Applied.Wound.${harmed.wound}`)}` : "")
        + (harmed.dead ? ` ${i18n.localize("SE.Echoes.Applied.Dead")}` : "");
      await ChatMessage.implementation.create({ content: `<p>${foundry.utils.escapeHTML(text)}</p>`, speaker: ChatMessage.getSpeaker({ actor }) });
    }
    const resource = actor?.type === "hero" && "heroicResource" in actor.system ? actor.system.heroicResource : undefined;
    if (!actor || !resource) return 0;
    const gain = parseResourceGain(resource.gain ?? "");
    const i18n = game.i18n!;
    if (!gain) {
      ui.notifications?.error("SE.Combat.Error.ResourceGain", { localize: true, format: { gain: resource.gain } });
      return 0;
    }
    if (!gain.dice && gain.flat === 0) return 0;
    const roll = await new Roll(resourceGainFormula(gain)).evaluate();
    const amount = roll.total ?? 0;
    await updateDocument(actor, { "system.heroicResource.value": resource.value + amount });
    const name = resource.name || i18n.localize("SE.Hero.HeroicResource");
    // A message's flavor is HTML: the names players typed are escaped.
    await roll.toMessage({
      flavor: foundry.utils.escapeHTML(i18n.format("SE.Combat.ResourceGained", { name: actor.name, amount: String(amount), resource: name })),
      speaker: ChatMessage.getSpeaker({ actor }),
    });
    return amount;
  }

  /**
   * End the current creature's turn: its EoT effects end and its resistance rolls are made; the
   * other side picks next; when everyone has acted the round ends.
   */
  override async nextTurn(): Promise<this> {
    if (game.user?.isGM) await this.endTurn();
    else await askGM(END_TURN_RELAY, { combatId: this.id });
    return this;
  }

  async endTurn(roll?: ResistanceRoller): Promise<TurnEndReport | null> {
    const current = this.combatant;
    if (!current) {
      // Nobody is acting: a new round when everyone has acted; with the alternative initiative the
      // next creature in order starts; otherwise a side has to pick.
      const side = this.sideToAct;
      if (!this.started) return null;
      if (side === null) await this.nextRound();
      else if (alternativeInitiative()) await this.startNextInOrder(side);
      else ui.notifications?.info(`SE.Combat.SideToAct.${side}`, { localize: true });
      return null;
    }
    const side = current.side;
    await updateDocument(this, { turn: null, [`flags.${SCOPE}.lastSide`]: side });
    const report = current.actor ? await endOfTurnEffects(current.actor, roll) : null;
    // An Echoes actor's conditions end with its turn (seed 000 S0:L168).
    const echoesEnded = current.actor ? await endEchoesTurn(current.actor) : [];
    // After an Echoes character's turn the GM may activate enemies (the applications layer listens).
    // The system's own hook, which the League's types do not know (as for poolsChanged); called on
    // `Hooks` itself, whose static methods use `this` in v13 (client/helpers/hooks.mjs).
    if (current.actor?.type === "echoes") (Hooks.callAll as (hook: string, ...args: unknown[]) => boolean)(HOOKS.echoesTurnEnded, this, current.actor);
    if (report && (report.ended.length || report.rolled.length || echoesEnded.length)) await this.postTurnEnd(current, report, echoesEnded);
    if (this.sideToAct === null) await this.nextRound();
    else if (alternativeInitiative()) await this.startNextInOrder(this.sideToAct!);
    return report;
  }

  /** With the alternative initiative, start the turn of the side's next creature in order. */
  protected async startNextInOrder(side: Side): Promise<void> {
    const next = this.nextInInitiative(side);
    const c = next ? this.combatants.get(next) : undefined;
    if (c) await this.takeTurn(c);
  }

  protected async postTurnEnd(combatant: SteelEchoesCombatant, report: TurnEndReport, echoesEnded: readonly string[] = []): Promise<void> {
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

  /** A new round (L6770): the first side opens it again; surprise ends after round 1 (L6748). */
  override async nextRound(): Promise<this> {
    if (directorOnly()) return this;
    if (surpriseEndsAfterRound(this.round)) {
      for (const c of this.seCombatants) {
        const actor = c.actor;
        if (actor?.statuses.has("surprised")) await actor.toggleStatusEffect("surprised", { active: false });
      }
    }
    const updateData = { round: this.round + 1, turn: null, [`flags.${SCOPE}.lastSide`]: null };
    // Type escape: as for combatStart, the data also carries our flags.
    Hooks.callAll("combatRound", this, updateData as never, { direction: 1, advanceTime: 0 });
    await updateDocument(this, updateData);
    return this;
  }

  /** Undoing turns is not part of the side-alternation flow; the GM edits the flags if needed. */
  override async previousTurn(): Promise<this> {
    if (directorOnly()) return this;
    const current = this.combatant;
    if (current) {
      await updateDocument(current, { [`flags.${SCOPE}.actedRound`]: null });
      await updateDocument(this, { turn: null });
    }
    return this;
  }

  /**
   * The effects that end with the encounter (L6620, L7259), for the end-of-combat dialog: EoE
   * effects always, the others if the creature wants (ticked by default); never winded,
   * unconscious or dying.
   */
  endingEffects(): { key: string; actorName: string; label: string; mandatory: boolean; remove: () => Promise<unknown> }[] {
    const out: ReturnType<SteelEchoesCombat["endingEffects"]> = [];
    const seen = new Set<unknown>();
    for (const c of this.seCombatants) {
      const actor = c.actor;
      if (!actor || seen.has(actor)) continue;
      seen.add(actor);
      for (const e of actor.effects) {
        if (e.statuses.size === 0) continue;
        const kind: DurationKind = conditionFlags(e)?.duration.kind ?? "";
        const fate = encounterEnd([...e.statuses], kind);
        if (fate === "kept") continue;
        out.push({ key: `${actor.uuid}|${e.id ?? ""}`, actorName: actor.name, label: e.name, mandatory: fate === "ends", remove: () => e.delete() });
      }
    }
    return out;
  }

  /**
   * End the encounter: the awarded Victories are added to each surviving hero's (L301), each hero's
   * heroic resource becomes their Victories (L2373), chosen effects end; then the combat is deleted.
   */
  async finishEncounter({ victories, endEffects }: { victories: number; endEffects: ReadonlySet<string> }): Promise<void> {
    if (!Number.isInteger(victories) || victories < 0) throw new RangeError(`victories must be a whole number of 0 or more, got ${victories}`);
    const heroes = new Set<unknown>();
    for (const c of this.seCombatants) {
      const actor = c.actor;
      if (!actor || actor.type !== "hero" || !isDrawSteel(actor.system) || !("victories" in actor.system) || heroes.has(actor)) continue;
      heroes.add(actor);
      // Victories go to the heroes who survive the encounter (L301); every hero's resource resets.
      const total = (actor.system.victories ?? 0) + (actor.system.stamina.state === "dead" ? 0 : victories);
      await updateDocument(actor, { "system.victories": total, "system.heroicResource.value": resourceAtCombatEnd(total) });
    }
    for (const e of this.endingEffects()) if (e.mandatory || endEffects.has(e.key)) await e.remove();
    await this.delete();
  }
}

declare module "@league-of-foundry-developers/foundry-vtt-types/configuration" {
  interface DocumentClassConfig {
    Combat: typeof SteelEchoesCombat;
    Combatant: typeof SteelEchoesCombatant;
  }
}
