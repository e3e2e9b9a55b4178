/**
 * Draw Steel combat in Foundry's tracker (seed 004, L6742–6788): no initiative order by default;
 * the sides alternate, each picking one creature to act ("take turn"); when one side has nobody
 * left the other acts back to back; the side that went first goes first every round. Surprised
 * creatures stay surprised until the end of round 1. Start and end of turns run the heroic resource
 * gain, EoT expiry and resistance rolls. All the rules are in src/rules/; this class keeps state:
 *
 * - `combat.turn` is the index of the creature acting now, or null between turns;
 * - `flags["steel-echoes"].firstSide` / `.lastSide` on the combat; each creature's turn state (has
 *   acted, side, lost turn, climb) in the combat's `flags["steel-echoes"].turns.<combatant id>`,
 *   which only a GM can write (see `CombatFlags`).
 *
 * A combat can instead play by another engine (`flags["steel-echoes"].engine`, src/documents/
 * engine-combat.ts): seeds 001, 002 and 003 walk one order by initiative, each creature in turn, and
 * `.actingId` names the creature acting, so its turn survives a re-sort; seed 001 adds the Recovery
 * Phase after each round, seed 003 Delay.
 *
 * Every method that changes the combat runs on a GM's client: Foundry lets a player change only the
 * turn and round of a combat, while these write flags and other creatures' effects. A player's
 * `nextTurn` (the tracker's "end turn" control) goes to the GM through the relay; the controls that
 * are the Director's alone refuse with a message. Handlers: src/documents/combat-relay.ts.
 */
import { encounterEnd } from "../rules/durations.ts";
import { nextOrderedTurn } from "../rules/initiative-order.ts";
import { initiativeOrder, nextInOrder, sideToAct, turnRefusal } from "../rules/turn-order.ts";
import type { DurationKind } from "../rules/durations.ts";
import type { OrderedTurn } from "../rules/initiative-order.ts";
import type { Side, TurnRefusal } from "../rules/turn-order.ts";
import { RELAY_REQUESTS, SYSTEM_ID } from "../constants.ts";
import { conditionFlags } from "./conditions.ts";
import { ensureGame } from "./game-hooks.ts";
import { askGM, serialized } from "./relay.ts";
import type { ResistanceRoller, TurnEndReport } from "./conditions.ts";
import { FLAG_SCOPE } from "../constants.ts";
import { updateDocument } from "./update.ts";
import { engineOfFlags, isOrderedEngine, orderedCompare, skipsTurn, statsOfFlags } from "./engine-combat.ts";
import { storedStats } from "../data/engine-stats.ts";
import type { CombatEngine, EngineStats, OrderedEngine, OrderSubject } from "./engine-combat.ts";
import { isCombatEngine } from "../settings/combat.ts";
import { idOf } from "./persisted.ts";

/** The turn flow's bodies (./combat-flow.ts): loaded when a combat first starts, or ends a turn or a round (issue 31). */
const combatFlow = () => import("./combat-flow.ts");

const SCOPE = FLAG_SCOPE;

/** Relay requests (src/documents/relay.ts) for a player's turn. */
export const TAKE_TURN_RELAY = "takeTurn";
export const END_TURN_RELAY = "endTurn";
export const ENGINE_INITIATIVE_RELAY = "engineInitiative";
export const DELAY_TURN_RELAY = "delayTurn";
export const LOSE_TURN_RELAY = RELAY_REQUESTS.loseTurn;
export const CLIMB_RELAY = RELAY_REQUESTS.climb;

// The combat's state read from its flags, and the helpers the turn flow shares, live apart
// (./combat-state.ts) so that the flow (./combat-flow.ts), loaded with import(), needs nothing of this file's classes.
export * from "./combat-state.ts";
import {
  alternativeInitiative, directorOnly, flagsOf, sideOfDisposition, turnPath, turnRecordOf, wholeOrNull,
} from "./combat-state.ts";
import type { CombatFlags, TurnRecord } from "./combat-state.ts";
import type { CombatantDoc } from "./combat-speakers.ts";
export class SteelEchoesCombatant extends Combatant {
  /** This creature's turn state, from its combat's flags (only a GM writes them: see `CombatFlags`). */
  get turnRecord(): TurnRecord {
    return turnRecordOf(this.parent, this.id);
  }

