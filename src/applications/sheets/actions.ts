/** The `data-action` names each sheet handles; the templates test checks every template uses only these. */
export const HERO_SHEET_ACTIONS = [
  "rollCharacteristic", "rollAbility", "freeStrike", "openItem", "deleteItem", "toggleMode", "toggleSkill", "toggleMovement", "editImage", "tab",
  "catchBreath", "spendRecovery", "spendHeroToken", "respite", "stopMaintaining", "toggleEffect", "deleteEffect", "levelUp",
] as const;
export const MONSTER_SHEET_ACTIONS = [
  "rollCharacteristic", "rollAbility", "freeStrike", "openItem", "deleteItem", "toggleMode", "editImage", "copyStatBlock", "negotiate",
] as const;
export const ITEM_SHEET_ACTIONS = ["addTierRow", "removeTierRow", "editImage"] as const;
