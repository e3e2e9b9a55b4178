/**
 * Issue 32's "Done when" browser test, run by tools/e2e.mjs: a player builds a legal conduit,
 * elementalist, fury, shadow and tactician in the gallery's live hero builder (gallery/builder.ts
 * `liveBuilder`, over the real packs), clicking, selecting and typing step by step, and each hero
 * must match the same hero built by hand: her options and what they grant taken straight from the
 * pack sources (packs/_source), her numbers added up from the classes', kits' and ancestries' data,
 * without any of the builder's code. Then a wrong choice must show in the comparison, and changing it
 * back (L525) must make the heroes match again.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SOURCE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../packs/_source");
const MARTIAL = "Martial";
const CASTER = "Caster";
const STORMWIGHT = "Stormwight";

/**
 * The five heroes, as a player picks them (the labels the builder shows). Every pick is legal: the
 * culture's skills come from each aspect's Skill Options (L2039–2141), the career's two skills from any
 * group (the packet prints none, docs/rules-decisions.md), the subclass's skill as L2449, L3283–3285,
 * L3879–3881, L4250–4252 print it. The shadow's culture already gave Lie, which her college names, so
 * she takes another interpersonal skill (L575); the tactician's kits are the seed's example (L4392).
 */
export const BUILDER_HEROES = [
  {
    name: "Sister Aldea", ancestry: "Human", purchases: [],
    language: "Caelian", aspects: { environment: ["Urban", "Persuade"], organization: ["Bureaucratic", "History"], upbringing: ["Academic", "Religion"] },
    career: "Sage", incident: "Bookish Ideas", careerSkills: ["Magic", "Society"],
    class: "Conduit", subclasses: ["Life", "Protection"], subclassSkill: "Heal",
    abilities: { signature: "Wither", 3: "Angel of Wrath", 5: "Wave of Virtue" },
    kits: [["Meditator", CASTER]], complication: "",
    characteristics: { might: -1, reason: 1, intuition: 2, presence: 1 },
    biography: "Raised among the archive clerks of the capital.",
  },
  {
    name: "Ember Vos", ancestry: "Devil", purchases: ["Horns", "Wings"],
    language: "Anjali", aspects: { environment: ["Secluded", "Psionics"], organization: ["Communal", "Alchemy"], upbringing: ["Creative", "Music"] },
    career: "Mage's Apprentice", incident: "Oops", careerSkills: ["Timescape", "Nature"],
    class: "Elementalist", subclasses: ["Fire"], subclassSkill: "",
    abilities: { signature: "Fire Lance", 3: "Burn!", 5: "Conflagration" },
    kits: [["Spellslinger", CASTER]], complication: "Fire and Chaos",
    characteristics: { agility: 1, reason: 2, intuition: 1, presence: -1 },
    biography: "A stray spark from another world.",
  },
  {
    name: "Grusk", ancestry: "Orc", purchases: [],
    language: "Kalliak", aspects: { environment: ["Wilderness", "Navigate"], organization: ["Anarchic", "Sneak"], upbringing: ["Labor", "Handle Animals"] },
    career: "Gladiator", incident: "Betrayed", careerSkills: ["Brag", "Intimidate"],
    class: "Fury", subclasses: ["Stormwight"], subclassSkill: "Track",
    abilities: { signature: "Brutal Slam", 3: "Whirlwind Strike", 5: "Primordial Shockwave" },
    kits: [["Boren", STORMWIGHT]], complication: "",
    characteristics: { might: 2, agility: 2, reason: -1, presence: -1 },
    biography: "The bear came to her in the storm.",
  },
  {
    name: "Pim Quickfingers", ancestry: "Polder", purchases: [],
    language: "Caelian", aspects: { environment: ["Urban", "Lie"], organization: ["Communal", "Tailoring"], upbringing: ["Illegal", "Pick Pocket"] },
    career: "Criminal", incident: "Atonement", careerSkills: ["Pick Lock", "Eavesdrop"],
    class: "Shadow", subclasses: ["College of the Harlequin Mask"], subclassSkill: "Read Person",
    abilities: { signature: "Sucker Slice", 3: "Quick Pursuit", 5: "Assassinate" },
    kits: [["Cloak and Dagger", MARTIAL]], complication: "",
    characteristics: { might: -1, agility: 2, presence: 1 },
    biography: "Every mask has a face under it.",
  },
  {
    name: "Captain Brand", ancestry: "Dwarf", purchases: [],
    language: "Zaliac", aspects: { environment: ["Rural", "Blacksmithing"], organization: ["Bureaucratic", "Society"], upbringing: ["Martial", "Alertness"] },
    career: "Soldier", incident: "Sole Survivor", careerSkills: ["Lead", "Ride"],
    class: "Tactician", subclasses: ["Vanguard"], subclassSkill: "Intimidate",
    abilities: { 3: "Dazing Blow", 5: "Hammer and Anvil" },
    kits: [["Shining Armor", MARTIAL], ["Sniper", MARTIAL]], complication: "Shipwrecked",
    characteristics: { might: 2, agility: -1, reason: 2, intuition: 1 },
    biography: "The last of the Ninth Shield.",
  },
];

