/**
 * Placing a built encounter (issue 33): the Director's groups of monsters become tokens on the scene
 * and a Combat whose Foundry CombatantGroups are those groups (a group's members act one after another
 * when the Director picks it: src/documents/combat.ts `groupId`, L6784). Only a GM's client places
 * one: tokens, combats and combatant groups are the GM's to create (test/harness/world.ts cites
 * Foundry's permissions), and a player who calls the API is told so and nothing happens.
 *
 * How a token is made from an actor is Foundry's own drop on the canvas (v13
 * client/canvas/layers/tokens.mjs `TokenLayer#_onDropActorData`): a compendium actor is first imported
 * (`game.actors.fromCompendium(actor)` then `Actor.implementation.create(data, { fromCompendium: true })`),
 * then `actor.getTokenDocument({ hidden, ... }, { parent: scene })` builds the unsaved token from the
 * prototype token (client/documents/actor.mjs `Actor#getTokenDocument`), which is created on the scene.
 * Here every token of the encounter is created in one `scene.createEmbeddedDocuments("Token", ...)`.
 */
import { HERO_LEVEL_MAX, HERO_LEVEL_MIN } from "../rules/encounter-budget-math.ts";
import type { EncounterBudgetRules } from "../rules/encounter-budget.ts";
import { checkEncounterBudgetRules } from "../rules/encounter-budget.ts";
import { ENCOUNTER_BUDGET_SETTING } from "../settings/encounter.ts";
import { SYSTEM_ID } from "../constants.ts";

export interface EncounterPlanMember { uuid: string; count: number }
export interface EncounterPlanGroup { name: string; members: EncounterPlanMember[] }
export interface EncounterPlan {
  groups: EncounterPlanGroup[];
  /** Heroes whose tokens on the scene join the combat (not in any group). */
  heroUuids?: string[];
  /** Place the monsters' tokens hidden from the players. */
  hidden?: boolean;
}

/** Why a placement is refused: each has a localised message `SE.Encounter.Error.<reason>`. */
export type EncounterRefusal = "GMOnly" | "NoScene" | "NoMonsters" | "BadCount" | "Missing" | "NotMonster" | "TooMany";

/** The most tokens one placement creates (a guard against a mistyped count). */
export const ENCOUNTER_TOKENS_MAX = 60;

// Structural stand-ins for the documents this file touches, with only the members it uses: the
// League's declarations type them through generics that the harness's stand-ins do not match, so the
// globals are read as these (each `as unknown as` below is such a read).
interface TokenLike { id: string; actor?: { id?: string | null; uuid?: string } | null; hidden?: boolean }
interface SceneLike {
  id: string;
  grid?: { size?: number } | null;
  dimensions?: { sceneX?: number; sceneY?: number; sceneWidth?: number; sceneHeight?: number } | null;
  tokens: Iterable<TokenLike>;
  createEmbeddedDocuments(name: "Token", data: object[]): Promise<TokenLike[]>;
}
interface ActorLike {
  id: string;
  uuid: string;
  name: string;
  type: string;
  pack?: string | null;
  prototypeToken?: { width?: number; height?: number } | null;
  _stats?: { compendiumSource?: string | null } | null;
  getTokenDocument(data: object, options: object): Promise<{ toObject(): object }>;
}
interface CombatLike {
  id: string;
  createEmbeddedDocuments(name: "CombatantGroup" | "Combatant", data: object[]): Promise<{ id: string }[]>;
}

export interface PlacedEncounter {
  combatId: string;
  tokenIds: string[];
  groupIds: string[];
}

function refuse(reason: EncounterRefusal, format?: Record<string, string>): null {
  ui.notifications?.error(`SE.Encounter.Error.${reason}`, { localize: true, ...(format ? { format } : {}) });
  return null;
}

/** The scene the GM is looking at (`game.scenes.viewed`), else the active one. */
function targetScene(): SceneLike | null {
  // Type escape: Foundry's collections and document classes are read through the structural part placing uses (ActorLike, SceneLike, CombatLike), as the League's types give unions.
  const scenes = game.scenes as unknown as { viewed?: SceneLike | null; active?: SceneLike | null } | undefined;
  return scenes?.viewed ?? scenes?.active ?? null;
}

/**
 * Where each token goes: one row per group, left to right, a free square between tokens' rows; the
 * whole block centred on the scene's rectangle (its `dimensions`), on the grid. Pure.
 */
