/**
 * Reads the five classes of the Draw Steel seed (seeds/004_…, L2331–4528; notes/ds-classes-inventory.md
 * §1): each class's introduction, heroic resource (name and start-of-turn gain, read from its
 * resource section), subclass options and 1st-level features as escaped HTML, with the ability
 * headings each feature gives or offers. Which headings are features, and which subclass each
 * belongs to, is the curated list below (the seed prints them as plain headings and tables). Pure.
 */
import { CLASS_SECTIONS } from "./seed-abilities.ts";
import { findHeading, headingTitle, ok, proseHTML, readSection, seedError, seedLines } from "./seed-text.ts";
import type { SeedResult } from "./seed-text.ts";

export interface FeatureSpec {
  heading: string;
  source: "class" | "subclass";
  subclass?: string;
  /** The section runs until one of these headings (tables and sub-headings in between are kept). */
  until?: string[];
  /** Ability headings this feature gives every member of the class (granted with the class). */
  grants?: string[];
  /** Ability headings this feature only points to (one to choose, or the subclass's own). */
  links?: string[];
  /** The feature introduces the class's signature and heroic ability choices, which end at this heading (or the class's end). */
  choicesUntil?: string | true;
}

export interface ClassSpec {
  id: string;
  resourceHeading: string;
  subclassLabel: string;
  subclasses: string[];
  features: FeatureSpec[];
}

const sub = (subclass: string, heading: string, extra: Partial<FeatureSpec> = {}): FeatureSpec => ({ heading, source: "subclass", subclass, ...extra });
const cls = (heading: string, extra: Partial<FeatureSpec> = {}): FeatureSpec => ({ heading, source: "class", ...extra });

const DOMAINS = ["Creation", "Death", "Fate", "Knowledge", "Life", "Love", "Nature", "Protection", "Storm", "Sun", "Trickery", "War"];

