/**
 * View-model of the Echoes character sheet (seed 000; notes/other-seeds.md §1(c)) and of its check
 * dialog: a character's data in, the template context out. Pure: the rules give the modifiers, the
 * Motivation toll and the dice pool.
 */
import { ECHOES_CONDITIONS, ECHOES_MAX_LEVEL, GRIPS, MOTIVATIONS, behaviorModifier, echoesConditionBuffs, echoesPool, motivationToll } from "../../rules/echoes.ts";
import type { Grip, Motivation } from "../../rules/echoes.ts";
import type { I18n } from "./i18n.ts";

/** An Echoes character's data as the sheet reads it (src/data/echoes.ts). */
export interface EchoesSystemView {
  behaviors: { name: string; value: number; defense: string }[];
  saves: { hit: number; damage: number };
  motivations: Record<Motivation, number>;
  echo: number;
  xp: { value: number; max: number };
  level: number;
  behaviorPoints: number;
  abilityPoints: number;
  stamina: { value: number; max: number };
  woundThreshold: number;
  wounds: { minor: number; serious: number };
  corruption: number;
  traits: string;
  traitList: { name: string; strength: number; text: string }[];
  thoughts: { first: string; second: string; third: string };
  lenses: number;
  shards: number;
  movement: number;
  /** Derived: the movement points for the next movement after conditions (absent in plain data). */
  movementNow?: number;
  reactionUsed: boolean;
  /** A Set on a loaded actor (Foundry's SetField), a list in plain data. */
  conditions: Iterable<string>;
}

/** The eight conditions as toggles, with what each does. */
export function conditionToggles(active: Iterable<string>, i18n: I18n) {
  const on = new Set(active);
  return ECHOES_CONDITIONS.map((id) => ({
    id, active: on.has(id), label: i18n.localize(`SE.Echoes.Condition.${id}`), hint: i18n.localize(`SE.Echoes.ConditionHint.${id}`),
  }));
}

/** An Echoes weapon or ability the character carries (src/data/echoes-items.ts). */
export interface EchoesItemView {
  id: string;
  name: string;
  type: string;
  system: { grip?: string; range?: string; equipped?: boolean; actions?: number; speed?: string; ecCondition?: number; damage?: number };
}

export interface EchoesSheetInput {
  name: string;
  img: string;
  editable: boolean;
  /** Edit mode shows an input for every stored field; play mode reads like the printed sheet. Absent: play. */
  mode?: "play" | "edit";
  system: EchoesSystemView;
  items?: EchoesItemView[];
  biographyHTML: string;
  biographySource: string;
}

const slots = (filled: number, total: number) => Array.from({ length: total }, (_, i) => ({ filled: i < filled, index: i }));

