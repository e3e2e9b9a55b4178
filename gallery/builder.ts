/**
 * The gallery's hero builder (issue 32): each step of the window in both themes, from the builder's
 * test catalogue (test/fixtures/builder-catalogue.ts) and a hero part-way through, with the real
 * view-model, template and CSS; and a live builder over the system's real packs that a player clicks
 * through (tools/e2e.mjs builds five heroes with it).
 */
import { heroBuilderContext, readBuilderForm } from "../src/applications/view-models/hero-builder.ts";
import type { I18n } from "../src/applications/view-models/i18n.ts";
import { buildRecordOf } from "../src/documents/hero-builder.ts";
import type { BuildRecord, BuilderHost, BuilderServices } from "../src/documents/hero-builder.ts";
import { applyBuilderChange } from "../src/applications/builder/apply.ts";
import { builderCatalogue } from "../src/applications/builder/catalogue.ts";
import { FLAG_SCOPE } from "../src/constants.ts";
import { BUILDER_STEPS, combinedKitBonuses, deriveHero } from "../src/rules/index.ts";
import type { AncestryBonuses, BuilderStep, Characteristic, ClassBasics, KitBonuses, Size } from "../src/rules/index.ts";
import { CATALOGUE, NEW_HERO } from "../test/fixtures/builder-catalogue.ts";
import { applyUpdate } from "../test/harness/update.ts";
import { formValues } from "./form.ts";
import manifest from "../system.json";

const THEMES = ["theme-light", "theme-dark"] as const;
type Template = (context: object) => string;
const frame = (theme: string, html: string) =>
  `<div class="application steel-echoes hero-builder-app ${theme}" style="height: 640px"><div class="window-content">${html}</div></div>`;

/** A devil fury part-way through: ancestry and culture done, the class missing its 5-cost pick, a duplicate skill. */
const RECORD: BuildRecord = {
  ancestry: { uuid: "A.devil", purchases: ["Horns", "Wings"] },
  culture: { aspects: { environment: "C.nomadic", organization: "C.bureaucratic", upbringing: "C.martial" }, language: "Caelian" },
  career: { uuid: "K.sage", incident: "Bookish Ideas" },
  class: { uuid: "X.fury", subclasses: ["Berserker"], abilities: ["B.brutal", "B.back"] },
  kit: { uuids: ["Kit.mountain"] },
  skills: {
    "culture.environment": ["climb"], "culture.organization": ["history"], "culture.upbringing": ["lift"],
    career: ["history", "magic"], "class.subclass": ["lift"],
  },
};
const HERO = {
  ...NEW_HERO, characteristics: { might: 2, agility: 1, reason: 0, intuition: 0, presence: -1 },
  skills: ["climb", "history", "lift", "magic", "swim"], languages: ["Caelian"],
};

export function renderBuilderSection(template: Template, i18n: I18n): string {
  return BUILDER_STEPS.map((step) =>
    `<h2>Hero builder: ${step}</h2><div class="themes sheet-themes" data-builder="${step}">${THEMES.map((t) =>
      `<div class="theme-column ${t}" data-theme="${t}">${frame(t, template(heroBuilderContext({
        step, catalogue: CATALOGUE, hero: HERO, record: RECORD, complicationsOn: true,
      }, i18n)))}</div>`).join("")}</div>`).join("");
}

/* ---------- The live builder (issue 32's browser test) ---------- */

// The system's own packs (packs/_source), as the window reads them through game.packs: every Item pack
// of the manifest, its folders and documents under their real UUIDs.
const packSources = import.meta.glob("../packs/_source/**/*.json", { eager: true, import: "default" }) as Record<string, Record<string, unknown>>;
const packFiles = Object.entries(packSources).map(([p, json]) => ({ pack: p.replace("../packs/_source/", "").split("/")[0]!, json }));
const isFolderDoc = (json: Record<string, unknown>) => String(json._key ?? "").startsWith("!folders!");
const uuidOf = (pack: string, json: Record<string, unknown>) => `Compendium.steel-echoes.${pack}.Item.${String(json._id)}`;
/** A pack document's data by UUID, as `fromUuid(uuid).toObject()` gives it (no `_key`, which only the source files hold). */
const PACK_DOCS = new Map(packFiles.filter((f) => !isFolderDoc(f.json)).map((f) => {
  const { _key: _ignored, ...data } = f.json;
  return [uuidOf(f.pack, f.json), data] as const;
}));

