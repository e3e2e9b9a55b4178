/**
 * The one home of the system's names: its id (also the flag scope and the CSS root class), the path
 * Foundry serves it from, its settings' keys, the names of the GM relay's requests, its queries and
 * hooks. Every other file imports them from here; this file imports nothing.
 */
export const SYSTEM_ID = "steel-echoes";
/** The scope of the system's flags on documents: `flags["steel-echoes"]`. */
export const FLAG_SCOPE = SYSTEM_ID;
/** The class every sheet, card and panel is scoped under (styles/ uses it as the root selector). */
export const CSS_ROOT = SYSTEM_ID;

/**
 * The key of a hero's once-per-turn hero-token marker in a combat's flags (`heroTokenTurns.<key>`):
 * its UUID with the dots made underscores (a dot in a flag key would nest it).
 */
export function heroTokenKey(uuid: string): string {
  return uuid.replaceAll(".", "_");
}
/** Where Foundry serves the system's files. */
export const SYSTEM_PATH = `systems/${SYSTEM_ID}`;

/** A template's path as Foundry loads it, from its path under templates/. */
export function templatePath(relative: string): string {
  return `${SYSTEM_PATH}/templates/${relative}`;
}

/** A compendium pack of this system, as UUIDs name it. */
export function packId(pack: string): string {
  return `${SYSTEM_ID}.${pack}`;
}

/** The keys of the system's settings (registered in src/settings/). */
export const SETTINGS = {
  harmonyOutcomeRule: "harmonyOutcomeRule",
  advancementSpeed: "advancementSpeed",
  alternativeInitiative: "alternativeInitiative",
  villainPower: "villainPower",
  heroTokens: "heroTokens",
  dissonancePoints: "dissonancePoints",
  echoesGmPicks: "echoesGmPicks",
  echoesApplied: "echoesApplied",
  edgeCards: "edgeCards",
  showDissonancePoints: "showDissonancePoints",
  migrationVersion: "systemMigrationVersion",
  assistTable: "assistTable",
  montage: "montage",
  negotiation: "negotiation",
  approvedAbilities: "approvedAbilities",
  trustAbilityEdits: "trustAbilityEdits",
  forcedMoves: "forcedMoves",
  grabs: "grabs",
} as const;

/** What players ask of the GM through the relay (src/documents/relay.ts). */
export const RELAY_REQUESTS = {
  abilityCard: "abilityCard",
  takeTurn: "takeTurn",
  endTurn: "endTurn",
  /** A failed Reaction check loses the creature a turn (seed 002). */
  loseTurn: "loseTurn",
  /** A 2d12 check's "Climb the initiative" (seed 003). */
  climb: "climb",
  spendHeroToken: "spendHeroToken",
  testCardRoll: "testCardRoll",
  testCardAssist: "testCardAssist",
  montageAction: "montageAction",
  negotiationArgument: "negotiationArgument",
  /** A use recorded in a creature's turn budget (src/documents/turn-budget.ts). */
  spendBudget: "spendBudget",
} as const;

/** Foundry v13 queries the system registers (CONFIG.queries). */
export const QUERIES = {
  /** The GM asks a creature's owner to make its resistance roll. */
  resistanceRoll: `${SYSTEM_ID}.resistanceRoll`,
} as const;
/** The GM asks a dying hero's owner whether to spend a hero token (src/documents/hero-token-prompt.ts). */
export const QUERIES_HERO_TOKEN_PROMPT = `${SYSTEM_ID}.heroTokenPrompt` as const;

/** Hooks the system calls. */
export const HOOKS = {
  /** A pool (Villain Power, hero tokens) changed on any client. */
  poolsChanged: `${SYSTEM_ID}.poolsChanged`,
  /** The montage test changed on any client. */
  montageChanged: `${SYSTEM_ID}.montageChanged`,
  /** The negotiation under way changed (or another began) on any client. */
  negotiationChanged: `${SYSTEM_ID}.negotiationChanged`,
  /** An Echoes character's combat turn ended, on the GM's client: the enemy phase may follow (seed 000 S0:L140–146). */
  echoesTurnEnded: `${SYSTEM_ID}.echoesTurnEnded`,
} as const;

/** The dev server's message that a template or language file changed (tools/dev.mjs). */
export const HOT_EVENT = `${SYSTEM_ID}:hot`;
