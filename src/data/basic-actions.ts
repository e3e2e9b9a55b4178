/**
 * The actions and maneuvers every hero has (seed 004, L6989–7134), as ability item data added to a
 * new hero. Numbers are the seed's. The power-roll abilities (free strikes, Grab, Knockback, Escape
 * Grab) carry the seed's own words; the others are short paraphrases of their sections.
 */

type Tier = {
  damage: { value: string; type: string };
  forced: { kind: string; distance: number; vertical: boolean }[];
  conditions: { id: string; duration: string; characteristic: string }[];
  text: string;
};
import { FLAG_SCOPE } from "../constants.ts";

const tier = (damage = "", text = "", forced: Tier["forced"] = []): Tier => ({ damage: { value: damage, type: "" }, forced, conditions: [], text });
const noTiers = (): Tier[] => [tier(), tier(), tier()];
const push = (n: number) => [{ kind: "push", distance: n, vertical: false }];

interface BasicAction {
  name: string;
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
    name: "Melee Weapon Free Strike", img: "icons/svg/sword.svg", type: "action", keywords: ["attack", "melee", "weapon"],
    distance: { kind: "reach", primary: 1 }, target: "1 creature or object", power: { kind: "ability", characteristics: ["might", "agility"] },
    tiers: [tier("2"), tier("6"), tier("9")], effect: "<p>A melee weapon free strike is a melee attack made with an unarmed strike or an improvised weapon.</p>", // L7111
  },
  {
    name: "Ranged Weapon Free Strike", img: "icons/svg/target.svg", type: "action", keywords: ["attack", "ranged", "weapon"],
    distance: { kind: "ranged", primary: 5 }, target: "1 creature or object", power: { kind: "ability", characteristics: ["might", "agility"] },
    tiers: [tier("2"), tier("5"), tier("8")], effect: "<p>A ranged weapon free strike is a ranged attack made with an improvised weapon.</p>", // L7111
  },
  { name: "Catch Breath", img: "icons/svg/regen.svg", type: "action", effect: "<p>Spend a Recovery to regain Stamina equal to your recovery value, and gain the benefit of Defend. Not while dying.</p>" },
  { name: "Charge", img: "icons/svg/wing.svg", type: "action", effect: "<p>Move up to your speed in a straight line, then make a melee free strike against a creature at the end of the move. You can't shift.</p>" },
  { name: "Defend", img: "icons/svg/shield.svg", type: "action", effect: "<p>Attacks against you have a double bane until the end of your next turn, unless a creature is taunted by you.</p>" },
  { name: "Heal", img: "icons/svg/heal.svg", type: "action", distance: { kind: "reach", primary: 1 }, target: "1 adjacent creature", effect: "<p>The creature can spend a Recovery to regain Stamina, or make a resistance roll against a \"(resistance ends)\" effect.</p>" },
  { name: "Aid Attack", img: "icons/svg/upgrade.svg", type: "maneuver", distance: { kind: "reach", primary: 1 }, target: "1 adjacent enemy", effect: "<p>The next attack an ally makes against that enemy before the start of your next turn has an edge.</p>" },
  {
    name: "Grab", img: "icons/svg/net.svg", type: "maneuver", keywords: ["melee"], distance: { kind: "reach", primary: 1 },
    target: "1 creature the same size or smaller than you", power: { kind: "ability", characteristics: ["might"] },
    // L7026–7030
    tiers: [
      tier("", "No effect"),
      tier("", "You can grab the target, but if you do, they can make a melee free strike against you right before they become grabbed by you."),
      tier("", "The target is grabbed by you."),
    ],
    effect: "<p>You gain an edge on the power roll if the creature's size is smaller than yours. You can grab only one creature at a time this way.</p>",
  },
  {
    name: "Knockback", img: "icons/svg/thrust.svg", type: "maneuver", keywords: ["melee"], distance: { kind: "reach", primary: 1 },
    target: "1 creature the same size or smaller than you", power: { kind: "ability", characteristics: ["might"] },
    tiers: [tier("", "", push(1)), tier("", "", push(2)), tier("", "", push(3))], effect: "<p>You gain an edge on the power roll if the creature's size is smaller than yours.</p>", // L7053
  },
  {
    name: "Escape Grab", img: "icons/svg/door-exit.svg", type: "maneuver", power: { kind: "resistance", characteristics: ["might", "agility"] },
    // L7004–7011
    tiers: [
      tier("", "You fail to escape the grab."),
      tier("", "You can escape the grab, but if you do, the creature grabbing you can make a melee free strike against you before you are no longer grabbed."),
      tier("", "You are no longer grabbed."),
    ],
    effect: "<p>You take a bane on the roll if the creature's size is larger than yours.</p>",
  },
  { name: "Hide", img: "icons/svg/mystery-man.svg", type: "maneuver", effect: "<p>Try to hide from creatures not observing you while you have cover or concealment.</p>" },
  { name: "Search for Hidden Creatures", img: "icons/svg/eye.svg", type: "maneuver", effect: "<p>Try to find creatures hidden from you.</p>" },
  { name: "Stand Up", img: "icons/svg/up.svg", type: "maneuver", effect: "<p>Stand up if you are prone, or help an adjacent prone creature stand up.</p>" },
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
      distance: { kind: a.distance?.kind ?? "self", primary: a.distance?.primary ?? 0, secondary: 0, within: 0, text: "" },
      target: a.target ?? "",
      power: a.power ?? { kind: "none", characteristics: [] },
      tiers: a.tiers ?? noTiers(),
      effect: a.effect,
    },
    flags: { [FLAG_SCOPE]: { basicAction: true } },
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