/** The curated feature lists, in the seed's order (each heading is searched after the previous feature). */
export const CLASS_SPECS: ClassSpec[] = [
  {
    id: "conduit", resourceHeading: "PIETY", subclassLabel: "Domain", subclasses: DOMAINS,
    features: [
      cls("DEITY AND DOMAINS", { until: ["PIETY"] }),
      cls("PIETY", { grants: ["PRAYER"] }),
      cls("DOMAIN EFFECTS"),
      ...DOMAINS.map((d) => sub(d, `${d.toUpperCase()} DOMAIN EFFECT`)),
      cls("1ST-LEVEL DOMAIN FEATURE", { until: ["ALERTNESS WARD"] }),
      sub("Protection", "ALERTNESS WARD"),
      sub("Nature", "ANIMAL SPIRIT"),
      sub("Love", "COMPASSIONATE AURA"),
      sub("Storm", "CONTROL WEATHER"),
      sub("Knowledge", "CYPHER MIND"),
      sub("Trickery", "DIVINE THIEVERY"),
      sub("Fate", "FATE TRANCE"),
      sub("Death", "GRAVE SPEECH", { links: ["GRAVE SPEECH"] }),
      sub("Creation", "HANDS OF THE MAKER", { links: ["HANDS OF THE MAKER"] }),
      sub("Sun", "INNER LIGHT"),
      sub("Life", "REVITALIZING RITUAL"),
      sub("War", "RITUAL OF PREPARATION"),
      cls("HEALING GRACE", { grants: ["HEALING GRACE"] }),
      cls("PIOUS FORCE", { grants: ["PIOUS FORCE"] }),
      cls("TRIGGERED ACTION", { links: ["DIVINE DISRUPTION", "HOLY INFUSION"] }),
      cls("CONDUIT ABILITIES", { until: ["HOLY LANCE"], choicesUntil: true }),
    ],
  },
  {
    id: "elementalist", resourceHeading: "ESSENCE", subclassLabel: "Elemental Specialization", subclasses: ["Earth", "Fire", "Green", "Void"],
    features: [
      cls("ELEMENTAL SPECIALIZATION"),
      cls("ESSENCE"),
      cls("HURL ELEMENT", { grants: ["HURL ELEMENT"] }),
      cls("PERSISTENT MAGIC"),
      cls("PRACTICAL MAGIC", { grants: ["PRACTICAL MAGIC"] }),
      cls("1ST-LEVEL SPECIALIZATION FEATURE", { until: ["MANIPULATE EARTH"] }),
      sub("Earth", "MANIPULATE EARTH", { links: ["MANIPULATE EARTH (2 ESSENCE)"] }),
      sub("Fire", "MELT", { links: ["MELT (2 ESSENCE)"] }),
      sub("Green", "SPEECH OF THE WILD"),
      sub("Void", "VOID SENSE", { links: ["SHARED VOID SENSE (1+ ESSENCE)"] }),
      cls("SPECIALIZATION TRIGGERED ACTION", { until: ["EARTHEN FORCE"], links: ["EARTHEN FORCE", "EXPLOSIVE ASSISTANCE", "MEND THE SOUL", "VOID EMBRACE"] }),
      cls("ELEMENTALIST ABILITIES", { until: ["DEBRIS"], choicesUntil: true }),
    ],
  },
  {
    id: "fury", resourceHeading: "RAGE", subclassLabel: "Primordial Aspect", subclasses: ["Berserker", "Reaver", "Stormwight"],
    features: [
      cls("PRIMORDIAL ASPECT"),
      cls("RAGE"),
      cls("GROWING RAGE"),
      cls("MIGHTY LEAPS"),
      cls("1ST-LEVEL ASPECT FEATURES", { until: ["PRIMORDIAL CUNNING"] }),
      sub("Reaver", "PRIMORDIAL CUNNING", { until: ["PRIMORDIAL SHAPE"] }),
      sub("Stormwight", "PRIMORDIAL SHAPE"),
      sub("Berserker", "PRIMORDIAL STRENGTH", { until: ["RELENTLESS HUNTER"] }),
      sub("Stormwight", "RELENTLESS HUNTER"),
      cls("ASPECT TRIGGERED ACTION", { until: ["REGENERATION"], links: ["RELENTLESS TOSS", "UNCANNY DODGE", "REGENERATION"] }),
      cls("FURY ABILITIES", { until: ["BRUTAL SLAM"], choicesUntil: "STORMWIGHT KITS" }),
    ],
  },
  {
    id: "shadow", resourceHeading: "INSIGHT", subclassLabel: "Shadow College",
    subclasses: ["College of Black Ash", "College of Caustic Alchemy", "College of the Harlequin Mask"],
    features: [
      cls("SHADOW COLLEGE"),
      cls("INSIGHT"),
      cls("1ST-LEVEL COLLEGE FEATURES", { until: ["BLACK ASH TELEPORT"] }),
      sub("College of Black Ash", "BLACK ASH TELEPORT", { links: ["BLACK ASH TELEPORT"] }),
      sub("College of Caustic Alchemy", "COAT THE BLADE", { links: ["COAT THE BLADE"] }),
      sub("College of the Harlequin Mask", "I'M ON YOUR SIDE", { links: ["I'M ON YOUR SIDE"] }),
      sub("College of Caustic Alchemy", "SMOKE BOMB"),
      cls("COLLEGE TRIGGERED ACTION", { until: ["DEFENSIVE ROLL"], links: ["IN ALL THIS CONFUSION", "DEFENSIVE ROLL", "MISDIRECTION (1 INSIGHT)"] }),
      cls("HESITATION IS WEAKNESS", { grants: ["HESITATION IS WEAKNESS (1 INSIGHT)"] }),
      cls("SHADOW ABILITIES", { until: ["DISTRACTING PAIN"], choicesUntil: true }),
    ],
  },
  {
    id: "tactician", resourceHeading: "FOCUS", subclassLabel: "Tactical Doctrine", subclasses: ["Vanguard", "Mastermind", "Insurgent"],
    features: [
      cls("TACTICAL DOCTRINE"),
      cls("FOCUS"),
      cls("MARK", { grants: ["MARK"] }),
      cls("SEIZE THE OPENING", { grants: ["SEIZE THE OPENING"] }),
      cls("1ST-LEVEL DOCTRINE FEATURES", { until: ["COVERT OPERATIONS"] }),
      sub("Insurgent", "COVERT OPERATIONS"),
      sub("Vanguard", "IMPOSING ATTITUDE"),
      sub("Mastermind", "I READ YOUR BOOK!"),
      cls("DOCTRINE TRIGGERED ACTION", { until: ["FLANK THEM NOW!"], links: ["PARRY", "OVERWATCH", "FLANK THEM NOW!"] }),
      cls("FIELD ARSENAL"),
      cls("TACTICIAN ABILITIES", { until: ["BATTLE CRY (3 FOCUS)"], choicesUntil: true }),
    ],
  },
];

export interface SeedFeature {
  name: string;
  source: "class" | "subclass";
  subclass: string;
  /** 1-based seed line of the feature's heading. */
  line: number;
  html: string;
  /** 1-based seed lines of the ability headings granted with the class. */
  grants: number[];
  /** 1-based seed lines of ability headings the feature points to. */
  links: number[];
  /** Seed line range [from, to) of the abilities this feature offers as choices, if any. */
  choices: { from: number; to: number } | null;
}

