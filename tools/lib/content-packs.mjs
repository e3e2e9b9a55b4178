/**
 * Extractors for the classes, cultures, careers and rules packs, and for what they add to the
 * abilities pack (the basic actions every creature has, and the career ability Arcane Trick).
 * Each takes the seed text and returns `{ [pack]: documents }` (see tools/extract.mjs). The seed is
 * read by the pure readers in src/parser/; what is curated here (links, notes, the proposed class
 * basics) is listed in docs/rules-decisions.md.
 *
 * This module and tools/extract.mjs import each other; only function declarations cross the cycle.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { importBundled } from "./bundle.mjs";
import { deterministicId, folderDocument, slugify } from "./pack-ids.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SYSTEM = "steel-echoes";

let bundled = null;
/** The seed readers and basic actions, bundled once per process (tools/lib/seed-entry.ts). */
export function seedContent() {
  bundled ??= importBundled(path.join(ROOT, "tools/lib/seed-entry.ts"));
  return bundled;
}

/** A compendium UUID in this system's packs. */
export function packUuid(pack, id, type = "Item") {
  return `Compendium.${SYSTEM}.${pack}.${type}.${id}`;
}

/** An enricher link; the label loses characters that would break the enricher or the HTML. */
function link(pack, id, name) {
  return `@UUID[${packUuid(pack, id)}]{${name.replace(/[<>&{}[\]]/g, "")}}`;
}

/** A reader's value, or an error naming the seed line and what is wrong. */
function unwrap(result, what) {
  if (result.ok) return result.value;
  const { key, line, data } = result.error;
  throw new Error(`The ${what} at seed line ${line} do not read: ${key} ${JSON.stringify(data)}`);
}

const item = (pack, slug, fields) => {
  const _id = deterministicId(pack, slug);
  return { _id, _key: `!items!${_id}`, folder: null, effects: [], ...fields };
};

/** Seed line of an ability's name → its document in the abilities pack (id, name, cost). */
function abilityIndex(extracted) {
  const index = new Map();
  for (const { classId, line, result } of extracted) {
    if (!result.ok || index.has(line)) continue;
    const { name, system } = result.value;
    index.set(line, { id: deterministicId("abilities", `${classId}-${slugify(name)}`), name, cost: system.cost.amount, line });
  }
  return index;
}

const CLASS_ICON = "icons/svg/combat.svg";
const FEATURE_ICON = "icons/svg/upgrade.svg";

/** The classes pack: a class item per class at the top, its 1st-level features in a folder per class. */
export async function classesPack(seedText) {
  const c = await seedContent();
  const pack = "classes";
  const classes = unwrap(c.extractClasses(seedText), "classes");
  const abilities = abilityIndex(c.extractClassAbilities(seedText));
  const ability = (line) => {
    const a = abilities.get(line);
    if (!a) throw new Error(`The class feature names an ability at seed line ${line}, but no ability block starts there`);
    return a;
  };
  const abilityLink = (line) => {
    const a = ability(line);
    return link("abilities", a.id, a.name);
  };
  const docs = [];
  classes.forEach((k, i) => {
    const folder = folderDocument(pack, k.id, k.name, "Item", (i + 1) * 100000);
    docs.push(folder);
    const resource = k.resource.name.toLowerCase();
    const features = k.features.map((f, j) => {
      const parts = [];
      if (f.subclass) parts.push(`<p><strong>${c.escapeHTML(`${k.subclassLabel}: ${f.subclass}`)}</strong></p>`);
      parts.push(f.html);
      if (f.grants.length) parts.push(`<p><strong>Ability gained:</strong> ${f.grants.map(abilityLink).join(", ")}</p>`);
      if (f.links.length) parts.push(`<p><strong>Abilities:</strong> ${f.links.map(abilityLink).join(", ")}</p>`);
      if (f.choices) {
        const offered = [...abilities.values()].filter((a) => a.line >= f.choices.from && a.line < f.choices.to).sort((a, b) => a.line - b.line);
        const costs = [...new Set(offered.map((a) => a.cost))].sort((a, b) => a - b);
        for (const cost of costs) {
          const label = cost ? `${cost}-${resource} abilities (choose one)` : "Signature abilities (choose one)";
          parts.push(`<p><strong>${label}:</strong> ${offered.filter((a) => a.cost === cost).map((a) => link("abilities", a.id, a.name)).join(", ")}</p>`);
        }
      }
      return item(pack, `${k.id}-${slugify(f.name)}`, {
        name: f.name, type: "feature", img: FEATURE_ICON, folder: folder._id, sort: (j + 1) * 100000,
        system: { description: parts.join(""), source: f.source, level: 1 },
        flags: { [SYSTEM]: { seedLine: f.line, class: k.id, subclass: f.subclass } },
      });
    });
    docs.push(...features);
    const classFeatures = features.filter((d) => d.system.source === "class");
    const granted = k.features.flatMap((f) => f.grants.map(ability));
    const basics = c.CLASS_BASICS[k.id];
    if (!basics) throw new Error(`No class basics for ${k.id}`);
    const bySubclass = k.subclasses.map((s) => {
      const own = features.filter((d) => d.flags[SYSTEM].subclass === s);
      return own.length ? `<li><strong>${c.escapeHTML(s)}:</strong> ${own.map((d) => link(pack, d._id, d.name)).join(", ")}</li>` : "";
    }).join("");
    const description = [
      k.intro,
      `<p><strong>Heroic resource:</strong> ${c.escapeHTML(k.resource.name)}, ${c.escapeHTML(k.resource.gain)} at the start of each of your turns in combat.</p>`,
      `<p><strong>Starting Stamina</strong> ${basics.startingStamina}, <strong>Stamina per level</strong> +${basics.staminaPerLevel}, <strong>Recoveries</strong> ${basics.recoveries}. `
        + "The seed prints no class basics: these numbers are a proposal (see the system's rules decisions) and can be edited on this item.</p>",
      `<h3>1st-level features</h3><ul>${classFeatures.map((d) => `<li>${link(pack, d._id, d.name)}</li>`).join("")}</ul>`,
      `<h3>${c.escapeHTML(k.subclassLabel)} features (take your ${c.escapeHTML(k.subclassLabel.toLowerCase())}'s)</h3><ul>${bySubclass}</ul>`,
    ].join("");
    docs.push(item(pack, k.id, {
      name: k.name, type: "class", img: CLASS_ICON, sort: (i + 1) * 100000,
      system: {
        description,
        heroicResource: { name: k.resource.name, gain: k.resource.gain },
        ...basics,
        subclasses: k.subclasses, subclass: "",
        features: features.map((d) => ({ level: 1, uuid: packUuid(pack, d._id) })),
        grants: [...classFeatures.map((d) => packUuid(pack, d._id)), ...granted.map((a) => packUuid("abilities", a.id))],
      },
      flags: { [SYSTEM]: { seedLine: k.line, subclassLabel: k.subclassLabel } },
    }));
  });
  return { [pack]: docs };
}

