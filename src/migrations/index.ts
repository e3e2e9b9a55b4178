/**
 * World migrations. A hidden world setting holds the system version the world's data was last
 * migrated to. On `ready` the active GM runs every migration newer than that, over the world's
 * actors and their items, the world's items, unlinked tokens' own actor data, chat messages, every
 * unlocked compendium of actors or items, and the world's combats (with what their combatants and
 * the heroes hold for them), with a progress notification; then the setting
 * records the system's version. Renamed or reshaped fields of a single document are handled by the
 * data models' `migrateData`, which Foundry runs on every load; what needs a write (or touches
 * documents no data model owns, such as chat messages) is a migration here.
 *
 * A migration never drops data: what no longer fits is moved, not deleted. A document whose
 * migration fails is reported and left as it was; the others go on.
 */
import { SYSTEM_ID } from "../constants.ts";
import { migrateAbilityUse } from "./ability-card.ts";
import { migrateBasicActionText } from "./basic-actions.ts";
import { migrateKitSignature } from "./kit-signature.ts";
import { migrateGmRecords } from "./gm-records.ts";
import { migrateHeroLevel } from "./hero-level.ts";
import { migratePartyPool } from "./party-pool.ts";
import { advancementMode } from "../settings/index.ts";
import { heroTokenMarkerOf, moveTurnState } from "./turn-state.ts";
import type { HeroTokenMarker, TurnStateMove } from "./turn-state.ts";
import { updateDocument } from "../documents/update.ts";
import { deletion } from "../compat/versions.ts";

import { MIGRATION_SETTING, registerMigrationSetting } from "../settings/migrations.ts";

// The setting lives in src/settings/ (the entry registers it without loading the migrations).
export { MIGRATION_SETTING, registerMigrationSetting };

/** One migration: for each kind of document, the update its source needs, or null. */
export interface Migration {
  /** The system version that introduced it: worlds migrated to an older version run it. */
  version: string;
  actor?(source: Record<string, unknown>): Record<string, unknown> | null;
  item?(source: Record<string, unknown>): Record<string, unknown> | null;
  message?(source: Record<string, unknown>): Record<string, unknown> | null;
  /**
   * A step over the whole world, run once after every document's own step: moving records between
   * documents and world settings. It must leave what it has already moved alone when run again.
   */
  world?(): Promise<void>;
  /**
   * A combat, from its source, its combatants' sources and what the world's actors hold for combats:
   * its own update, then what to remove from the combatants and actors it took from.
   */
  combat?(source: Record<string, unknown>, combatants: Record<string, unknown>[], markers: HeroTokenMarker[]): TurnStateMove | null;
}

/** Nested changes under `flags.steel-echoes.abilityUse`, with Foundry's deletion keys kept. */
function underAbilityUse(changes: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!changes) return null;
  return Object.fromEntries(Object.entries(changes).map(([k, v]) => [`flags.${SYSTEM_ID}.abilityUse.${k}`, v]));
}

export const MIGRATIONS: readonly Migration[] = [
  {
    // 0.2.0: what an ability card applied is kept on each target (undo works from the target actor).
    version: "0.2.0",
    message: (source) => {
      const flags = source.flags as Record<string, Record<string, unknown>> | undefined;
      return underAbilityUse(migrateAbilityUse(flags?.[SYSTEM_ID]?.abilityUse));
    },
  },
  {
    // 0.2.0: the stormwight kits' signature abilities taken from the Fury folder are signature.
    version: "0.2.0",
    item: migrateKitSignature,
  },
  {
    // 0.2.0: basic actions carry the seed's words and lines (an edited effect is kept).
    version: "0.2.0",
    item: migrateBasicActionText,
  },
  {
    // 0.2.0: Echoes undo records and the EDGE cards' hands and once-an-encounter markers move to
    // world settings only a GM writes (src/migrations/gm-records.ts).
    version: "0.2.0",
    world: migrateGmRecords,
  },
  {
    // 0.2.0: turn state and the hero-token marker move to the combat's flags, which only a GM writes.
    version: "0.2.0",
    combat: moveTurnState,
  },
  {
    // 0.2.0: a hero's level is stored (Level up, issue 32); a hero from before keeps her XP's.
    version: "0.2.0",
    actor: (source) => migrateHeroLevel(source, advancementMode()),
  },
  {
    // 0.2.0: the hero tokens move from a world setting into the primary party (issue 32).
    version: "0.2.0",
    world: migratePartyPool,
  },
];

/** Compare dotted versions numerically ("0.10.0" > "0.9.1"); a missing part counts as 0. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(".").map((n) => Number.parseInt(n, 10) || 0);
  const pb = b.split(".").map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d) return Math.sign(d);
  }
  return 0;
}

/** The migrations a world last migrated to `from` ("" for never) needs, up to the system's `to`. */
export function pendingMigrations(from: string, to: string, all: readonly Migration[] = MIGRATIONS): Migration[] {
  return all.filter((m) => (from === "" || compareVersions(m.version, from) > 0) && compareVersions(m.version, to) <= 0)
    .sort((a, b) => compareVersions(a.version, b.version));
}

/** The few members of a document the runner uses. */
interface Doc {
  name?: string | null;
  uuid?: string | null;
  toObject(): object;
  update(changes: never, options?: never): Promise<unknown>;
}