/* ---------- the hero built by hand, from the pack sources ---------- */

function packDocs() {
  const docs = [];
  for (const pack of readdirSync(SOURCE)) {
    for (const entry of readdirSync(path.join(SOURCE, pack), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith(".json")) continue;
      const json = JSON.parse(readFileSync(path.join(entry.parentPath, entry.name), "utf8"));
      if (String(json._key ?? "").startsWith("!folders!")) continue;
      docs.push({ uuid: `Compendium.steel-echoes.${pack}.${json.pages ? "JournalEntry" : "Item"}.${json._id}`, pack, ...json });
    }
  }
  return docs;
}

/**
 * The hero a player makes by hand with the same choices: she drops the ancestry, the blank culture
 * (filling in its aspects and dragging their features on), the career, the class (typing its subclass,
 * dragging the picked abilities on) and the kits and complication onto her sheet; each option brings
 * what its `grants` list; she ticks her skills and types her language and characteristics. Her
 * Stamina and Recoveries are added up as the seed does: class starting Stamina + kit Stamina bonus
 * (the tactician's better one, L4390) + ancestry Stamina; class Recoveries + ancestry Recoveries.
 */
export function handBuiltHero(spec, docs = packDocs()) {
  const find = (type, name, where = () => true) => {
    const found = docs.filter((d) => d.type === type && d.name === name && where(d));
    if (found.length !== 1) throw new Error(`${found.length} ${type} items named ${name} in the packs`);
    return found[0];
  };
  const byUuid = (uuid) => {
    const d = docs.find((x) => x.uuid === uuid);
    if (!d) throw new Error(`no pack document ${uuid}`);
    return d;
  };
  const items = [];
  const add = (doc, granting = "") => items.push({ type: doc.type, name: doc.name, granting });
  const withGrants = (doc, extra = []) => {
    add(doc);
    for (const uuid of [...(doc.system.grants ?? []), ...extra]) add(byUuid(uuid), doc.name);
    return doc;
  };

  const ancestry = find("ancestry", spec.ancestry);
  withGrants(ancestry, spec.purchases.map((p) => ancestry.system.purchases.find((x) => x.name === p).uuid));
  items.push({ type: "culture", name: "Culture", granting: "" });
  for (const [aspect, [name]] of Object.entries(spec.aspects)) {
    add(find("feature", name, (d) => d.system.source === "culture" && d.system.description.includes(`${aspect[0].toUpperCase()}${aspect.slice(1)} aspect`)), "Culture");
  }
  withGrants(find("career", spec.career));
  const klass = find("class", spec.class);
  withGrants(klass);
  for (const name of Object.values(spec.abilities)) add(find("ability", name, (d) => d.pack === "abilities"), klass.name);
  const kits = spec.kits.map(([name]) => withGrants(find("kit", name)));
  if (spec.complication) withGrants(find("complication", spec.complication));

  const skill = (label) => label.split(" ").map((w, i) => (i ? w : w.toLowerCase())).join("");
  const skills = [
    ...Object.values(spec.aspects).map(([, s]) => s), ...spec.careerSkills, ...(spec.subclassSkill ? [spec.subclassSkill] : []),
  ].map(skill);
  const bonuses = ancestry.system.bonuses ?? {};
  return {
    name: spec.name,
    items: items.sort((a, b) => `${a.type}|${a.name}|${a.granting}`.localeCompare(`${b.type}|${b.name}|${b.granting}`)),
    subclass: spec.subclasses.join(", "),
    characteristics: { might: 0, agility: 0, reason: 0, intuition: 0, presence: 0, ...spec.characteristics },
    stamina: klass.system.startingStamina + Math.max(...kits.map((k) => k.system.bonuses.stamina)) + (bonuses.stamina ?? 0),
    recoveries: klass.system.recoveries + (bonuses.recoveries ?? 0),
    skills: [...new Set(skills)].sort(),
    languages: [spec.language],
    resource: klass.system.heroicResource.name,
  };
}

