/**
 * View-model of the other engines' check dialogs (`/ad`, `/arc`, `/react`, `/d12` typed alone, or
 * `steelEchoes.checkDialog(kind)`): each engine's fields, and the form's values turned into the
 * options the chat commands take (src/applications/chat/post-rolls.ts validates them again). Pure.
 */
import { MAX_BONUS_DICE } from "../../parser/chat-commands.ts";
import { D12_LIMIT, ES_DICE } from "../../parser/command-checks.ts";
import type { CommandName } from "../../parser/chat-commands.ts";
import type { ActionDiceCommand, ArcCommand, D12Command } from "../../parser/command-checks.ts";

export const CHECK_DIALOGS = ["actionDice", "arc", "react", "d12"] as const;
export type CheckDialogKind = (typeof CHECK_DIALOGS)[number];

/** The chat commands that open their engine's check dialog when typed alone. */
export const DIALOG_COMMANDS: Partial<Record<CommandName, CheckDialogKind>> = { d12: "d12", arc: "arc", react: "react", actionDice: "actionDice" };

export interface CheckField {
  name: string;
  labelKey: string;
  type: "number" | "checkbox" | "select";
  value?: number | "";
  min?: number;
  max?: number;
  /** A blank number means "none" (a target, a DC), not 0. */
  optional?: boolean;
  options?: { value: string; labelKey: string; label?: string; selected: boolean }[];
}

const num = (name: string, min: number, max: number, value: number | "" = 0, optional = false): CheckField => ({
  name, labelKey: `SE.CheckDialog.Field.${name}`, type: "number", value, min, max, ...(optional ? { optional } : {}),
});
const check = (name: string): CheckField => ({ name, labelKey: `SE.CheckDialog.Field.${name}`, type: "checkbox" });

/** The fields of each engine's dialog, in order. */
export function engineCheckFields(kind: CheckDialogKind): CheckField[] {
  switch (kind) {
    case "actionDice": return [
      num("bonusDice", 0, MAX_BONUS_DICE, 1), num("charges", 0, 9), num("challenges", 0, 9), check("wounded"),
      { name: "against", labelKey: "SE.CheckDialog.Field.against", type: "select", options: ["none", "vs", "guard"].map((v, i) => ({
        value: v, labelKey: `SE.CheckDialog.Against.${v}`, selected: i === 0,
      })) },
      num("target", 0, 99, "", true), check("behind"), num("sizeSteps", 0, 6),
      { name: "cover", labelKey: "SE.CheckDialog.Field.cover", type: "select", options: ["none", "light", "partial", "full"].map((v, i) => ({
        value: v, labelKey: `SE.CheckDialog.Cover.${v}`, selected: i === 0,
      })) },
    ];
    case "arc": return [
      num("ks", 0, 99), num("us", 0, 99), num("es", 0, 99, 5),
      { name: "esDie", labelKey: "SE.CheckDialog.Field.esDie", type: "select", options: ES_DICE.map((d) => ({
        value: String(d), labelKey: "", label: `d${d}`, selected: d === 8,
      })) },
      num("adjustment", -99, 99), { ...num("against", 0, 999, "", true), labelKey: "SE.CheckDialog.Field.arcAgainst" },
    ];
    case "react": return [num("som", 1, 10, 5)];
    case "d12": return [
      num("modifier", -D12_LIMIT, D12_LIMIT), num("dc", 0, D12_LIMIT, "", true), num("advantages", 0, 9), num("disadvantages", 0, 9),
    ];
  }
}

/** The dialog's context: the engine and its fields, each saying how it is drawn, and a hint. */
export function engineCheckContext(kind: CheckDialogKind) {
  return {
    kind,
    fields: engineCheckFields(kind).map((f) => ({ ...f, isCheckbox: f.type === "checkbox", isSelect: f.type === "select" })),
    hintKey: `SE.CheckDialog.Hint.${kind}`,
  };
}

/**
 * A form value as a number: numbers as they are (FormDataExtended's number inputs), numeric text read
 * (a select's value, as the ES die's), blank as null, anything else NaN.
 */
function numberOf(value: unknown): number | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "number") return value;
  return typeof value === "string" && /^\s*[+-]?\d+\s*$/.test(value) ? Number(value) : Number.NaN;
}
/** A checkbox, which FormDataExtended gives as a boolean. */
const ticked = (value: unknown) => value === true;

export type CheckDialogOptions =
  | { kind: "actionDice"; options: ActionDiceCommand }
  | { kind: "arc"; options: ArcCommand }
  | { kind: "react"; options: { som: number } }
  | { kind: "d12"; options: D12Command };

/**
 * The options of the chat command the dialog stands for, from the form's values as Foundry's
 * FormDataExtended gives them. Counts left blank are 0; a blank target or DC is none.
 * Out-of-range numbers pass through: the command's own check refuses them with its usage message.
 */
export function engineCheckOptions(kind: CheckDialogKind, form: Record<string, unknown>): CheckDialogOptions {
  const n = (name: string) => numberOf(form[name]) ?? 0;
  const optional = (name: string) => numberOf(form[name]);
  switch (kind) {
    case "actionDice": {
      const against = String(form.against ?? "none");
      const target = optional("target");
      const cover = ["light", "partial", "full"].includes(String(form.cover)) ? (String(form.cover) as "light" | "partial" | "full") : "none";
      return {
        kind,
        options: {
          bonusDice: n("bonusDice"), charges: n("charges"), challenges: n("challenges"), wounded: ticked(form.wounded),
          vs: against === "vs" ? target ?? Number.NaN : null,
          guard: against === "guard" ? { guard: target ?? Number.NaN, behind: ticked(form.behind), sizeSteps: n("sizeSteps"), cover } : null,
        },
      };
    }
    case "arc":
      return { kind, options: { ks: n("ks"), us: n("us"), es: n("es"), esDie: n("esDie"), adjustment: n("adjustment"), against: optional("against") } };
    case "react":
      return { kind, options: { som: n("som") } };
    case "d12":
      return { kind, options: { modifier: n("modifier"), dc: optional("dc"), advantages: n("advantages"), disadvantages: n("disadvantages") } };
  }
}