/** Apply each pending migration's update to one document; resolves to whether it failed. */
async function migrateDocument(doc: Doc, kind: "actor" | "item" | "message", pending: Migration[]): Promise<boolean> {
  try {
    for (const m of pending) {
      const changes = m[kind]?.(doc.toObject() as Record<string, unknown>);
      if (changes && Object.keys(changes).length) await updateDocument(doc, changes, { render: false });
    }
    return false;
  } catch (err) {
    console.error(`${SYSTEM_ID} | migration of ${doc.uuid ?? doc.name} failed; it is left as it was`, err);
    return true;
  }
}

/**
 * Apply each pending combat migration: the combat's update first, then the removals from its
 * combatants and from the heroes (by UUID), so nothing leaves its old place before the combat holds
 * it. Resolves to whether it failed.
 */
async function migrateCombat(combat: Combat.Implementation, markers: HeroTokenMarker[], pending: Migration[]): Promise<boolean> {
  try {
    for (const m of pending) {
      const sources = [...combat.combatants].map((c) => c.toObject() as Record<string, unknown>);
      const move = m.combat?.(combat.toObject() as Record<string, unknown>, sources, markers);
      if (!move) continue;
      if (move.combat) await updateDocument(combat, move.combat, { render: false });
      for (const [id, changes] of Object.entries(move.combatants)) {
        const c = combat.combatants.get(id);
        if (c) await updateDocument(c, changes, { render: false });
      }
      for (const uuid of move.heroes) {
        const actor = await fromUuid(uuid);
        if (actor) await updateDocument(actor, deletion(`flags.${SYSTEM_ID}.heroTokenTurn`), { render: false });
      }
    }
    return false;
  } catch (err) {
    console.error(`${SYSTEM_ID} | migration of ${combat.uuid} failed; what it had not moved is left as it was`, err);
    return true;
  }
}

type Progress = { update?(o: { pct: number; message?: string }): void; remove?(): void } | undefined;

/**
 * Run the pending migrations (the active GM, at `ready`). Resolves to the number of documents that
 * failed, or null when nothing was to be done or this client is not the one to do it.
 */
export async function runMigrations(): Promise<number | null> {
  if (!game.user?.isGM || game.users?.activeGM?.id !== game.user.id) return null;
  const from = String(game.settings!.get(SYSTEM_ID, MIGRATION_SETTING) ?? "");
  const to = String(game.system?.version ?? "0.0.0");
  const pending = pendingMigrations(from, to);
  if (!pending.length) {
    if (from !== to) await game.settings!.set(SYSTEM_ID, MIGRATION_SETTING, to);
    return null;
  }
  const jobs: [Doc, "actor" | "item" | "message"][] = [];
  for (const actor of game.actors ?? []) {
    jobs.push([actor, "actor"]);
    for (const item of actor.items) jobs.push([item, "item"]);
  }
  for (const item of game.items ?? []) jobs.push([item, "item"]);
  for (const scene of game.scenes ?? []) {
    for (const token of scene.tokens) {
      // An unlinked token's actor is its own (its delta): migrate it there.
      if (token.actorLink || !token.actor) continue;
      jobs.push([token.actor, "actor"]);
      for (const item of token.actor.items) jobs.push([item, "item"]);
    }
  }
  for (const message of game.messages ?? []) jobs.push([message, "message"]);
  // Combats last: what they take from their combatants and the heroes is read from the migrated actors.
  const markers = jobs.flatMap(([doc, kind]) => (kind === "actor" && doc.uuid ? [heroTokenMarkerOf(doc.toObject() as Record<string, unknown>, doc.uuid)] : []))
    .filter((m): m is HeroTokenMarker => !!m);
  const combats = [...game.combats ?? []];
  for (const pack of game.packs ?? []) {
    if (pack.locked || !["Actor", "Item"].includes(pack.documentName)) continue;
    for (const doc of await pack.getDocuments() as Doc[]) {
      jobs.push([doc, pack.documentName === "Actor" ? "actor" : "item"]);
      for (const item of (doc as { items?: Iterable<Doc> }).items ?? []) jobs.push([item, "item"]);
    }
  }

  const i18n = game.i18n!;
  const progress = ui.notifications?.info(i18n.format("SE.Migration.Running", { version: to }), { progress: true }) as Progress;
  let failed = 0;
  const total = jobs.length + combats.length;
  for (const [i, [doc, kind]] of jobs.entries()) {
    if (await migrateDocument(doc, kind, pending)) failed++;
    progress?.update?.({ pct: (i + 1) / total });
  }
  for (const [i, combat] of combats.entries()) {
    if (await migrateCombat(combat, markers, pending)) failed++;
    progress?.update?.({ pct: (jobs.length + i + 1) / total });
  }
  for (const m of pending) {
    if (!m.world) continue;
    try {
      await m.world();
    } catch (err) {
      console.error(`${SYSTEM_ID} | a ${m.version} migration of the world's records failed; they are left as they were`, err);
      failed++;
    }
  }
  progress?.remove?.();
  // With a failure the world stays at its old version, so the next start tries again (each migration
  // leaves an already migrated document alone).
  if (failed) {
    ui.notifications?.error("SE.Migration.Failed", { localize: true, format: { count: String(failed) }, permanent: true });
  } else {
    ui.notifications?.info("SE.Migration.Done", { localize: true, format: { version: to } });
    await game.settings!.set(SYSTEM_ID, MIGRATION_SETTING, to);
  }
  return failed;
}
