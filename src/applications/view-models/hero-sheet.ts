/**
 * View-model of the hero sheet: the hero's data (stored and derived) and items in, everything the
 * templates render out. Pure: localisation and HTML enrichment are done by the caller and passed in.
 */
import { SKILL_GROUPS, damageKeyLabel, formatSize } from "../../rules/catalogue.ts";
import { jumpDistances } from "../../rules/movement.ts";
import { followersForRenown } from "../../rules/negotiation-play.ts";
import { wealthForLevel, MAX_LEVEL, XP_THRESHOLDS } from "../../rules/progression.ts";
import { formatDamageModifiers } from "../../rules/sheet-lists.ts";
import { staminaBarView } from "../../rules/stamina-bar.ts";
import { MOVEMENT_TYPES } from "../../data/vocabulary.ts";
import { characteristicViews, readSheetLists, sheetBasics } from "./sheet-common.ts";
import type { Size } from "../../rules/catalogue.ts";
import type { KitBonuses, StaminaState } from "../../rules/hero.ts";
import type { SpeedHalving } from "../../rules/movement.ts";
import type { AdvancementSpeed } from "../../rules/progression.ts";
import { abilityView, sheetAbility } from "./ability.ts";
import type { AbilityData, AbilityView } from "./ability.ts";
import { signed } from "./format.ts";
import type { I18n } from "./i18n.ts";

export interface SheetItem {
  id: string;
  type: string;
  name: string;
  img: string;
  system: Record<string, unknown>;
  /** One of the basic actions every hero has (listed last, in their own group). */
  basic?: boolean;
}

export interface HeroSystemView {
  characteristics: Record<string, number>;
  xp: number;
  victories: number;
  renown: number;
  level: number;
  /** Whether her XP has reached her next level (derived, issue 32); absent on older data. */
  levelUp?: { ready: boolean; next: number | null };
  stamina: {
    value: number; temporary: number; max: number; winded: number; recoveryValue: number; deathThreshold: number; state: StaminaState;
    bonus?: number;
  };
  recoveries: { value: number; max: number; bonus?: number };
  speedBonus?: number;
  stabilityBonus?: number;
  notes?: string;
  heroicResource: { value: number; name: string; gain: string };
  speed: number;
  stability: number;
  size: Size;
  /** Movement types beyond walking (climb, swim, … L6856–6860); absent on older data. */
  movement?: string[] | Set<string>;
  skills: string[] | Set<string>;
  languages: string[] | Set<string>;
  immunities: { key: string; value: number }[];
  weaknesses: { key: string; value: number }[];
  projectPoints: number;
}

export interface HeroSheetInput {
  name: string;
  img: string;
  editable: boolean;
  /** Edit mode shows inputs; play mode shows values and roll buttons. */
  mode: "play" | "edit";
  system: HeroSystemView;
  items: SheetItem[];
  /** Biography HTML already passed through Foundry's sanitising enrichment. */
  biographyHTML: string;
  advancementSpeed?: AdvancementSpeed;
  /** The viewing user is a GM: she may level the hero at any time (milestone, L620). */
  isGM?: boolean;
  /**
   * The hero's speed now where her token stands (src/documents/movement.ts): halved while she holds
   * a grab on a creature of her size or larger (L6674). Absent: the derived speed under conditions.
   */
  speedNow?: { speed: number; halvedBy: SpeedHalving[] } | null;
  /** Whether the viewing user has collapsed an ability (her own, view-models/ability-collapse.ts); absent: all open. */
  collapsed?: (itemId: string) => boolean;
}

/**
 * The movement part of the characteristics tab: the speed now (and why it is halved), the movement
 * types beyond walking (toggles in edit mode), and the jump distances (L6884–6888).
 */
function movementView(input: HeroSheetInput, i18n: I18n) {
  const s = input.system;
  const now = input.speedNow;
  const halved = now?.halvedBy.length ? now.halvedBy.map((h) => i18n.localize(`SE.Hero.SpeedHalvedBy.${h}`)).join(", ") : "";
  const has = new Set(s.movement ?? []);
  const might = Number(s.characteristics.might) || 0;
  const agility = Number(s.characteristics.agility) || 0;
  const jump = jumpDistances({ might: Math.trunc(might), agility: Math.trunc(agility) });
  const runUp = jumpDistances({ might: Math.trunc(might), agility: Math.trunc(agility), runUp: true });
  return {
    speed: now ? now.speed : s.speed,
    speedNote: halved ? i18n.format("SE.Hero.SpeedHalved", { reasons: halved }) : "",
    stability: s.stability,
    size: formatSize(s.size),
    types: MOVEMENT_TYPES.filter((m) => m !== "walk")
      .map((id) => ({ id, label: i18n.localize(`SE.Movement.${id}`), checked: has.has(id) }))
      .filter((m) => input.mode === "edit" || m.checked),
    jump: i18n.format("SE.Hero.JumpDistances", { long: String(jump.long), longRun: String(runUp.long), high: String(jump.high), highRun: String(runUp.high) }),
  };
}