/** The Item packs as the builder's catalogue reads them (v13 `CompendiumCollection`: documentName, folders, getDocuments). */
function galleryPacks() {
  return manifest.packs.filter((p) => p.type === "Item").map((p) => {
    const mine = packFiles.filter((f) => f.pack === p.name);
    const folders = new Map(mine.filter((f) => isFolderDoc(f.json)).map((f) => [String(f.json._id), { name: String(f.json.name) }]));
    return {
      documentName: "Item",
      folders,
      testUserPermission: () => true,
      getDocuments: async () => mine.filter((f) => !isFolderDoc(f.json)).map((f) => ({
        uuid: uuidOf(p.name, f.json), name: String(f.json.name), type: String(f.json.type), system: f.json.system,
        folder: f.json.folder, flags: f.json.flags as Record<string, Record<string, unknown>> | undefined,
      })),
    };
  });
}

interface LiveItem {
  id: string;
  type: string;
  name: string;
  system: Record<string, unknown>;
  flags: Record<string, Record<string, unknown> | undefined>;
  update(changes: object): Promise<unknown>;
}

let nextId = 0;
/** A 16-character id, as v13 `foundry.utils.randomID` makes one (the gallery's are sequential). */
const liveId = () => `galleryhero${String(++nextId).padStart(5, "0")}`;

/**
 * A new hero as the builder writes her, in memory: the hero model's initial data (src/data/hero.ts
 * `defineHeroSchema`), her items, and Foundry's update semantics (test/harness/update.ts `applyUpdate`:
 * v13 `Document#update` expands dotted keys and merges). Her owner is the gallery's player.
 */
function newLiveHero(name: string): BuilderHost & { items: LiveItem[]; system: Record<string, unknown> } {
  const update = (target: object) => async (changes: object) => applyUpdate(target as Record<string, unknown>, changes as Record<string, unknown>);
  const hero = {
    name, isOwner: true,
    items: [] as LiveItem[],
    system: {
      characteristics: { might: 0, agility: 0, reason: 0, intuition: 0, presence: 0 }, level: null, xp: 0, victories: 0, renown: 0,
      stamina: { value: 0, temporary: 0, bonus: 0 }, recoveries: { value: 0, bonus: 0 }, heroicResource: { value: 0 },
      speedBonus: 0, stabilityBonus: 0, skills: [] as string[], languages: [] as string[], movement: [] as string[],
      projectPoints: 0, biography: "", notes: "",
    } as Record<string, unknown>,
    flags: {} as Record<string, Record<string, unknown> | undefined>,
    update: async (changes: object) => applyUpdate(hero as unknown as Record<string, unknown>, changes as Record<string, unknown>),
    async createEmbeddedDocuments(_name: "Item", data: object[]) {
      const created = data.map((d) => {
        const item = { flags: {}, system: {}, ...structuredClone(d), id: liveId() } as LiveItem;
        item.update = update(item);
        return item;
      });
      hero.items.push(...created);
      return created;
    },
    async deleteEmbeddedDocuments(_name: "Item", ids: string[]) {
      hero.items = hero.items.filter((i) => !ids.includes(i.id));
      return ids;
    },
  };
  return hero;
}

/**
 * A hero's numbers and options as the browser test compares them: her items (type, name and the name
 * of the option that granted each), her class's subclass, characteristics, Stamina and Recoveries at
 * 1st level as her sheet derives them (src/data/hero.ts: the rules' `deriveHero` from her first class
 * and ancestry and her kits' `combinedKitBonuses`), skills, languages and heroic resource.
 */
export function liveHeroSnapshot(hero: { name: string; items: readonly LiveItem[]; system: Record<string, unknown> }) {
  const first = (type: string) => hero.items.find((i) => i.type === type);
  const s = hero.system as { characteristics: Record<string, number>; skills: Iterable<string>; languages: Iterable<string>; stamina: { bonus: number }; recoveries: { bonus: number }; speedBonus: number; stabilityBonus: number };
  const klass = first("class")?.system as (ClassBasics & { heroicResource: { name: string }; subclass: string }) | undefined;
  const derived = deriveHero({
    level: 1,
    class: klass ?? null,
    kit: hero.items.some((i) => i.type === "kit")
      ? { bonuses: combinedKitBonuses(hero.items.filter((i) => i.type === "kit").map((i) => (i.system as { bonuses: KitBonuses }).bonuses)) }
      : null,
    ancestry: (first("ancestry")?.system as { size: Size; speed: number; bonuses?: AncestryBonuses } | undefined) ?? null,
    bonuses: { stamina: s.stamina.bonus, recoveries: s.recoveries.bonus, speed: s.speedBonus, stability: s.stabilityBonus },
  });
  const granting = (i: LiveItem) => {
    const by = i.flags[FLAG_SCOPE]?.grantedBy;
    return by ? hero.items.find((o) => o.id === by)?.name ?? `(missing ${String(by)})` : "";
  };
  return {
    name: hero.name,
    items: hero.items.map((i) => ({ type: i.type, name: i.name, granting: granting(i) }))
      .sort((a, b) => `${a.type}|${a.name}|${a.granting}`.localeCompare(`${b.type}|${b.name}|${b.granting}`)),
    subclass: klass?.subclass ?? "",
    characteristics: { ...s.characteristics },
    stamina: derived.staminaMax,
    recoveries: derived.recoveriesMax,
    skills: [...s.skills].sort(),
    languages: [...s.languages].sort(),
    resource: klass?.heroicResource.name ?? "",
  };
}

