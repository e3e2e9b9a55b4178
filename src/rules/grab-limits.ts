/**
 * What being grabbed, and grabbing, limits beyond sizes (src/rules/size-maneuvers.ts), seed 004:
 * - L6674 (Grabbed): "While you are grabbed, ... you can't use the Knockback maneuver".
 * - L3469 (the fury's Impaling Strike, Effect): "If the target is grabbed, they take a bane on
 *   attempts to escape the grab." Read from an ability's effect text, whatever the ability.
 * - L7022 and L7045: Grab and Knockback target "1 creature"; L1987 (the time raider's Four Arms,
 *   headed at L1985): "Whenever you use the Grab or Knockback maneuver against an adjacent creature,
 *   you can target an additional adjacent creature, using the same power roll for both targets."
 * Each is a warning in the roll dialog: the Director decides, as for a target too large.
 */

/** The line that heads the time raider's Four Arms trait (L1985; its text is L1987), as its feature item records it (`seedLine`). */
export const FOUR_ARMS_LINE = 1985;