/** The fields of two snapshots that differ, each with both values. */
export function snapshotDiff(built, byHand) {
  return Object.keys({ ...built, ...byHand })
    .filter((k) => JSON.stringify(built[k]) !== JSON.stringify(byHand[k]))
    .map((k) => ({ field: k, built: built[k], byHand: byHand[k] }));
}

/* ---------- the player at the builder ---------- */

/**
 * The builder window's player: each action is a click, a choice in a list or typing (then Tab, which
 * sends the field's change as leaving it does), and waits until the builder has written it and
 * redrawn (the live builder counts its writes in `data-applied`).
 */
function player(page) {
  const live = page.locator("#builder-live");
  const applied = async () => Number(await live.getAttribute("data-applied"));
  const settle = async (before) => {
    await page.waitForFunction((n) => Number(document.getElementById("builder-live")?.dataset.applied) > n, before, { timeout: 10000 });
  };
  const act = async (fn) => {
    const before = await applied();
    await fn();
    await settle(before);
  };
  return {
    live,
    ready: () => page.waitForFunction(() => Number(document.getElementById("builder-live")?.dataset.applied) > 0, null, { timeout: 15000 }),
    click: (locator) => act(() => locator.click()),
    choose: (select, label) => act(() => live.locator(select).selectOption({ label })),
    type: (field, value) => act(async () => {
      await live.locator(field).fill(String(value));
      await live.locator(field).press("Tab");
    }),
    next: (step) => act(() => live.locator(`.hero-builder__footer [data-action="builderStep"][data-step="${step}"]`).click()),
    open: (step) => act(() => live.locator(`.hero-builder__nav [data-action="builderStep"][data-step="${step}"]`).click()),
    snapshot: async () => JSON.parse(await page.locator("#builder-live-snapshot").textContent()),
  };
}

/** Build one hero through the window, step by step, in the seed's order. */
async function buildThroughWindow(p, spec) {
  await p.click(p.live.locator('[data-action="builderNewHero"]'));
  // 1 Ancestry, and the Devil's fiendish features bought with her points (L796–814).
  await p.choose('select[name="ancestry"]', spec.ancestry);
  for (const name of spec.purchases) await p.click(p.live.locator("label.hero-builder__purchase", { hasText: name }).locator("input"));
  for (const name of spec.purchases) {
    if (!await p.live.locator("label.hero-builder__purchase", { hasText: name }).locator("input").isChecked()) throw new Error(`${name} not bought`);
  }
  // 2 Culture: the language, each aspect, then each aspect's skill from its Skill Options.
  await p.next("culture");
  await p.type('input[name="language"]', spec.language);
  for (const [aspect, [name]] of Object.entries(spec.aspects)) await p.choose(`select[name="aspect|${aspect}"]`, name);
  for (const [aspect, [, skill]] of Object.entries(spec.aspects)) await p.choose(`select[name="skill|culture.${aspect}|0"]`, skill);
  // 3 Career, its inciting incident and its two skills.
  await p.next("career");
  await p.choose('select[name="career"]', spec.career);
  await p.choose('select[name="incident"]', spec.incident);
  for (const [i, skill] of spec.careerSkills.entries()) await p.choose(`select[name="skill|career|${i}"]`, skill);
  // 4 Class, its subclass(es) and the subclass's skill, then an ability for each slot.
  await p.next("class");
  await p.choose('select[name="class"]', spec.class);
  for (const [i, sub] of spec.subclasses.entries()) await p.choose(`select[name="subclass|${i}"]`, sub);
  if (spec.subclassSkill) await p.choose('select[name="skill|class.subclass|0"]', spec.subclassSkill);
  const slots = await p.live.locator(".hero-builder__slot legend").allInnerTexts();
  const slotKey = (label) => (/signature/i.test(label) ? "signature" : /\d+/.exec(label)?.[0]);
  if (slots.map(slotKey).join() !== Object.keys(spec.abilities).sort((a, b) => (a === "signature" ? -1 : b === "signature" ? 1 : a - b)).join()) {
    throw new Error(`${spec.class}'s slots are ${slots.join(", ")}`);
  }
  for (const [i, label] of slots.entries()) await p.choose(`select[name="ability|${i}"]`, spec.abilities[slotKey(label)]);
  // 5 Kit (the tactician's second, L4386); 6 free strikes; 7 complication.
  await p.next("kit");
  for (const [i, [name, type]] of spec.kits.entries()) await p.choose(`select[name="kit|${i}"]`, `${name} (${type})`);
  await p.next("freeStrikes");
  await p.next("complication");
  if (spec.complication) await p.choose('select[name="complication"]', spec.complication);
  // 8 Characteristics, typed; 9 skills, settled; 10 details.
  await p.next("characteristics");
  for (const [c, v] of Object.entries(spec.characteristics)) await p.type(`input[name="char|${c}"]`, v);
  await p.next("skills");
  await p.next("details");
  await p.type('input[name="name"]', spec.name);
  await p.type('textarea[name="biography"]', spec.biography);
}

