/**
 * The seed round trip (issue 16): every pack document rendered back into the lines the Draw Steel
 * seed prints, and compared with the seed at the document's `seedLine`.
 *
 * A document prints as a *head* (the line its `seedLine` names: its name, in capitals, with any cost
 * the seed prints beside it) and a list of *chunks*, one per printed line or paragraph: an ability's
 * flavour, Keywords, Type, Distance, Target and Trigger lines, its power roll and three tier lines,
 * its Effect and Spend lines; a kit's bonus lines; every paragraph, heading, list item and table row
 * of a description. Each chunk must be found in the document's section of the seed (from its
 * `seedLine` to the next document of the same pack), on one seed line or on consecutive lines
 * joined by a space, as the parsers join a paragraph the seed breaks. What cannot differ without a
 * user noticing is compared exactly: numbers, names and their casing, keywords, distances,
 * targets, tier text, the signature flag, the line reference.
 *
 * Representation the data does not keep is normalised on both sides, never more: bullets and
 * spacing, the order of a tier's parts ("push 1; 3 damage" is "3 damage; push 1"), the heroic
 * resource's word in a Spend label, and the kits' several words for one bonus ("Weapon Distance
 * Bonus", "Magic Distance Bonus"). Every other difference must be listed in the table "Allowed
 * differences from the seed" of docs/rules-decisions.md, which this file reads.
 */
import { readFileSync } from "node:fs";
import { flavorOf, formatDistance, formatTier, htmlParagraphs, TYPE_LABELS, unescapeHTML } from "../../src/parser/ability-format.ts";
import type { AbilityLike } from "../../src/parser/ability-format.ts";
import { titleCase } from "../../src/parser/seed-casing.ts";

export interface PackDoc {
  pack: string;
  file: string;
  name: string;
  type: string;
  seedLine: number;
  system: Record<string, unknown>;
  /** A journal page's HTML. */
  content?: string;
}

/** One difference the rules decisions allow: in `document` (or every document: `*`), a chunk (or the name) starting with `text`. */
export interface Allowance { document: string; text: string; why: string }

/** Reads the "Allowed differences from the seed" table of docs/rules-decisions.md. */
export function readAllowances(markdown: string): Allowance[] {
  const at = markdown.indexOf("\n## Allowed differences from the seed");
  if (at < 0) throw new Error("docs/rules-decisions.md has no “Allowed differences from the seed” section");
  const section = markdown.slice(at + 1).split(/\n## /)[0]!;
  return section.split("\n").filter((l) => /^\|/.test(l) && !/^\|\s*-/.test(l)).slice(1).map((row) => {
    const cells = row.split(/(?<!\\)\|/).slice(1, -1).map((c) => c.trim().replace(/\\\|/g, "|"));
    const unquote = (s: string) => s.replace(/^`(.*)`$/, "$1");
    return { document: unquote(cells[0] ?? ""), text: unquote(cells[1] ?? ""), why: cells[2] ?? "" };
  }).filter((a) => a.document && a.text);
}

/** A seed line as the comparison sees it: no bullet, single spaces, canonical tier and bonus lines. */
export function normalise(line: string): string {
  let t = line.replace(/^\s*(?:[•*]|\d+\.)\s+/, "").replace(/\s+/g, " ").trim();
  const tier = /^(11 or lower|12\s*[–-]\s*16|17\+)\s*:\s*(.*)$/.exec(t);
  if (tier) {
    // Forced movement is one word whatever its case ("Push 1", L7049; ability-block.ts parseTier).
    const parts = tier[2]!.split(";").map((p) => p.trim().replace(/^(vertical )?(push|pull|slide)(?= \d+$)/i, (m) => m.toLowerCase()))
      .filter(Boolean).sort();
    t = `${tier[1]!.replace(/\s*[–-]\s*/, "–")}: ${parts.join("; ")}`;
  }
  // A Spend label keeps its amount (none printed: 0), not the resource's word ("Spend 1 or More Additional Rage:").
  t = t.replace(/^Spend (?:(\d+)\+? )?(?:or more )?(?:additional )?(?:no )?[A-Za-z]+:/i, (_m, n?: string) => `Spend ${n ?? 0}:`);
  // A Type line's words in one case; "Triggered" and "Triggered Action" are one type (ability-block.ts TYPES).
  t = t.replace(/^Type: (.*)$/, (_m, v: string) => `Type: ${v.toLowerCase().replace(/^(free )?triggered action$/, "$1triggered")}`);
  // Links the system adds to a printed paragraph (@UUID[…]{…}) are not seed text.
  t = t.replace(/\s*@UUID\[[^\]]*\](?:\{[^}]*\})?/g, "").trim();
  t = t.replace(/^(?:Weapon |Magic )?Distance(?: Bonus)?: (?=[+-]\d)/, "Distance Bonus: ").replace(/^Magical Damage Bonus:/, "Magic Damage Bonus:");
  return t;
}

