/**
 * A hero's character options read as the build rules want them (src/rules/hero-building.ts
 * `HeroBuild`): her skills, her culture's aspects and their picks, her career's skills, her
 * ancestry's point-buy and what she took from it (features of the same name), her class and kits.
 * Read-only: the sheet shows the warnings; nothing here changes the hero.
 */
import type { HeroBuild, KitChoice } from "../rules/hero-building.ts";

interface ItemLike {
  type: string;
  name: string;
  system?: unknown;
}
interface HeroLike {
  system?: unknown;
  items: Iterable<ItemLike>;
}

const ASPECTS = ["environment", "organization", "upbringing"] as const;

/** The build of a hero, from her actor's data and items. */
export function heroBuildOf(actor: HeroLike): HeroBuild {
  const items = [...actor.items];
  const first = (type: string) => items.find((i) => i.type === type);
  const sys = (doc: { system?: unknown } | undefined) => (doc?.system ?? {}) as Record<string, unknown>;
  const culture = sys(first("culture"));
  const ancestry = first("ancestry");
  const anc = sys(ancestry);
  const purchases = Array.isArray(anc.purchases) ? (anc.purchases as { name: string; cost: number }[]) : [];
  const featureNames = new Set(items.filter((i) => i.type === "feature").map((i) => i.name));
  const klass = first("class");
  return {
    skills: [...((sys(actor).skills as Iterable<string> | undefined) ?? [])],
    cultureAspects: ASPECTS.map((aspect) => {
      const a = (culture[aspect] ?? {}) as { skillOptions?: string; skill?: string };
      return { aspect, skillOptions: a.skillOptions ?? "", skill: a.skill ?? "" };
    }),
    careerSkills: [...((sys(first("career")).skills as Iterable<string> | undefined) ?? [])],
    pointBuy: purchases.length
      ? {
        budget: Number(anc.fiendPoints) || 0, offered: purchases,
        bought: purchases.filter((p) => featureNames.has(p.name)).map((p) => p.name),
      }
      : null,
    className: klass?.name ?? "",
    subclass: String(sys(klass).subclass ?? ""),
    kits: items.filter((i) => i.type === "kit").map((k) => ({ name: k.name, kitType: (sys(k).kitType ?? "martial") as KitChoice["kitType"] })),
  };
}