/**
 * The checks, each through e2e.mjs's `check`: the five heroes, each legal (every step done, nothing to
 * fix) and equal to her hand-built twin; then a wrong kit shows as a difference, and the right one
 * chosen again (L525) makes them equal.
 */
export async function builderChecks(page, check, assert) {
  const p = player(page);
  await check("the Level up card in both themes: the fury's 2nd-level row (L3272), the conduit's 4th not printed; the name escaped", async () => {
    for (const theme of ["theme-light", "theme-dark"]) {
      const fury = await page.locator(`.${theme} [data-fixture="level-up-fury-2"] .se-level-up`).innerText();
      assert(fury.includes("Korga <b>Stonefist</b> reaches level 2!") && fury.includes("Aspect Feature, Aspect Ability") && fury.includes("Stamina maximum +9"), fury);
      const conduit = await page.locator(`.${theme} [data-fixture="level-up-conduit-4"] .se-level-up`).innerText();
      assert(/stops before this level/.test(conduit), conduit);
    }
    assert(await page.locator('[data-fixture="level-up-fury-2"] b').count() === 0, "the hero's name became markup");
  });
  const docs = packDocs();
  const show = (diff) => diff.map((d) => `${d.field}: built ${JSON.stringify(d.built)} / by hand ${JSON.stringify(d.byHand)}`).join("\n");
  await check("the live hero builder opens on the real packs", async () => {
    await p.ready();
    const classes = await p.live.locator('select[name="ancestry"] option').allInnerTexts();
    assert(classes.length === 13, `ancestry choices: ${classes.join(", ")}`);
  });
  for (const spec of BUILDER_HEROES) {
    await check(`a player builds a legal ${spec.class.toLowerCase()} through the builder, and she matches the same hero built by hand`, async () => {
      await buildThroughWindow(p, spec);
      const problems = await p.live.locator(".hero-builder__problems li").allInnerTexts();
      assert(!problems.length, `breaks a rule: ${problems.join(" | ")}`);
      const states = await p.live.locator(".hero-builder__nav-item").evaluateAll((els) => els.map((e) => e.className));
      assert(states.every((c) => c.includes("--done")), `steps not done: ${states.filter((c) => !c.includes("--done")).join(", ")}`);
      assert(await p.live.locator(".hero-builder__complete").count() === 1, "the builder does not say the hero is complete");
      const diff = snapshotDiff(await p.snapshot(), handBuiltHero(spec, docs));
      assert(!diff.length, `differs from the hero built by hand:\n${show(diff)}`);
    });
  }
  await check("a wrong choice shows: the tactician with the Mountain kit differs in her kit, its ability and Stamina; the right kit again (L525) matches", async () => {
    const tactician = BUILDER_HEROES.at(-1);
    await p.open("kit");
    await p.choose('select[name="kit|0"]', `Mountain (${MARTIAL})`);
    const wrong = snapshotDiff(await p.snapshot(), handBuiltHero(tactician, docs));
    assert(wrong.map((d) => d.field).join() === "items,stamina", `the wrong kit's differences: ${show(wrong)}`);
    const names = (list) => list.map((i) => i.name);
    const items = wrong[0];
    assert(names(items.built).includes("Mountain") && names(items.built).includes("Pain for Pain") && !names(items.built).includes("Shining Armor"), show(wrong));
    await p.choose('select[name="kit|0"]', `${tactician.kits[0][0]} (${MARTIAL})`);
    const right = snapshotDiff(await p.snapshot(), handBuiltHero(tactician, docs));
    assert(!right.length, `after choosing the kit again:\n${show(right)}`);
  });
}