const escapeText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * A live hero builder over the real packs: the window's template and view-model, its form read back
 * and written as the window's submit does (src/applications/builder/hero-builder.ts `#submit`:
 * `readBuilderForm`, then `applyBuilderChange` on the hero), its step buttons, and a "New hero"
 * button as the Actors directory's "Build a hero" gives. After each change it shows the hero's
 * snapshot (`#builder-live-snapshot`) and counts the changes it wrote (`data-applied`) for the test.
 */
export function liveBuilder(host: HTMLElement, template: Template, i18n: I18n): void {
  const services: BuilderServices = {
    load: async (uuid) => {
      const doc = PACK_DOCS.get(uuid);
      return doc ? structuredClone(doc) : null;
    },
    localize: (key) => i18n.localize(key),
  };
  const catalogue = builderCatalogue(galleryPacks(), null);
  let hero = newLiveHero(i18n.localize("SE.Builder.NewHeroName"));
  let step: BuilderStep = "ancestry";
  let applied = 0;
  let queue: Promise<void> = Promise.resolve();
  const app = document.createElement("div");
  const snapshot = document.createElement("pre");
  snapshot.id = "builder-live-snapshot";
  snapshot.hidden = true;
  const newHero = document.createElement("button");
  newHero.type = "button";
  newHero.dataset.action = "builderNewHero";
  newHero.textContent = i18n.localize("SE.Builder.DirectoryButton");
  host.append(newHero, app, snapshot);

  const draw = async () => {
    const s = hero.system as { biography: string; characteristics: Record<Characteristic, number>; skills: string[]; languages: string[] };
    const context = heroBuilderContext({
      step, catalogue: await catalogue, record: buildRecordOf(hero), complicationsOn: true,
      hero: { name: hero.name, biography: s.biography, characteristics: { ...s.characteristics }, skills: [...s.skills], languages: [...s.languages] },
    }, i18n);
    // A window's size: its content fills it, and the step's body scrolls inside (as in Foundry's window frame).
    app.innerHTML = `<form class="application steel-echoes hero-builder-app theme-light" style="height: 760px; width: 860px; overflow: hidden; border: 1px solid #555; border-radius: 6px"><div class="window-content" style="height: 100%">${template(context)}</div></form>`;
    snapshot.textContent = JSON.stringify(liveHeroSnapshot(hero));
    host.dataset.applied = String(applied);
  };
  const run = (fn: () => Promise<void>) => {
    queue = queue.then(fn).then(async () => {
      applied++;
      await draw();
    }).catch((err: unknown) => console.error(err));
  };
  app.addEventListener("change", () => run(async () => {
    const form = app.querySelector<HTMLFormElement>("form")!;
    const change = readBuilderForm(step, formValues(form), await catalogue, buildRecordOf(hero));
    host.dataset.refused = await applyBuilderChange(hero, change, services) ? "" : i18n.localize("SE.Builder.Error.Refused");
  }));
  app.addEventListener("submit", (event) => event.preventDefault());
  host.addEventListener("click", (event) => {
    const button = (event.target as HTMLElement).closest<HTMLElement>("[data-action]");
    const action = button?.dataset.action;
    if (action === "builderStep") {
      const next = BUILDER_STEPS.find((s) => s === button!.dataset.step);
      if (next) run(async () => { step = next; });
    } else if (action === "builderAddPrompts") {
      // The window's #addPrompts: the connection prompts added to the biography, escaped.
      run(async () => {
        const prompts = Array.from({ length: 8 }, (_, i) => `<li>${escapeText(i18n.localize(`SE.Builder.Prompt.${i + 1}`))}</li>`);
        await hero.update({ "system.biography": `${String(hero.system.biography ?? "")}<ul>${prompts.join("")}</ul>` });
      });
    } else if (action === "builderNewHero") {
      run(async () => {
        hero = newLiveHero(i18n.localize("SE.Builder.NewHeroName"));
        step = "ancestry";
      });
    }
  });
  run(async () => {});
}