const ABILITY_TYPE_ORDER = ["action", "maneuver", "triggered", "freeTriggered", "freeManeuver", "move", "noAction", "villain", "trait"];
const CHIP_TYPES = ["ancestry", "culture", "career", "class", "kit"] as const;

function pct(n: number, of: number): number {
  return of > 0 ? Math.round(Math.max(0, Math.min(1, n / of)) * 100) : 0;
}

export function heroSheetContext(input: HeroSheetInput, i18n: I18n) {
  const { system: s, items } = input;
  const byType = (type: string) => items.filter((i) => i.type === type);
  const kit = byType("kit")[0];
  const kitBonuses = (kit?.system.bonuses as KitBonuses | undefined) ?? null;
  const cls = byType("class")[0];
  const resourceName = s.heroicResource.name || i18n.localize("SE.Hero.HeroicResource");
  const kitSignature = String(kit?.system.signatureAbility ?? "");

  const view = (item: SheetItem) => sheetAbility(abilityView(
    // Type escape: a sheet item of type ability carries the ability model's data.
    item as unknown as { id: string; name: string; img: string; system: AbilityData },
    { characteristics: s.characteristics, kit: kitBonuses, isKitSignature: !!kitSignature && kitSignature === item.name, resourceName },
    i18n,
  ), input.collapsed);
  const own = byType("ability").filter((i) => !i.basic).map(view);
  const basic = byType("ability").filter((i) => i.basic).map((i) => ({ ...view(i), basic: true }));
  const abilityGroups = [
    ...ABILITY_TYPE_ORDER.map((type) => ({ type, label: i18n.localize(`SE.AbilityType.${type}`), abilities: own.filter((a) => a.type === type) })),
    { type: "basic", label: i18n.localize("SE.Hero.BasicActions"), abilities: basic },
  ].filter((g) => g.abilities.length > 0);
  const abilities = [...own, ...basic];

  const skills = new Set(s.skills);
  // The XP her next level needs (the level she has taken + 1; her XP may be past it until she levels up).
  const nextXp = s.level < MAX_LEVEL ? XP_THRESHOLDS[input.advancementSpeed ?? "normal"][s.level] ?? null : null;
  // Level up (issue 32): her owner once her XP reaches it (L585); the Director at any time (L620, L626).
  const nextLevel = s.levelUp?.next ?? null;
  const levelUpShown = input.editable && nextLevel !== null && (!!s.levelUp?.ready || !!input.isGM);
  const tempShown = Math.min(s.stamina.temporary, s.stamina.max);

  return {
    ...sheetBasics(input),
    level: s.level,
    levelUp: levelUpShown
      ? { next: nextLevel, hint: i18n.format(s.levelUp?.ready ? "SE.LevelUp.ButtonHint" : "SE.LevelUp.DirectorButtonHint", { level: String(nextLevel) }) }
      : null,
    chips: CHIP_TYPES.map((type) => {
      const item = byType(type)[0];
      return { type, label: i18n.localize(`TYPES.Item.${type}`), name: item?.name ?? "", id: item?.id ?? "", empty: !item };
    }),
    stamina: {
      ...s.stamina,
      // As the token's bar: at 0 or below a dying hero's bar fills red toward the death threshold (src/rules/stamina-bar.ts).
      pct: Math.round(staminaBarView({
        value: s.stamina.value, max: s.stamina.max, deathThreshold: s.stamina.deathThreshold, winded: s.stamina.winded,
      }).fill * 100),
      tempPct: pct(tempShown, s.stamina.max),
      stateLabel: i18n.localize(`SE.StaminaState.${s.stamina.state}`),
      stateClass: `hero-header__stamina--${s.stamina.state}`,
    },
    recoveries: s.recoveries,
    heroicResource: { ...s.heroicResource, label: resourceName },
    victories: s.victories,
    xp: { value: s.xp, next: nextXp ?? "—" },
    renown: s.renown,
    /** Followers the hero's Renown allows (seed L6344–6349); a bad stored Renown counts as 0. */
    followers: Number.isInteger(s.renown) && s.renown >= 0 ? followersForRenown(s.renown) : 0,
    wealth: (({ individual, group }) => ({
      individual: i18n.localize(`SE.Wealth.${individual}`),
      group: i18n.localize(`SE.Wealth.${group}`),
    }))(wealthForLevel(s.level)),
    projectPoints: s.projectPoints,
    movement: movementView(input, i18n),
    characteristics: characteristicViews(s.characteristics, i18n),
    skillGroups: Object.entries(SKILL_GROUPS).map(([group, ids]) => ({
      id: group,
      label: i18n.localize(`SE.SkillGroup.${group}`),
      skills: ids.map((id) => ({ id, label: i18n.localize(`SE.Skill.${id}`), checked: skills.has(id) }))
        .filter((sk) => input.mode === "edit" || sk.checked),
    })).filter((g) => g.skills.length > 0),
    languages: [...s.languages].join(", "),
    // Edit mode: every stored field the header and tabs do not already edit (issue 30).
    details: {
      temporary: s.stamina.temporary ?? 0,
      staminaBonus: s.stamina.bonus ?? 0,
      recoveriesBonus: s.recoveries.bonus ?? 0,
      speedBonus: s.speedBonus ?? 0,
      stabilityBonus: s.stabilityBonus ?? 0,
      languages: [...s.languages].join(", "),
      immunities: formatDamageModifiers(s.immunities),
      weaknesses: formatDamageModifiers(s.weaknesses),
      notes: s.notes ?? "",
    },
    damageModifiers: [
      ...s.immunities.map((m) => ({ label: i18n.format("SE.Hero.Immunity", { key: i18n.localize(damageKeyLabel(m.key)), value: m.value }) })),
      ...s.weaknesses.map((m) => ({ label: i18n.format("SE.Hero.Weakness", { key: i18n.localize(damageKeyLabel(m.key)), value: m.value }) })),
    ],
    abilityGroups,
    hasAbilities: abilities.length > 0,
    /** Collapse all / expand all: offered while some ability is open / closed. */
    abilitiesCollapse: { any: abilities.some((a) => a.collapsed), anyOpen: abilities.some((a) => !a.collapsed) },
    features: byType("feature").map((f) => ({ id: f.id, name: f.name, img: f.img, source: i18n.localize(`SE.FeatureSource.${String(f.system.source ?? "other")}`) })),
    kit: kit ? kitView(kit, i18n) : null,
    className: cls?.name ?? "",
    complications: byType("complication").map((c) => ({ id: c.id, name: c.name, img: c.img })),
    biographyHTML: input.biographyHTML,
  };
}


