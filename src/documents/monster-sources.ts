/**
 * Monster actor data from a parsed stat block or from the baseline (pure): what the importer,
 * the "New monster from baseline" dialog and the bestiary generator create. The prototype token
 * comes from `prototypeTokenDefaults` (right size, hostile, unlinked, Stamina bar).
 */
import { CHARACTERISTICS } from "../rules/catalogue.ts";
import { MONSTER_LEVEL_MAX, MONSTER_LEVEL_MIN, MONSTER_ORGANIZATION_IDS, MONSTER_ROLE_IDS, monsterBaseline } from "../rules/monster-baseline.ts";
import type { ParsedMonster } from "../parser/stat-block.ts";
import { parseStatBlock } from "../parser/stat-block.ts";
import { prototypeTokenDefaults } from "./token-defaults.ts";

export const MONSTER_IMG = "icons/svg/mystery-man.svg";
export const ABILITY_IMG = "icons/svg/book.svg";

/** Foundry's CONST.TOKEN_DISPLAY_MODES.OWNER: the bar shows to the token's owners (the Director). */
export const DISPLAY_BARS_OWNER = 40;

export function monsterPrototypeToken(name: string, size: ParsedMonster["system"]["size"]) {
  return { name, ...prototypeTokenDefaults("monster", size), displayBars: DISPLAY_BARS_OWNER };
}

/** `Actor.create` data for a parsed stat block, with its abilities as embedded items. */
export function monsterCreateData(monster: ParsedMonster) {
  return {
    name: monster.name,
    type: "monster",
    img: MONSTER_IMG,
    system: { ...monster.system, directorNotes: "" },
    prototypeToken: monsterPrototypeToken(monster.name, monster.system.size),
    items: monster.items.map((item) => ({ name: item.name, type: "ability", img: ABILITY_IMG, system: item.system })),
  };
}

export interface BaselineMonsterInput {
  name: string;
  level: number;
  organization: string;
  role: string;
}

/**
 * A new monster with the baseline numbers for its level, organization and role: Stamina, EV,
 * free strike, speed, stability, and the highest characteristic in Might (edit to taste).
 */
export function baselineMonsterData({ name, level, organization, role }: BaselineMonsterInput) {
  const base = monsterBaseline({ level, organization, role });
  const characteristics = Object.fromEntries(CHARACTERISTICS.map((c) => [c, c === "might" ? base.highestCharacteristic : 0]));
  const size = { value: 1, letter: "M" as const };
  return {
    name, type: "monster", img: MONSTER_IMG,
    system: {
      level, organization, role, keywords: [], ev: base.ev,
      stamina: { value: base.stamina, max: base.stamina, temporary: 0 },
      speed: base.speed, movement: [], size, stability: base.stability, freeStrike: base.freeStrike, characteristics,
      immunities: [], weaknesses: [],
    },
    prototypeToken: monsterPrototypeToken(name, size),
  };
}

const slugify = (name: string) => name.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

export interface BestiaryFile {
  /** Folder slug, e.g. "bandits". */
  slug: string;
  /** Folder name shown in the compendium. */
  folder: string;
  /** Stat blocks separated by a line of three or more dashes. */
  text: string;
}

/**
 * The `monsters` pack: a folder per file, an actor per stat block with its abilities embedded, all
 * with ids from `deterministicId(pack, slug)`. A stat block that does not parse throws with its
 * file and line.
 */
export function bestiaryPackDocuments(files: BestiaryFile[], deterministicId: (pack: string, slug: string) => string) {
  const pack = "monsters";
  const docs: Record<string, unknown>[] = [];
  files.forEach((file, index) => {
    const folderId = deterministicId(pack, `folder-${file.slug}`);
    docs.push({ _id: folderId, _key: `!folders!${folderId}`, name: file.folder, type: "Actor", folder: null, sorting: "a", sort: (index + 1) * 100000, color: null, flags: {} });
    const lines = file.text.replace(/\r\n?/g, "\n").split("\n");
    let start = 0;
    for (let i = 0; i <= lines.length; i++) {
      if (i < lines.length && !/^-{3,}\s*$/.test(lines[i]!)) continue;
      const chunk = lines.slice(start, i);
      const offset = start;
      start = i + 1;
      if (!chunk.some((l) => l.trim())) continue;
      const result = parseStatBlock(chunk.join("\n"));
      if (!result.ok) {
        throw new Error(`${file.slug}.txt line ${offset + result.error.line}: ${result.error.key} ${JSON.stringify(result.error.data)}`);
      }
      const data = monsterCreateData(result.value);
      const slug = slugify(data.name);
      const _id = deterministicId(pack, slug);
      docs.push({
        _id, _key: `!actors!${_id}`, ...data, folder: folderId,
        items: data.items.map((item) => {
          const itemId = deterministicId(pack, `${slug}.${slugify(item.name)}`);
          return { _id: itemId, _key: `!actors.items!${_id}.${itemId}`, ...item, effects: [], flags: {} };
        }),
        effects: [], flags: {},
      });
    }
  });
  return docs;
}

export type BuilderResult = { ok: true; value: BaselineMonsterInput } | { ok: false; key: string };

/** The builder dialog's form values, checked: a name, a whole level 1–20, a known organization and role. */
export function readBuilderInput(form: Record<string, unknown>): BuilderResult {
  const name = String(form.name ?? "").trim();
  const level = Number(form.level);
  const organization = String(form.organization ?? "");
  const role = String(form.role ?? "");
  if (!name) return { ok: false, key: "SE.Bestiary.Builder.Error.Name" };
  if (!Number.isInteger(level) || level < MONSTER_LEVEL_MIN || level > MONSTER_LEVEL_MAX) return { ok: false, key: "SE.Bestiary.Builder.Error.Level" };
  if (!(MONSTER_ORGANIZATION_IDS as readonly string[]).includes(organization)) return { ok: false, key: "SE.Bestiary.Builder.Error.Organization" };
  if (!(MONSTER_ROLE_IDS as readonly string[]).includes(role)) return { ok: false, key: "SE.Bestiary.Builder.Error.Role" };
  return { ok: true, value: { name, level, organization, role } };
}
