/**
 * The `party` actor (issue 32): the heroes who play together and the hero tokens they share (L250).
 * `members` are the ids of world hero actors (src/documents/party.ts adds and removes them, on the
 * client of whoever owns the party: the Director, see docs/relay-and-permissions.md); `heroTokens`
 * is the party's pool. The world's primary party (a world setting, src/settings/pools.ts) holds the
 * pool the pools panel, the sheets and the relay read and spend.
 */
import { PARTY_MAX_HERO_TOKENS, PARTY_MAX_MEMBERS } from "../rules/party.ts";
import { int } from "./fields.ts";

export function definePartySchema() {
  const fields = foundry.data.fields;
  return {
    members: new fields.ArrayField(new fields.StringField({ required: true, blank: false }), { max: PARTY_MAX_MEMBERS }),
    heroTokens: int({ min: 0, max: PARTY_MAX_HERO_TOKENS, initial: 0 }),
  };
}

type PartySchema = ReturnType<typeof definePartySchema>;

export class PartyModel extends foundry.abstract.TypeDataModel<PartySchema, Actor.Implementation> {
  static override LOCALIZATION_PREFIXES = ["SE.Party.Model"];

  static override defineSchema() {
    return definePartySchema();
  }
}
