/**
 * What the compendiums offer the hero builder (issue 32), read once when the window opens: every Item
 * pack this user may see (v13 `CompendiumCollection#testUserPermission`), its documents
 * (`CompendiumCollection#getDocuments`) sorted by type into the builder's plain catalogue. A class's
 * abilities are those in the abilities pack's folder of the class's name (the packs keep each class's
 * abilities in its own folder; v13 `CompendiumCollection#folders` holds a pack's Folders, and an
 * item's `folder` field names one) that the class's chapter offers to choose at 1st level (the
 * extraction marks them `flags.steel-echoes.classChoice`, tools/extract.mjs): its signature choices are
 * those with no cost (L2620: "Select one signature ability from the options below"), its heroic choices
 * the others. Abilities a feature or subclass grants, and the stormwight kits' signature abilities
 * printed in the fury's chapter, are not choices. A culture aspect is a culture feature whose text titles it
 * ("Environment aspect") and holds a "Skill Options:" line.
 */
import { FLAG_SCOPE } from "../../constants.ts";
import { cultureAspectOf, skillOptionsLine } from "../../rules/hero-building.ts";
import { plainParagraphs } from "../view-models/hero-builder.ts";
import type { BuilderCatalogue, CatalogueAbility, CatalogueEntry } from "../view-models/hero-builder.ts";

interface PackDoc {
  uuid: string;
  name: string;
  type: string;
  system: unknown;
  folder?: unknown;
  flags?: Record<string, Record<string, unknown> | undefined>;
}
interface PackLike {
  documentName: string;
  folders?: { get(id: string): { name: string } | undefined };
  testUserPermission(user: unknown, level: "OBSERVER"): boolean;
  getDocuments(): Promise<PackDoc[]>;
}

const sys = (d: PackDoc) => (d.system ?? {}) as Record<string, unknown>;

/** A pack document's folder name: Foundry gives the Folder (or, unresolved, its id), read through the pack's folders. */
function folderName(doc: PackDoc, pack: PackLike): string {
  const f = doc.folder;
  if (f && typeof f === "object" && "name" in f) return String((f as { name: unknown }).name ?? "");
  return typeof f === "string" ? pack.folders?.get(f)?.name ?? "" : "";
}

const entry = (d: PackDoc): CatalogueEntry => ({ uuid: d.uuid, name: d.name, text: plainParagraphs(String(sys(d).description ?? "")) });
const byName = <T extends { name: string }>(list: T[]) => list.sort((a, b) => a.name.localeCompare(b.name));

/** The builder's catalogue from these packs (game.packs in the window). */
export async function builderCatalogue(packs: Iterable<PackLike>, user: unknown): Promise<BuilderCatalogue> {
  const out: BuilderCatalogue = {
    ancestries: [], aspects: { environment: [], organization: [], upbringing: [] }, careers: [], classes: [], kits: [], complications: [],
  };
  const abilities: { folder: string; ability: CatalogueAbility }[] = [];
  for (const pack of packs) {
    if (pack.documentName !== "Item" || !pack.testUserPermission(user, "OBSERVER")) continue;
    for (const doc of await pack.getDocuments()) {
      const s = sys(doc);
      switch (doc.type) {
        case "ancestry":
          out.ancestries.push({
            ...entry(doc), fiendPoints: Number(s.fiendPoints) || 0,
            purchases: ((s.purchases as { name: string; cost: number; uuid: string }[] | undefined) ?? [])
              .map((p) => ({ name: p.name, cost: p.cost, uuid: p.uuid })),
          });
          break;
        case "feature": {
          const e = entry(doc);
          const aspect = s.source === "culture" ? cultureAspectOf(e.text.slice(0, 1).join(" ")) : null;
          if (aspect) out.aspects[aspect].push({ ...e, skillOptions: skillOptionsLine(e.text.join("\n")) });
          break;
        }
        case "career":
          out.careers.push({
            ...entry(doc), skills: [...((s.skills as Iterable<string> | undefined) ?? [])], skillOptions: String(s.skillOptions ?? ""),
            languages: Number(s.languages) || 0, renown: Number(s.renown) || 0, projectPoints: Number(s.projectPoints) || 0,
            incidents: ((s.incitingIncidents as { name: string; text: string }[] | undefined) ?? [])
              .map((i) => ({ name: i.name, text: i.text })),
          });
          break;
        case "class":
          out.classes.push({ ...entry(doc), subclasses: [...((s.subclasses as string[] | undefined) ?? [])], abilities: [] });
          break;
        case "kit":
          out.kits.push({ ...entry(doc), kitType: (s.kitType ?? "martial") as "martial", signatureAbility: String(s.signatureAbility ?? "") });
          break;
        case "complication":
          out.complications.push(entry(doc));
          break;
        case "ability": {
          if (doc.flags?.[FLAG_SCOPE]?.classChoice !== true) break;
          const cost = Number(((s.cost ?? {}) as { amount?: number }).amount) || 0;
          abilities.push({
            folder: folderName(doc, pack).trim().toLowerCase(),
            ability: { uuid: doc.uuid, name: doc.name, signature: cost === 0, cost, text: plainParagraphs(String(s.effect ?? "")) },
          });
          break;
        }
      }
    }
  }
  for (const klass of out.classes) {
    klass.abilities = byName(abilities.filter((a) => a.folder === klass.name.trim().toLowerCase()).map((a) => a.ability));
  }
  byName(out.ancestries); byName(out.careers); byName(out.classes); byName(out.kits); byName(out.complications);
  for (const list of Object.values(out.aspects)) byName(list);
  return out;
}
