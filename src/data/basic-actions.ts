/**
 * The actions and maneuvers every hero has (seed 004, L6989–7134), as ability item data added to a
 * new hero. Numbers and words are the seed's: each action's `line` is its heading in the seed, and
 * the seed round-trip test (test/packs/round-trip.test.ts) compares the pack's copies with it.
 */

type Tier = {
  damage: { value: string; type: string };
  forced: { kind: string; distance: number; vertical: boolean }[];
  conditions: { id: string; duration: string; characteristic: string }[];
  text: string;
};
import { FLAG_SCOPE } from "../constants.ts";

const tier = (damage = "", text = "", forced: Tier["forced"] = [], conditions: Tier["conditions"] = []): Tier =>
  ({ damage: { value: damage, type: "" }, forced, conditions, text });
/** Grab's tier 3 (L7030): the target is grabbed by the user, until the grab ends (no duration). */
export const GRAB_TIER3_CONDITIONS: Tier["conditions"] = [{ id: "grabbed", duration: "", characteristic: "" }];
const noTiers = (): Tier[] => [tier(), tier(), tier()];
const push = (n: number) => [{ kind: "push", distance: n, vertical: false }];

interface BasicAction {
  name: string;
  /** The seed line of the action's heading. */
  line: number;
  img: string;
  type: string;
  keywords?: string[];
  distance?: { kind: string; primary: number };
  target?: string;
  power?: { kind: string; characteristics: string[] };
  tiers?: Tier[];
  effect: string;
}

const ACTIONS: BasicAction[] = [
  {
    name: "Melee Weapon Free Strike", line: 7113, img: "icons/svg/sword.svg", type: "action", keywords: ["attack", "melee", "weapon"],
    distance: { kind: "reach", primary: 1 }, target: "1 creature or object", power: { kind: "ability", characteristics: ["might", "agility"] },
    tiers: [tier("2"), tier("6"), tier("9")], effect: "<p>A melee weapon free strike is a melee attack made with an unarmed strike or an improvised weapon.</p>", // L7111
  },
  {
    name: "Ranged Weapon Free Strike", line: 7124, img: "icons/svg/target.svg", type: "action", keywords: ["attack", "ranged", "weapon"],
    distance: { kind: "ranged", primary: 5 }, target: "1 creature or object", power: { kind: "ability", characteristics: ["might", "agility"] },
    tiers: [tier("2"), tier("5"), tier("8")], effect: "<p>A ranged weapon free strike is a ranged attack made with an improvised weapon.</p>", // L7111
  },
  // L7073–7077
  { name: "Catch Breath", line: 7073, img: "icons/svg/regen.svg", type: "action", effect: "<p>By using the Catch Breath action, you spend a Recovery and heal an amount equal to your recovery value. In addition, you also gain the benefit of the Defend action.</p><p>If you are dying (see Dying and Death in Stamina), you can't take the Catch Breath action, but other creatures can help you spend recoveries.</p>" },
  // L7079–7081
  { name: "Charge", line: 7079, img: "icons/svg/wing.svg", type: "action", effect: "<p>When you take the Charge action, you move up to your speed in a straight line, then make a melee free strike (see Free Strikes) against a creature when you end your move. You can't shift when you charge.</p>" },
  // L7083–7085
  { name: "Defend", line: 7083, img: "icons/svg/shield.svg", type: "action", effect: "<p>When you take the Defend action, all attacks against you have a double bane until the end of your next turn. You gain no benefit from this action while another creature is taunted by you (see Conditions).</p>" },
  // L7091–7093
  { name: "Heal", line: 7091, img: "icons/svg/heal.svg", type: "action", distance: { kind: "reach", primary: 1 }, target: "1 adjacent creature", effect: "<p>You use your action to employ medicine or inspiring words to make an adjacent creature feel better and stay in the fight. The creature can spend a Recovery to regain Stamina, or can make a resistance roll against a “(resistance ends)” effect they are suffering.</p>" },
  // L6995–6997
  { name: "Aid Attack", line: 6995, img: "icons/svg/upgrade.svg", type: "maneuver", distance: { kind: "reach", primary: 1 }, target: "1 adjacent enemy", effect: "<p>Choose an enemy adjacent to you. The next attack an ally makes against that creature before the start of your next turn has an edge.</p>" },
  {
    name: "Grab", line: 7013, img: "icons/svg/net.svg", type: "maneuver", keywords: ["melee"], distance: { kind: "reach", primary: 1 },
    target: "1 creature the same size or smaller than you", power: { kind: "ability", characteristics: ["might"] },
    // L7026–7030
    tiers: [
      tier("", "No effect"),
      tier("", "You can grab the target, but if you do, they can make a melee free strike against you right before they become grabbed by you."),
      tier("", "The target is grabbed by you.", [], GRAB_TIER3_CONDITIONS),
    ],
    effect: "<p>You gain an edge on the power roll if the creature's size is smaller than yours. You can grab only one creature at a time this way.</p>",
  },
  {
    name: "Knockback", line: 7036, img: "icons/svg/thrust.svg", type: "maneuver", keywords: ["melee"], distance: { kind: "reach", primary: 1 },
    target: "1 creature the same size or smaller than you", power: { kind: "ability", characteristics: ["might"] },
    tiers: [tier("", "", push(1)), tier("", "", push(2)), tier("", "", push(3))], effect: "<p>You gain an edge on the power roll if the creature's size is smaller than yours.</p>", // L7053
  },
  {
    name: "Escape Grab", line: 7003, img: "icons/svg/door-exit.svg", type: "maneuver", power: { kind: "resistance", characteristics: ["might", "agility"] },
    // L7004–7011
    tiers: [
      tier("", "You fail to escape the grab."),
      tier("", "You can escape the grab, but if you do, the creature grabbing you can make a melee free strike against you before you are no longer grabbed."),
      tier("", "You are no longer grabbed."),
    ],
    effect: "<p>While you are grabbed by another creature (see Grab below), you can attempt to escape by making a resistance roll. You take a bane on the roll if the creature's size is larger than yours.</p>",
  },
  // L7032–7034
  { name: "Hide", line: 7032, img: "icons/svg/mystery-man.svg", type: "maneuver", effect: "<p>Using the Hide maneuver, you attempt to hide from other creatures who aren't observing you while you have cover or concealment (see Hide and Sneak).</p>" },
  // L7061–7063
  { name: "Search for Hidden Creatures", line: 7061, img: "icons/svg/eye.svg", type: "maneuver", effect: "<p>You can use this maneuver to attempt to search for creatures hidden from you (see Hide and Sneak).</p>" },
  // L7065–7067
  { name: "Stand Up", line: 7065, img: "icons/svg/up.svg", type: "maneuver", effect: "<p>You can use this maneuver to stand up if you are prone, ending that condition. Alternatively, you can use this maneuver to make an adjacent prone creature stand up.</p>" },
];

