/**
 * Monster stat blocks as plain text, both ways: `formatStatBlock` writes the layout the monster
 * sheet's "Copy as text" copies, `parseStatBlock` reads it back (the importer and the bestiary
 * generator use it). Pure. The layout (README, "Monster stat blocks as text"):
 *
 *   Name
 *   Level 2 Platoon Brute
 *   Keywords: Humanoid, Bandit
 *   EV: 8
 *   Stamina: 50
 *   Speed: 5 (climb, swim)
 *   Size: 1M
 *   Stability: 2
 *   Free Strike: 5
 *   Characteristics: Might +2, Agility +1, Reason -1, Intuition +0, Presence +0
 *   Immunities: poison 2            (optional; damage types, ability keywords or "all")
 *   Weaknesses: fire 3              (optional)
 *   Negotiation: interest 2, patience 2, impression 1
 *   Motivations: greed, power       (optional)
 *   Pitfalls: justice               (optional)
 *   Description: one paragraph      (optional, one line per paragraph)
 *   <blank line>
 *   ability block                   (the ability block layout, no blank lines inside)
 *   <blank line>
 *   ability block ...
 *
 * Header lines after the Level line may come in any order; a missing one takes the baseline
 * value for the monster's level, organization and role (`monsterBaseline`).
 */
import { ABILITY_KEYWORDS, CHARACTERISTICS, DAMAGE_KEY_ALL, DAMAGE_TYPES, formatSize } from "../rules/catalogue.ts";
import { MONSTER_ORGANIZATION_IDS, MONSTER_ROLE_IDS, monsterBaseline } from "../rules/monster-baseline.ts";
import type { Size, SizeLetter } from "../rules/catalogue.ts";
import { escapeHTML, flavorHTML, parseAbilityBlock } from "./ability-block.ts";
import type { ParseError, ParsedAbility } from "./ability-block.ts";
import { formatAbilityBlock, htmlParagraphs } from "./ability-format.ts";
import type { AbilityLike } from "./ability-format.ts";

const MOVEMENT = ["walk", "burrow", "climb", "fly", "swim", "teleport"] as const;
const MOTIVATIONS = [
  "benevolence", "discovery", "freedom", "greed", "higherAuthority", "justice", "legacy", "peace", "power",
  "protection", "revelry", "vengeance",
] as const;

export interface MonsterSystemData {
  level: number;
  organization: string;
  role: string;
  keywords: string[];
  ev: number;
  stamina: { value: number; max: number; temporary: number };
  speed: number;
  movement: string[];
  size: Size;
  stability: number;
  freeStrike: number;
  characteristics: Record<string, number>;
  immunities: { key: string; value: number }[];
  weaknesses: { key: string; value: number }[];
  negotiation: { interest: number; patience: number; impression: number; motivations: string[]; pitfalls: string[] };
  biography: string;
}

export interface MonsterAbilityData {
  name: string;
  type: "ability";
  system: ParsedAbility["system"] & { description: string; signature: boolean };
}

export interface ParsedMonster {
  name: string;
  system: MonsterSystemData;
  items: MonsterAbilityData[];
}

/** What the formatter reads: an actor's data (sets or arrays), its ability items. */
export interface MonsterLike {
  name: string;
  system: Omit<MonsterSystemData, "keywords" | "movement" | "negotiation" | "stamina"> & {
    keywords: Iterable<string>;
    movement: Iterable<string>;
    stamina: { max: number };
    negotiation: { interest: number; patience: number; impression: number; motivations: Iterable<string>; pitfalls: Iterable<string> };
  };
  items: (AbilityLike & { type?: string })[];
}

export type StatBlockResult = { ok: true; value: ParsedMonster } | { ok: false; error: ParseError };

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const signed = (n: number) => (n < 0 ? String(n) : `+${n}`);
const LEVEL_LINE = /^Level\s+(\d+)\s+([A-Za-z]+)\s+([A-Za-z]+)$/i;
const ORG_ALIASES: Record<string, string> = { horde: "band", elite: "troop" };

