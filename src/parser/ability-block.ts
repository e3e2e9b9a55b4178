/**
 * Parses one printed ability block of the Draw Steel seed (layout: notes/ds-classes-inventory.md
 * §2.0) into ability item data. Pure: text in, data or a localisable error with its line out.
 *
 *   NAME (3 RAGE)
 *   Flavor line.
 *     • Keywords: Attack, Melee, Weapon        (bullets optional: PRAYER has none)
 *     • Type: Action
 *     • Distance: Reach 1
 *     • Target: 1 creature or object
 *     • Trigger: ...                            (triggered abilities)
 *   Effect: ...                                 (before or after the roll)
 *   Power Roll + Might:   |  Target Resists + Intuition:
 *     • 11 or lower: 3 damage; push 1
 *     • 12–16: 8 damage; push 2                 (en dash or hyphen)
 *     • 17+: 12 damage; push 4
 *   Spend 1 Rage: ...  |  Persistent 1: ...
 */
import { ABILITY_KEYWORDS, CHARACTERISTICS, DAMAGE_TYPES } from "../rules/catalogue.ts";
import { CONDITION_IDS } from "../rules/conditions.ts";
import type { AbilitySystem, AbilityTier } from "./ability-shape.ts";
import { titleCase } from "./seed-casing.ts";

/** A tier as the parser reads it (src/parser/ability-shape.ts AbilityTier, with the kinds it knows). */
export interface ParsedTier extends AbilityTier {
  forced: { kind: "push" | "pull" | "slide"; distance: number; vertical: boolean }[];
  conditions: { id: string; duration: "" | "EoT" | "EoE" | "resistance"; characteristic: string }[];
}

export interface ParsedAbility {
  name: string;
  flavor: string;
  system: Omit<AbilitySystem, "signature" | "description" | "tiers" | "power" | "persistent"> & {
    power: { kind: "none" | "ability" | "resistance" | "test"; characteristics: string[] };
    tiers: ParsedTier[];
    persistent: number;
  };
}

export interface ParseError {
  key: string;
  line: number;
  data: Record<string, string | number>;
}

export type ParseResult = { ok: true; value: ParsedAbility } | { ok: false; error: ParseError };

const HEROIC_RESOURCES = ["PIETY", "ESSENCE", "RAGE", "INSIGHT", "FOCUS", "HEROIC"];
const CONDITIONS: readonly string[] = CONDITION_IDS;
const TYPES: Record<string, string> = {
  action: "action", maneuver: "maneuver", triggered: "triggered", "triggered action": "triggered",
  "free triggered action": "freeTriggered", "free triggered": "freeTriggered", "free maneuver": "freeManeuver",
  move: "move", "move action": "move", "villain action": "villain", "no action": "noAction",
  trait: "trait",
};

const BULLET = /^\s*[•*-]\s*/;
const TIER = [/^(?:11 or lower|≤\s*11)\s*:\s*(.*)$/i, /^12\s*[–-]\s*16\s*:\s*(.*)$/i, /^(?:17\+|17 or (?:more|higher))\s*:\s*(.*)$/i];
const FIELD = /^(Keywords|Type|Distance|Target|Trigger)\s*:\s*(.*)$/i;
// Written to run in linear time: no lazy group followed by optional spaces before a literal that may
// be missing (a long line of spaces would make such a pattern quadratic).
const ROLL = /^(Power Roll|Target Resists|Resistance)\s*\+([^:]*):\s*$/i;
const LABEL = /^(Effect|Alternative Effect|Spend.*|Persistent\s*(\d+)?)$/i;

/** A labelled line ("Effect: ...", "Spend 2 Rage: ..."): its label, Persistent amount and text, or null. */
function labelledLine(line: string): { label: string; persistent: string | undefined; text: string } | null {
  const colon = line.indexOf(":");
  if (colon < 0) return null;
  const m = LABEL.exec(line.slice(0, colon).trim());
  return m ? { label: m[1]!, persistent: m[2], text: line.slice(colon + 1).trim() } : null;
}
const NAME_COST = /\((\d+)\+?\s+([A-Z]+)\)\s*$/;

const fail = (key: string, line: number, data: Record<string, string | number> = {}): ParseResult =>
  ({ ok: false, error: { key: `SE.Parser.Error.${key}`, line, data } });