/** An HTML field's printed lines: one per paragraph, heading, list item and table row (`<br>`). */
export function htmlChunks(html: string): string[] {
  const blocks = html.replace(/<br\s*\/?>/gi, "\n").replace(/<\/t[dh]>/gi, " ").split(/<\/(?:p|h\d|li|ol|ul|tr)>/i);
  return blocks.flatMap((b) => b.split("\n"))
    .map((b) => unescapeHTML(b.replace(/<[^>]*>/g, "")).trim())
    // A list of links, bare or under a short label ("Abilities: @UUID[…]{…}, …"), is navigation the
    // system writes; a link after printed text ("… the following ability: @UUID[…]") is dropped.
    .filter((b) => !/^(?:[^.:]{0,60}:\s*)?@UUID/.test(b))
    .map(normalise)
    .filter(Boolean);
}

const signed = (n: number) => (n < 0 ? `${n}` : `+${n}`);

const BONUS_LABELS: [string, string][] = [
  ["stamina", "Stamina Bonus"], ["speed", "Speed Bonus"], ["stability", "Stability Bonus"],
  ["reach", "Reach Bonus"], ["distance", "Distance Bonus"], ["area", "Magic Area Bonus"],
];
const DAMAGE_LABELS: [string, string][] = [
  ["meleeDamage", "Melee Weapon Damage Bonus"], ["rangedDamage", "Ranged Weapon Damage Bonus"], ["magicDamage", "Magic Damage Bonus"],
];

/** A kit's bonus lines, as its KIT BONUSES list prints them (zero bonuses are not printed). */
export function kitBonusLines(bonuses: Record<string, number | number[]>): string[] {
  const lines: string[] = [];
  for (const [key, label] of BONUS_LABELS) if (bonuses[key]) lines.push(`${label}: ${signed(bonuses[key] as number)}`);
  for (const [key, label] of DAMAGE_LABELS) {
    const tiers = bonuses[key] as number[];
    if (tiers.some(Boolean)) lines.push(`${label}: ${tiers.map(signed).join("/")}`);
  }
  return lines.map(normalise);
}

/** An ability's printed lines after its name (src/parser/ability-block.ts, read backwards). */
export function abilityChunks(ability: AbilityLike): string[] {
  const s = ability.system;
  const lines: string[] = [];
  const flavor = flavorOf(s.description);
  if (flavor) lines.push(flavor);
  lines.push(`Keywords: ${[...s.keywords].map((k) => k.charAt(0).toUpperCase() + k.slice(1)).join(", ")}`.trim());
  lines.push(`Type: ${TYPE_LABELS[s.type] ?? s.type}`);
  const distance = formatDistance(s.distance);
  if (distance) lines.push(`Distance: ${distance}`);
  if (s.target) lines.push(`Target: ${s.target}`);
  if (s.trigger) lines.push(`Trigger: ${s.trigger}`);
  if (s.power.kind === "ability" || s.power.kind === "resistance") {
    const names = [...s.power.characteristics].map((c) => c.charAt(0).toUpperCase() + c.slice(1));
    const list = names.length > 2 ? `${names.slice(0, -1).join(", ")}, or ${names.at(-1)}` : names.join(" or ");
    lines.push(`${s.power.kind === "ability" ? "Power Roll" : "Target Resists"} + ${list}:`);
    (["11 or lower", "12–16", "17+"] as const).forEach((label, i) => lines.push(`${label}: ${formatTier(s.tiers[i]!)}`));
  }
  for (const p of htmlParagraphs(s.effect)) lines.push(/^(Persistent\s*\d*|Alternative Effect)\s*:/i.test(p) ? p : `Effect: ${p}`);
  for (const spend of s.spend ?? []) lines.push(`Spend ${spend.amount} X: ${spend.text}`);
  return lines.map(normalise);
}