/** The text a monster's "Copy as text" gives. */
export function formatStatBlock(monster: MonsterLike): string {
  const s = monster.system;
  const lines = [
    monster.name,
    `Level ${s.level} ${capital(s.organization)} ${capital(s.role)}`,
    `Keywords: ${[...s.keywords].join(", ")}`.trimEnd(),
    `EV: ${s.ev}`,
    `Stamina: ${s.stamina.max}`,
    `Speed: ${s.speed}${[...s.movement].length ? ` (${[...s.movement].join(", ")})` : ""}`,
    `Size: ${formatSize(s.size)}`,
    `Stability: ${s.stability}`,
    `Free Strike: ${s.freeStrike}`,
    `Characteristics: ${CHARACTERISTICS.map((c) => `${capital(c)} ${signed(s.characteristics[c] ?? 0)}`).join(", ")}`,
  ];
  const modifiers = (list: { key: string; value: number }[]) => list.map((m) => `${m.key} ${m.value}`).join(", ");
  if (s.immunities.length) lines.push(`Immunities: ${modifiers(s.immunities)}`);
  if (s.weaknesses.length) lines.push(`Weaknesses: ${modifiers(s.weaknesses)}`);
  const n = s.negotiation;
  lines.push(`Negotiation: interest ${n.interest}, patience ${n.patience}, impression ${n.impression}`);
  if ([...n.motivations].length) lines.push(`Motivations: ${[...n.motivations].join(", ")}`);
  if ([...n.pitfalls].length) lines.push(`Pitfalls: ${[...n.pitfalls].join(", ")}`);
  for (const p of htmlParagraphs(s.biography)) lines.push(`Description: ${p}`);
  const abilities = monster.items.filter((i) => (i.type ?? "ability") === "ability").map(formatAbilityBlock);
  return [lines.join("\n"), ...abilities].join("\n\n") + "\n";
}

/** A paste whose second non-blank line is a "Level N Organization Role" line is a stat block. */
export function looksLikeStatBlock(text: string): boolean {
  const lines = text.replace(/\r\n?/g, "\n").split("\n").map((l) => l.trim()).filter(Boolean);
  return lines.length > 1 && LEVEL_LINE.test(lines[1]!);
}

import { pasteLimitError } from "./limits.ts";

const fail = (key: string, line: number, data: Record<string, string | number> = {}): StatBlockResult =>
  ({ ok: false, error: { key: `SE.Bestiary.Error.${key}`, line, data } });

