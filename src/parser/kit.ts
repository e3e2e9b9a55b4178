/**
 * Parses one printed kit of the Draw Steel seed (L4732–5566 martial and caster kits, L3612–3853
 * stormwight kits) into kit item data plus its signature ability. Pure: text in, data or a
 * localisable error with its line out.
 *
 *   CLOAK AND DAGGER                         the kit's name
 *   Description paragraphs...
 *   EQUIPMENT
 *   You wear light armor and wield one or two light weapons.
 *   KIT BONUSES                              ("KIT BONUS" too)
 *     • Stamina Bonus: +3
 *     • Melee Weapon Damage Bonus: +1/+1/+1
 *     • Mobility: When an enemy ends their turn adjacent to you, ...
 *   SIGNATURE ABILITY                        then "Fade A stab, and ..." (name and flavour on one line),
 *   SIGNATURE ABILITY: DRAIN                 or the name in the heading (caster kits),
 *   SIGNATURE ABILITY / BEAR CLAWS           or the name as the next heading (stormwight kits);
 *   ...an ability block (parseAbilityBlock)...
 *   KIT WARD: BLOOD WARD                     caster kits
 *   Ward text...
 *   ASPECT BENEFITS / ANIMAL FORM: BEAR / PRIMORDIAL STORM: BLIZZARD / BEAR GROWING RAGE
 *                                            stormwight kits: kept as description sections
 */
import { parseAbilityBlock, escapeHTML, flavorHTML } from "./ability-block.ts";
import type { ParseError, ParsedAbility } from "./ability-block.ts";
import type { KitBonuses } from "../rules/hero.ts";
import { titleCase } from "./seed-casing.ts";

/** A kit's bonuses, as the rules core applies them. */
export type ParsedKitBonuses = KitBonuses;

export interface ParsedKit {
  name: string;
  /** Paragraphs before the first heading. */
  description: string[];
  equipment: string;
  mobilityText: string;
  /** Other headed sections (stormwight aspect benefits, animal form, storm, growing rage). */
  sections: { heading: string; text: string[] }[];
  ward: { name: string; text: string[] } | null;
  signature: ParsedAbility;
  /** 1-based line of the signature ability's name in the kit's text (line 1 is the kit's name). */
  signatureLine: number;
  system: {
    kitType: "martial" | "caster" | "stormwight";
    armor: string[];
    weapons: string[];
    implement: string;
    bonuses: ParsedKitBonuses;
    mobility: boolean;
  };
}

export type KitParseResult = { ok: true; value: ParsedKit } | { ok: false; error: ParseError };

const fail = (key: string, line: number, data: Record<string, string | number> = {}): KitParseResult =>
  ({ ok: false, error: { key: `SE.Parser.Error.${key}`, line, data } });

const BULLET = /^\s*[•*-]\s*/;
const nameOf = (s: string) => (s === s.toUpperCase() ? titleCase(s.trim()) : s.trim());

