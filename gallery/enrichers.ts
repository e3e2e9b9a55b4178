/**
 * The enrichers in the gallery (issue 33): a journal page and an item description whose text runs
 * through the system's patterns, parsers, view and element builder (the same code as in Foundry, with
 * the gallery's localisation), and a click on a power roll posts its card to the gallery's chat box.
 */
import { ENRICHER_PATTERNS } from "../src/parser/enricher-patterns.ts";
import { parseConditionEnricher, parseInlineEnricher, parsePowerRollBlock } from "../src/parser/enrichers.ts";
import type { EnricherRoll } from "../src/parser/enrichers.ts";
import { enricherView } from "../src/applications/view-models/enricher.ts";
import type { I18n } from "../src/applications/view-models/i18n.ts";
import { buildElement } from "../src/applications/enrichers/enricher-render.ts";

/** A journal page and an item description as an author writes them. */
export const ENRICHER_TEXTS = [
  {
    name: "journal-page",
    paragraphs: [
      "The rope bridge sways. Each hero makes an [[/test agility medium]]; on a failure the hero falls and takes [[/damage 4]], then is @Condition[prone].",
      "The brazier's spirit lashes out: [[/pr 2d10+3]] against the nearest hero, [[/damage 5 fire]]{searing coals} on a hit.",
      "At the shrine the heroes can rest: [[/heal 4]]. A broken one reads [[/damage 5 bludgeoning]].",
    ],
  },
  {
    name: "item-description",
    paragraphs: [
      "You hurl a spear of cold light.",
      "@PowerRoll[might]{3 cold damage | 5 cold damage; slowed (save ends) | 8 cold damage; restrained (save ends)}",
      "<script>alert(1)</script> [[/damage 2]]{<b>Read more</b>} @Condition[taunted]",
    ],
  },
] as const;

const KINDS = [["inline", ENRICHER_PATTERNS.inline], ["condition", ENRICHER_PATTERNS.condition], ["block", ENRICHER_PATTERNS.powerRollBlock]] as const;

function view(kind: (typeof KINDS)[number][0], m: RegExpMatchArray, i18n: I18n) {
  if (kind === "inline") return enricherView(parseInlineEnricher(m[1]!, m[2]!), { kind: m[1]!.toLowerCase(), args: m[2]! }, m[3], m[0], i18n);
  if (kind === "condition") return enricherView(parseConditionEnricher(m[1]!), { kind: "condition", args: m[1]! }, m[2], m[0], i18n);
  return enricherView(parsePowerRollBlock(m[1]!, m[2]!), { kind: "block", args: m[1]!, tiers: m[2]! }, undefined, m[0], i18n);
}

/**
 * One paragraph as Foundry enriches it: the text (as a text node, so any markup in it is shown as
 * text) with each match replaced by the element the system builds for it.
 */
export function enrichedParagraph(text: string, i18n: I18n): HTMLElement {
  let nodes: (string | HTMLElement)[] = [text];
  for (const [kind, pattern] of KINDS) {
    nodes = nodes.flatMap((node) => {
      if (typeof node !== "string") return [node];
      const out: (string | HTMLElement)[] = [];
      let at = 0;
      for (const m of node.matchAll(pattern)) {
        out.push(node.slice(at, m.index), buildElement(view(kind, m, i18n), document, "gallery"));
        at = m.index! + m[0].length;
      }
      out.push(node.slice(at));
      return out;
    });
  }
  const p = document.createElement("p");
  p.append(...nodes.map((n) => (typeof n === "string" ? document.createTextNode(n) : n)));
  return p;
}

export function enrichedTexts(i18n: I18n): { name: string; html: string }[] {
  return ENRICHER_TEXTS.map(({ name, paragraphs }) => {
    const page = document.createElement("div");
    page.className = "journal-page-content";
    page.append(...paragraphs.map((t) => enrichedParagraph(t, i18n)));
    return { name, html: page.outerHTML };
  });
}

/** Clicks on a power roll in the gallery: the roll that `[[/pr]]` would post (characteristic names read as 2). */
export function onGalleryEnricherClick(post: (roll: EnricherRoll & { characteristic: number }, tiers?: string[]) => void) {
  document.addEventListener("click", (event) => {
    const el = (event.target as HTMLElement).closest<HTMLElement>("[data-se-enricher]");
    if (!el) return;
    event.preventDefault();
    const { seEnricher = "", seArgs = "", seTiers } = el.dataset;
    const parsed = seEnricher === "block" ? parsePowerRollBlock(seArgs, seTiers ?? "") : parseInlineEnricher(seEnricher, seArgs);
    if (!parsed.ok || (parsed.value.kind !== "powerRoll" && parsed.value.kind !== "powerRollBlock")) return;
    const roll = parsed.value.roll;
    const characteristic = typeof roll.characteristic === "number" ? roll.characteristic : 2;
    post({ ...roll, characteristic }, parsed.value.kind === "powerRollBlock" ? parsed.value.tiers : undefined);
  });
}