export function echoesSheetContext(input: EchoesSheetInput, i18n: I18n) {
  const s = input.system;
  return {
    name: input.name,
    img: input.img,
    editable: input.editable,
    // Only an owner edits: a viewer who may not is always in play mode.
    isEdit: input.editable && input.mode === "edit",
    level: s.level,
    maxLevel: ECHOES_MAX_LEVEL,
    xp: { ...s.xp, boxes: slots(s.xp.value, s.xp.max) },
    behaviorPoints: s.behaviorPoints,
    abilityPoints: s.abilityPoints,
    echo: s.echo,
    stamina: { ...s.stamina, pct: s.stamina.max > 0 ? Math.round((100 * Math.min(s.stamina.value, s.stamina.max)) / s.stamina.max) : 0 },
    woundThreshold: s.woundThreshold,
    wounds: { ...s.wounds, minorSlots: slots(s.wounds.minor, 2), seriousSlots: slots(s.wounds.serious, 2) },
    corruption: { value: s.corruption, slots: slots(s.corruption, 3) },
    behaviors: s.behaviors.map((b, index) => ({
      index, name: b.name, value: b.value, modifier: behaviorModifier(b.value), defense: b.defense,
      defenseLabel: b.defense ? i18n.localize(`SE.Echoes.Defense.${b.defense}`) : "",
      rollLabel: i18n.format("SE.Echoes.RollBehavior", { name: b.name, value: b.value }),
      defenseChoices: (["", "physical", "magical"] as const).map((value) => ({
        value, selected: value === b.defense, label: i18n.localize(`SE.Echoes.Defense.${value || "none"}`),
      })),
    })),
    saves: (["hit", "damage"] as const).map((id) => ({
      id, value: s.saves[id], label: i18n.localize(`SE.Actor.Echoes.FIELDS.saves.${id}.label`), modifier: behaviorModifier(s.saves[id]),
    })),
    motivations: MOTIVATIONS.map((id) => ({
      id, value: s.motivations[id], label: i18n.localize(`SE.Echoes.Motivation.${id}`),
      toll: motivationToll(s.motivations[id]) > 0,
    })),
    traits: s.traits,
    traitList: s.traitList,
    /** Play mode: the Traits as written, one a line (lines that are not Traits too: the player wrote them). */
    traitLines: s.traits.split(/\r?\n/).map((l) => l.trim()).filter(Boolean),
    thoughts: s.thoughts,
    thoughtLines: [s.thoughts.first, s.thoughts.second, s.thoughts.third].map((t) => t.trim()).filter(Boolean),
    lenses: s.lenses,
    shards: s.shards,
    movement: s.movement,
    // Slowed or Immobilized: what the next movement allows, shown beside the points.
    movementNow: s.movementNow !== undefined && s.movementNow !== s.movement
      ? i18n.format("SE.Echoes.MovementNow", { points: s.movementNow }) : "",
    reactionUsed: s.reactionUsed,
    conditions: conditionToggles(s.conditions, i18n),
    weapons: (input.items ?? []).filter((i) => i.type === "echoesWeapon").map((i) => ({
      id: i.id, name: i.name, equipped: !!i.system.equipped,
      details: [i18n.localize(`SE.Echoes.Grip.${i.system.grip}`), i18n.localize(`SE.Echoes.Range.${i.system.range}`)].join(" · "),
    })),
    abilities: (input.items ?? []).filter((i) => i.type === "echoesAbility").map((i) => ({
      id: i.id, name: i.name,
      details: i18n.format("SE.Echoes.AbilityDetails", {
        actions: i.system.actions ?? 1, speed: i18n.localize(`SE.Echoes.Speed.${i.system.speed}`), ec: i.system.ecCondition ?? 0,
        range: i18n.localize(`SE.Echoes.Range.${i.system.range}`), damage: i.system.damage ?? 0,
      }),
    })),
    biographyHTML: input.biographyHTML,
    biographySource: input.biographySource,
  };
}

export type EchoesSheetContext = ReturnType<typeof echoesSheetContext>;

/** What a check is made with: a Behavior (Traits allowed) or a Save (no Traits, S0:L63). */
export interface EchoesCheckSubject {
  kind: "behavior" | "save";
  /** The Behavior's name or the Save's id. */
  key: string;
  label: string;
  value: number;
  /** A Behavior's defense ("physical", "magical"), which makes its check a defense check. */
  defense?: string;
}

const isAttack = (subject: EchoesCheckSubject) => subject.kind === "save" && subject.key === "hit";
const isDefense = (subject: EchoesCheckSubject) => subject.kind === "behavior" && !!subject.defense;
const checkKind = (subject: EchoesCheckSubject) => (isAttack(subject) ? "attack" : isDefense(subject) ? "defense" : "other");

/** The Big Buffs (+) or Debuffs (−) the character's and its target's conditions give this check. */
function conditionBuffs(system: EchoesSystemView, subject: EchoesCheckSubject, targetConditions: Iterable<string>) {
  const known = (list: Iterable<string>) => [...list].filter((c) => (ECHOES_CONDITIONS as readonly string[]).includes(c));
  return echoesConditionBuffs(checkKind(subject), known(system.conditions), known(targetConditions));
}