/** An ALL-CAPS heading; kit headings may carry a colon ("SIGNATURE ABILITY: DRAIN"). */
export function isKitHeading(line: string): boolean {
  const t = line.trim();
  return t.length > 2 && /^[A-Z0-9][A-Z0-9 ,'’!?()+:-]*[A-Z!?)]$/.test(t);
}
const isHeading = isKitHeading;

const IMPLEMENTS = ["bone", "crystal", "glass", "metal", "stone", "wood"];
const STORMWIGHT_HEADINGS = /^(ASPECT BENEFITS|ANIMAL FORM\b|PRIMORDIAL STORM\b|.*GROWING RAGE)/;

/**
 * A martial kit prints its signature ability's name and flavour on one line ("Fade A stab, and a
 * few quick, careful steps back."): the flavour starts at the first capitalised word (after the
 * first) that a lower-case word follows.
 */
export function splitNameAndFlavor(line: string): { name: string; flavor: string } {
  const words = line.trim().split(/\s+/);
  for (let i = 1; i < words.length - 1; i++) {
    if (/^\p{Lu}/u.test(words[i]!) && /^\p{Ll}/u.test(words[i + 1]!)) {
      return { name: words.slice(0, i).join(" ").replace(/[,;:]$/, ""), flavor: words.slice(i).join(" ") };
    }
  }
  return { name: line.trim(), flavor: "" };
}

/** The EQUIPMENT sentence → armor categories, weapon categories and implement material. */
export function parseEquipment(sentence: string): { armor: string[]; weapons: string[]; implement: string } | null {
  const s = sentence.toLowerCase();
  const armor: string[] = [];
  const armorMatch = /\b(no|light|medium|heavy) armor\b/.exec(s);
  if (armorMatch) armor.push(armorMatch[1] === "no" ? "none" : armorMatch[1]!);
  if (/\bshield\b/.test(s)) armor.push("shield");
  const implement = /\bimplement of (\w+)/.exec(s)?.[1] ?? "";
  if (implement && !IMPLEMENTS.includes(implement)) return null;
  const weapons: string[] = [];
  const has = (re: RegExp) => re.test(s);
  if (has(/\bunarmed strikes?\b/)) weapons.push("unarmed");
  if (has(/\blight weapons?\b/)) weapons.push("light");
  if (has(/\bmedium weapons?\b/)) weapons.push("medium");
  if (has(/\bheavy weapons?\b/)) weapons.push("heavy");
  if (has(/\bpolearms?\b/)) weapons.push("polearm");
  if (has(/\bbows?\b/)) weapons.push("bow");
  if (has(/\bensnaring weapons?\b/)) weapons.push("ensnaring");
  if (has(/\bwhips?\b/)) weapons.push("whip");
  if (!armor.length && !weapons.length && !implement) return null;
  if (!armor.length) armor.push("none");
  if (!weapons.length) weapons.push("none");
  return { armor, weapons, implement };
}

const NUMBER = /^([+\-−]?)\s*(\d+)$/;
const TIERS = /^\+?(\d+)\s*\/\s*\+?(\d+)\s*\/\s*\+?(\d+)$/;
type BonusKey = keyof ParsedKitBonuses | "mobility";
const BONUS_LABELS: [RegExp, BonusKey][] = [
  [/^stamina( bonus)?$/, "stamina"],
  [/^speed( bonus)?$/, "speed"],
  [/^stability( bonus)?$/, "stability"],
  [/^melee (weapon )?damage( bonus)?$/, "meleeDamage"],
  [/^ranged (weapon )?damage( bonus)?$/, "rangedDamage"],
  [/^magic(al)? damage( bonus)?$/, "magicDamage"],
  [/^((weapon|magic(al)?) )?distance( bonus)?$/, "distance"],
  [/^reach( bonus)?$/, "reach"],
  [/^(magic(al)? )?area( bonus)?$/, "area"],
  [/^mobility$/, "mobility"],
];

export const NO_BONUSES = (): ParsedKitBonuses => ({
  stamina: 0, speed: 0, stability: 0, distance: 0, reach: 0, area: 0,
  meleeDamage: [0, 0, 0], rangedDamage: [0, 0, 0], magicDamage: [0, 0, 0],
});

interface Line { text: string; line: number }

/** Parse one kit. `kitType` forces the family (the seed reader knows it); otherwise it is read from the text. */
export function parseKit(input: string, options: { kitType?: ParsedKit["system"]["kitType"] } = {}): KitParseResult {
  const raw = input.replace(/\r\n?/g, "\n").split("\n");
  const lines: Line[] = raw.map((t, i) => ({ text: t.trim(), line: i + 1 })).filter((l) => l.text !== "");
  if (!lines.length) return fail("KitEmpty", 1);
  const [head, ...body] = lines;
  if (!isHeading(head!.text)) return fail("KitMissingName", head!.line);
  const name = nameOf(head!.text);

  const description: string[] = [];
  const sections: ParsedKit["sections"] = [];
  let equipment: Line | null = null;
  let bonusesSeen = false;
  const bonuses = NO_BONUSES();
  let mobility = false;
  let mobilityText = "";
  let ward: ParsedKit["ward"] = null;
  let signature: { nameLine: Line | null; headingName: string; lines: Line[] } | null = null;
  let stormwight = options.kitType === "stormwight";

  type Mode = "description" | "equipment" | "bonuses" | "signature" | "ward" | "section";
  let mode: Mode = "description";
  let section: { heading: string; text: string[] } | null = null;

  for (const l of body) {
    const t = l.text;
    const heading = isHeading(t) && !BULLET.test(t);
    if (heading && mode === "signature" && signature && !signature.nameLine && !signature.headingName) {
      signature.nameLine = l; // stormwight: the name is the next heading
      continue;
    }
    if (heading) {
      let m: RegExpExecArray | null;
      if (t === "EQUIPMENT") mode = "equipment";
      else if (/^KIT BONUS(ES)?$/.test(t)) { mode = "bonuses"; bonusesSeen = true; }
      else if ((m = /^SIGNATURE ABILITY(?::\s*(.+))?$/.exec(t))) {
        if (signature) return fail("KitTwoSignatures", l.line);
        signature = { nameLine: m[1] ? l : null, headingName: m[1] ?? "", lines: [] };
        mode = "signature";
      } else if ((m = /^KIT WARD(?::\s*(.+))?$/.exec(t))) {
        ward = { name: m[1] ? nameOf(m[1]) : "", text: [] };
        mode = "ward";
      } else {
        if (STORMWIGHT_HEADINGS.test(t)) stormwight = stormwight || !options.kitType;
        section = { heading: nameOf(t), text: [] };
        sections.push(section);
        mode = "section";
      }
      continue;
    }
    switch (mode) {
      case "description": description.push(t); break;
      case "equipment":
        if (equipment) return fail("KitUnexpectedLine", l.line, { text: t.slice(0, 60) });
        equipment = l;
        break;
      case "bonuses": {
        const item = t.replace(BULLET, "");
        if (!BULLET.test(t)) { description.push(item); break; }
        const m = /^([^:]+):\s*(.*)$/.exec(item);
        const label = m?.[1]!.trim().toLowerCase();
        const key = label === undefined ? undefined : BONUS_LABELS.find(([re]) => re.test(label))?.[1];
        if (!m || !key) return fail("KitUnknownBonus", l.line, { text: item.slice(0, 60) });
        const value = m[2]!.trim();
        if (key === "mobility") {
          mobility = true;
          mobilityText = value;
        } else if (key === "meleeDamage" || key === "rangedDamage" || key === "magicDamage") {
          const tiers = TIERS.exec(value);
          if (!tiers) return fail("KitBonusValue", l.line, { text: value.slice(0, 60) });
          bonuses[key] = [Number(tiers[1]), Number(tiers[2]), Number(tiers[3])];
        } else {
          const n = NUMBER.exec(value);
          if (!n) return fail("KitBonusValue", l.line, { text: value.slice(0, 60) });
          bonuses[key] = (n[1] === "-" || n[1] === "−" ? -1 : 1) * Number(n[2]);
        }
        break;
      }
      case "signature":
        if (!signature!.nameLine) signature!.nameLine = l;
        else signature!.lines.push(l);
        break;
      case "ward": ward!.text.push(t); break;
      case "section": section!.text.push(t); break;
    }
  }

  const kitType = options.kitType ?? (stormwight ? "stormwight" : undefined);
  let gear: ReturnType<typeof parseEquipment>;
  if (equipment) {
    gear = parseEquipment(equipment.text);
    if (!gear) return fail("KitEquipment", equipment.line, { text: equipment.text.slice(0, 60) });
  } else if (kitType === "stormwight") {
    gear = { armor: ["none"], weapons: ["unarmed"], implement: "" };
  } else return fail("KitMissingEquipment", head!.line);
  if (!bonusesSeen) return fail("KitMissingBonuses", head!.line);
  if (!signature) return fail("KitMissingSignature", head!.line);
  const sig = signature as { nameLine: Line | null; headingName: string; lines: Line[] };
  if (!sig.nameLine || !sig.lines.length) return fail("KitMissingSignature", sig.nameLine?.line ?? head!.line);

  // Rebuild the ability block (name line, flavour, the rest) and map its lines back to the kit's.
  const blockLines: Line[] = [];
  if (sig.headingName) {
    blockLines.push({ text: sig.headingName, line: sig.nameLine.line }, ...sig.lines);
  } else if (isHeading(sig.nameLine.text)) {
    blockLines.push(sig.nameLine, ...sig.lines);
  } else {
    const { name: abilityName, flavor } = splitNameAndFlavor(sig.nameLine.text);
    blockLines.push({ text: abilityName, line: sig.nameLine.line });
    if (flavor) blockLines.push({ text: flavor, line: sig.nameLine.line });
    blockLines.push(...sig.lines);
  }
  const parsed = parseAbilityBlock(blockLines.map((b) => b.text).join("\n"));
  if (!parsed.ok) {
    const at = blockLines[parsed.error.line - 1]?.line ?? sig.nameLine.line;
    return { ok: false, error: { ...parsed.error, line: at } };
  }
  // Every kit's signature ability is an attack with a power roll (L4709–4711): one without is cut short.
  if (parsed.value.system.power.kind === "none") return fail("KitSignatureNoRoll", blockLines[blockLines.length - 1]!.line);

  return {
    ok: true,
    value: {
      name,
      description,
      equipment: equipment?.text ?? "",
      mobilityText,
      sections,
      ward,
      signature: parsed.value,
      signatureLine: blockLines[0]!.line,
      system: {
        kitType: kitType ?? (gear.implement ? "caster" : "martial"),
        ...gear,
        bonuses,
        mobility,
      },
    },
  };
}

const para = (t: string) => `<p>${escapeHTML(t)}</p>`;

/**
 * The kit's description HTML: its paragraphs, equipment, the Mobility trait and any stormwight
 * sections. Headings are the seed's own words (pack content is in the seed's language).
 */
export function kitDescriptionHTML(kit: ParsedKit): string {
  const parts = kit.description.map(para);
  if (kit.equipment) parts.push(`<h3>Equipment</h3>`, para(kit.equipment));
  if (kit.mobilityText) parts.push(`<p><strong>Mobility.</strong> ${escapeHTML(kit.mobilityText)}</p>`);
  for (const s of kit.sections) parts.push(`<h3>${escapeHTML(s.heading)}</h3>`, growingRageTable(s.text) ?? s.text.map(para).join(""));
  return parts.join("");
}

/**
 * A stormwight Growing Rage table as printed ("Rage Benefit", then rows that start with the rage
 * level; a row's further bullets continue it) → an HTML table; null for any other section.
 */
function growingRageTable(lines: string[]): string | null {
  if (!/^Rage\s+Benefit$/i.test(lines[0] ?? "")) return null;
  const rows: { rage: string; cells: string[] }[] = [];
  for (const line of lines.slice(1)) {
    const m = /^(\d+)\s+(.*)$/.exec(line);
    if (m) rows.push({ rage: m[1]!, cells: [m[2]!] });
    else if (rows.length) rows[rows.length - 1]!.cells.push(line);
    else return null;
  }
  const body = rows.map((r) => `<tr><td>${r.rage}</td><td>${r.cells.map((c) => para(c.replace(BULLET, ""))).join("")}</td></tr>`).join("");
  return `<table><thead><tr><th>Rage</th><th>Benefit</th></tr></thead><tbody>${body}</tbody></table>`;
}

export function kitWardHTML(kit: ParsedKit): string {
  if (!kit.ward) return "";
  const [first = "", ...rest] = kit.ward.text;
  return [`<p><strong>${escapeHTML(kit.ward.name)}.</strong> ${escapeHTML(first.replace(BULLET, ""))}</p>`, ...rest.map((t) => para(t.replace(BULLET, "")))].join("");
}

/**
 * Item source data for a parsed kit and its signature ability (used by the seed extractor and the
 * importer). The caller links them: `kit.system.grants` gets the ability's UUID once it exists.
 * The signature ability is flagged `signature`; its numbers already include the kit's bonuses.
 */
export function kitItemSources(kit: ParsedKit) {
  const sig = kit.signature;
  return {
    kit: {
      name: kit.name,
      type: "kit" as const,
      system: {
        description: kitDescriptionHTML(kit), ...kit.system, ward: kitWardHTML(kit), signatureAbility: sig.name, grants: [] as string[],
      },
    },
    signature: {
      name: sig.name,
      type: "ability" as const,
      system: { ...sig.system, signature: true, description: flavorHTML(sig.flavor) },
    },
  };
}
