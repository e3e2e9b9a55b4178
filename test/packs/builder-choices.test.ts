/**
 * What the hero builder reads from the packs (issue 32), against the seed's lines: each career's
 * benefits exactly as the seed prints them (L2197–2321: the eight lists are empty but the Mage's
 * Apprentice's Arcane Trick), and each class's 1st-level ability choices (`flags.steel-echoes.classChoice`,
 * tools/extract.mjs): the signature abilities "from the options below" and the heroic abilities after
 * them, no ability a feature or subclass grants, no stormwight kit's signature ability.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readTree } from "../harness/pack-files.ts";
import { careerSkillOptions, SKILL_GROUPS } from "../../src/rules/index.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SOURCES = path.join(ROOT, "packs/_source");
const SEED = path.resolve(ROOT, "../shared/seeds/004_f522d4137f25400b.txt");

interface Doc {
  _id: string; _key: string; name: string; type?: string; folder?: string | null;
  system?: Record<string, unknown>;
  flags?: Record<string, Record<string, unknown>>;
}
const pack = (name: string) => Object.values(readTree(path.join(SOURCES, name))).map((t) => JSON.parse(t) as Doc);
const abilities = pack("abilities");
const careers = pack("careers").filter((d) => d.type === "career");
const folderName = (id: string | null | undefined) => abilities.find((d) => d._id === id && d._key.startsWith("!folders!"))?.name ?? "";
const uuidOf = (d: Doc) => `Compendium.steel-echoes.abilities.Item.${d._id}`;

describe("career benefits as the seed prints them (L2157–2195, L2197–2321)", () => {
  const CAREERS = ["ARTISAN", "CRIMINAL", "GLADIATOR", "LABORER", "MAGE'S APPRENTICE", "PERFORMER", "SAGE", "SOLDIER"];
  const title = (heading: string) => heading.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase()).replace("'S", "'s");

  /** The seed's lines after a career's "You gain the following career benefits:" (`at`, 1-based), up to its inciting incidents. */
  function benefitLines(lines: string[], heading: string): { at: number; lines: string[] } {
    const start = lines.findIndex((l, i) => l.trim() === heading && lines.slice(i, i + 4).some((x) => x.includes("In defining your career")));
    const gain = lines.findIndex((l, i) => i > start && l.trim() === "You gain the following career benefits:");
    const end = lines.findIndex((l, i) => i > gain && l.trim() === `${heading} INCITING INCIDENTS`);
    expect(start, heading).toBeGreaterThan(0);
    expect(gain > start && end > gain, heading).toBe(true);
    return { at: gain + 1, lines: lines.slice(gain + 1, end).map((l) => l.trim()).filter(Boolean) };
  }

  it.runIf(existsSync(SEED))("seven careers print no benefit at all; the Mage's Apprentice prints only Arcane Trick (L2253–2275)", () => {
    const lines = readFileSync(SEED, "utf8").split("\n");
    for (const heading of CAREERS) {
      const { at, lines: printed } = benefitLines(lines, heading);
      if (heading === "MAGE'S APPRENTICE") {
        expect(at).toBe(2253);
        expect(printed[0]).toBe("ARCANE TRICK");
        // An ability block, and nothing that reads as a skill, language, Renown or project points.
        expect(printed.some((l) => /^Keywords: Magic$/.test(l))).toBe(true);
      } else {
        expect(printed, heading).toEqual([]);
      }
      expect(printed.join(" "), heading).not.toMatch(/\bskills?\b.*\b(from|group)\b|\blanguages?\b|\bRenown\b|\bproject points?\b/i);
    }
  });

  it("each career item holds exactly that: no skills, Skill Options, languages, Renown or project points; Arcane Trick for the Mage's Apprentice", () => {
    expect(careers.map((k) => k.name).sort()).toEqual(CAREERS.map(title).sort());
    for (const k of careers) {
      const s = k.system!;
      expect([s.skills, s.skillOptions, s.languages, s.renown, s.projectPoints], k.name).toEqual([[], "", 0, 0, 0]);
      const granted = (s.grants as string[]).map((u) => abilities.find((a) => uuidOf(a) === u)?.name);
      expect(granted, k.name).toEqual(k.name === "Mage's Apprentice" ? ["Arcane Trick"] : []);
    }
  });

  it("so the builder asks each career for two skills of any group, the smaller of \"two or three\" (L2161)", () => {
    for (const k of careers) {
      const options = careerSkillOptions({ skills: k.system!.skills as string[], skillOptions: String(k.system!.skillOptions) });
      expect(options, k.name).toEqual({ skills: [], groups: Object.keys(SKILL_GROUPS), count: 2 });
    }
  });
});

