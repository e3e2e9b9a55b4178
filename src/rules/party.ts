/**
 * The party (issue 32): the heroes who play together, who share the hero tokens (L250: hero tokens
 * "are then shared by all players"; L252 a hero spends one for herself; L254 unused ones disappear at
 * the end of a session). Pure: who is a member, who may see the party, where the members' tokens go
 * when the Director places them, and how a world's old pool joins a party's.
 */

/** The most members a party holds (a table's heroes; a bigger list is bad input). */
export const PARTY_MAX_MEMBERS = 24;

/** Foundry's ownership levels the party uses (CONST.DOCUMENT_OWNERSHIP_LEVELS). */
export const PARTY_OBSERVER = 2;

/**
 * Who sees the party: every user who owns one of its members is given Observer on it (she sees the
 * sheet, the pool and her companions' Stamina, and writes nothing: only an owner writes an actor).
 * `current`: the party's ownership now (user id → level, and `default`); `memberOwners`: for each
 * member, the ids of the users who own it (not GMs: they own everything anyway); `granted`: the
 * users this rule gave Observer to before. A level the Director set by hand is kept: only a user this
 * rule granted, who owns no member any more, loses it, and nobody's level is lowered for a member.
 * Resolves to the new ownership and the new granted list.
 */
export function partyOwnership(
  current: Readonly<Record<string, number>>, memberOwners: readonly (readonly string[])[], granted: readonly string[],
): { ownership: Record<string, number>; granted: string[] } {
  const ownership: Record<string, number> = { ...current };
  const owners = new Set(memberOwners.flat());
  const nowGranted: string[] = [];
  for (const id of owners) {
    const level = ownership[id];
    if (level === undefined || level < PARTY_OBSERVER || (granted.includes(id) && level === PARTY_OBSERVER)) {
      ownership[id] = PARTY_OBSERVER;
      nowGranted.push(id);
    }
  }
  for (const id of granted) {
    if (owners.has(id) || ownership[id] !== PARTY_OBSERVER) continue;
    delete ownership[id];
  }
  return { ownership, granted: nowGranted.sort() };
}

/** The most hero tokens a party's pool holds (the stored numbers' ceiling, src/data/fields.ts). */
export const PARTY_MAX_HERO_TOKENS = 9_999;
