/**
 * Finds the 28 kits in the Draw Steel seed text (notes/ds-content-inventory.md §4): each kit starts
 * at its name heading and runs to the next kit's heading or the end of its family's section. Pure.
 * Curations of seed typos are applied here and listed in docs/rules-decisions.md.
 */
import { parseKit } from "./kit.ts";
import type { KitParseResult, ParsedKit } from "./kit.ts";

/** The kit families' line ranges in seeds/004_… (1-based, inclusive) and their kits in print order. */
export const KIT_SECTIONS = [
  {
    kitType: "martial", name: "Martial kits", from: 4732, to: 5213,
    kits: ["Cloak and Dagger", "Guisarmier", "Martial Artist", "Mountain", "Panther", "Pugilist", "Raider", "Ranger",
      "Rapid-Fire", "Retiarius", "Shining Armor", "Sniper", "Stick and Robe", "Swashbuckler", "Whirlwind"],
  },
  {
    kitType: "caster", name: "Caster kits", from: 5238, to: 5553,
    kits: ["Bloodpact", "Dancer", "Frigid", "Meditator", "Missile", "Nature Calling", "Rook", "Spellslinger", "Ward Weaver"],
  },
  { kitType: "stormwight", name: "Stormwight kits", from: 3661, to: 3853, kits: ["Boren", "Corven", "Raden", "Vuken"] },
] as const;

export interface ExtractedKit {
  kitType: ParsedKit["system"]["kitType"];
  name: string;
  /** 1-based seed line of the kit's name. */
  line: number;
  result: KitParseResult;
}

/**
 * Seed typos fixed before parsing, each with its seed line (docs/rules-decisions.md):
 * Fade prints "range 10" for "Ranged 10" (L4755).
 */
const TEXT_CURATIONS: { kit: string; line: number; from: string; to: string }[] = [
  { kit: "Cloak and Dagger", line: 4755, from: "Distance: Reach 1 or range 10", to: "Distance: Reach 1 or Ranged 10" },
];

/**
 * Parsed data fixed after parsing: Lightning Spark prints no damage type on tiers 2 and 3
 * (L5444–5445); tier 1 is lightning, and so is the ability.
 */
function curate(kit: string, value: ParsedKit): ParsedKit {
  if (kit === "Nature Calling") {
    for (const tier of value.signature.system.tiers) if (tier.damage.value && !tier.damage.type) tier.damage.type = "lightning";
  }
  return value;
}

/** Every kit of the seed, parsed, with its family and line. */
export function extractKits(seedText: string): ExtractedKit[] {
  const lines = seedText.replace(/\r\n?/g, "\n").split("\n");
  const out: ExtractedKit[] = [];
  for (const section of KIT_SECTIONS) {
    const starts = section.kits.map((name) => {
      const index = lines.findIndex((l, i) => i >= section.from - 1 && i < section.to && l.trim() === name.toUpperCase());
      if (index < 0) throw new Error(`Kit ${name} not found in seed lines ${section.from}–${section.to}`);
      return { name, index };
    });
    starts.forEach(({ name, index }, k) => {
      const end = k + 1 < starts.length ? starts[k + 1]!.index : section.to;
      const block = lines.slice(index, end).map((text, i) => {
        const fix = TEXT_CURATIONS.find((c) => c.kit === name && c.line === index + i + 1 && text.trim() === c.from);
        return fix ? fix.to : text;
      });
      const result = parseKit(block.join("\n"), { kitType: section.kitType });
      out.push({
        kitType: section.kitType, name, line: index + 1,
        result: result.ok
          ? { ok: true, value: curate(name, result.value) }
          : { ok: false, error: { ...result.error, line: index + result.error.line } },
      });
    });
  }
  return out;
}
