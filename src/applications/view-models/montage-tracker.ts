/**
 * View-model of the montage tracker (`templates/apps/montage-tracker.hbs`) and of its action dialog:
 * the montage's state and who is looking in, the context out. Pure. The Director sees the controls;
 * a player sees the actions of the heroes they own; everyone sees the same progress.
 */
import { CHARACTERISTICS, SKILL_GROUPS } from "../../rules/catalogue.ts";
import { MONTAGE_DIFFICULTIES } from "../../rules/montage.ts";
import { TEST_DIFFICULTIES } from "../../rules/tests.ts";
import { actedIn, montageStatus, usedSkills } from "../../data/montage.ts";
import type { MontageAction, MontageHero, MontageState } from "../../data/montage.ts";
import type { I18n } from "./i18n.ts";
import { assistKey } from "./test-card.ts";

export interface MontageViewer {
  isGM: boolean;
  /** UUIDs of the heroes on the montage this user owns. */
  owned: ReadonlySet<string>;
}

const OUTCOME_CLASS: Record<string, string> = {
  "failure-with-consequence": "disaster", failure: "failure", "success-with-consequence": "setback", success: "success",
  "success-with-reward": "triumph",
};

function actionView(a: MontageAction | undefined, heroes: readonly MontageHero[], i18n: I18n) {
  if (!a) return { empty: true, label: "", detail: "", outcome: "", outcomeClass: "" };
  const skill = a.skill ? i18n.localize(`SE.Skill.${a.skill}`) : "";
  const target = a.targetUuid ? heroes.find((h) => h.actorUuid === a.targetUuid)?.name ?? "" : "";
  const total = a.total === undefined ? "" : String(a.total);
  const detail = a.kind === "test"
    ? [i18n.localize(`SE.Characteristic.${a.characteristic}`), skill, total].filter(Boolean).join(" · ")
    : a.kind === "assist" ? [target, skill].filter(Boolean).join(" · ")
      : a.kind === "ability" ? a.note ?? "" : "";
  return {
    empty: false,
    label: i18n.localize(`SE.Montage.Action.${a.kind}`),
    detail,
    outcome: a.kind === "test" && a.outcome ? i18n.localize(`SE.Test.Outcome.${a.outcome}`) : "",
    outcomeClass: a.outcome ? OUTCOME_CLASS[a.outcome] ?? "" : "",
  };
}

const pips = (count: number, limit: number) =>
  Array.from({ length: Math.max(limit, count) }, (_v, i) => ({ filled: i < count, over: i >= limit }));

export function montageTrackerContext(state: MontageState | null, viewer: MontageViewer, i18n: I18n) {
  const difficultyOptions = MONTAGE_DIFFICULTIES.map((id) => ({ id, label: i18n.localize(`SE.Montage.Difficulty.${id}`) }));
  if (!state) {
    return { active: false, isGM: viewer.isGM, none: i18n.localize(viewer.isGM ? "SE.Montage.NoneGM" : "SE.Montage.None"), difficultyOptions };
  }
  const status = montageStatus(state);
  const ongoing = !state.ended && status.outcome === "ongoing";
  const lastRound = Math.max(state.rounds, ...state.heroes.flatMap((h) => h.actions.map((a) => a.round)));
  const roundNumbers = Array.from({ length: lastRound }, (_v, i) => i + 1);
  const heroes = state.heroes.map((h) => {
    const owned = viewer.owned.has(h.actorUuid);
    const acted = actedIn(h, state.round);
    return {
      actorUuid: h.actorUuid,
      name: h.name,
      cells: roundNumbers.map((r) => ({
        round: r, current: r === state.round, ...actionView(h.actions.find((a) => a.round === r), state.heroes, i18n),
      })),
      skills: [...usedSkills(h)].map((s) => i18n.localize(`SE.Skill.${s}`)).join(", "),
      assist: h.assist ? i18n.format(assistKey(h.assist.effect), { name: h.assist.name, bonus: String(h.assist.effect.bonus) }) : "",
      acted,
      canAct: ongoing && !acted && (owned || viewer.isGM),
    };
  });
  const outcomeLabel = state.ended ? state.ended.outcome : status.outcome;
  return {
    active: true,
    isGM: viewer.isGM,
    title: state.title || i18n.localize("SE.Montage.Title"),
    difficulty: i18n.localize(`SE.Montage.Difficulty.${state.difficulty}`),
    round: state.round > state.rounds
      ? i18n.localize("SE.Montage.TimeUp")
      : i18n.format("SE.Montage.Round", { round: String(state.round), rounds: String(state.rounds) }),
    testDifficulty: i18n.localize(`SE.Test.DifficultyLabel.${state.testDifficulty}`),
    successes: { count: status.successes, limit: state.limits.successes, pips: pips(status.successes, state.limits.successes) },
    failures: { count: status.failures, limit: state.limits.failures, pips: pips(status.failures, state.limits.failures) },
    rounds: roundNumbers.map((r) => ({ round: r, label: i18n.format("SE.Montage.RoundShort", { round: String(r) }), current: r === state.round })),
    heroes,
    ongoing,
    outcome: i18n.localize(`SE.Montage.Outcome.${outcomeLabel}`),
    outcomeClass: outcomeLabel,
    victories: outcomeLabel === "ongoing" ? "" : i18n.format("SE.Montage.Victories", { victories: String(state.ended?.victories ?? status.victories) }),
    ended: !!state.ended,
    // The Director's controls.
    difficultyOptions,
    testDifficultyOptions: TEST_DIFFICULTIES.map((id) => ({
      id, label: i18n.localize(`SE.Test.DifficultyLabel.${id}`), selected: id === state.testDifficulty,
    })),
    limits: state.limits,
    roundsTotal: state.rounds,
    adjust: state.adjust,
  };
}

/** The action dialog: a test or an assist for `hero` (used skills greyed out), or an ability's note. */
export function montageActionContext(state: MontageState, heroUuid: string, kind: "test" | "assist" | "ability", i18n: I18n) {
  const hero = state.heroes.find((h) => h.actorUuid === heroUuid)!;
  const used = usedSkills(hero);
  return {
    kind,
    hint: i18n.localize(`SE.Montage.Hint.${kind}`),
    difficulty: kind === "test" ? i18n.format("SE.Montage.TestAt", { difficulty: i18n.localize(`SE.Test.DifficultyLabel.${state.testDifficulty}`) }) : "",
    characteristics: kind === "ability" ? [] : CHARACTERISTICS.map((id) => ({ id, label: i18n.localize(`SE.Characteristic.${id}`) })),
    skillGroups: kind === "ability" ? [] : Object.entries(SKILL_GROUPS).map(([group, ids]) => ({
      label: i18n.localize(`SE.SkillGroup.${group}`),
      skills: ids.map((id) => ({ id, label: i18n.localize(`SE.Skill.${id}`), used: used.has(id) })),
    })),
    targets: kind === "assist"
      ? state.heroes.filter((h) => h.actorUuid !== heroUuid && !actedIn(h, state.round) && !h.assist)
        .map((h) => ({ id: h.actorUuid, name: h.name }))
      : [],
    note: kind === "ability",
  };
}
