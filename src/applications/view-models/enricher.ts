/**
 * What an enricher shows (issue 33): a plain description of the element the text becomes, built from
 * the parsed action, never from the author's markup. Pure; the enrichers' chunk turns it into DOM
 * nodes with `textContent` and `dataset` only (src/applications/enrichers/enricher-render.ts), so
 * nothing a user wrote is ever read as HTML.
 *
 * An action that changes documents (damage, healing, a condition) always shows what it does: a
 * `{label}` comes before that text and never replaces it, so `[[/damage 999]]{Read more}` reads
 * "Read more: 999 damage" to whoever might click it.
 */
import { TIER_THRESHOLDS } from "../../rules/power-roll.ts";
import type { CommandError, CommandResult } from "../../parser/command-checks.ts";
import type { EnricherAction, EnricherRoll } from "../../parser/enrichers.ts";
import type { I18n } from "./i18n.ts";

export interface EnricherRow { range: string; text: string }

export interface EnricherView {
  /** `a` for an inline action, `span` for an error, `div` for a power-roll block. */
  tag: "a" | "span" | "div";
  classes: string[];
  /** Font Awesome classes of the leading icon, or "". */
  icon: string;
  text: string;
  tooltip: string;
  /** What a click re-reads: the enricher's kind and its arguments as written (re-parsed at the click). */
  dataset: Record<string, string>;
  /** A power-roll block's three tiers. */
  rows: EnricherRow[];
}

const ICONS: Record<EnricherAction["kind"], string> = {
  powerRoll: "fa-solid fa-dice", powerRollBlock: "fa-solid fa-dice", damage: "fa-solid fa-burst",
  heal: "fa-solid fa-heart-pulse", test: "fa-solid fa-list-check", condition: "fa-solid fa-circle-exclamation",
};

const signed = (n: number) => (n < 0 ? `−${-n}` : `+${n}`);

/** "Power Roll + Might", "Power Roll +3, edge, +1 bonus". */
export function rollText(roll: EnricherRoll, i18n: I18n): string {
  const base = typeof roll.characteristic === "number"
    ? `${i18n.localize("SE.PowerRoll.Title")} ${signed(roll.characteristic)}`
    : i18n.format("SE.Enricher.RollWith", { characteristic: i18n.localize(`SE.Characteristic.${roll.characteristic}`) });
  const parts = [base];
  if (roll.edges) parts.push(i18n.format("SE.Enricher.Edges", { count: roll.edges }));
  if (roll.banes) parts.push(i18n.format("SE.Enricher.Banes", { count: roll.banes }));
  if (roll.bonuses) parts.push(signed(roll.bonuses));
  return parts.join(", ");
}

/** The text of an action, as the element shows it. */
export function actionText(action: EnricherAction, i18n: I18n): string {
  switch (action.kind) {
    case "powerRoll":
    case "powerRollBlock":
      return rollText(action.roll, i18n);
    case "damage":
      return action.damage.type
        ? i18n.format("SE.Enricher.DamageTyped", { amount: action.damage.amount, type: i18n.localize(`SE.DamageType.${action.damage.type}`) })
        : i18n.format("SE.Enricher.Damage", { amount: action.damage.amount });
    case "heal":
      return i18n.format("SE.Enricher.Heal", { amount: action.heal.amount });
    case "test": {
      const characteristic = i18n.localize(`SE.Characteristic.${action.request.characteristic}`);
      return action.request.difficulty
        ? i18n.format("SE.Enricher.TestDifficulty", { characteristic, difficulty: i18n.localize(`SE.Test.DifficultyLabel.${action.request.difficulty}`) })
        : i18n.format("SE.Enricher.Test", { characteristic });
    }
    case "condition":
      return i18n.localize(`SE.Condition.${action.id}`);
  }
}

const CHANGES_DOCUMENTS: ReadonlySet<EnricherAction["kind"]> = new Set(["damage", "heal", "condition"]);

/**
 * The element for a parsed enricher. `source` is what the click re-reads (`kind`, `args`, and a
 * block's `tiers`); `label` the author's `{label}`, if any.
 */
export function enricherView(
  parsed: CommandResult<EnricherAction>, source: { kind: string; args: string; tiers?: string },
  label: string | undefined, written: string, i18n: I18n,
): EnricherView {
  if (!parsed.ok) return errorView(parsed.error, written, i18n);
  const action = parsed.value;
  const own = actionText(action, i18n);
  const name = label?.trim();
  const text = !name ? own : CHANGES_DOCUMENTS.has(action.kind) ? i18n.format("SE.Enricher.Labelled", { label: name, text: own }) : name;
  const dataset: Record<string, string> = { seEnricher: source.kind, seArgs: source.args };
  if (source.tiers !== undefined) dataset.seTiers = source.tiers;
  const tooltip = i18n.localize(`SE.Enricher.Hint.${action.kind}`);
  const classes = ["steel-echoes-enricher", "se-enricher", `se-enricher-${action.kind}`];
  if (action.kind !== "powerRollBlock") return { tag: "a", classes, icon: ICONS[action.kind], text, tooltip, dataset, rows: [] };
  // The tiers of a power roll (L187–195): ≤11, 12–16, 17+.
  const { tier1Max, tier2Max } = TIER_THRESHOLDS;
  const ranges = [`≤${tier1Max}`, `${tier1Max + 1}–${tier2Max}`, `${tier2Max + 1}+`];
  return { tag: "div", classes, icon: ICONS.powerRollBlock, text, tooltip, dataset, rows: action.tiers.map((t, i) => ({ range: ranges[i]!, text: t })) };
}

/** A text that is no enricher it can read: shown as written, marked, with the reason as its tooltip. */
export function errorView(error: CommandError, written: string, i18n: I18n): EnricherView {
  const data = Object.fromEntries(Object.entries(error.data).map(([k, v]) => [k, String(v).slice(0, 40)]));
  return {
    tag: "span", classes: ["steel-echoes-enricher", "se-enricher", "se-enricher-broken"], icon: "fa-solid fa-triangle-exclamation", text: written.slice(0, 200),
    tooltip: i18n.format(error.key, data), dataset: {}, rows: [],
  };
}