  /** The side this creature fights on: set by the Director in the combat's flags, else from the token's disposition. */
  get side(): Side {
    const own = this.turnRecord.side;
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

  /** The numbers this creature carries for the other engines (src/documents/engine-combat.ts). */
  get engineStats(): EngineStats {
    return statsOfFlags(this.flags).stats;
  }

  /** What the order of an engine reads of this creature. */
  get orderSubject(): OrderSubject {
    const { stats, tiebreak } = statsOfFlags(this.flags);
    return { id: this.id ?? "", initiative: typeof this.initiative === "number" ? this.initiative : null, stats, tiebreak };
  }

  /**
   * Spend Vigor this creature tracks for seed 001 (S1:L18, L43): "untracked" when it tracks none (the
   * table keeps it), "short" when it has too little (nothing spent), else "spent", Winded at 0.
   */
  async spendVigor(cost: number): Promise<"spent" | "untracked" | "short"> {
    const stats = this.engineStats;
    if (stats.vigor === undefined) return "untracked";
    // Seed 001's rules load with its game (not in a Draw Steel world's entry: issue 31).
    const { spendVigor } = await import("../rules/action-dice.ts");
    const out = spendVigor({ vigor: stats.vigor, winded: !!stats.winded }, cost);
    if (!out) return "short";
    await updateDocument(this, { [`flags.${SCOPE}.stats`]: storedStats({ ...stats, ...out }) });
    return "spent";
  }

  /** Seed 002: the turn a failed Reaction check lost this creature (S2:L59), or null. */
  get lostTurn(): number | null {
    return wholeOrNull(this.turnRecord.lostTurn);
  }

  /** Seed 003: the round from which this creature climbs to the top of the order (S3:L84), or null. */
  get climbRound(): number | null {
    return wholeOrNull(this.turnRecord.climbRound);
  }

  /** Has this creature taken its turn in the current round? */
  get hasActed(): boolean {
    const round = this.parent?.round ?? 0;
    return round > 0 && this.turnRecord.actedRound === round;
  }
}

export class SteelEchoesCombat extends Combat {
  /** The GM's end-of-encounter dialog (set at init by the application layer); without it, Foundry's. */
  static endEncounterDialog: ((combat: SteelEchoesCombat) => Promise<boolean>) | null = null;

  /** Ending the encounter asks the GM for Victories and which effects end, then ends it. */
  override async endCombat(): Promise<this> {
    if (directorOnly()) return this;
    const dialog = SteelEchoesCombat.endEncounterDialog;
    // Victories and the Draw Steel effects that end are Draw Steel's: the other engines end as Foundry's do.
    if (!dialog || isOrderedEngine(this.engine)) return super.endCombat();
    await dialog(this);
    return this;
  }

  /** The engine this combat plays by: Draw Steel's sides, or an order by initiative (engine-combat.ts). */
  get engine(): CombatEngine {
    return engineOfFlags(this.flags, this.started);
  }

  /** The Director picks the engine before the combat starts (the tracker's choice). */
  async setEngine(engine: CombatEngine): Promise<void> {
    if (directorOnly() || this.started || !isCombatEngine(engine)) return;
    // The engine's game first: its order and rolls are in its chunk (src/games/loader.ts; issue 31).
    if (isOrderedEngine(engine)) await ensureGame(engine);
    await updateDocument(this, { [`flags.${SCOPE}.engine`]: engine });
  }

  get firstSide(): Side | null {
    return flagsOf<CombatFlags>(this).firstSide ?? null;
  }

  /** The round and turn a GM last wrote (round 0 and nobody acting, as a new combat, before any). */
  get trustedTurn(): { round: number; turn: number | null } {
    const t = flagsOf<CombatFlags>(this).trustedTurn;
    return { round: wholeOrNull(t?.round) ?? 0, turn: wholeOrNull(t?.turn) };
  }

  /**
   * On the writer's client, before an update is sent: a GM's change of round or turn records them as
   * `trustedTurn` in the same write (client/data/client-backend.mjs `#preUpdateDocumentArray` runs
   * `_preUpdate` with the changes it sends). A player's client writes no flags: the server refuses them.
   */
  protected override async _preUpdate(...args: Parameters<Combat["_preUpdate"]>): Promise<boolean | void> {
    const allowed = await super._preUpdate(...args);
    if (allowed === false) return false;
    const changed: Record<string, unknown> = args[0];
    if (!game.user?.isGM || !("round" in changed || "turn" in changed)) return allowed;
    const round = "round" in changed ? changed.round : this.round;
    const turn = "turn" in changed ? changed.turn : this.turn;
    const flags = (changed.flags ??= {}) as Record<string, Record<string, unknown> | undefined>;
    (flags[SCOPE] ??= {}).trustedTurn = { round: wholeOrNull(round) ?? 0, turn: wholeOrNull(turn) };
    return allowed;
  }