/**
 * A basic action as the seed prints it (L6989–7134): its prose as plain paragraphs, the ability lines
 * only where the seed prints a block (Grab, Knockback, the free strikes), and Escape Grab's
 * resistance roll as the "Power Roll" line the seed prints for it (L7005–7007). A tier's condition
 * is only the tier's own words made automatic (Grab's "The target is grabbed by you.", L7030), so it
 * is printed as those words, not again before them.
 */
export function basicActionChunks(ability: AbilityLike): string[] {
  const s = ability.system;
  const block = [...s.keywords].length > 0;
  const power = s.power.kind === "resistance" ? { ...s.power, kind: "ability" } : s.power;
  const tiers = s.tiers.map((t) => ({ ...t, conditions: t.text ? [] : t.conditions }));
  return abilityChunks({ ...ability, system: { ...s, power, tiers } })
    .filter((c) => block || !/^(Keywords|Type|Distance|Target):/.test(c))
    .map((c) => c.replace(/^Effect: /, ""));
}

/** Every printed chunk of a document after its head. */
export function documentChunks(doc: PackDoc): string[] {
  const s = doc.system;
  const html = (key: string) => (typeof s[key] === "string" ? s[key] : "");
  // The pack's JSON is the ability data model's source (src/data/ability.ts), read here untyped.
  const ability = () => ({ name: doc.name, system: s as unknown as AbilityLike["system"] });
  switch (doc.type) {
    case "ability": return doc.file.startsWith("basic-actions/") ? basicActionChunks(ability()) : abilityChunks(ability());
    case "kit": return [
      // "<strong>Mobility.</strong> …" is printed "Mobility: …" in the kit's bonus list (L4705).
      ...htmlChunks(html("description").replace(/<strong>([^<]+)\.<\/strong>\s*/g, "$1: ")),
      // "<strong>Blood Ward.</strong> …" is printed under the heading "KIT WARD: BLOOD WARD" (L5267).
      ...htmlChunks(html("ward").replace(/<p><strong>([^<]+)\.<\/strong>\s*/, "<h3>Kit Ward: $1</h3><p>")),
      ...kitBonusLines(s.bonuses as Record<string, number | number[]>),
    ];
    case "complication": return [
      ...htmlChunks(html("description")),
      ...htmlChunks(html("benefit")).map((c, i) => (i ? c : `Benefit: ${c}`)),
      ...htmlChunks(html("drawback")).map((c, i) => (i ? c : `Drawback: ${c}`)),
    ];
    case "page": return htmlChunks(doc.content ?? "");
    default: return htmlChunks(html("description"));
  }
}

/**
 * What a document's structured fields say, as words its seed section must print (or, `present:
 * false`, must not): a kit's armor, weapons, implement, mobility and signature ability; a class's
 * heroic resource gain; an ancestry's fiend points and the cost of each purchase.
 */
export function fieldPhrases(doc: PackDoc): { field: string; phrase: string; present: boolean }[] {
  const s = doc.system as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- untyped pack JSON
  const out: { field: string; phrase: string; present: boolean }[] = [];
  const need = (field: string, phrase: string, present = true) => out.push({ field, phrase, present });
  if (doc.type === "kit") {
    const ARMOR: Record<string, string> = { light: "light armor", medium: "medium armor", heavy: "heavy armor", shield: "a shield" };
    const WEAPONS: Record<string, string> = {
      light: "light weapon", medium: "medium weapon", heavy: "heavy weapon", bow: "a bow", polearm: "polearm",
      whip: "a whip", ensnaring: "ensnaring weapons", unarmed: "unarmed strikes",
    };
    for (const a of s.armor as string[]) if (ARMOR[a]) need(`armor ${a}`, ARMOR[a]);
    for (const w of s.weapons as string[]) if (WEAPONS[w]) need(`weapons ${w}`, WEAPONS[w]);
    if (s.implement) need("implement", `implement of ${s.implement}`);
    need("mobility", "Mobility:", Boolean(s.mobility));
    if (s.signatureAbility) need("signatureAbility", s.signatureAbility);
  }
  if (doc.type === "class" && s.heroicResource?.gain) need("heroicResource", `you gain ${s.heroicResource.gain} ${String(s.heroicResource.name).toLowerCase()}`);
  if (doc.type === "ancestry") {
    if (s.fiendPoints) need("fiendPoints", `you have ${s.fiendPoints} fiend points`);
    for (const p of s.purchases ?? []) need(`purchase ${p.name}`, `${p.name} (${p.cost} `);
  }
  return out;
}

