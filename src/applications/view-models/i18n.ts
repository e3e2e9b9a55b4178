/** The two localisation functions view-models need, passed in so they stay pure and testable. */
export interface I18n {
  localize(key: string): string;
  format(key: string, data: Record<string, string | number>): string;
  /** Whether a key exists (Foundry's `game.i18n.has`): for optional texts such as a field's hint. */
  has?(key: string): boolean;
}