/** The check dialog: the Motivations with their Buffs and toll, the Traits, the wounds' Debuffs preset. */
/** What a check's dialog knows beside the character: its target's conditions, allies to support, support received. */
export interface EchoesCheckExtras {
  /** An attack's first target's conditions. */
  targetConditions?: Iterable<string>;
  /** The other Echoes characters a Behavior check may support (S0:L88–100). */
  allies?: { uuid: string; name: string }[];
  /** Support checks made for this character, waiting for its next check. */
  support?: { from: string; big: number; small: number }[];
  /** An attack made with a weapon or an ability: what the dialog starts with. */
  attack?: { grip: string | null; abilityDamage: number; ability: boolean; speed?: "fast" | "slow" };
}

const supportTotal = (extras: EchoesCheckExtras) =>
  (extras.support ?? []).reduce((t, s) => ({ big: t.big + s.big, small: t.small + s.small }), { big: 0, small: 0 });

export function echoesCheckDialogContext(
  system: EchoesSystemView, subject: EchoesCheckSubject, i18n: I18n, extras: EchoesCheckExtras = {},
) {
  const conditions = conditionBuffs(system, subject, extras.targetConditions ?? []);
  const support = supportTotal(extras);
  const spent = [...conditions.spentOwn, ...conditions.spentTarget].map((c) => i18n.localize(`SE.Echoes.Condition.${c}`));
  const best = MOTIVATIONS.reduce((b, m) => (system.motivations[m] > system.motivations[b] ? m : b), MOTIVATIONS[0]);
  return {
    title: i18n.format("SE.Echoes.CheckTitle", { name: subject.label, value: subject.value }),
    motivations: MOTIVATIONS.map((id) => {
      const value = system.motivations[id];
      const toll = motivationToll(value) > 0;
      return {
        id, selected: id === best,
        label: i18n.format(toll ? "SE.Echoes.MotivationOptionToll" : "SE.Echoes.MotivationOption", {
          name: i18n.localize(`SE.Echoes.Motivation.${id}`), value, buffs: Math.min(value, 3),
        }),
      };
    }),
    traitsAllowed: subject.kind === "behavior",
    traits: system.traitList.flatMap((t, i) => (["buff", "debuff"] as const).map((as) => ({
      value: `${i}:${as}`, label: i18n.format(as === "buff" ? "SE.Echoes.TraitAsBuff" : "SE.Echoes.TraitAsDebuff", { name: t.text, strength: t.strength }),
    }))),
    wounds: system.wounds,
    attack: isAttack(subject)
      ? {
        grips: [{ value: "", label: i18n.localize("SE.Echoes.NoWeapon") }, ...GRIPS.map((g) => ({ value: g, label: i18n.localize(`SE.Echoes.Grip.${g}`) }))]
          .map((g) => ({ ...g, selected: g.value === (extras.attack?.grip ?? "") })),
        abilityDamage: extras.attack?.abilityDamage ?? 0,
        ability: !!extras.attack?.ability,
      }
      : null,
    defense: isDefense(subject) ? { label: i18n.localize(`SE.Echoes.Defense.${subject.defense}`) } : null,
    allies: subject.kind === "behavior" ? (extras.allies ?? []) : [],
    supportNote: extras.support?.length
      ? i18n.format("SE.Echoes.SupportNote", { names: extras.support.map((s) => s.from).join(", "), big: support.big, small: support.small })
      : "",
    conditionNote: spent.length
      ? i18n.format("SE.Echoes.ConditionNote", { big: conditions.big > 0 ? `+${conditions.big}` : String(conditions.big), names: spent.join(", ") })
      : "",
    woundNote: system.wounds.minor || system.wounds.serious
      ? i18n.format("SE.Echoes.WoundNote", { minor: system.wounds.minor, serious: system.wounds.serious })
      : "",
  };
}

