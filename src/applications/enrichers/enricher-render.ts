/**
 * The enrichers' elements (issue 33), in their own chunk: loaded when a text with an enricher is first
 * enriched (lazy-enrichers.ts). The view (view-models/enricher.ts) says what to show; this builds it
 * with `textContent` and `dataset` only, so no text a user wrote is read as HTML.
 */
import { parseConditionEnricher, parseInlineEnricher, parsePowerRollBlock } from "../../parser/enrichers.ts";
import { enricherView } from "../view-models/enricher.ts";
import type { EnricherView } from "../view-models/enricher.ts";
import { foundryI18n } from "../foundry-i18n.ts";
import { ENRICHER_KEY } from "./enricher-key.ts";
import type { EnricherKind } from "./lazy-enrichers.ts";

/** The members of a Document this builder uses (a fake one in the unit tests). */
export interface ElementMaker { createElement(tag: string): HTMLElement }

/** The view of one match of a pattern (ENRICHER_PATTERNS). */
export function viewOfMatch(kind: EnricherKind, match: RegExpMatchArray): EnricherView {
  const written = match[0];
  if (kind === "inline") {
    const [word = "", args = "", label] = match.slice(1, 4);
    return enricherView(parseInlineEnricher(word, args), { kind: word.toLowerCase(), args }, label, written, foundryI18n);
  }
  if (kind === "condition") {
    const [name = "", label] = match.slice(1, 3);
    return enricherView(parseConditionEnricher(name), { kind: "condition", args: name }, label, written, foundryI18n);
  }
  const [args = "", tiers = ""] = match.slice(1, 3);
  return enricherView(parsePowerRollBlock(args, tiers), { kind: "block", args, tiers }, undefined, written, foundryI18n);
}

/** Build the element of a view; actions carry this page load's key (lazy-enrichers.ts `ENRICHER_KEY`). */
export function buildElement(view: EnricherView, doc: ElementMaker, key: string = ENRICHER_KEY): HTMLElement {
  const el = doc.createElement(view.tag);
  el.className = view.classes.join(" ");
  // A block's roll is its heading; the click is on it alone, not on the tiers.
  const head = view.tag === "div" ? doc.createElement("a") : el;
  if (view.tooltip) head.dataset.tooltip = view.tooltip;
  if (Object.keys(view.dataset).length > 0) {
    for (const [k, v] of Object.entries(view.dataset)) head.dataset[k] = v;
    head.dataset.seKey = key;
    head.setAttribute("role", "button");
    head.setAttribute("tabindex", "0");
  }
  if (view.icon) {
    const i = doc.createElement("i");
    i.className = view.icon;
    i.setAttribute("inert", "");
    head.append(i);
  }
  const text = doc.createElement("span");
  text.textContent = view.text;
  head.append(text);
  if (head !== el) {
    head.className = "se-enricher-roll";
    el.append(head);
    const list = doc.createElement("dl");
    for (const row of view.rows) {
      const dt = doc.createElement("dt");
      dt.textContent = row.range;
      const dd = doc.createElement("dd");
      dd.textContent = row.text;
      list.append(dt, dd);
    }
    el.append(list);
  }
  return el;
}

/** `CONFIG.TextEditor.enrichers`' enricher: the element for one match. */
export async function enrichMatch(kind: EnricherKind, match: RegExpMatchArray): Promise<HTMLElement> {
  return buildElement(viewOfMatch(kind, match), document);
}
