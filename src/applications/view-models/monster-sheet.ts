/** View-model of the monster stat block: a monster's data and abilities in, the template context out. */
import { SIZE_LETTERS, damageKeyLabel, formatSize } from "../../rules/catalogue.ts";
import { formatDamageModifiers } from "../../rules/sheet-lists.ts";
import { staminaBarView } from "../../rules/stamina-bar.ts";
import { characteristicViews, readSheetLists, sheetBasics } from "./sheet-common.ts";
import { MONSTER_ORGANIZATIONS, MONSTER_ROLES, MOVEMENT_TYPES, NEGOTIATION_MOTIVATIONS } from "../../data/vocabulary.ts";
import type { StaminaState } from "../../rules/hero.ts";
import { abilityView, sheetAbility } from "./ability.ts";
import type { AbilityData } from "./ability.ts";
import type { I18n } from "./i18n.ts";
import type { SheetItem } from "./hero-sheet.ts";
import type { MonsterSystemData } from "../../parser/stat-block.ts";

/**
 * A monster's data as a loaded actor holds it: the stored shape the stat-block parser writes
 * (src/parser/stat-block.ts MonsterSystemData), with Sets for its sets and the derived values.
 */
export type MonsterSystemView = Omit<MonsterSystemData, "keywords" | "movement" | "negotiation" | "stamina" | "biography"> & {
  keywords: string[] | Set<string>;
  movement: string[] | Set<string>;
  stamina: MonsterSystemData["stamina"] & { winded: number; state: StaminaState };
  /** Speed under conditions (derived). */
  effectiveSpeed?: number;
  negotiation: Omit<MonsterSystemData["negotiation"], "motivations" | "pitfalls"> & { motivations: string[] | Set<string>; pitfalls: string[] | Set<string> };
};

export interface MonsterSheetInput {
  name: string;
  img: string;
  editable: boolean;
  mode: "play" | "edit";
  /** Only the Director sees the notes. */
  isGM: boolean;
  system: MonsterSystemView;
  items: SheetItem[];
  biographyHTML: string;
  directorNotesHTML: string;
  /** The stored HTML, for the edit mode's editors (the notes only for the GM). */
  biographySource?: string;
  directorNotesSource?: string;
  /** Whether the viewing user has collapsed an ability (her own, view-models/ability-collapse.ts); absent: all open. */
  collapsed?: (itemId: string) => boolean;
}

/** The monster's edit-mode lists read back before Foundry validates the form (`readSheetLists`). */
export function readMonsterDetails(system: Record<string, unknown>) {
  return readSheetLists(system, {
    names: ["keywords"], damage: ["immunities", "weaknesses"],
    choices: { "movement": MOVEMENT_TYPES, "negotiation.motivations": NEGOTIATION_MOTIVATIONS, "negotiation.pitfalls": NEGOTIATION_MOTIVATIONS },
  });
}

/** Order of the ability groups on the stat block: what the monster does on its turn, then reactions, traits, villain actions. */
const MONSTER_ABILITY_TYPE_ORDER = ["action", "maneuver", "move", "freeManeuver", "noAction", "triggered", "freeTriggered", "trait", "villain"];

const keyLabel = (key: string, i18n: I18n) => i18n.localize(damageKeyLabel(key));

