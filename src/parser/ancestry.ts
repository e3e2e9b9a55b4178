/**
 * Reads an ancestry's benefits as the seed prints them (L630–1991; notes/ds-content-inventory.md §1)
 * and the complications (L5568–5684). Pure: text in, data or a localisable error with its line out.
 *
 *   DWARF BENEFITS
 *   As a dwarf character, you have the following benefits:      (may give the size: "your size is 1L")
 *   GROUNDED                                                      a benefit: heading + paragraphs
 *   Your heavy stone body ... Your stability increases by 1.
 *   SHADOWMELD                                                    a heading followed by a Keywords
 *   You become an actual shadow.                                  line is an ability block
 *     • Keywords: Magic ...
 *   FIENDISH FEATURES                                            the Devil's purchases:
 *     • BARBED TAIL (1 FIEND POINT): text                         bullets with a cost
 *     • SILVER TONGUE: text                                       a bullet without one is a benefit
 */
import { escapeHTML } from "./ability-block.ts";
import type { ParseError } from "./ability-block.ts";
import { isKitHeading } from "./kit.ts";
import { titleCase } from "./seed-casing.ts";

export interface Benefit { name: string; line: number; text: string[] }
export interface Purchase extends Benefit { cost: number }
/** An ability block printed inside a benefit (`benefit` names it: the ability comes with that benefit). */
export interface AbilityText { name: string; line: number; text: string; benefit: string }

export interface ParsedBenefits {
  intro: string[];
  benefits: Benefit[];
  purchases: Purchase[];
  abilities: AbilityText[];
}

export type BenefitsResult = { ok: true; value: ParsedBenefits } | { ok: false; error: ParseError };

const fail = (key: string, line: number, data: Record<string, string | number> = {}) =>
  ({ ok: false as const, error: { key: `SE.Parser.Error.${key}`, line, data } });