export function encounterFormation(
  rows: readonly (readonly { width: number; height: number }[])[],
  { size, centre }: { size: number; centre: { x: number; y: number } },
): { x: number; y: number }[][] {
  const rowWidth = (r: readonly { width: number }[]) => r.reduce((a, t) => a + t.width, 0);
  const rowHeight = (r: readonly { height: number }[]) => Math.max(1, ...r.map((t) => t.height));
  const width = Math.max(0, ...rows.map(rowWidth));
  const height = rows.reduce((a, r) => a + rowHeight(r), 0) + Math.max(0, rows.length - 1);
  const left = Math.round(centre.x / size - width / 2);
  let top = Math.round(centre.y / size - height / 2);
  return rows.map((r) => {
    let x = left;
    const out = r.map((t) => {
      const at = { x: x * size, y: top * size };
      x += t.width;
      return at;
    });
    top += rowHeight(r) + 1;
    return out;
  });
}

/**
 * A monster to place: a world actor as it is; a compendium one imported as Foundry imports a dropped
 * one, once (a world actor already imported from it, `_stats.compendiumSource`, is used again).
 */
async function worldMonster(doc: ActorLike, imported: Map<string, ActorLike>): Promise<ActorLike> {
  if (!doc.pack) return doc;
  const known = imported.get(doc.uuid)
    // Type escape: Foundry's collections and document classes are read through the structural part placing uses (ActorLike, SceneLike, CombatLike), as the League's types give unions.
    ?? (game.actors?.find((a) => (a as unknown as ActorLike)._stats?.compendiumSource === doc.uuid) as unknown as ActorLike | undefined);
  if (known) return known;
  // Type escape: Foundry's collections and document classes are read through the structural part placing uses (ActorLike, SceneLike, CombatLike), as the League's types give unions.
  const actors = game.actors as unknown as { fromCompendium(d: ActorLike): object };
  // Type escape: Foundry's collections and document classes are read through the structural part placing uses (ActorLike, SceneLike, CombatLike), as the League's types give unions.
  const ActorClass = Actor as unknown as { implementation: { create(data: object, options: object): Promise<ActorLike> } };
  const created = await ActorClass.implementation.create(actors.fromCompendium(doc), { fromCompendium: true });
  imported.set(doc.uuid, created);
  return created;
}

/**
 * Place an encounter on the scene the GM views: every group's monsters as tokens, then a new active
 * Combat with one CombatantGroup per group (named as the group) and a combatant per token in it,
 * plus the listed heroes' tokens already on the scene. Refused with a localised error (and nothing
 * created) for a player, no scene, no monsters, a count that is not a whole number 1–100, more than
 * ENCOUNTER_TOKENS_MAX tokens, or a UUID that is not a monster actor.
 */