/** The dialog's form, read back: the choices and the pool they make. Bad values read as none. */
export function echoesCheckChoices(
  system: EchoesSystemView, subject: EchoesCheckSubject, form: Record<string, unknown>, extras: EchoesCheckExtras = {},
) {
  const fromConditions = conditionBuffs(system, subject, extras.targetConditions ?? []).big;
  const support = supportTotal(extras);
  const plus = (n: number) => Math.max(0, n);
  const count = (v: unknown) => Math.min(3, Math.max(0, Math.trunc(Number(v) || 0)));
  const motivation = MOTIVATIONS.find((m) => m === form.motivation) ?? null;
  const [index, as] = String(form.trait ?? "").split(":");
  const trait = subject.kind === "behavior" && (as === "buff" || as === "debuff") ? system.traitList[Number(index)] : undefined;
  const pool = echoesPool({
    motivation: motivation ? system.motivations[motivation] : 0,
    trait: trait ? { strength: trait.strength, as: as as "buff" | "debuff" } : null,
    bigBuffs: count(form.bigBuffs) + plus(fromConditions) + plus(support.big),
    bigDebuffs: count(form.bigDebuffs) + plus(-fromConditions) + plus(-support.big),
    smallBuffs: count(form.smallBuffs) + plus(support.small), smallDebuffs: count(form.smallDebuffs) + plus(-support.small),
    wounds: system.wounds,
  });
  const amount = (v: unknown) => Math.min(9_999, Math.max(0, Math.trunc(Number(v) || 0)));
  const grip: Grip | null = GRIPS.find((g) => g === form.grip) ?? null;
  return {
    motivation, trait: trait ? { text: trait.text, as: as as "buff" | "debuff" } : null, ...pool,
    attack: isAttack(subject)
      ? {
        grip, abilityDamage: amount(form.abilityDamage), ability: !!form.ability,
        ...(extras.attack?.speed ? { speed: extras.attack.speed } : {}),
      }
      : null,
    defense: isDefense(subject) ? { incoming: amount(form.incoming), resistance: amount(form.resistance) } : null,
    supports: subject.kind === "behavior" ? (extras.allies ?? []).find((a) => a.uuid === form.supports) ?? null : null,
  };
}

/** What a check's card says under the dice, from its flag (src/documents/echoes-checks.ts). */
export interface EchoesCardFlag {
  label: string;
  motivation: Motivation | null;
  motivationValue: number;
  trait: { text: string; as: "buff" | "debuff" } | null;
  applied: null | {
    toll: number; reroll: number; fromFailure: number; relief: number; xpMarked: number; levelsGained: number;
    motivation: { from: number; to: number } | null; echo: { from: number; to: number }; dissonancePoints: number;
    ability?: number;
    attack?: { modifier: number; ability: number; weapon: number; base: number; total: number };
    defense?: { damage: number; stamina: number; staminaFrom: number; wound: "minor" | "serious" | null; dead: boolean };
    targets?: { name: string; measure: string; from: number; to: number }[];
    speed?: "fast" | "slow";
    resolved?: { name: string; conditions: string[] }[];
    support?: { name: string; big: number; small: number };
    supportUsed?: string[];
  };
}

/** The check's dice as the card shows them, and what this viewer may do to them before applying. */
export interface EchoesCardDice {
  dissonance: number[];
  harmony: number[];
  picked: { dissonance: number; harmony: number };
  reroll: { digit: "dissonance" | "harmony"; index: number; from: number; to: number } | null;
  rights: { pick: { dissonance: boolean; harmony: boolean }; reroll: boolean };
}

function diceControls(dice: EchoesCardDice | undefined, i18n: I18n) {
  if (!dice) return { pickRows: [], rerollDice: [], rerolled: "" };
  const digits = ["dissonance", "harmony"] as const;
  return {
    pickRows: digits.filter((d) => dice.rights.pick[d] && dice[d].length > 1).map((digit) => ({
      digit, label: i18n.localize(digit === "dissonance" ? "SE.Echoes.PickTens" : "SE.Echoes.PickOnes"),
      dice: dice[digit].map((face, index) => ({ index, face, picked: index === dice.picked[digit] })),
    })),
    rerollDice: dice.rights.reroll
      ? digits.flatMap((digit) => dice[digit].map((face, index) => ({ digit, index, face, digitClass: `echoes-check__die--${digit}` })))
      : [],
    rerolled: dice.reroll ? i18n.format(`SE.Echoes.Rerolled.${dice.reroll.digit}`, { from: dice.reroll.from, to: dice.reroll.to }) : "",
  };
}