/** Read one monster stat block. Lines in errors count from 1 in the whole text. */
export function parseStatBlock(input: string): StatBlockResult {
  const tooLong = pasteLimitError(input, "SE.Bestiary.Error");
  if (tooLong) return { ok: false, error: tooLong };
  const lines = input.replace(/\r\n?/g, "\n").split("\n");
  let i = 0;
  while (i < lines.length && !lines[i]!.trim()) i++;
  if (i >= lines.length) return fail("Empty", 1);
  const name = lines[i]!.trim();
  const nameLine = i + 1;
  if (/^[A-Za-z ]+:/.test(name) || LEVEL_LINE.test(name)) return fail("MissingName", nameLine);
  i++;
  const levelText = (lines[i] ?? "").trim();
  const lm = LEVEL_LINE.exec(levelText);
  if (!lm) return fail("LevelLine", i + 1, { text: levelText.slice(0, 60) });
  const level = Number(lm[1]);
  const organization = ORG_ALIASES[lm[2]!.toLowerCase()] ?? lm[2]!.toLowerCase();
  const role = lm[3]!.toLowerCase();
  if (level < 1 || level > 20) return fail("Level", i + 1, { level });
  if (!(MONSTER_ORGANIZATION_IDS as readonly string[]).includes(organization)) return fail("UnknownOrganization", i + 1, { text: lm[2]! });
  if (!(MONSTER_ROLE_IDS as readonly string[]).includes(role)) return fail("UnknownRole", i + 1, { text: lm[3]! });
  i++;

  const base = monsterBaseline({ level, organization, role });
  const system: MonsterSystemData = {
    level, organization, role, keywords: [], ev: base.ev,
    stamina: { value: base.stamina, max: base.stamina, temporary: 0 },
    speed: base.speed, movement: [], size: { value: 1, letter: "M" }, stability: base.stability, freeStrike: base.freeStrike,
    characteristics: Object.fromEntries(CHARACTERISTICS.map((c) => [c, 0])),
    immunities: [], weaknesses: [],
    negotiation: { interest: 2, patience: 2, impression: 1, motivations: [], pitfalls: [] },
    biography: "",
  };
  const paragraphs: string[] = [];
  const seen = new Set<string>();

  for (; i < lines.length && lines[i]!.trim(); i++) {
    const line = i + 1;
    const text = lines[i]!.trim();
    const m = /^([A-Za-z ]+?)\s*:\s*(.*)$/.exec(text);
    if (!m) return fail("UnexpectedLine", line, { text: text.slice(0, 60) });
    const label = m[1]!.toLowerCase();
    const value = m[2]!.trim();
    if (label !== "description" && seen.has(label)) return fail("DuplicateLine", line, { label: m[1]! });
    seen.add(label);
    const whole = (v: string) => (/^\d+$/.test(v) ? Number(v) : null);
    const number = (v: string, set: (n: number) => void): StatBlockResult | null => {
      const n = whole(v);
      if (n === null) return fail("NotANumber", line, { label: m[1]!, text: v.slice(0, 30) });
      set(n);
      return null;
    };
    let error: StatBlockResult | null = null;
    switch (label) {
      case "keywords": system.keywords = value ? value.split(/\s*,\s*/).filter(Boolean) : []; break;
      case "ev": error = number(value, (n) => { system.ev = n; }); break;
      case "stamina": error = number(value, (n) => { system.stamina = { value: n, max: n, temporary: 0 }; }); break;
      case "stability": error = number(value, (n) => { system.stability = n; }); break;
      case "free strike": error = number(value, (n) => { system.freeStrike = n; }); break;
      case "speed": {
        const sm = /^(\d+)(?:\s*\(([^)]*)\))?$/.exec(value);
        if (!sm) { error = fail("Speed", line, { text: value.slice(0, 30) }); break; }
        system.speed = Number(sm[1]);
        const kinds = sm[2] ? sm[2].split(/\s*,\s*/).map((k) => k.toLowerCase()).filter(Boolean) : [];
        const unknown = kinds.find((k) => !(MOVEMENT as readonly string[]).includes(k));
        if (unknown) { error = fail("UnknownMovement", line, { text: unknown }); break; }
        system.movement = kinds;
        break;
      }
      case "size": {
        const zm = /^(\d+)([TSML])?$/i.exec(value);
        const n = zm ? Number(zm[1]) : 0;
        if (!zm || n < 1 || n > 10 || (n > 1 && zm[2])) { error = fail("Size", line, { text: value.slice(0, 30) }); break; }
        system.size = { value: n, letter: n === 1 ? ((zm[2] ?? "M").toUpperCase() as SizeLetter) : "" };
        break;
      }
      case "characteristics": {
        const found: Record<string, number> = {};
        for (const part of value.split(/\s*,\s*/)) {
          const cm = /^([A-Za-z]+)\s+([+-]?\d+)$/.exec(part);
          const key = cm?.[1]!.toLowerCase() ?? "";
          const n = cm ? Number(cm[2]) : NaN;
          if (!cm || !(CHARACTERISTICS as readonly string[]).includes(key) || n < -5 || n > 5 || key in found) {
            error = fail("Characteristic", line, { text: part.slice(0, 30) });
            break;
          }
          found[key] = n;
        }
        if (!error) system.characteristics = { ...system.characteristics, ...found };
        break;
      }
      case "immunities":
      case "weaknesses": {
        const keys: readonly string[] = [...DAMAGE_TYPES, ...ABILITY_KEYWORDS, DAMAGE_KEY_ALL];
        const list: { key: string; value: number }[] = [];
        for (const part of value.split(/\s*,\s*/).filter(Boolean)) {
          const dm = /^([A-Za-z]+)\s+(\d+)$/.exec(part);
          if (!dm || !keys.includes(dm[1]!.toLowerCase())) { error = fail("DamageModifier", line, { text: part.slice(0, 30) }); break; }
          list.push({ key: dm[1]!.toLowerCase(), value: Number(dm[2]) });
        }
        system[label] = list;
        break;
      }
      case "negotiation": {
        const found: Record<string, number> = {};
        for (const part of value.split(/\s*,\s*/).filter(Boolean)) {
          const nm = /^(interest|patience|impression)\s+(\d+)$/i.exec(part);
          const n = nm ? Number(nm[2]) : -1;
          const key = nm?.[1]!.toLowerCase() ?? "";
          if (!nm || (key !== "impression" && n > 5)) { error = fail("Negotiation", line, { text: part.slice(0, 30) }); break; }
          found[key] = n;
        }
        if (!error) Object.assign(system.negotiation, found);
        break;
      }
      case "motivations":
      case "pitfalls": {
        const words = value.split(/\s*,\s*/).filter(Boolean);
        const ids = words.map((w) => MOTIVATIONS.find((mo) => mo.toLowerCase() === w.replace(/\s+/g, "").toLowerCase()));
        const bad = ids.findIndex((id) => !id);
        if (bad >= 0) { error = fail("UnknownMotivation", line, { text: words[bad]!.slice(0, 30) }); break; }
        system.negotiation[label] = ids as string[];
        break;
      }
      case "description": if (value) paragraphs.push(value); break;
      default: error = fail("UnknownLine", line, { label: m[1]! });
    }
    if (error) return error;
  }
  system.biography = paragraphs.map((p) => `<p>${escapeHTML(p)}</p>`).join("");

  const items: MonsterAbilityData[] = [];
  while (i < lines.length) {
    while (i < lines.length && !lines[i]!.trim()) i++;
    if (i >= lines.length) break;
    const start = i;
    while (i < lines.length && lines[i]!.trim()) i++;
    const result = parseAbilityBlock(lines.slice(start, i).join("\n"));
    if (!result.ok) return { ok: false, error: { ...result.error, line: start + result.error.line } };
    const { flavor, system: ability } = result.value;
    // A stat block keeps ability names as written (the block parser title-cases all-capital names).
    const abilityName = lines[start]!.trim().replace(/\s*\(\d+\+?\s+[A-Z]+\)\s*$/, "");
    items.push({ name: abilityName, type: "ability", system: { ...ability, signature: false, description: flavorHTML(flavor) } });
  }
  return { ok: true, value: { name, system, items } };
}