/** A seed section's lines, normalised, with their 1-based line numbers (blank lines dropped). */
export interface SeedLine { line: number; text: string }

export function seedSection(lines: readonly string[], from: number, to: number): SeedLine[] {
  const out: SeedLine[] = [];
  for (let i = from - 1; i < Math.min(to - 1, lines.length); i++) {
    // A Growing Rage row's level and its first bulleted benefit share a line ("2 • You gain …", L3322).
    const row = /^\s*(\d+) • (.*)$/.exec(lines[i]!);
    for (const part of row ? [row[1]!, row[2]!] : [lines[i]!]) {
      const text = normalise(part);
      if (text) out.push({ line: i + 1, text });
    }
  }
  return out;
}

/** The heading a name is printed as ("BARBED TAIL (1 FIEND POINT): …" → "BARBED TAIL"). */
const HEAD = /^(?:SIGNATURE ABILITY:\s*)?(.+?)(?:\s*\((\d+)\+?\s+([^)]+)\))?(?:\s*:\s*(.*))?$/;

export interface Problem { doc: string; line: number; kind: string; expected: string; found: string }

/** Compares one document with the seed; returns what differs (empty when it round-trips). */
export function compareDocument(
  doc: PackDoc, lines: readonly string[], sectionEnd: number, allowances: readonly Allowance[], used?: Set<Allowance>,
): Problem[] {
  const problems: Problem[] = [];
  const where = `${doc.pack}/${doc.file}`;
  const report = (kind: string, expected: string, found: string, line = doc.seedLine) => problems.push({ doc: where, line, kind, expected, found });
  const allowed = (chunk: string) => {
    const allowance = allowances.find((a) => (a.document === "*" || a.document === doc.name) && chunk.startsWith(a.text));
    if (allowance) used?.add(allowance);
    return Boolean(allowance);
  };
  const raw = (lines[doc.seedLine - 1] ?? "").replace(/^\s*[•*]\s*/, "").trim();
  const head = HEAD.exec(raw);
  const printedName = head?.[1]?.trim() ?? "";
  // A heading with a colon in it ("OPTIONAL RULE: LOSING EQUIPMENT") is a name as a whole.
  const whole = raw === raw.toUpperCase() && titleCase(raw) === doc.name;
  const nameAsPrinted = whole ? doc.name : printedName === printedName.toUpperCase() ? titleCase(printedName) : printedName;
  // The martial kits print a signature ability's name and flavour on one line ("Fade A stab, …", L4749).
  const runOn = nameAsPrinted !== doc.name && raw.startsWith(`${doc.name} `) ? raw.slice(doc.name.length + 1) : "";
  if (!raw || (nameAsPrinted !== doc.name && !runOn && !allowed(doc.name))) report("name or line reference", doc.name, raw || "(blank line)");

  const cost = (doc.system.cost as { amount: number } | undefined)?.amount ?? 0;
  const printedCost = doc.type === "ability" ? Number(head?.[2] ?? 0) : 0;
  if (doc.type === "ability" && printedCost !== cost) report("cost", `${cost}`, `${printedCost}`);

  if (doc.type === "ability") {
    let above = doc.seedLine - 2;
    while (above >= 0 && !lines[above]!.trim()) above--;
    const signature = /^SIGNATURE ABILITY:/.test(raw) || lines[above]?.trim() === "SIGNATURE ABILITY";
    if (signature !== Boolean(doc.system.signature)) report("signature flag", `${signature}`, `${Boolean(doc.system.signature)}`);
  }

  const section = seedSection(lines, doc.seedLine, sectionEnd);
  // The rest of the head line ("…: Your pointy tail allows …") is printed text too.
  if (head?.[4]) section.unshift({ line: doc.seedLine, text: normalise(head[4]) });
  if (runOn) section.unshift({ line: doc.seedLine, text: normalise(runOn) });
  // A stormwight kit's equipment is printed once for all of them, in the kits' shared features (L3649–3651).
  const shared = doc.file.startsWith("stormwight-kits/")
    ? lines.slice(lines.indexOf("STORMWIGHT KITS"), lines.indexOf("BOREN")) : [];
  const printed = [...shared, ...lines.slice(doc.seedLine - 1, sectionEnd - 1)].join(" ").replace(/\s+/g, " ").toLowerCase();
  for (const { field, phrase, present } of fieldPhrases(doc)) {
    if (printed.includes(phrase.toLowerCase()) !== present) report(`field ${field}`, `${present ? "" : "no "}“${phrase}”`, present ? "not printed" : "printed");
  }
  for (const chunk of documentChunks(doc)) {
    if (allowed(chunk) || found(chunk, section)) continue;
    const near = nearest(chunk, section);
    report("text", chunk, near?.text ?? "(nothing similar in the section)", near?.line ?? doc.seedLine);
  }
  return problems;
}

