/**
 * The stormwight's forms and their temporary Stamina (seed 004): each stormwight kit's form that
 * grants "10 temporary Stamina the first time you shapeshift into ... form during an encounter"
 * (boren's bear form L3671; corven's, raden's and vuken's hybrid forms L3717, L3767, L3816, open
 * "whenever your rage is 4 or higher"), the Animal Form ability that shapeshifts (L3630–3643), and
 * Regeneration (L3356–3368): "Trigger: You lose Stamina and are not dying. Effect: After damage is
 * resolved, if your rage is high enough, you can enter your animal or hybrid form as a free triggered
 * action. If you can't gain the temporary Stamina from that form because you have already done so
 * this encounter, you gain temporary Stamina equal to your Might."
 */
//
// The forms' grants and Regeneration's trigger are in ./stormwight-forms.ts (loaded with the form
// choice; issue 31); this file keeps the kits, which every world's hooks read.

/** A stormwight kit: its animal, the form whose first shapeshift grants temporary Stamina, and that line. */
export interface StormwightKit {
  id: "boren" | "corven" | "raden" | "vuken";
  animal: string;
  grants: "animal" | "hybrid";
  line: number;
}

export const STORMWIGHT_KITS: readonly StormwightKit[] = [
  { id: "boren", animal: "bear", grants: "animal", line: 3671 },
  { id: "corven", animal: "crow", grants: "hybrid", line: 3717 },
  { id: "raden", animal: "rat", grants: "hybrid", line: 3767 },
  { id: "vuken", animal: "wolf", grants: "hybrid", line: 3816 },
];

/** The stormwight kit a kit's name is (Boren, Corven, Raden, Vuken), or null. */
export function stormwightKitOf(name: string | null | undefined): StormwightKit | null {
  const id = String(name ?? "").trim().toLowerCase();
  return STORMWIGHT_KITS.find((k) => k.id === id) ?? null;
}