  /** When a creature's side is set by hand the order changes: every client sorts the turns again. */
  protected override _onUpdate(...args: Parameters<Combat["_onUpdate"]>): void {
    super._onUpdate(...args);
    const changed: Record<string, unknown> = args[0];
    const turns = flagsOf<CombatFlags>(changed).turns;
    if (turns && Object.values(turns).some((r) => r && typeof r === "object" && "side" in r)) this.setupTurns();
  }

  /**
   * The active GM's client, after a non-GM set this combat's round or turn directly (v13 lets any
   * player: see `CombatFlags`): put back the round and turn a GM last wrote, and tell the table.
   * Resolves to whether anything was put back.
   */
  async restoreTrustedTurn(writer: string): Promise<boolean> {
    const { round, turn } = this.trustedTurn;
    if (this.round === round && (this.turn ?? null) === turn) return false;
    await updateDocument(this, { round, turn });
    const text = game.i18n!.format("SE.Combat.TurnChangeUndone", { name: writer });
    await ChatMessage.implementation.create({ content: `<p>${foundry.utils.escapeHTML(text)}</p>`, speaker: { alias: game.i18n!.localize("SE.Combat.Director") } });
    return true;
  }

  get lastSide(): Side | null {
    return flagsOf<CombatFlags>(this).lastSide ?? null;
  }

  /** Our combatants (typed). */
  get seCombatants(): SteelEchoesCombatant[] {
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
    // In an order by initiative nobody picks: the order starts each turn.
    if (isOrderedEngine(this.engine)) return this.started ? "not-next" : "not-started";
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
    // v13 Combat#setupTurns passes this method to Array#sort unbound: `this` is not the combat here.
    const engine = engineOfFlags(a.parent?.flags, !!a.parent?.started);
    if (isOrderedEngine(engine)) return orderedCompare(engine, a.orderSubject, b.orderSubject);
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
    await (await combatFlow()).startCombat(this);
    return this;
  }

  /**
   * The alternative initiative (L6776–6780): every creature without a result makes an Agility test
   * (CONFIG.Combat.initiative), then creatures of a side tied with each other reroll, the reroll
   * kept as a tie-break in the hundredths until no two are tied.
   */
  async rollAgilityInitiative(): Promise<void> {
    return (await combatFlow()).rollAgilityInitiative(this);
  }

  /**
   * A creature takes its turn (GM's client): checks it may (its side's pick, not acted, nobody
   * else acting), marks it as acting, and runs the start of its turn. Resolves to the refusal (for
   * the caller to show) or null.
   */
  async takeTurn(combatant: SteelEchoesCombatant): Promise<TurnRefusal | null> {
    return (await combatFlow()).takeTurn(this, combatant);
  }

  /** The start of a hero's turn: gain the class's heroic resource, posted to chat. */
  async startOfTurn(combatant: SteelEchoesCombatant): Promise<number> {
    return (await combatFlow()).startOfTurn(this, combatant);
  }

  /**
   * End the current creature's turn: its EoT effects end and its resistance rolls are made; the
   * other side picks next; when everyone has acted the round ends.
   */
  /**
   * Foundry's own initiative rolls (the tracker's "Roll All", "Roll NPCs", macros calling
   * `combat.rollInitiative`): in an engine with an order, the engine's roll instead of
   * CONFIG.Combat.initiative's Draw Steel formula, made by the Director's client.
   */
  override async rollInitiative(ids: string | string[], options?: Combat.InitiativeOptions): Promise<this> {
    if (!isOrderedEngine(this.engine)) return super.rollInitiative(ids, options);
    if (directorOnly()) return this;
    await this.rollEngineInitiative(typeof ids === "string" ? [ids] : ids);
    return this;
  }

  // ----- The other engines: one order by initiative (src/documents/engine-combat.ts) -----

  /**
   * Start an encounter of an engine with an order: the engine is fixed on the combat, the creatures
   * without an initiative roll it, ties roll off, and the first in the order starts its turn.
   */
  async startOrderedCombat(engine: OrderedEngine): Promise<this> {
    await (await combatFlow()).startOrderedCombat(this, engine);
    return this;
  }