export interface SeedClass {
  id: string;
  name: string;
  line: number;
  /** The class's introduction, as HTML. */
  intro: string;
  resource: { name: string; gain: string };
  subclassLabel: string;
  subclasses: string[];
  features: SeedFeature[];
}

const GAIN = /At the start of each of your turns during combat, you gain (\d+d\d+|\d+) (\w+)/i;

/** Read one class section with its spec. Lines are the whole seed's. */
export function readClass(
  lines: readonly string[], section: { id: string; name: string; from: number; to: number }, spec: ClassSpec,
): SeedResult<SeedClass> {
  const from = section.from - 1;
  const to = section.to;
  const head = findHeading(lines, section.name.toUpperCase(), from, to);
  // A text shorter than the section's place in the seed is reported at its last line.
  if (head < 0) return seedError("HeadingMissing", Math.min(section.from, lines.length), { heading: section.name.toUpperCase() });
  const basics = findHeading(lines, "BASICS", head, to);
  if (basics < 0) return seedError("HeadingMissing", head + 1, { heading: "BASICS" });
  const intro = proseHTML(lines.slice(head + 1, basics));

  const resource = readSection(lines, spec.resourceHeading, basics, to);
  if (!resource.ok) return resource;
  const gain = GAIN.exec(resource.value.body.join(" "));
  if (!gain) return seedError("ResourceGainMissing", resource.value.line, { heading: spec.resourceHeading });

  const features: SeedFeature[] = [];
  let cursor = basics;
  for (const f of spec.features) {
    const s = readSection(lines, f.heading, cursor, to, f.until);
    if (!s.ok) return s;
    const start = s.value.line - 1;
    const abilityLine = (heading: string): SeedResult<number> => {
      const at = findHeading(lines, heading, start + 1, to);
      return at < 0 ? seedError("HeadingMissing", start + 1, { heading }) : ok(at + 1);
    };
    const grants: number[] = [];
    const links: number[] = [];
    for (const [list, into] of [[f.grants ?? [], grants], [f.links ?? [], links]] as const) {
      for (const h of list) {
        const r = abilityLine(h);
        if (!r.ok) return r;
        into.push(r.value);
      }
    }
    let choices: SeedFeature["choices"] = null;
    if (f.choicesUntil) {
      const end = f.choicesUntil === true ? to : findHeading(lines, f.choicesUntil, start, to);
      if (end < 0) return seedError("HeadingMissing", start + 1, { heading: String(f.choicesUntil) });
      choices = { from: start + 1, to: end + 1 };
    }
    features.push({
      name: headingTitle(f.heading), source: f.source, subclass: f.subclass ?? "", line: s.value.line,
      html: proseHTML(s.value.body), grants, links, choices,
    });
    cursor = s.value.end;
  }
  return ok({
    id: section.id, name: section.name, line: head + 1, intro,
    resource: { name: headingTitle(spec.resourceHeading), gain: gain[1]!.toLowerCase() },
    subclassLabel: spec.subclassLabel, subclasses: [...spec.subclasses], features,
  });
}

/** Every class of the seed, or the first error. */
export function extractClasses(seedText: string, sections = CLASS_SECTIONS, specs = CLASS_SPECS): SeedResult<SeedClass[]> {
  const lines = seedLines(seedText);
  const out: SeedClass[] = [];
  for (const section of sections) {
    const spec = specs.find((s) => s.id === section.id);
    if (!spec) return seedError("HeadingMissing", Math.min(section.from, lines.length), { heading: section.name.toUpperCase() });
    const r = readClass(lines, section, spec);
    if (!r.ok) return r;
    out.push(r.value);
  }
  return ok(out);
}

/**
 * Class basics the seed lost (every class's BASICS heading holds only its advancement table,
 * L2337, L2814, L3266, L3860, L4231). These are labelled proposals, documented in
 * docs/rules-decisions.md, and editable on the class item.
 */
export const CLASS_BASICS: Record<string, { startingStamina: number; staminaPerLevel: number; recoveries: number }> = {
  conduit: { startingStamina: 18, staminaPerLevel: 6, recoveries: 8 },
  elementalist: { startingStamina: 18, staminaPerLevel: 6, recoveries: 8 },
  fury: { startingStamina: 21, staminaPerLevel: 9, recoveries: 10 },
  shadow: { startingStamina: 18, staminaPerLevel: 6, recoveries: 8 },
  tactician: { startingStamina: 21, staminaPerLevel: 9, recoveries: 10 },
};