describe("each class's 1st-level ability choices (issue 32)", () => {
  // The abilities each chapter offers to choose, in the seed's order, with the line of the first and last.
  const CHOICES: Record<string, { lines: [number, number]; names: string[] }> = {
    Conduit: {
      lines: [2622, 2797],
      names: ["Holy Lance", "Lightfall", "Sacrificial Offer", "Wither", "Angel of Wrath", "Punishing Smite", "Righteous Rebuke",
        "Thunder of the Divine", "Armor of the Faithful", "Divine Weakness", "Terrifying Smite", "Wave of Virtue"],
    },
    Elementalist: {
      lines: [3052, 3241],
      names: ["Debris", "Fire Lance", "Growing Pains", "Void Ray", "Burn!", "Invigorating Growth", "Punch the Earth", "Stare Into the Abyss",
        "Conflagration", "Incorporealness", "Nourishing Rain", "Open the Earth"],
    },
    Fury: {
      lines: [3406, 3595],
      names: ["Brutal Slam", "Hit and Run", "Humiliating Strike", "Impaling Strike", "Death Before Beauty",
        "Stab Me So I Can Pull Myself Closer to You", "Whirlwind Strike", "Your Entrails Are Your Extrails!", "Blood for Blood!",
        "Brute Precision", "Dying Blow", "Primordial Shockwave"],
    },
    Shadow: {
      lines: [4028, 4214],
      names: ["Distracting Pain", "I Work Better Alone", "Shot and Step", "Sucker Slice", "Blade Dance", "Quick Pursuit", "Two Throats at Once",
        "Wounding Strike", "Assassinate", "Get In, Get Out", "Impairing Shot", "Quickness"],
    },
    // Field Arsenal: the tactician's signature abilities are its kits' (L4407), so the chapter offers heroic ones only.
    Tactician: {
      lines: [4419, 4518],
      names: ["Battle Cry", "Dazing Blow", "Inspiring Strike", "Phalanx Forward!", "Hammer and Anvil", "Now!", "Their Weakness Is Our Strength",
        "This Is What We Planned for"],
    },
  };
  const line = (d: Doc) => Number(d.flags?.["steel-echoes"]?.seedLine);

  it("are the abilities flagged classChoice, in the seed's order, each printed within its chapter's choices", () => {
    for (const [klass, { lines: [first, last], names }] of Object.entries(CHOICES)) {
      const flagged = abilities.filter((d) => d.type === "ability" && folderName(d.folder) === klass && d.flags?.["steel-echoes"]?.classChoice === true)
        .sort((a, b) => line(a) - line(b));
      expect(flagged.map((d) => d.name), klass).toEqual(names);
      expect([line(flagged[0]!), line(flagged.at(-1)!)], klass).toEqual([first, last]);
    }
  });

  it.runIf(existsSync(SEED))("the signature choices are those printed after \"Select one signature ability from the options below\" (L2620, L3050, L3404, L4026)", () => {
    const lines = readFileSync(SEED, "utf8").split("\n");
    for (const [klass, at] of [["Conduit", 2620], ["Elementalist", 3050], ["Fury", 3404], ["Shadow", 4026]] as const) {
      expect(lines[at - 1], klass).toMatch(/^Select one signature ability from the options below/);
      const signature = abilities.filter((d) => folderName(d.folder) === klass && d.flags?.["steel-echoes"]?.classChoice === true
        && Number((d.system!.cost as { amount: number }).amount) === 0);
      // Each is printed between that line and the chapter's first heroic ability.
      const firstHeroic = Math.min(...abilities.filter((d) => folderName(d.folder) === klass && d.flags?.["steel-echoes"]?.classChoice === true
        && Number((d.system!.cost as { amount: number }).amount) > 0).map(line));
      expect(signature, klass).toHaveLength(4);
      for (const d of signature) expect(line(d) > at && line(d) < firstHeroic, `${klass} ${d.name}`).toBe(true);
      for (const d of signature) expect(lines[line(d) - 1]!.trim(), d.name).toBe(d.name.toUpperCase());
    }
  });

  it("no stormwight kit's signature ability (L3682–3828) and no granted ability is a choice", () => {
    for (const name of ["Bear Claws", "Wing Buffet", "Driving Pounce", "Probing Attack", "Shared Void Sense", "Hesitation is Weakness", "Mark", "Wither!"]) {
      const d = abilities.find((a) => a.name === name);
      if (d) expect(d.flags?.["steel-echoes"]?.classChoice, name).toBeUndefined();
    }
    const flagged = abilities.filter((d) => d.flags?.["steel-echoes"]?.classChoice === true);
    expect(flagged).toHaveLength(Object.values(CHOICES).reduce((n, c) => n + c.names.length, 0));
  });
});
