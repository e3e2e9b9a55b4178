/**
 * The hero sheet's build warnings (issue 32): each rule a hand-made hero breaks, as one localised
 * line. Warnings only: the sheet never refuses a hero for them (src/rules/hero-building.ts
 * `heroBuildWarnings` finds them).
 */
import type { BuildWarning } from "../../rules/hero-building.ts";
import type { I18n } from "./i18n.ts";

/** Where a skill came from, for the message: a culture aspect or the career. */
function sourceLabel(source: string, i18n: I18n): string {
  const aspect = /^culture\.(environment|organization|upbringing)$/.exec(source)?.[1];
  if (aspect) return i18n.localize(`SE.Build.Source.${aspect}`);
  if (source === "class.subclass") return i18n.localize("SE.Build.Source.subclass");
  return i18n.localize(source === "career" ? "SE.Build.Source.career" : "SE.Build.Source.other");
}

const skill = (id: string, i18n: I18n) => i18n.localize(`SE.Skill.${id}`);

/** One line per warning, in the order the rules found them, each starting with a capital. */
export function buildWarningLines(warnings: readonly BuildWarning[], i18n: I18n): string[] {
  return warnings.map((w) => warningLine(w, i18n)).map((line) => line.charAt(0).toUpperCase() + line.slice(1));
}

function warningLine(w: BuildWarning, i18n: I18n): string {
  switch (w.kind) {
    case "notOffered":
      if (w.area === "skills") return i18n.format("SE.Build.Warn.notOffered", { skill: skill(w.skill, i18n), source: sourceLabel(w.source, i18n) });
      return i18n.format("SE.Build.Warn.notOfferedPurchase", { name: w.name });
    case "duplicate":
      return i18n.format("SE.Build.Warn.duplicate", {
        skill: skill(w.skill, i18n), source: sourceLabel(w.source, i18n),
        alternatives: w.alternatives.slice(0, 4).map((s) => skill(s, i18n)).join(", "),
      });
    case "unknown":
      return i18n.format("SE.Build.Warn.unknown", { skill: w.skill, source: sourceLabel(w.source, i18n) });
    case "missing":
      return i18n.format("SE.Build.Warn.missing", { count: w.missing, source: sourceLabel(w.source, i18n) });
    case "notOnSheet":
      return i18n.format("SE.Build.Warn.notOnSheet", { skill: skill(w.skill, i18n), source: sourceLabel(w.source, i18n) });
    case "overspent":
      return i18n.format("SE.Build.Warn.overspent", { by: w.by });
    case "twice":
      return i18n.format("SE.Build.Warn.twice", { name: w.name });
    case "tooMany":
      return i18n.format("SE.Build.Warn.tooManyKits", { count: w.count, allowed: w.allowed });
    case "notAllowed":
      return i18n.format("SE.Build.Warn.kitNotAllowed", { name: w.name });
  }
}