export function echoesCardFooterContext(
  flag: EchoesCardFlag, viewer: { canApply: boolean; isGM: boolean }, i18n: I18n, dice?: EchoesCardDice,
) {
  const motivationName = flag.motivation ? i18n.localize(`SE.Echoes.Motivation.${flag.motivation}`) : "";
  const a = flag.applied;
  const lines: string[] = [];
  if (a) {
    if (a.toll) lines.push(i18n.format("SE.Echoes.Applied.Toll", { echo: a.toll }));
    if (a.reroll) lines.push(i18n.format("SE.Echoes.Applied.Reroll", { echo: a.reroll }));
    if (a.ability) lines.push(i18n.format("SE.Echoes.Applied.Ability", { echo: a.ability }));
    if (a.attack) lines.push(i18n.format("SE.Echoes.Applied.Attack", { ...a.attack }));
    for (const t of a.targets ?? []) {
      const label = i18n.localize(`SE.Echoes.Measure.${t.measure === "stacks" ? "stacks" : "hp"}`);
      lines.push(i18n.format(t.to === 0 ? "SE.Echoes.Applied.TargetDefeated" : "SE.Echoes.Applied.Target", { name: t.name, label, from: t.from, to: t.to }));
    }
    if (a.support) lines.push(i18n.format("SE.Echoes.Applied.Support", { ...a.support }));
    if (a.supportUsed?.length) lines.push(i18n.format("SE.Echoes.Applied.SupportUsed", { names: a.supportUsed.join(", ") }));
    for (const r of a.resolved ?? []) {
      const names = r.conditions.map((c) => i18n.localize(`SE.Echoes.Condition.${c}`)).join(", ");
      lines.push(i18n.format("SE.Echoes.Applied.Resolved", { names: `${names} (${r.name})` }));
    }
    if (a.speed && viewer.isGM) lines.push(i18n.localize(`SE.Echoes.Applied.Activation.${a.speed}`));
    if (a.defense) {
      lines.push(i18n.format("SE.Echoes.Applied.Defense", { damage: a.defense.damage, from: a.defense.staminaFrom, to: a.defense.stamina }));
      if (a.defense.wound) lines.push(i18n.localize(`SE.Echoes.Applied.Wound.${a.defense.wound}`));
      if (a.defense.dead) lines.push(i18n.localize("SE.Echoes.Applied.Dead"));
    }
    if (a.motivation) lines.push(i18n.format("SE.Echoes.Applied.Motivation", { name: motivationName, from: a.motivation.from, to: a.motivation.to }));
    if (a.fromFailure) lines.push(i18n.format("SE.Echoes.Applied.Failure", { echo: a.fromFailure }));
    if (a.relief) lines.push(i18n.format("SE.Echoes.Applied.Relief", { echo: a.relief }));
    lines.push(i18n.format("SE.Echoes.Applied.Echo", { from: a.echo.from, to: a.echo.to }));
    if (a.xpMarked) lines.push(i18n.format("SE.Echoes.Applied.Xp", { boxes: a.xpMarked }));
    if (a.levelsGained) lines.push(i18n.format("SE.Echoes.Applied.Level", { levels: a.levelsGained }));
    if (viewer.isGM && a.dissonancePoints) lines.push(i18n.format("SE.Echoes.Applied.Dissonance", { points: a.dissonancePoints }));
  }
  return {
    motivation: flag.motivation
      ? i18n.format("SE.Echoes.CardMotivation", { name: motivationName, value: flag.motivationValue })
      : i18n.localize("SE.Echoes.CardNoMotivation"),
    toll: !!flag.motivation && motivationToll(flag.motivationValue) > 0,
    trait: flag.trait ? i18n.format(flag.trait.as === "buff" ? "SE.Echoes.CardTraitBuff" : "SE.Echoes.CardTraitDebuff", { name: flag.trait.text }) : "",
    applied: !!a,
    lines,
    canApply: viewer.canApply,
    ...(a ? { pickRows: [], rerollDice: [], rerolled: diceControls(dice, i18n).rerolled } : diceControls(dice, i18n)),
  };
}