export function monsterSheetContext(input: MonsterSheetInput, i18n: I18n) {
  const s = input.system;
  const list = (values: Iterable<string>, prefix: string) => [...values].map((v) => i18n.localize(`${prefix}.${v}`)).join(", ");
  const abilities = input.items.filter((i) => i.type === "ability").map((item) => sheetAbility(abilityView(
    // Type escape: a sheet item of type ability carries the ability model's data.
    item as unknown as { id: string; name: string; img: string; system: AbilityData },
    { characteristics: s.characteristics, resourceName: i18n.localize("SE.CostResource.villainPower") },
    i18n,
  ), input.collapsed));
  // Grouped under type headings, so the Director tells a Villain Action or a Trait from an Action.
  const order = [...MONSTER_ABILITY_TYPE_ORDER, ...abilities.map((a) => a.type).filter((t) => !MONSTER_ABILITY_TYPE_ORDER.includes(t))];
  const abilityGroups = [...new Set(order)]
    .map((type) => ({ type, label: i18n.localize(`SE.AbilityType.${type}`), abilities: abilities.filter((a) => a.type === type) }))
    .filter((g) => g.abilities.length > 0);
  return {
    ...sheetBasics(input),
    isGM: input.isGM,
    level: s.level,
    subtitle: i18n.format("SE.Monster.Subtitle", {
      level: s.level,
      organization: i18n.localize(`SE.Organization.${s.organization}`),
      role: i18n.localize(`SE.Role.${s.role}`),
    }),
    keywords: [...s.keywords].join(", "),
    ev: s.ev,
    stamina: {
      ...s.stamina, stateLabel: i18n.localize(`SE.StaminaState.${s.stamina.state}`),
      pct: Math.round(staminaBarView({ value: s.stamina.value, max: s.stamina.max, winded: s.stamina.winded }).fill * 100),
    },
    stats: [
      { label: i18n.localize("SE.Hero.Speed"), value: String(s.effectiveSpeed ?? s.speed), extra: list([...s.movement].filter((m) => m !== "walk"), "SE.Movement") },
      { label: i18n.localize("SE.Hero.Size"), value: formatSize(s.size), extra: "" },
      { label: i18n.localize("SE.Hero.Stability"), value: String(s.stability), extra: "" },
      { label: i18n.localize("SE.Actor.Monster.FIELDS.freeStrike.label"), value: String(s.freeStrike), extra: "" },
    ],
    characteristics: characteristicViews(s.characteristics, i18n),
    immunities: s.immunities.map((m) => `${keyLabel(m.key, i18n)} ${m.value}`).join(", "),
    weaknesses: s.weaknesses.map((m) => `${keyLabel(m.key, i18n)} ${m.value}`).join(", "),
    abilities,
    abilityGroups,
    /** Collapse all / expand all: offered while some ability is open / closed. */
    abilitiesCollapse: { any: abilities.some((a) => a.collapsed), anyOpen: abilities.some((a) => !a.collapsed) },
    negotiation: {
      ...s.negotiation,
      motivations: list(s.negotiation.motivations, "SE.Motivation"),
      pitfalls: list(s.negotiation.pitfalls, "SE.Motivation"),
    },
    biographyHTML: input.biographyHTML,
    directorNotesHTML: input.isGM ? input.directorNotesHTML : "",
    // Edit mode: every stored field the stat block does not already edit (issue 30).
    details: monsterDetails(input, i18n),
  };
}

function monsterDetails(input: MonsterSheetInput, i18n: I18n) {
  const s = input.system;
  const options = (ids: readonly string[], prefix: string, selected: string) =>
    ids.map((id) => ({ id, label: i18n.localize(`${prefix}.${id}`), selected: id === selected }));
  const boxes = (ids: readonly string[], prefix: string, checked: Iterable<string>) => {
    const on = new Set(checked);
    return ids.map((id) => ({ id, label: i18n.localize(`${prefix}.${id}`), checked: on.has(id) }));
  };
  return {
    level: s.level,
    organizations: options(MONSTER_ORGANIZATIONS, "SE.Organization", s.organization),
    roles: options(MONSTER_ROLES, "SE.Role", s.role),
    keywords: [...s.keywords].join(", "),
    ev: s.ev,
    temporary: s.stamina.temporary ?? 0,
    speed: s.speed,
    movement: boxes(MOVEMENT_TYPES, "SE.Movement", s.movement),
    sizeValue: s.size.value,
    sizeLetters: [{ id: "", label: "—", selected: !s.size.letter }, ...options(SIZE_LETTERS, "SE.SizeLetter", s.size.letter)],
    stability: s.stability,
    freeStrike: s.freeStrike,
    immunities: formatDamageModifiers(s.immunities),
    weaknesses: formatDamageModifiers(s.weaknesses),
    impression: s.negotiation.impression,
    motivations: boxes(NEGOTIATION_MOTIVATIONS, "SE.Motivation", s.negotiation.motivations),
    pitfalls: boxes(NEGOTIATION_MOTIVATIONS, "SE.Motivation", s.negotiation.pitfalls),
    biographySource: input.biographySource ?? "",
    directorNotesSource: input.isGM ? input.directorNotesSource ?? "" : "",
  };
}