/** Distance text → structured distance (the printed text is always kept). */
export function parseDistance(text: string): ParsedAbility["system"]["distance"] {
  const t = text.trim().replace(/\u00d7/g, "x");
  const base = { kind: "special", primary: 0, secondary: 0, within: 0, text: text.trim() };
  let m: RegExpExecArray | null;
  if ((m = /^reach(?:\s+(\d+))?\s+or\s+ranged\s+(\d+)$/i.exec(t))) return { ...base, kind: "reachOrRanged", primary: Number(m[1] ?? 1), secondary: Number(m[2]) };
  if ((m = /^reach(?:\s+(\d+))?$/i.exec(t))) return { ...base, kind: "reach", primary: Number(m[1] ?? 1) };
  if ((m = /^ranged\s+(\d+)$/i.exec(t))) return { ...base, kind: "ranged", primary: Number(m[1]) };
  if (/^self$/i.test(t)) return { ...base, kind: "self" };
  if ((m = /^(\d+)\s+burst$/i.exec(t))) return { ...base, kind: "burst", primary: Number(m[1]) };
  if ((m = /^(?:(\d+)\s+aura|aura\s+(\d+))$/i.exec(t))) return { ...base, kind: "aura", primary: Number(m[1] ?? m[2]) };
  if ((m = /^(?:(\d+)\s+cube|cube\s+(\d+))\s+within\s+(\d+)$/i.exec(t))) return { ...base, kind: "cube", primary: Number(m[1] ?? m[2]), within: Number(m[3]) };
  if ((m = /^(\d+)\s*x\s*(\d+)\s+line\s+within\s+(\d+)$/i.exec(t))) return { ...base, kind: "line", primary: Number(m[1]), secondary: Number(m[2]), within: Number(m[3]) };
  if ((m = /^(\d+)\s+wall\s+within\s+(\d+)$/i.exec(t))) return { ...base, kind: "wall", primary: Number(m[1]), within: Number(m[2]) };
  return base;
}

/** One tier line → damage, forced movement, conditions and the rest as text. */
export function parseTier(text: string): ParsedTier {
  const tier: ParsedTier = { damage: { value: "", type: "" }, forced: [], conditions: [], text: "" };
  const rest: string[] = [];
  for (const raw of text.split(";").map((c) => c.trim()).filter(Boolean)) {
    let m: RegExpExecArray | null;
    if (!tier.damage.value && (m = new RegExp(`^(\\d+(?:d\\d+)?(?:\\s*[+-]\\s*\\d+(?:d\\d+)?)*)\\s+(?:(${DAMAGE_TYPES.join("|")})\\s+)?damage$`, "i").exec(raw))) {
      tier.damage = { value: m[1]!.replace(/\s+/g, " "), type: (m[2] ?? "").toLowerCase() };
    } else if ((m = /^(vertical\s+)?(push|pull|slide)\s+(\d+)$/i.exec(raw))) {
      tier.forced.push({ kind: m[2]!.toLowerCase() as "push", distance: Number(m[3]), vertical: !!m[1] });
    } else if ((m = new RegExp(`^(${CONDITIONS.join("|")})\\s*\\((EoT|EoE|(\\w+) resistance ends)\\)$`, "i").exec(raw))) {
      const resistance = m[3]?.toLowerCase();
      tier.conditions.push({
        id: m[1]!.toLowerCase(),
        duration: resistance ? "resistance" : (m[2]!.toUpperCase() === "EOT" ? "EoT" : "EoE"),
        characteristic: resistance && (CHARACTERISTICS as readonly string[]).includes(resistance) ? resistance : "",
      });
    } else if ((m = new RegExp(`^(${CONDITIONS.join("|")})$`, "i").exec(raw))) {
      tier.conditions.push({ id: m[1]!.toLowerCase(), duration: "", characteristic: "" });
    } else rest.push(raw);
  }
  tier.text = rest.join("; ");
  return tier;
}

function characteristicsOf(text: string): string[] {
  return text.split(/\s*(?:,|\bor\b|\band\b)\s*/i).map((c) => c.trim().toLowerCase())
    .filter((c) => (CHARACTERISTICS as readonly string[]).includes(c));
}

