/** The system's Actor document: token defaults on creation. */
import { legacyLevel } from "../rules/advancement.ts";
import { DEFAULT_SIZE } from "../rules/catalogue.ts";
import type { Size } from "../rules/catalogue.ts";
import { prototypeTokenDefaults } from "./token-defaults.ts";
import { requestHeroTokenFor } from "./hero-tokens.ts";
import { updateSourceOf } from "./update.ts";
import { creatableTypes } from "../settings/games.ts";
import { advancementMode } from "../settings/index.ts";

/** Healing and the Stamina states (./healing.ts), loaded when first needed (issue 31). */
const healing = () => import("./healing.ts");

export class SteelEchoesActor extends Actor {
  /**
   * Foundry's create dialog (v13 client/documents/abstract/client-document.mjs
   * `ClientDocumentMixin.createDialog`, whose `types` option restricts the sub-types offered),
   * offering only the types of the games the world plays (src/settings/games.ts).
   */
  static override async createDialog(...args: Parameters<typeof Actor.createDialog>) {
    const [data, createOptions, options] = args;
    const types = options?.types ? null : creatableTypes("Actor", Object.keys(CONFIG.Actor.dataModels));
    // Type escape: the League types `types` as `never` here (its _PossibleSubtypesContext is inverted), though v13 takes a list.
    return super.createDialog(data, createOptions, types ? { ...options, types: types as never } : options);
  }

  protected override async _preCreate(...args: Parameters<Actor["_preCreate"]>) {
    const allowed = await super._preCreate(...args);
    if (allowed === false) return false;
    const [data] = args;
    const system = (data as { system?: { size?: Size } }).system;
    const defaults = prototypeTokenDefaults(this.type, system?.size ?? DEFAULT_SIZE);
    const given = (data as { prototypeToken?: Record<string, unknown> }).prototypeToken ?? {};
    // Keep whatever the creator set explicitly (a compendium monster's token, say).
    updateSourceOf(this, { prototypeToken: { ...defaults, ...given } });
    // A new hero knows the basic actions every creature has; a hero created with items (an import,
    // a duplicate) keeps its own.
    const items = (data as { items?: unknown[] }).items ?? [];
    // Their sources load here, with the first new hero (issue 31); Foundry awaits _preCreate (v13
    // client/data/client-backend.mjs #preCreateDocumentArray: `await doc._preCreate(...)`).
    if (this.type === "hero" && items.length === 0) {
      updateSourceOf(this, { items: (await import("../data/basic-actions.ts")).basicActionSources() });
    }
    // A new hero has a level of her own (issue 32): the one her XP gives, 1 for most; from then on
    // it rises by Level up, not with the XP.
    const sys = (data as { system?: { level?: number | null; xp?: number } }).system;
    if (this.type === "hero" && (sys?.level ?? null) === null) {
      updateSourceOf(this, { system: { level: legacyLevel(sys?.xp ?? 0, advancementMode()) } });
    }
    return allowed;
  }

  // Healing and the Stamina states (src/documents/healing.ts, loaded with the first use: issue 31).
  async regainStamina(amount: number) { return (await healing()).regainStamina(this, amount); }
  async spendRecovery() { return (await healing()).spendRecovery(this); }
  async catchBreath() { return (await healing()).catchBreath(this); }
  async takeRespite() { return (await healing()).takeRespite(this); }
  spendHeroToken() { return requestHeroTokenFor(this); }

  protected override _onUpdate(...args: Parameters<Actor["_onUpdate"]>) {
    super._onUpdate(...args);
    const [changed, , userId] = args;
    if (userId === game.user?.id && (changed as { system?: { stamina?: unknown } }).system?.stamina !== undefined) {
      void healing().then((h) => h.syncStaminaStatuses(this));
    }
  }
}

declare module "@league-of-foundry-developers/foundry-vtt-types/configuration" {
  interface DocumentClassConfig {
    Actor: typeof SteelEchoesActor;
  }
  // The v14 declarations type collections' documents (Actor.Stored, game.actors) by this one.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- merged declarations must repeat the parameter
  interface ConfiguredActor<SubType extends Actor.SubType> {
    document: SteelEchoesActor;
  }
}