const ASPECT_FOLDERS = { environment: "Environment", organization: "Organization", upbringing: "Upbringing" };

/** The cultures pack: a blank culture to fill in, and the 14 aspects as features in a folder per kind. */
export async function culturesPack(seedText) {
  const c = await seedContent();
  const pack = "cultures";
  const culture = unwrap(c.extractCulture(seedText), "culture aspects");
  const docs = [];
  const folders = {};
  Object.entries(ASPECT_FOLDERS).forEach(([kind, name], i) => {
    folders[kind] = folderDocument(pack, kind, name, "Item", (i + 1) * 100000);
    docs.push(folders[kind]);
  });
  const aspects = culture.aspects.map((a, j) => item(pack, `${a.kind}-${slugify(a.name)}`, {
    name: a.name, type: "feature", img: "icons/svg/village.svg", folder: folders[a.kind]._id, sort: (j + 1) * 100000,
    system: { description: `<p><strong>${ASPECT_FOLDERS[a.kind]} aspect</strong></p>${a.html}`, source: "culture", level: 1 },
    flags: { [SYSTEM]: { seedLine: a.line, cultureAspect: a.kind, skillOptions: a.skillOptions } },
  }));
  docs.push(...aspects);
  const lists = Object.entries(ASPECT_FOLDERS).map(([kind, name]) => `<h3>${name}</h3>${culture.intros[kind]}<ul>${aspects
    .filter((d) => d.flags[SYSTEM].cultureAspect === kind)
    .map((d) => `<li>${link(pack, d._id, d.name)}: ${c.escapeHTML(d.flags[SYSTEM].skillOptions)}</li>`).join("")}</ul>`).join("");
  const blankAspect = { name: "", skillOptions: "", skill: "" };
  docs.push(item(pack, "culture", {
    name: "Culture", type: "culture", img: "icons/svg/village.svg", sort: 0,
    system: {
      description: "<p><em>A blank culture: put it on a hero, then fill in its language and its environment, organization and upbringing "
        + "aspects (name and skill options) from the aspects below, and drag those aspects onto the hero for their text.</em></p>"
        + culture.html + lists,
      language: "", environment: { ...blankAspect }, organization: { ...blankAspect }, upbringing: { ...blankAspect }, grants: [],
    },
    flags: { [SYSTEM]: { seedLine: culture.line } },
  }));
  return { [pack]: docs };
}

const LOST_BENEFITS = "<p><em>The seed lost this career's questions and its list of benefits (its skills, any languages, Renown "
  + "or project points, and its title): the text stops after “You gain the following career benefits:”. Fill them in with "
  + "your Director on the hero's copy of this career.</em></p>";
const ARCANE_TRICK_CUT = "<p><em>The seed's text of this ability is cut off mid-sentence (“The illusion ends when yo”).</em></p>";