/** Item source data for the basic actions, ready for an actor's `items`. */
export function basicActionSources() {
  return ACTIONS.map((a) => ({
    name: a.name,
    type: "ability",
    img: a.img,
    system: {
      keywords: a.keywords ?? [],
      type: a.type,
      distance: {
        kind: a.distance?.kind ?? "self", primary: a.distance?.primary ?? 0, secondary: 0, within: 0,
        // As printed where the seed prints a block ("Reach 1", L7021; "Ranged 5", L7127).
        text: a.keywords?.length && a.distance ? `${a.distance.kind === "reach" ? "Reach" : "Ranged"} ${a.distance.primary}` : "",
      },
      target: a.target ?? "",
      power: a.power ?? { kind: "none", characteristics: [] },
      tiers: a.tiers ?? noTiers(),
      effect: a.effect,
    },
    flags: { [FLAG_SCOPE]: { basicAction: true, seedLine: a.line } },
  }));
}

/**
 * The ability data of a free strike (L7107–7134), for the sheets' free strike buttons. A hero's is the
 * seed's standard melee or ranged weapon free strike (kit bonuses apply: it is a weapon attack). A
 * monster's deals its stat block's free strike damage on any tier, rolled with Might or Agility so a
 * natural 19 or 20 still crits (docs/rules-decisions.md).
 */
export function freeStrikeSource(kind: "melee" | "ranged", monsterDamage?: number) {
  const base = basicActionSources()[kind === "melee" ? 0 : 1]!;
  if (monsterDamage === undefined) return base;
  const value = String(Math.max(0, Math.trunc(monsterDamage)));
  return { ...base, system: { ...base.system, tiers: [tier(value), tier(value), tier(value)] } };
}
