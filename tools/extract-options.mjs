/**
 * Extractors for the character-option packs (registered in tools/extract.mjs's EXTRACTORS):
 * kits (with their signature abilities), ancestries (with their benefits as features, the Devil's
 * purchases, and the three ancestry abilities for the abilities pack) and complications.
 * Each returns `{ [pack]: documents }` with deterministic ids; curations are listed in
 * docs/rules-decisions.md.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { importBundled } from "./lib/bundle.mjs";
import { ABILITY_ICON, deterministicId, folderDocument, slugify } from "./lib/pack-ids.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SYSTEM = "steel-echoes";
const KIT_ICONS = { martial: "icons/svg/sword.svg", caster: "icons/svg/aura.svg", stormwight: "icons/svg/pawprint.svg" };
const ANCESTRY_ICON = "icons/svg/mystery-man.svg";
const FEATURE_ICON = "icons/svg/upgrade.svg";
const COMPLICATION_ICON = "icons/svg/hazard.svg";

export const uuidOf = (pack, id) => `Compendium.${SYSTEM}.${pack}.Item.${id}`;
const itemDoc = (pack, slug, { seedLine, ...fields }) => {
  const _id = deterministicId(pack, slug);
  return { _id, _key: `!items!${_id}`, ...fields, effects: [], flags: { [SYSTEM]: { seedLine } } };
};

function failed(what, line, error) {
  return new Error(`The ${what} at seed line ${line} does not parse: ${error.key} (line ${error.line}) ${JSON.stringify(error.data)}`);
}

/** The Fury's Animal Form ability (abilities pack, class extractor) that every stormwight kit grants (L3628–3645). */
export const animalFormUuid = () => uuidOf("abilities", deterministicId("abilities", "fury-animal-form"));

/** kits pack: a folder per kind of kit, and a "Signature abilities" folder with the 28 signature abilities. */
export async function kits(seedText) {
  const { extractKits, KIT_SECTIONS } = await importBundled(path.join(ROOT, "src/parser/seed-kits.ts"));
  const { kitItemSources } = await importBundled(path.join(ROOT, "src/parser/kit.ts"));
  const pack = "kits";
  const folders = Object.fromEntries(KIT_SECTIONS.map((s, i) => [s.kitType, folderDocument(pack, s.kitType, s.name, "Item", (i + 1) * 100000)]));
  const signatureFolder = folderDocument(pack, "signature-abilities", "Signature abilities", "Item", 400000);
  const docs = [...Object.values(folders), signatureFolder];
  for (const { kitType, name, line, result } of extractKits(seedText)) {
    if (!result.ok) throw failed(`kit ${name}`, line, result.error);
    const sources = kitItemSources(result.value);
    const signature = itemDoc(pack, `signature-${slugify(name)}`, {
      // The kit's text starts at its name (seed line `line`): the ability's name is on its own line.
      name: sources.signature.name, type: "ability", img: ABILITY_ICON, folder: signatureFolder._id, seedLine: line + result.value.signatureLine - 1,
      system: sources.signature.system,
    });
    const grants = [uuidOf(pack, signature._id), ...(kitType === "stormwight" ? [animalFormUuid()] : [])];
    docs.push(itemDoc(pack, `kit-${slugify(name)}`, {
      name, type: "kit", img: KIT_ICONS[kitType], folder: folders[kitType]._id, seedLine: line,
      system: { ...sources.kit.system, grants },
    }), signature);
  }
  return { [pack]: docs };
}

/**
 * ancestries pack: a folder per ancestry holding the ancestry and its benefits as `feature` items
 * (the Devil's purchasable features too); the three ancestry abilities go to the abilities pack.
 */