/** The careers pack (8 careers with 3 inciting incidents each), and their abilities for the abilities pack. */
export async function careersPack(seedText) {
  const c = await seedContent();
  const pack = "careers";
  const { careers } = unwrap(c.extractCareers(seedText), "careers");
  const abilityFolder = folderDocument("abilities", "careers", "Careers", "Item", 900000);
  const abilities = [];
  const docs = careers.map((k, i) => {
    let grants = [];
    let granted = "";
    if (k.ability) {
      const parsed = c.parseAbilityBlock(k.ability.text);
      if (!parsed.ok) throw new Error(`The ability block at seed line ${k.ability.line} does not parse: ${parsed.error.key} (block line ${parsed.error.line})`);
      const { name, flavor, system } = parsed.value;
      const a = item("abilities", `career-${slugify(name)}`, {
        name, type: "ability", img: "icons/svg/book.svg", folder: abilityFolder._id,
        system: { ...system, description: c.flavorHTML(flavor) + (slugify(name) === "arcane-trick" ? ARCANE_TRICK_CUT : "") },
        flags: { [SYSTEM]: { seedLine: k.ability.line } },
      });
      abilities.push(a);
      grants = [packUuid("abilities", a._id)];
      granted = `<p><strong>Ability gained:</strong> ${link("abilities", a._id, a.name)}</p>`;
    }
    const incidents = `<h3>Inciting incidents</h3><ol>${k.incidents.map((n) => `<li><strong>${c.escapeHTML(n.name)}:</strong> ${c.escapeHTML(n.text)}</li>`).join("")}</ol>`;
    return item(pack, slugify(k.name), {
      name: k.name, type: "career", img: "icons/svg/item-bag.svg", sort: (i + 1) * 100000,
      system: {
        description: k.html + LOST_BENEFITS + granted + incidents,
        skills: [], skillOptions: "", languages: 0, renown: 0, projectPoints: 0,
        incitingIncidents: k.incidents.map(({ name, text }) => ({ name, text })),
        grants,
      },
      flags: { [SYSTEM]: { seedLine: k.line } },
    });
  });
  return { [pack]: docs, abilities: abilities.length ? [abilityFolder, ...abilities] : [] };
}

/** The basic actions and maneuvers every creature has (src/data/basic-actions.ts), in the abilities pack. */
export async function basicActionsPack() {
  const c = await seedContent();
  const folder = folderDocument("abilities", "basic-actions", "Basic Actions", "Item", 800000);
  const docs = c.basicActionSources().map((source, i) => item("abilities", `basic-${slugify(source.name)}`, {
    ...source, folder: folder._id, sort: (i + 1) * 100000,
  }));
  return { abilities: [folder, ...docs] };
}

const STATE_NOTE = "<p><em>A state the system tracks on tokens, not one of the nine conditions.</em></p>";

function journal(_id, name, sort, pages, pageId, lead = () => "") {
  return {
    _id, _key: `!journal!${_id}`, name, folder: null, sort, flags: {},
    pages: pages.map((p, i) => {
      const pid = pageId(p);
      return {
        _id: pid, _key: `!journal.pages!${_id}.${pid}`, name: p.name, type: "text", sort: (i + 1) * 100000,
        title: { show: true, level: 1 }, text: { content: lead(p) + p.html, format: 1 },
        flags: { [SYSTEM]: { seedLine: p.line } },
      };
    }),
  };
}

/**
 * The conditions pack: an item per condition (9) and state (7) with the seed's rules text, the status
 * it applies when dropped on an actor or a token, and the status effect's icon; it links to its page
 * in the rules pack's Conditions journal.
 */
export async function conditionsPack(seedText) {
  const c = await seedContent();
  const pack = "conditions";
  const pages = unwrap(c.extractConditionPages(seedText), "conditions");
  const conditionIds = new Set(c.CONDITION_IDS);
  return {
    [pack]: pages.map((p, i) => item(pack, p.id, {
      name: p.name, type: "condition", img: c.STATUS_ROWS[p.id].img, sort: (i + 1) * 100000,
      system: {
        statusId: p.id,
        description: (conditionIds.has(p.id) ? "" : STATE_NOTE) + p.html + `<p>@UUID[${c.rulesPageUuid(p.id)}]{${p.name.replace(/[<>&{}[\]]/g, "")}}</p>`,
      },
      flags: { [SYSTEM]: { seedLine: p.line } },
    })),
  };
}

/** The rules pack: a Conditions journal (a page per condition and state) and four reference journals. */
export async function rulesPack(seedText) {
  const c = await seedContent();
  const pack = "rules";
  const conditions = unwrap(c.extractConditionPages(seedText), "conditions");
  const journals = unwrap(c.extractRulesJournals(seedText), "rules sections");
  const conditionIds = new Set(c.CONDITION_IDS);
  return {
    [pack]: [
      journal(deterministicId(pack, "conditions"), "Conditions", 100000, conditions, (p) => deterministicId(pack, `page-${p.id}`),
        (p) => (conditionIds.has(p.id) ? "" : STATE_NOTE)),
      ...journals.map((j, i) => journal(deterministicId(pack, j.id), j.name, (i + 2) * 100000, j.pages, (p) => deterministicId(pack, `page-${j.id}-${p.id}`))),
    ],
  };
}
