/**
 * View-model of the roll dialog opened when an ability is used: the characteristic (a choice when
 * the ability offers several), edges, banes and a bonus for the whole roll, a skill for tests, the
 * ability's Spend options, and one row per target with its automatic edges and banes (and why) plus
 * extra ones and the battlefield toggles. `choicesFromForm` reads the submitted form back, clamping
 * every number. Pure.
 */
import { SITUATION_TOGGLES } from "../../rules/ability-use-checks.ts";
import { clampSpend } from "../../rules/heroic-resource-spends.ts";
import { TEST_DIFFICULTIES, skillBonus } from "../../rules/tests.ts";
import type { SituationToggles } from "../../rules/ability-use.ts";
import { defaultChoices } from "../../data/ability-use-build.ts";
import type { AbilityDialogInput, DialogChoices, DialogTargetInput, UseChoices } from "../../data/ability-use-build.ts";
import type { I18n } from "./i18n.ts";
import { signed } from "./format.ts";

export type { AbilityDialogInput, DialogTargetInput };
export { defaultChoices };

const EDGE_CHOICES = [0, 1, 2];

export function abilityDialogContext(input: AbilityDialogInput, i18n: I18n) {
  const reasonText = (reasons: string[]) => reasons.map((r) => i18n.localize(`SE.Edge.${r}`)).join(", ");
  return {
    name: input.name,
    isTest: input.kind === "test",
    characteristics: input.offered.map((c) => ({
      value: c,
      label: `${i18n.localize(`SE.Characteristic.${c}`)} ${signed(input.characteristics[c] ?? 0)}`,
      selected: c === input.characteristic,
    })),
    chooseCharacteristic: input.offered.length > 1,
    edgeChoices: EDGE_CHOICES,
    ruleWarnings: (input.ruleWarnings ?? []).map((w) => i18n.format(w.key, w.data)),
    budgetWarning: input.budgetWarning ? `${i18n.format(input.budgetWarning.key, { name: input.budgetWarning.name })} ${i18n.localize("SE.Budget.Over")}` : "",
    cost: input.cost ? i18n.format("SE.AbilityDialog.Cost", { cost: input.cost, resource: input.resourceName, available: input.resourceValue ?? "—" }) : "",
    spend: input.spend.map((s, index) => (s.variable
      ? {
          index, amount: s.amount, variable: true, min: s.variable.min, max: s.variable.max,
          label: `${i18n.format("SE.AbilityDialog.SpendUpTo", { resource: input.resourceName, max: s.variable.max })}: ${s.text}`,
        }
      : { index, label: `${i18n.localize("SE.Ability.Spend")} ${s.amount} ${input.resourceName}: ${s.text}`, amount: s.amount })),
    maintain: input.maintain
      ? { allowed: input.maintain.allowed, label: i18n.format(input.maintain.allowed ? "SE.Persistent.Maintain" : "SE.Persistent.CannotMaintain", { value: input.maintain.persistent, resource: input.resourceName }) }
      : null,
    skills: input.skills.map((s) => ({ value: s, label: i18n.localize(`SE.Skill.${s}`) })),
    own: input.targets.length ? null : { edges: input.ownEdges, banes: input.ownBanes, reasons: reasonText(input.ownReasons) },
    targets: input.targets.map((t, index) => ({
      index,
      name: t.name,
      automatic: i18n.format("SE.AbilityDialog.Automatic", { edges: countText("SE.AbilityDialog.EdgeCount", t.edges, i18n), banes: countText("SE.AbilityDialog.BaneCount", t.banes, i18n) }),
      reasons: reasonText(t.reasons),
      noLineOfEffect: t.noLineOfEffect ? i18n.localize("SE.AbilityDialog.NoLineOfEffect") : "",
      hidden: t.hidden ? i18n.format("SE.AbilityDialog.Hidden", { name: t.name }) : "",
      tooLarge: t.tooLarge ? i18n.format("SE.AbilityDialog.TooLarge", { name: t.name, ability: input.name }) : "",
      toggles: SITUATION_TOGGLES.map((toggle) => ({
        name: `targets.${index}.${toggle}`, label: i18n.localize(`SE.Edge.${toggle}`), hint: i18n.localize(`SE.AbilityDialog.ToggleHint.${toggle}`), checked: !!t.toggles?.[toggle],
      })),
    })),
  };
}