function kitView(kit: SheetItem, i18n: I18n) {
  const b = kit.system.bonuses as KitBonuses;
  const numbers = (["stamina", "speed", "stability", "distance", "reach", "area"] as const)
    .filter((k) => b[k] !== 0)
    .map((k) => ({ label: i18n.localize(`SE.Item.Kit.FIELDS.bonuses.${k}.label`), value: signed(b[k]) }));
  const damage = (["meleeDamage", "rangedDamage", "magicDamage"] as const)
    .filter((k) => b[k].some((n) => n !== 0))
    .map((k) => ({ label: i18n.localize(`SE.Item.Kit.FIELDS.bonuses.${k}.label`), value: b[k].map(signed).join("/") }));
  return {
    id: kit.id,
    name: kit.name,
    img: kit.img,
    bonuses: [...numbers, ...damage],
    mobility: !!kit.system.mobility,
    armor: [...(kit.system.armor as Iterable<string> ?? [])].map((a) => i18n.localize(`SE.Armor.${a}`)).join(", "),
    weapons: [...(kit.system.weapons as Iterable<string> ?? [])].map((w) => i18n.localize(`SE.Weapon.${w}`)).join(", "),
  };
}

export type HeroSheetContext = ReturnType<typeof heroSheetContext>;
export type { AbilityView };

/** The hero's edit-mode lists read back before Foundry validates the form (`readSheetLists`). */
export function readHeroDetails(system: Record<string, unknown>) {
  return readSheetLists(system, { names: ["languages"], damage: ["immunities", "weaknesses"] });
}
