/**
 * Everything `npm run extract` needs from the TypeScript sources, bundled once: the seed readers
 * (src/parser/), the basic actions' item data (src/data/basic-actions.ts) and the status effects'
 * icons (src/documents/status-effects.ts).
 */
export { extractClassAbilities, flavorHTML } from "../../src/parser/seed-abilities.ts";
export { parseAbilityBlock, escapeHTML } from "../../src/parser/ability-block.ts";
export { extractClasses, CLASS_BASICS } from "../../src/parser/seed-classes.ts";
export { extractCulture, extractCareers } from "../../src/parser/seed-origins.ts";
export { extractConditionPages, extractRulesJournals } from "../../src/parser/seed-rules.ts";
export { basicActionSources } from "../../src/data/basic-actions.ts";
export { CONDITION_IDS } from "../../src/rules/conditions.ts";
export { STATUS_ROWS, rulesPageUuid } from "../../src/documents/status-effects.ts";