/** A chunk is printed on one line of the section, or on consecutive lines joined by a space. */
export function found(chunk: string, section: readonly SeedLine[]): boolean {
  // A table row's die number ("1 Continue the Work: …") is not part of the entry it numbers; a basic
  // action's Effect label is not part of its effect (basicActionChunks).
  const same = (seed: string, text: string) => seed === text || seed.replace(/^(?:\d+ (?=\p{Lu})|Effect: )/u, "") === text
    || (seed === seed.toUpperCase() && titleCase(seed) === text);
  for (let i = 0; i < section.length; i++) {
    if (same(section[i]!.text, chunk)) return true;
    let joined = section[i]!.text;
    for (let j = i + 1; j < section.length && chunk.startsWith(joined) && joined.length < chunk.length; j++) {
      joined = `${joined} ${section[j]!.text}`;
      if (joined === chunk) return true;
    }
  }
  return false;
}

/** The seed line that shares the longest prefix with a chunk (for a readable diff). */
function nearest(chunk: string, section: readonly SeedLine[]): SeedLine | undefined {
  let best: SeedLine | undefined;
  let bestScore = 0;
  for (const l of section) {
    let n = 0;
    while (n < l.text.length && n < chunk.length && l.text[n] === chunk[n]) n++;
    if (n > bestScore) [best, bestScore] = [l, n];
  }
  return best;
}

/** Every document of the pack sources that carries a seed line. */
export function packDocuments(tree: Record<string, Record<string, string>>): PackDoc[] {
  const docs: PackDoc[] = [];
  for (const [pack, files] of Object.entries(tree)) {
    for (const [file, text] of Object.entries(files)) {
      const d = JSON.parse(text) as {
        name: string; type?: string; system?: Record<string, unknown>; flags?: Record<string, { seedLine?: number }>;
        pages?: { name: string; text: { content: string }; flags?: Record<string, { seedLine?: number }> }[];
      };
      const seedLine = d.flags?.["steel-echoes"]?.seedLine;
      if (seedLine) docs.push({ pack, file, name: d.name, type: d.type ?? "", seedLine, system: d.system ?? {} });
      for (const page of d.pages ?? []) {
        const line = page.flags?.["steel-echoes"]?.seedLine;
        if (line) docs.push({ pack, file: `${file} › ${page.name}`, name: page.name, type: "page", seedLine: line, system: {}, content: page.text.content });
      }
    }
  }
  return docs;
}

/**
 * The line each document's section ends before: the next document of its pack and type (a page:
 * of its journal), or the seed's end. A kit's section runs past its signature ability to its ward.
 */
export function sectionEnds(docs: readonly PackDoc[], lineCount: number): Map<PackDoc, number> {
  const ends = new Map<PackDoc, number>();
  for (const doc of docs) {
    const journal = (d: PackDoc) => (d.type === "page" ? d.file.split(" › ")[0] : "");
    const next = docs.filter((d) => d.pack === doc.pack && d.type === doc.type && journal(d) === journal(doc) && d.seedLine > doc.seedLine)
      .map((d) => d.seedLine);
    ends.set(doc, next.length ? Math.min(...next) : lineCount + 1);
  }
  return ends;
}

export const readText = (file: string) => readFileSync(file, "utf8");
