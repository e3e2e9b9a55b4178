/** The `data-action` names each sheet handles; the templates test checks every template uses only these. */
export const HERO_SHEET_ACTIONS = [
  "rollCharacteristic", "rollAbility", "freeStrike", "openItem", "deleteItem", "toggleMode", "toggleSkill", "toggleMovement", "editImage", "tab",
  "catchBreath", "spendRecovery", "spendHeroToken", "respite", "stopMaintaining", "toggleEffect", "deleteEffect",
  "toggleAbility", "collapseAbilities", "levelUp", "openBuilder", "releaseGrab",
] as const;
export const MONSTER_SHEET_ACTIONS = [
  "rollCharacteristic", "rollAbility", "freeStrike", "openItem", "deleteItem", "toggleMode", "editImage", "copyStatBlock", "negotiate",
  "toggleAbility", "collapseAbilities",
] as const;
export const ITEM_SHEET_ACTIONS = ["addTierRow", "removeTierRow", "editImage", "toggleMode", "addListRow", "removeListRow"] as const;
export const ECHOES_SHEET_ACTIONS = [
  "rollBehavior", "rollSave", "addBehavior", "removeBehavior", "toggleCondition", "attackWith", "openItem", "deleteItem", "toggleMode", "editImage",
] as const;
export const ECHOES_ADVERSARY_SHEET_ACTIONS = ["toggleCondition", "toggleMode", "editImage"] as const;