/** Parse one ability block. Lines are 1-based in errors. */
export function parseAbilityBlock(input: string): ParseResult {
  const lines = input.replace(/\r\n?/g, "\n").split("\n");
  const at = lines.map((text, i) => ({ text: text.replace(BULLET, "").trim(), raw: text, line: i + 1 })).filter((l) => l.text !== "");
  if (!at.length) return fail("Empty", 1);
  const [head, ...body] = at;
  const nameLine = head!;
  if (FIELD.test(nameLine.text) || ROLL.test(nameLine.text)) return fail("MissingName", nameLine.line);

  let name = nameLine.text;
  const cost = { amount: 0, resource: "" };
  const nc = NAME_COST.exec(name);
  if (nc) {
    name = name.slice(0, nc.index).trimEnd();
    cost.amount = Number(nc[1]);
    cost.resource = HEROIC_RESOURCES.includes(nc[2]!.toUpperCase()) ? "heroic" : nc[2]!.toUpperCase() === "VP" ? "villainPower" : "other";
  }
  if (name === name.toUpperCase()) name = titleCase(name);

  const out: ParsedAbility = {
    name, flavor: "",
    system: {
      keywords: [], type: "", cost, distance: parseDistance(""), target: "", trigger: "",
      power: { kind: "none", characteristics: [] }, tiers: [], effect: "", spend: [], persistent: 0,
    },
  };
  const effects: string[] = [];
  let tierIndex = -1;
  let seenField = false;
  let last: { append(text: string): void } | null = null;

  for (const l of body) {
    let m: RegExpExecArray | null;
    let labelled: ReturnType<typeof labelledLine>;
    if ((m = FIELD.exec(l.text))) {
      seenField = true;
      const [, field, value] = m;
      const v = value!.trim();
      switch (field!.toLowerCase()) {
        case "keywords": {
          const words = v ? v.split(/\s*,\s*/).map((k) => k.toLowerCase()) : [];
          const unknown = words.find((k) => !(ABILITY_KEYWORDS as readonly string[]).includes(k));
          if (unknown) return fail("UnknownKeyword", l.line, { keyword: unknown });
          out.system.keywords = words;
          break;
        }
        case "type": {
          const type = TYPES[v.toLowerCase()];
          if (!type) return fail("UnknownType", l.line, { type: v });
          out.system.type = type;
          break;
        }
        case "distance": out.system.distance = parseDistance(v); break;
        case "target": out.system.target = v; break;
        case "trigger": out.system.trigger = v; break;
      }
      last = null;
    } else if ((m = ROLL.exec(l.text))) {
      const named = m[2]!.trim();
      const characteristics = characteristicsOf(named);
      if (!characteristics.length) return fail("UnknownCharacteristic", l.line, { text: named });
      out.system.power = { kind: /power roll/i.test(m[1]!) ? "ability" : "resistance", characteristics };
      tierIndex = 0;
      last = null;
    } else if (tierIndex >= 0 && tierIndex < 3 && TIER[tierIndex]!.test(l.text)) {
      out.system.tiers.push(parseTier(TIER[tierIndex]!.exec(l.text)![1]!));
      tierIndex++;
      last = null;
    } else if (tierIndex >= 0 && tierIndex < 3 && TIER.some((t) => t.test(l.text))) {
      return fail("TierOrder", l.line, { expected: tierIndex + 1 });
    } else if ((labelled = labelledLine(l.text))) {
      const { label, persistent, text } = labelled;
      if (/^spend/i.test(label)) {
        const amount = Number(/(\d+)/.exec(label)?.[1] ?? 0);
        const entry = { amount, text };
        out.system.spend.push(entry);
        last = { append: (t) => { entry.text += ` ${t}`; } };
      } else if (/^persistent/i.test(label)) {
        out.system.persistent = Number(persistent ?? 0);
        effects.push(`Persistent ${persistent ?? ""}: ${text}`.replace(" :", ":"));
        last = { append: (t) => { effects[effects.length - 1] += ` ${t}`; } };
      } else {
        effects.push(/^alternative/i.test(label) ? `${label}: ${text}` : text);
        last = { append: (t) => { effects[effects.length - 1] += ` ${t}`; } };
      }
    } else if (!seenField && !out.flavor && tierIndex < 0) {
      out.flavor = l.text;
    } else if (last) {
      last.append(l.text);
    } else {
      return fail("UnexpectedLine", l.line, { text: l.text.slice(0, 60) });
    }
  }

  if (!seenField) return fail("MissingFields", nameLine.line);
  if (!out.system.type) return fail("MissingType", nameLine.line);
  if (tierIndex >= 0 && tierIndex < 3) return fail("MissingTier", at[at.length - 1]!.line, { tier: tierIndex + 1 });
  if (!out.system.tiers.length) out.system.tiers = [parseTier(""), parseTier(""), parseTier("")];
  out.system.effect = effects.map((e) => `<p>${escapeHTML(e)}</p>`).join("");
  return { ok: true, value: out };
}

/** The flavour line as an ability's description HTML. */
export function flavorHTML(flavor: string): string {
  return flavor ? `<p><em>${escapeHTML(flavor)}</em></p>` : "";
}

export function escapeHTML(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}
