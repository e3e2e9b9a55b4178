/**
 * 0.2.0 (issue 32): the hero tokens move from the world setting `heroTokens` into the world's
 * primary party (`system.heroTokens` of the party actor, src/documents/party.ts). A world without a
 * party gets one, named from the language file, with the heroes its players have as their characters
 * as members. The party's own tokens (if it had any) are kept: it holds both (`mergedHeroTokens`).
 *
 * Nothing is dropped: the setting is set to 0 only once the party holds the tokens; if writing the
 * party fails the setting keeps them and the next start tries again. Run again, it finds 0 in the
 * setting and does nothing. The setting stays registered (src/settings/pools.ts) so an old world's
 * value can be read.
 */
import { SYSTEM_ID } from "../constants.ts";
import { PARTY_MAX_HERO_TOKENS } from "../rules/party.ts";
import { mergedHeroTokens } from "../rules/party-members.ts";
import { ensurePrimaryParty, partyData, primaryParty } from "../documents/party.ts";
import { updateDocument } from "../documents/update.ts";

/** The hero tokens a world setting from before holds (0 when none or not a whole number). */
function legacyPool(): number {
  return mergedHeroTokens(game.settings!.get(SYSTEM_ID, "heroTokens"), 0);
}

export async function migratePartyPool(): Promise<void> {
  const moving = legacyPool();
  if (moving === 0) return;
  const existed = !!primaryParty();
  const party = await ensurePrimaryParty();
  if (!party) throw new Error(`${SYSTEM_ID} | no party could be made to hold the world's ${moving} hero tokens`);
  const target = mergedHeroTokens(moving, partyData(party).heroTokens);
  // More than a party holds: nothing is written (Foundry would clamp the number, losing tokens).
  if (target > PARTY_MAX_HERO_TOKENS) throw new Error(`${SYSTEM_ID} | the party cannot hold ${target} hero tokens; the setting keeps them`);
  const changes: Record<string, unknown> = { "system.heroTokens": target };
  if (!existed) {
    // A new party: the heroes the players play (their assigned characters), in the order of the users.
    const heroes = [...(game.users ?? [])].filter((u) => !u.isGM).map((u) => u.character).filter((c) => c?.type === "hero").map((c) => c!.id!);
    changes["system.members"] = [...new Set([...partyData(party).members, ...heroes])];
  }
  await updateDocument(party, changes, { render: false });
  if (partyData(party).heroTokens !== target) throw new Error(`${SYSTEM_ID} | the party did not take the world's hero tokens; the setting keeps them`);
  await game.settings!.set(SYSTEM_ID, "heroTokens", 0);
}