/** "no edges", "1 edge", "2 edges": the count's plural form (`zero`, `one`, `other`) under `key`. */
function countText(key: string, n: number, i18n: I18n): string {
  return i18n.format(`${key}.${n === 0 ? "zero" : n === 1 ? "one" : "other"}`, { n });
}

function clampInt(value: unknown, min: number, max: number): number {
  const n = Math.trunc(Number(value));
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : 0;
}

/** Bonuses typed in the dialog are capped like the chat command's (±20). */
export const DIALOG_BONUS_LIMIT = 20;

/**
 * The submitted form (flat `name → value`, as FormDataExtended gives it) back as choices. Unknown
 * characteristics fall back to the preselected one; numbers are clamped; a skill adds +2.
 */
export function choicesFromForm(
  form: Record<string, unknown>, input: Pick<AbilityDialogInput, "offered" | "characteristic" | "targets" | "spend" | "skills" | "maintain">,
): DialogChoices {
  const characteristic = input.offered.includes(String(form.characteristic)) ? String(form.characteristic) : input.characteristic;
  const skill = input.skills.includes(String(form.skill ?? "")) ? String(form.skill) : "";
  const perTarget: UseChoices["perTarget"] = {};
  input.targets.forEach((t, i) => {
    const toggles: SituationToggles = {};
    for (const toggle of SITUATION_TOGGLES) if (form[`targets.${i}.${toggle}`] === true || form[`targets.${i}.${toggle}`] === "on") toggles[toggle] = true;
    perTarget[t.key] = { edges: clampInt(form[`targets.${i}.edges`], 0, 2), banes: clampInt(form[`targets.${i}.banes`], 0, 2), toggles };
  });
  // A fixed line is a checkbox; a line spent by the point takes an amount clamped to its bounds.
  const spendLines = input.spend.map((s, i) => {
    const value = form[`spend.${i}`];
    const amount = s.variable ? clampSpend(Number(value), s.variable) : (value === true || value === "on" ? s.amount : 0);
    return { amount, text: s.text };
  }).filter((l) => l.amount > 0);
  return {
    characteristic,
    edges: clampInt(form.edges, 0, 2),
    banes: clampInt(form.banes, 0, 2),
    bonuses: clampInt(form.bonuses, -DIALOG_BONUS_LIMIT, DIALOG_BONUS_LIMIT) + skillBonus(skill, input.skills),
    perTarget,
    spend: spendLines.map((l) => l.amount),
    spendLines,
    maintain: !!input.maintain?.allowed && (form.maintain === true || form.maintain === "on"),
    skill,
  };
}

/** The choices of a shift-click: the defaults, nothing added. */

export interface TestDialogInput {
  characteristic: string;
  value: number;
  skills: string[];
  difficulty?: string;
  /** Automatic edges and banes on the roller (weakened gives a bane on tests). */
  reasons: string[];
}

/** The test dialog: difficulty, edges, banes, bonus and a skill (+2, at most one, L5900). */
export function testDialogContext(input: TestDialogInput, i18n: I18n) {
  return {
    characteristic: `${i18n.localize(`SE.Characteristic.${input.characteristic}`)} ${signed(input.value)}`,
    difficulties: TEST_DIFFICULTIES.map((d) => ({ value: d, label: i18n.localize(`SE.Test.DifficultyLabel.${d}`), selected: d === input.difficulty })),
    edgeChoices: EDGE_CHOICES,
    skills: input.skills.map((s) => ({ value: s, label: i18n.localize(`SE.Skill.${s}`) })),
    automatic: input.reasons.map((r) => i18n.localize(`SE.Edge.${r}`)).join(", "),
  };
}

/** The test dialog's form back as roll options, clamped; an unknown difficulty or skill is ignored. */
export function testChoicesFromForm(form: Record<string, unknown>, input: Pick<TestDialogInput, "skills">) {
  const difficulty = TEST_DIFFICULTIES.find((d) => d === form.difficulty);
  const skill = input.skills.includes(String(form.skill ?? "")) ? String(form.skill) : "";
  return {
    edges: clampInt(form.edges, 0, 2),
    banes: clampInt(form.banes, 0, 2),
    bonuses: clampInt(form.bonuses, -DIALOG_BONUS_LIMIT, DIALOG_BONUS_LIMIT) + skillBonus(skill, input.skills),
    skill,
    ...(difficulty ? { difficulty } : {}),
  };
}