const BULLET = /^\s*[•*-]\s*/;
const KEYWORDS = /^\s*(?:•\s*)?Keywords:/;
const PURCHASE = /^([A-Z][A-Z '-]+?)\s*\((\d+)\s+(?:FIEND\s+)?POINTS?\)\s*:\s*(.+)$/;
const FREE_BULLET = /^([A-Z][A-Z '-]+?)\s*:\s*(.+)$/;
/** A rolled ability's Effect paragraph ends it; paragraphs after it return to the benefit (Detonate Sigil, L1858–1861). */
const EFFECT = /^Effect\s*:/i;
const TIER = /^\s*(?:•\s*)?(?:11 or lower|12\s*[–-]\s*16|17\+)\s*:/;


/** Parse one "<ANCESTRY> BENEFITS" section (its heading first). Lines are 1-based in errors. */
export function parseAncestryBenefits(input: string): BenefitsResult {
  const raw = input.replace(/\r\n?/g, "\n").split("\n");
  const lines = raw.map((t, i) => ({ text: t.trim(), line: i + 1 })).filter((l) => l.text !== "");
  if (!lines.length) return fail("AncestryEmpty", 1);
  const [head, ...body] = lines;
  if (!/BENEFITS$/.test(head!.text)) return fail("AncestryMissingBenefits", head!.line);

  const out: ParsedBenefits = { intro: [], benefits: [], purchases: [], abilities: [] };
  let benefit: Benefit | null = null;
  let ability: { name: string; line: number; text: string[]; rolled: boolean; effectSeen: boolean; benefit: string } | null = null;
  let purchasesHeading = false;
  const closeAbility = () => {
    if (ability) out.abilities.push({ name: ability.name, line: ability.line, text: ability.text.join("\n"), benefit: ability.benefit });
    ability = null;
  };

  for (let i = 0; i < body.length; i++) {
    const l = body[i]!;
    const t = l.text;
    if (isKitHeading(t) && !BULLET.test(t)) {
      closeAbility();
      const next = body.slice(i + 1, i + 4).some((n) => KEYWORDS.test(n.text));
      if (next) {
        ability = { name: titleCase(t), line: l.line, text: [t], rolled: false, effectSeen: false, benefit: benefit?.name ?? "" };
        continue;
      }
      purchasesHeading = /FIENDISH FEATURES/.test(t);
      benefit = purchasesHeading ? null : { name: titleCase(t), line: l.line, text: [] };
      if (benefit) out.benefits.push(benefit);
      continue;
    }
    if (ability) {
      const a = ability as { text: string[]; rolled: boolean; effectSeen: boolean };
      if (a.effectSeen && a.rolled && !BULLET.test(t) && !/^[A-Z][\w ]*:/.test(t)) {
        closeAbility();
        if (benefit) benefit.text.push(t);
        else out.intro.push(t);
        continue;
      }
      if (TIER.test(t)) a.rolled = true;
      if (EFFECT.test(t.replace(BULLET, ""))) a.effectSeen = true;
      a.text.push(t);
      continue;
    }
    if (purchasesHeading && BULLET.test(t)) {
      const item = t.replace(BULLET, "");
      let m: RegExpExecArray | null;
      if ((m = PURCHASE.exec(item))) out.purchases.push({ name: titleCase(m[1]!), cost: Number(m[2]), line: l.line, text: [m[3]!.trim()] });
      else if ((m = FREE_BULLET.exec(item))) out.benefits.push({ name: titleCase(m[1]!), line: l.line, text: [m[2]!.trim()] });
      else return fail("AncestryUnexpectedLine", l.line, { text: item.slice(0, 60) });
      continue;
    }
    if (purchasesHeading) {
      out.intro.push(t);
      continue;
    }
    if (benefit) benefit.text.push(t);
    else out.intro.push(t);
  }
  closeAbility();
  if (!out.benefits.length && !out.purchases.length) return fail("AncestryNoBenefits", head!.line);
  const empty = out.benefits.find((b) => !b.text.length);
  if (empty) return fail("AncestryEmptyBenefit", empty.line, { name: empty.name });
  return { ok: true, value: out };
}

export interface AncestryNumbers {
  size: { value: number; letter: string } | null;
  speed: number | null;
  stamina: number;
  staminaPerLevel: number;
  stability: number;
  recoveries: number;
}

/**
 * The numbers the hero derivation uses, read from the benefits' sentences: "your size is 1L",
 * "Your speed is 7", "stability increases/decreases by N", "Stamina increases by 6 at 1st level,
 * then ... an additional 1 each time you gain a new level", "Increase your number of Recoveries by 2".
 */
export function ancestryNumbers(texts: readonly string[]): AncestryNumbers {
  const all = texts.join(" ");
  const size = /\bsize is (\d+)([TSML])\b/.exec(all);
  const speed = /\byour speed is (\d+)\b/i.exec(all);
  const stability = /\bstability (increases|decreases) by (\d+)/i.exec(all);
  const stamina = /\bStamina increases by (\d+) at 1st level(?:, then increases by an additional (\d+) each time you gain a new level)?/i.exec(all);
  const recoveries = /\b(?:Increase your number of Recoveries by|(\d+) additional Recoveries)\s*(\d+)?/i.exec(all);
  return {
    size: size ? { value: Number(size[1]), letter: size[2]! } : null,
    speed: speed ? Number(speed[1]) : null,
    stamina: stamina ? Number(stamina[1]) : 0,
    staminaPerLevel: stamina?.[2] ? Number(stamina[2]) : 0,
    stability: stability ? (stability[1]!.toLowerCase() === "decreases" ? -1 : 1) * Number(stability[2]) : 0,
    recoveries: recoveries ? Number(recoveries[2] ?? recoveries[1] ?? 0) : 0,
  };
}

export interface ParsedComplication {
  name: string;
  description: string[];
  benefit: string[];
  drawback: string[];
}

export type ComplicationResult = { ok: true; value: ParsedComplication } | { ok: false; error: ParseError };

/** One complication: its name heading, story paragraphs, "Benefit: …" and "Drawback: …". */
export function parseComplication(input: string): ComplicationResult {
  const lines = input.replace(/\r\n?/g, "\n").split("\n").map((t, i) => ({ text: t.trim(), line: i + 1 })).filter((l) => l.text !== "");
  if (!lines.length) return fail("ComplicationEmpty", 1);
  const [head, ...body] = lines;
  if (!isKitHeading(head!.text)) return fail("ComplicationMissingName", head!.line);
  const out: ParsedComplication = { name: titleCase(head!.text), description: [], benefit: [], drawback: [] };
  let part: string[] = out.description;
  for (const l of body) {
    let m: RegExpExecArray | null;
    if (isKitHeading(l.text)) return fail("ComplicationUnexpectedLine", l.line, { text: l.text.slice(0, 60) });
    if ((m = /^Benefit\s*:\s*(.*)$/i.exec(l.text))) {
      if (out.benefit.length) return fail("ComplicationUnexpectedLine", l.line, { text: l.text.slice(0, 60) });
      part = out.benefit;
      part.push(m[1]!);
    } else if ((m = /^Drawback\s*:\s*(.*)$/i.exec(l.text))) {
      if (out.drawback.length) return fail("ComplicationUnexpectedLine", l.line, { text: l.text.slice(0, 60) });
      part = out.drawback;
      part.push(m[1]!);
    } else part.push(l.text);
  }
  if (!out.benefit.length) return fail("ComplicationMissingBenefit", head!.line);
  if (!out.drawback.length) return fail("ComplicationMissingDrawback", head!.line);
  return { ok: true, value: out };
}

export const paragraphsHTML = (paragraphs: readonly string[]) => paragraphs.map((p) => `<p>${escapeHTML(p.replace(BULLET, ""))}</p>`).join("");
