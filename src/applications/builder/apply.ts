/**
 * Carrying out what the builder's form asked (issue 32): the open step's change, written by the
 * hero's owner through src/documents/hero-builder.ts. The skills picked in the same form are written
 * after the step, except when the step's own choice changed: the boxes then showed the old
 * aspect's or subclass's skills, and the player picks again from the new ones.
 */
import {
  buildRecordOf, chooseAncestry, chooseCareer, chooseClass, chooseComplication, chooseCulture, chooseKits,
  setCharacteristics, setDetails, setSkillPicks,
} from "../../documents/hero-builder.ts";
import type { BuilderHost, BuilderServices } from "../../documents/hero-builder.ts";
import type { BuilderChange } from "../view-models/hero-builder.ts";

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Write the change; false when the rules refuse it (fiend points overspent, a characteristic out of range): nothing is written. */
export async function applyBuilderChange(actor: BuilderHost, change: BuilderChange, services: BuilderServices): Promise<boolean> {
  // Only her owner (or the Director) writes a hero; anyone else's change is not sent at all.
  if (!actor.isOwner) return false;
  const before = buildRecordOf(actor);
  switch (change.step) {
    case "ancestry":
      if (!await chooseAncestry(actor, change.uuid, change.purchases, services)) return false;
      break;
    case "culture":
      await chooseCulture(actor, change.aspects, change.language, services);
      break;
    case "career":
      await chooseCareer(actor, change.uuid, change.incident, services, change.languages);
      break;
    case "class":
      await chooseClass(actor, change.uuid, change.subclasses, change.abilities, services);
      break;
    case "kit":
      await chooseKits(actor, change.uuids, services);
      break;
    case "complication":
      await chooseComplication(actor, change.uuid, services);
      break;
    case "characteristics":
      if (!await setCharacteristics(actor, change.values)) return false;
      break;
    case "details":
      await setDetails(actor, change.name, change.biography);
      break;
    case "skills":
    case "freeStrikes":
      break;
  }
  const after = buildRecordOf(actor);
  const sourceOf = (source: string) =>
    source.startsWith("culture.") ? [before.culture?.aspects, after.culture?.aspects]
      : source === "career" ? [before.career?.uuid, after.career?.uuid]
        : [[before.class?.uuid, before.class?.subclasses[0]], [after.class?.uuid, after.class?.subclasses[0]]];
  for (const [source, picks] of Object.entries(change.skills)) {
    const [was, now] = sourceOf(source);
    if (!same(was, now)) continue;
    if (!same(after.skills?.[source] ?? [], picks)) await setSkillPicks(actor, source, picks);
  }
  return true;
}