  /**
   * Roll the initiative of these creatures (the Director's client): seed 001's action dice and seed
   * 003's DEX check are rolled to chat, privately for a hidden creature (as v13 Combat#rollInitiative
   * does); seed 002's is the State of Mind, read from the creature's stats. The acting creature keeps
   * its turn when the order changes.
   */
  async rollEngineInitiative(ids: readonly string[]): Promise<void> {
    return (await combatFlow()).rollEngineInitiative(this, ids);
  }


  /** This round's order for the walk: who has acted, who passes over their turn. */
  orderedTurns(engine: OrderedEngine): OrderedTurn[] {
    return this.turns.map((c) => ({
      id: c.id!, acted: c.hasActed, skips: c.isDefeated || skipsTurn(engine, c.engineStats, this.round, c.lostTurn),
    }));
  }

  async startOrderedTurn(c: SteelEchoesCombatant): Promise<void> {
    await updateDocument(this, {
      turn: this.turns.findIndex((t) => t.id === c.id), [`flags.${SCOPE}.actingId`]: c.id, [turnPath(idOf(c), "actedRound")]: this.round,
    });
  }

  /**
   * The next creature in the order after the one acting starts its turn; after the last the round
   * ends. A round in which nobody can act stays open (the Director moves on).
   */
  async advanceOrdered(engine: OrderedEngine, newRound = false): Promise<void> {
    const next = nextOrderedTurn(this.orderedTurns(engine), newRound ? null : this.combatant?.id ?? null);
    const c = next ? this.combatants.get(next) : undefined;
    if (c) await this.startOrderedTurn(c);
    else if (!newRound) await this.nextRound();
    else await updateDocument(this, { turn: null, [`flags.${SCOPE}.actingId`]: null });
  }

  /** After the order changed (an initiative rolled, a Delay, a SOM changed), the acting creature keeps its turn. */
  async keepActingTurn(): Promise<void> {
    if (!isOrderedEngine(this.engine) || !this.started || !game.user?.isGM) return;
    const id = flagsOf<CombatFlags>(this).actingId;
    if (!id) return;
    const index = this.turns.findIndex((t) => t.id === id);
    if (index !== this.turn) await updateDocument(this, index < 0 ? { turn: null, [`flags.${SCOPE}.actingId`]: null } : { turn: index });
  }

  /**
   * Seed 003's Delay (S3:L378): the acting creature moves to the bottom of the order for the rest of
   * the fight, and acts there this round; the next creature starts its turn now. Resolves to why not.
   */
  async delayTurn(): Promise<"not-d12" | "nobody-acting" | "already-last" | null> {
    return (await combatFlow()).delayTurn(this);
  }

  /** The combatant a check's "Climb the initiative" already went to, or null (each check climbs once). */
  climbFrom(messageId: string): string | null {
    const id = flagsOf<CombatFlags>(this).climbs?.[messageId];
    return typeof id === "string" ? id : null;
  }

  /**
   * Seed 003's exploit "Climb the initiative" (S3:L84), chosen on a check's card: from the start of
   * the next round this creature acts first. Run by a GM's client (the `climb` relay request checks
   * a player's check first): marked in the combat's flags with the check it came from; applied when
   * the next round starts.
   */
  async climbNextRound(combatant: SteelEchoesCombatant, messageId: string): Promise<boolean> {
    return (await combatFlow()).climbNextRound(this, combatant, messageId);
  }

  /**
   * Seed 002: a failed Reaction check loses the creature's turn, this one if its place is still to
   * come, else the next (S2:L59, `turnLostTo`); the walk passes over it. On a player's client it asks
   * the GM (the `loseTurn` relay request: the owner's own loss, so the roll needs no check); a GM's
   * client marks it in the combat's flags.
   */
  async loseTurn(combatant: SteelEchoesCombatant): Promise<boolean> {
    return (await combatFlow()).loseTurn(this, combatant);
  }

  /** At the start of a round: each creature that climbs this round moves above every other (S3:L84). */
  async applyClimbs(): Promise<void> {
    return (await combatFlow()).applyClimbs(this);
  }

  /**
   * Seed 001's Recovery Phase at the end of a round (S1:L10–11, L42–47, L75): every creature with a
   * Stamina score gains its Vigor, Winded ends at 5, and Shock counts down; a creature whose Shock runs
   * out dies (defeated, and Foundry's defeated status, as the tracker's own toggle does). Posted to chat.
   */
  async recoveryPhase(): Promise<void> {
    return (await combatFlow()).recoveryPhase(this);
  }