export async function placeEncounter(
  plan: EncounterPlan, { scene = targetScene() }: { scene?: SceneLike | null } = {},
): Promise<PlacedEncounter | null> {
  if (!game.user?.isGM) return refuse("GMOnly");
  if (!scene) return refuse("NoScene");
  const groups = (Array.isArray(plan?.groups) ? plan.groups : []).map((g) => ({
    name: String(g?.name ?? ""), members: (Array.isArray(g?.members) ? g.members : []).filter((m) => m && m.count !== 0),
  })).filter((g) => g.members.length);
  if (!groups.length) return refuse("NoMonsters");
  let total = 0;
  for (const g of groups) {
    for (const m of g.members) {
      if (!Number.isInteger(m.count) || m.count < 1 || m.count > 100) return refuse("BadCount");
      total += m.count;
    }
  }
  if (total > ENCOUNTER_TOKENS_MAX) return refuse("TooMany", { max: String(ENCOUNTER_TOKENS_MAX) });
  // Resolve every monster before creating anything.
  const sources = new Map<string, ActorLike>();
  for (const g of groups) {
    for (const m of g.members) {
      if (sources.has(m.uuid)) continue;
      // Type escape: Foundry's collections and document classes are read through the structural part placing uses (ActorLike, SceneLike, CombatLike), as the League's types give unions.
      const doc = (await fromUuid(String(m.uuid)).catch(() => null)) as unknown as ActorLike | null;
      if (!doc) return refuse("Missing");
      if ((doc as { documentName?: string }).documentName !== "Actor" || doc.type !== "monster") return refuse("NotMonster", { name: doc.name ?? "" });
      sources.set(m.uuid, doc);
    }
  }
  const imported = new Map<string, ActorLike>();
  const actors = new Map<string, ActorLike>();
  for (const [uuid, doc] of sources) actors.set(uuid, await worldMonster(doc, imported));

  const size = Number(scene.grid?.size) || 100;
  const d = scene.dimensions ?? {};
  const centre = { x: (d.sceneX ?? 0) + (d.sceneWidth ?? size * 10) / 2, y: (d.sceneY ?? 0) + (d.sceneHeight ?? size * 10) / 2 };
  const rows = groups.map((g) => g.members.flatMap((m) => {
    const proto = actors.get(m.uuid)!.prototypeToken ?? {};
    return Array.from({ length: m.count }, () => ({ uuid: m.uuid, width: Number(proto.width) || 1, height: Number(proto.height) || 1 }));
  }));
  const spots = encounterFormation(rows, { size, centre });
  const tokenData: object[] = [];
  for (const [i, row] of rows.entries()) {
    for (const [j, t] of row.entries()) {
      const token = await actors.get(t.uuid)!.getTokenDocument({ ...spots[i]![j]!, hidden: plan.hidden === true }, { parent: scene });
      tokenData.push(token.toObject());
    }
  }
  const tokens = await scene.createEmbeddedDocuments("Token", tokenData);

  // Type escape: Foundry's collections and document classes are read through the structural part placing uses (ActorLike, SceneLike, CombatLike), as the League's types give unions.
  const CombatClass = Combat as unknown as { implementation: { create(data: object): Promise<CombatLike> } };
  const combat = await CombatClass.implementation.create({ scene: scene.id, active: true });
  const created = await combat.createEmbeddedDocuments("CombatantGroup", groups.map((g, i) => ({
    name: g.name.trim() || (game.i18n?.format("SE.Encounter.GroupName", { n: String(i + 1) }) ?? `Group ${i + 1}`),
  })));
  const combatants: object[] = [];
  let k = 0;
  for (const [i, row] of rows.entries()) {
    for (let j = 0; j < row.length; j++, k++) {
      const token = tokens[k]!;
      const actorId = actors.get(row[j]!.uuid)!.id;
      combatants.push({ tokenId: token.id, sceneId: scene.id, actorId, hidden: plan.hidden === true, group: created[i]!.id });
    }
  }
  const heroUuids = new Set(Array.isArray(plan.heroUuids) ? plan.heroUuids.map(String) : []);
  for (const token of scene.tokens) {
    if (token.actor?.uuid && heroUuids.has(token.actor.uuid)) {
      combatants.push({ tokenId: token.id, sceneId: scene.id, actorId: token.actor.id, hidden: Boolean(token.hidden) });
    }
  }
  await combat.createEmbeddedDocuments("Combatant", combatants);
  return { combatId: combat.id, tokenIds: tokens.map((t) => t.id), groupIds: created.map((g) => g.id) };
}

/**
 * Save the world's budget numbers (the Director's edit in the builder). Refused with a localised
 * error, and nothing saved, for a player or numbers the rules' check refuses. Returns whether saved.
 */
export async function saveEncounterBudgetRules(raw: unknown): Promise<boolean> {
  if (!game.user?.isGM) return refuse("GMOnly") ?? false;
  const checked = checkEncounterBudgetRules(raw);
  if ("error" in checked) {
    ui.notifications?.error(`SE.Encounter.RulesError.${checked.error}`, { localize: true });
    return false;
  }
  // Type escape: Foundry's collections and document classes are read through the structural part placing uses (ActorLike, SceneLike, CombatLike), as the League's types give unions.
  await game.settings!.set(SYSTEM_ID, ENCOUNTER_BUDGET_SETTING, checked.rules as unknown as Record<string, unknown>);
  return true;
}

/** A hero's level and Victories as the budget reads them (a level outside 1–10 is clamped into it). */
export function heroBudgetEntry(actor: { system?: unknown } | null | undefined): { level: number; victories: number } {
  const s = (actor?.system ?? {}) as { level?: unknown; victories?: unknown };
  const level = Number.isInteger(s.level) ? Math.min(HERO_LEVEL_MAX, Math.max(HERO_LEVEL_MIN, s.level as number)) : HERO_LEVEL_MIN;
  const victories = Number.isInteger(s.victories) && (s.victories as number) >= 0 ? (s.victories as number) : 0;
  return { level, victories };
}

export type { EncounterBudgetRules };
