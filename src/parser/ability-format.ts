/**
 * Ability item data → a printed ability block that `parseAbilityBlock` reads back into the same
 * data (the inverse of the parser for everything the block layout carries). Pure.
 *
 * What the layout cannot carry: the `signature` flag, a power roll of kind "test", tier contents
 * of an ability without a power roll, and description HTML other than one flavour paragraph.
 */
import { CHARACTERISTICS } from "../rules/catalogue.ts";
import type { ParsedTier } from "./ability-block.ts";

export interface AbilityLike {
  name: string;
  system: {
    keywords: Iterable<string>;
    type: string;
    cost: { amount: number; resource: string };
    distance: { kind: string; primary: number; secondary: number; within: number; text: string };
    target: string;
    trigger: string;
    power: { kind: string; characteristics: Iterable<string> };
    tiers: ParsedTier[];
    effect: string;
    spend: { amount: number; text: string }[];
    persistent: number;
    description?: string;
  };
}

export const TYPE_LABELS: Record<string, string> = {
  action: "Action", maneuver: "Maneuver", triggered: "Triggered Action", freeTriggered: "Free Triggered Action",
  freeManeuver: "Free Maneuver", move: "Move Action", villain: "Villain Action", noAction: "No Action", trait: "Trait",
};

const COST_WORDS: Record<string, string> = { villainPower: "VP", heroic: "HEROIC", other: "OTHER" };

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function unescapeHTML(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|#39);/g, (_m, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" })[e]!);
}

/**
 * Text with every tag (`<` up to the next `>`) dropped; a `<` with no `>` after it stays, with the
 * rest. One pass: each character is looked at once or twice.
 */
function dropTags(html: string): string {
  let out = "";
  let from = 0;
  for (let open = html.indexOf("<"); open !== -1; open = html.indexOf("<", from)) {
    const close = html.indexOf(">", open + 1);
    if (close === -1) break;
    out += html.slice(from, open);
    from = close + 1;
  }
  return out + html.slice(from);
}

/**
 * The contents of the paragraphs of an HTML fragment: after each `<p` (any case, its attributes up
 * to the next `>`) the text up to the next `</p>` (any case). Each search starts where the last one
 * ended, so the whole runs in time linear in the length (a pattern such as `<p[^>]*>([\s\S]*?)<\/p>`
 * tried at every `<p` is quadratic on a paragraph that is never closed).
 */
function paragraphContents(html: string): string[] {
  const opening = /<p/gi;
  const closing = /<\/p>/gi;
  const parts: string[] = [];
  for (let at = 0; ;) {
    opening.lastIndex = at;
    const start = opening.exec(html);
    if (!start) break;
    const gt = html.indexOf(">", start.index + 2);
    if (gt === -1) break;
    closing.lastIndex = gt + 1;
    const end = closing.exec(html);
    if (!end) break;
    parts.push(html.slice(gt + 1, end.index));
    at = end.index + 4;
  }
  return parts;
}

/** The paragraphs of an HTML field as plain text (tags dropped, entities decoded). Linear in its length. */
export function htmlParagraphs(html: string): string[] {
  if (!html.trim()) return [];
  const parts = /<p[\s>]/i.test(html) ? paragraphContents(html) : [html];
  return parts.map((p) => unescapeHTML(dropTags(p)).replace(/\s+/g, " ").trim()).filter(Boolean);
}

/** The flavour line of an ability's description (`<p><em>…</em></p>`), or its plain text. */
export function flavorOf(description: string | undefined): string {
  return htmlParagraphs(description ?? "").join(" ");
}

export function formatDistance(d: AbilityLike["system"]["distance"]): string {
  if (d.text) return d.text;
  switch (d.kind) {
    case "reach": return d.primary === 1 ? "Reach" : `Reach ${d.primary}`;
    case "ranged": return `Ranged ${d.primary}`;
    case "reachOrRanged": return `Reach ${d.primary} or Ranged ${d.secondary}`;
    case "self": return "Self";
    case "burst": return `${d.primary} burst`;
    case "aura": return `${d.primary} aura`;
    case "cube": return `${d.primary} cube within ${d.within}`;
    case "line": return `${d.primary} x ${d.secondary} line within ${d.within}`;
    case "wall": return `${d.primary} wall within ${d.within}`;
    default: return "";
  }
}

/** One tier as a tier line's text: damage; forced movement; conditions; the rest. */
export function formatTier(tier: ParsedTier): string {
  const parts: string[] = [];
  if (tier.damage.value) parts.push(`${tier.damage.value} ${tier.damage.type ? `${tier.damage.type} ` : ""}damage`);
  for (const f of tier.forced) parts.push(`${f.vertical ? "vertical " : ""}${f.kind} ${f.distance}`);
  for (const c of tier.conditions) {
    const duration = c.duration === "EoT" || c.duration === "EoE" ? ` (${c.duration})`
      : c.duration === "resistance" ? ` (${c.characteristic ? capital(c.characteristic) : "Any"} resistance ends)` : "";
    parts.push(`${c.id}${duration}`);
  }
  if (tier.text) parts.push(tier.text);
  return parts.join("; ");
}

/** An ability block, one line per field, no blank lines. */
export function formatAbilityBlock(ability: AbilityLike): string {
  const s = ability.system;
  const lines: string[] = [];
  const cost = s.cost.amount > 0 && COST_WORDS[s.cost.resource] ? ` (${s.cost.amount} ${COST_WORDS[s.cost.resource]})` : "";
  lines.push(`${ability.name}${cost}`);
  const flavor = flavorOf(s.description);
  if (flavor) lines.push(flavor);
  lines.push(`Keywords: ${[...s.keywords].map(capital).join(", ")}`.trimEnd());
  lines.push(`Type: ${TYPE_LABELS[s.type] ?? capital(s.type)}`);
  const distance = formatDistance(s.distance);
  if (distance) lines.push(`Distance: ${distance}`);
  if (s.target) lines.push(`Target: ${s.target}`);
  if (s.trigger) lines.push(`Trigger: ${s.trigger}`);
  const characteristics = [...s.power.characteristics].filter((c) => (CHARACTERISTICS as readonly string[]).includes(c)).map(capital);
  if ((s.power.kind === "ability" || s.power.kind === "resistance") && characteristics.length) {
    lines.push(`${s.power.kind === "ability" ? "Power Roll" : "Target Resists"} + ${characteristics.join(" or ")}:`);
    (["11 or lower", "12–16", "17+"] as const).forEach((label, i) => lines.push(`${label}: ${formatTier(s.tiers[i]!)}`.trimEnd()));
  }
  for (const p of htmlParagraphs(s.effect)) {
    lines.push(/^(Persistent\s*\d*|Alternative Effect)\s*:/i.test(p) ? p : `Effect: ${p}`);
  }
  for (const spend of s.spend) lines.push(`Spend${spend.amount ? ` ${spend.amount}` : ""} VP: ${spend.text}`.trimEnd());
  return lines.join("\n");
}