/** An Echoes adversary's data as its sheet reads it (src/data/echoes-adversary.ts). */
export interface EchoesAdversaryView {
  /** "hp" or "stacks" (the schema's choices). */
  measure: string;
  hp: { value: number; max: number };
  damage: number;
  /** "fast" or "slow". */
  speed: string;
  actionCost: number;
  resistances: string;
  conditions: Iterable<string>;
}

export function echoesAdversarySheetContext(
  input: { name: string; img: string; editable: boolean; system: EchoesAdversaryView; abilitiesHTML: string; notesHTML: string;
    abilitiesSource: string; notesSource: string; isGM: boolean; mode?: "play" | "edit" },
  i18n: I18n,
) {
  const s = input.system;
  return {
    name: input.name, img: input.img, editable: input.editable, isGM: input.isGM,
    isEdit: input.editable && input.mode === "edit",
    speedLabel: i18n.localize(`SE.Echoes.Speed.${s.speed === "slow" ? "slow" : "fast"}`),
    hp: { ...s.hp, label: i18n.localize(`SE.Echoes.Measure.${s.measure === "stacks" ? "stacks" : "hp"}`), defeated: s.hp.value <= 0,
      pct: s.hp.max > 0 ? Math.round((100 * Math.min(s.hp.value, s.hp.max)) / s.hp.max) : 0 },
    measures: (["hp", "stacks"] as const).map((value) => ({ value, selected: value === s.measure, label: i18n.localize(`SE.Echoes.Measure.${value}`) })),
    speeds: (["fast", "slow"] as const).map((value) => ({ value, selected: value === s.speed, label: i18n.localize(`SE.Echoes.Speed.${value}`) })),
    damage: s.damage, actionCost: s.actionCost, resistances: s.resistances, conditions: conditionToggles(s.conditions, i18n),
    abilitiesHTML: input.abilitiesHTML, notesHTML: input.notesHTML, abilitiesSource: input.abilitiesSource, notesSource: input.notesSource,
  };
}

/** The GM's enemy activation dialog: the adversaries able to act, the speeds and their activations. */
export function echoesActivationDialogContext(
  adversaries: { uuid: string; name: string; cost: number }[], points: number, i18n: I18n, speed: "fast" | "slow" = "fast",
) {
  return {
    points: i18n.format("SE.Echoes.Activation.Points", { points }),
    speeds: (["fast", "slow"] as const).map((value) => ({
      value, selected: value === speed, label: i18n.localize(`SE.Echoes.Activation.Speed.${value}`),
    })),
    adversaries: adversaries.map((a) => ({ ...a, label: i18n.format("SE.Echoes.Activation.Adversary", { name: a.name, cost: a.cost }) })),
    empty: adversaries.length === 0,
  };
}

/** The dialog's form read back as a request: the first enemy with 1 or 2 actions, a second with 1. */
export function echoesActivationChoices(form: Record<string, unknown>): { speed: "fast" | "slow"; parts: { actorUuid: string; actions: number }[] } {
  const speed = form.speed === "slow" ? "slow" : "fast";
  const parts: { actorUuid: string; actions: number }[] = [];
  if (typeof form.first === "string" && form.first) parts.push({ actorUuid: form.first, actions: Number(form.firstActions) === 2 ? 2 : 1 });
  if (typeof form.second === "string" && form.second) parts.push({ actorUuid: form.second, actions: 1 });
  return { speed, parts };
}