  override async nextTurn(): Promise<this> {
    if (game.user?.isGM) await this.endTurn();
    else await askGM(END_TURN_RELAY, { combatId: this.id });
    return this;
  }

  async endTurn(roll?: ResistanceRoller): Promise<TurnEndReport | null> {
    return (await combatFlow()).endTurn(this, roll);
  }

  /** With the alternative initiative, start the turn of the side's next creature in order. */
  async startNextInOrder(side: Side): Promise<void> {
    const next = this.nextInInitiative(side);
    const c = next ? this.combatants.get(next) : undefined;
    if (c) await this.takeTurn(c);
  }

  async postTurnEnd(combatant: SteelEchoesCombatant, report: TurnEndReport, echoesEnded: readonly string[] = []): Promise<void> {
    return (await combatFlow()).postTurnEnd(this, combatant, report, echoesEnded);
  }

  /** A new round (L6770): the first side opens it again; surprise ends after round 1 (L6748). */
  override async nextRound(): Promise<this> {
    await (await combatFlow()).nextRound(this);
    return this;
  }

  /**
   * Villain Power each round (issue 33, our proposal: src/rules/combat-resources.ts
   * `villainPowerAtRoundStart`, the world's setting): as a round starts the Director gains VP, once a
   * round. Runs on the active GM's client only (`registerRoundVillainPower`). The round is the one a
   * GM last wrote (`trustedTurn`), never one a player set; the round granted is marked in the
   * combat's flags, which only a GM writes, before the pool changes, so a second GM, a reload or
   * going back a round and forward never grants it twice. Resolves to the VP gained, or null when
   * this round owes none.
   */
  async gainRoundVillainPower(): Promise<number | null> {
    return (await combatFlow()).gainRoundVillainPower(this);
  }

  /** Undoing turns is not part of the side-alternation flow; the GM edits the flags if needed. */
  override async previousTurn(): Promise<this> {
    if (directorOnly()) return this;
    const current = this.combatant;
    if (current) await updateDocument(this, { turn: null, [`flags.${SCOPE}.actingId`]: null, [turnPath(idOf(current), "actedRound")]: null });
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
  async finishEncounter(args: { victories: number; endEffects: ReadonlySet<string> }): Promise<void> {
    return (await combatFlow()).finishEncounter(this, args);
  }
}

/**
 * Villain Power each round (issue 33): on every client, a round a GM wrote (the start of the combat,
 * each new round) is handed to `gainRoundVillainPower`, which acts on the active GM's client only; at
 * `ready` the active GM catches up a round that started while no GM's client was there to grant it.
 * A round a player wrote is not a new round: the active GM puts it back (combat-relay.ts `guardTurn`).
 */
export function registerRoundVillainPower(): void {
  Hooks.on("updateCombat", (combat, changed, _options, userId) => {
    if (!("round" in (changed as Record<string, unknown>)) || !game.users?.get(userId)?.isGM) return undefined;
    // game.combats holds documents of the configured class (CONFIG.Combat.documentClass = SteelEchoesCombat).
    const c = combat as SteelEchoesCombat;
    // Returned for the test harness to follow (Foundry ignores a hook's return value).
    return serialized([`villainPower:${c.id}`], () => c.gainRoundVillainPower());
  });
  Hooks.once("ready", () => {
    for (const combat of (game.combats ?? []) as Iterable<SteelEchoesCombat>) {
      void serialized([`villainPower:${combat.id}`], () => combat.gainRoundVillainPower()).catch((err: unknown) => console.error(`${SYSTEM_ID} | Villain Power`, err));
    }
  });
}

declare module "@league-of-foundry-developers/foundry-vtt-types/configuration" {
  interface DocumentClassConfig {
    Combat: typeof SteelEchoesCombat;
    Combatant: typeof SteelEchoesCombatant;
  }
  // The v14 declarations type collections' documents (combat.combatants, game.combats) by these.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- merged declarations must repeat the parameter
  interface ConfiguredCombat<SubType extends Combat.SubType> {
    document: SteelEchoesCombat;
  }
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- merged declarations must repeat the parameter
  interface ConfiguredCombatant<SubType extends Combatant.SubType> {
    document: SteelEchoesCombatant;
  }
}