export async function ancestries(seedText) {
  const { extractAncestries } = await importBundled(path.join(ROOT, "src/parser/seed-ancestries.ts"));
  const { paragraphsHTML } = await importBundled(path.join(ROOT, "src/parser/ancestry.ts"));
  const { flavorHTML } = await importBundled(path.join(ROOT, "src/parser/ability-block.ts"));
  const pack = "ancestries";
  const docs = [];
  const abilityFolder = folderDocument("abilities", "ancestry-abilities", "Ancestry abilities", "Item", 900000);
  const abilityDocs = [abilityFolder];
  extractAncestries(seedText).forEach((a, index) => {
    if (!a.result.ok) throw failed(`ancestry ${a.name}`, a.result.error.line, a.result.error);
    const slug = slugify(a.name);
    const folder = folderDocument(pack, slug, a.name, "Item", (index + 1) * 100000);
    docs.push(folder);
    const { benefits, purchases } = a.result.value;
    const abilityNames = new Set(a.abilities.map((ab) => ab.result.ok && ab.result.value.name));
    const feature = (b) => itemDoc(pack, `${slug}-${slugify(b.name)}`, {
      name: b.name, type: "feature", img: FEATURE_ICON, folder: folder._id, seedLine: b.line,
      system: { description: paragraphsHTML(b.text), source: "ancestry", level: 1 },
    });
    // A benefit that only introduces its ability ("SHADOWMELD: You gain the following ability:") is the ability.
    const grantedAbilities = [];
    for (const ab of a.abilities) {
      if (!ab.result.ok) throw failed(`ability of ${a.name}`, ab.result.error.line, ab.result.error);
      const { name, flavor, system } = ab.result.value;
      const doc = itemDoc("abilities", `ancestry-${slugify(name)}`, {
        name, type: "ability", img: ABILITY_ICON, folder: abilityFolder._id, seedLine: ab.line,
        system: { ...system, description: flavorHTML(flavor) },
      });
      abilityDocs.push(doc);
      // An ability offered as one choice of a benefit (Knighthood: "Choose one", L942) is not granted.
      const owner = benefits.find((b) => b.name === ab.benefit);
      // The benefit's "… the following ability:" links to it (a Foundry content link).
      const intro = owner?.text.findLastIndex((t) => /following ability[:.]$/.test(t)) ?? -1;
      if (intro >= 0) owner.text[intro] += ` @UUID[${uuidOf("abilities", doc._id)}]{${name}}`;
      if (!owner || !/choose one/i.test(owner.text.join(" "))) grantedAbilities.push(uuidOf("abilities", doc._id));
    }
    const features = benefits.filter((b) => !abilityNames.has(b.name)).map(feature);
    const bought = purchases.map((p) => ({ purchase: p, doc: feature(p) }));
    const n = a.numbers;
    docs.push(itemDoc(pack, `ancestry-${slug}`, {
      name: a.name, type: "ancestry", img: ANCESTRY_ICON, folder: folder._id, seedLine: a.line,
      system: {
        description: paragraphsHTML(a.description),
        size: n.size ?? { value: 1, letter: "M" },
        speed: n.speed ?? 5,
        bonuses: { stamina: n.stamina, staminaPerLevel: n.staminaPerLevel, stability: n.stability, recoveries: n.recoveries },
        fiendPoints: a.fiendPoints,
        purchases: bought.map(({ purchase, doc }) => ({ name: purchase.name, cost: purchase.cost, uuid: uuidOf(pack, doc._id) })),
        grants: [...features.map((f) => uuidOf(pack, f._id)), ...grantedAbilities],
      },
    }), ...features, ...bought.map((b) => b.doc));
  });
  return { [pack]: docs, abilities: abilityDocs };
}

/** complications pack: the 10 complications with benefit and drawback. */
export async function complications(seedText) {
  const { extractComplications } = await importBundled(path.join(ROOT, "src/parser/seed-ancestries.ts"));
  const { paragraphsHTML } = await importBundled(path.join(ROOT, "src/parser/ancestry.ts"));
  const pack = "complications";
  return {
    [pack]: extractComplications(seedText).map(({ line, result }) => {
      if (!result.ok) throw failed("complication", line, result.error);
      const c = result.value;
      return itemDoc(pack, `complication-${slugify(c.name)}`, {
        name: c.name, type: "complication", img: COMPLICATION_ICON, folder: null, seedLine: line,
        system: { description: paragraphsHTML(c.description), benefit: paragraphsHTML(c.benefit), drawback: paragraphsHTML(c.drawback), grants: [] },
      });
    }),
  };
}

export const OPTION_EXTRACTORS = [kits, ancestries, complications];
