/** View-model of the always-visible panel with the Director's Villain Power and the party's hero tokens. */
export interface PoolsInput {
  villainPower: number;
  heroTokens: number;
  /** The GM's Dissonance Points, shown to the GM in a world with Echoes characters; null hides them. */
  dissonancePoints?: number | null;
  /** The world shows the Dissonance Points to the players too (read-only). */
  showDissonancePoints?: boolean;
  /** The world does not play Draw Steel: no Villain Power or hero tokens (src/settings/games.ts). */
  drawSteelOff?: boolean;
  isGM: boolean;
  /** The player's hero, who may spend a hero token (null for the GM or a player without one). */
  heroName: string | null;
}

export interface PoolsContext {
  isGM: boolean;
  pools: {
    id: "villainPower" | "heroTokens" | "dissonancePoints"; labelKey: string; value: number; cssClass: string; editable: boolean;
    /** The GM's enemy phase (Echoes), beside the Dissonance Points. */
    activation?: boolean;
  }[];
  canSpendToken: boolean;
  /** The Director's *End session* button: unused hero tokens disappear (L254). */
  canEndSession: boolean;
  heroName: string;
}

export function poolsPanelContext(input: PoolsInput): PoolsContext {
  return {
    isGM: input.isGM,
    pools: [
      ...(input.drawSteelOff ? [] : [
      { id: "villainPower", labelKey: "SE.Pools.villainPower", value: input.villainPower, cssClass: "se-pools__pool--villain-power", editable: input.isGM },
      { id: "heroTokens", labelKey: "SE.Pools.heroTokens", value: input.heroTokens, cssClass: "se-pools__pool--hero-tokens", editable: input.isGM },
      ] as PoolsContext["pools"]),
      ...((input.isGM || input.showDissonancePoints) && typeof input.dissonancePoints === "number"
        ? [{
          id: "dissonancePoints" as const, labelKey: "SE.Pools.dissonancePoints", value: input.dissonancePoints,
          cssClass: "se-pools__pool--dissonance", editable: input.isGM, activation: input.isGM,
        }]
        : []),
    ],
    canSpendToken: !input.drawSteelOff && !input.isGM && input.heroName !== null && input.heroTokens > 0,
    canEndSession: !input.drawSteelOff && input.isGM,
    heroName: input.heroName ?? "",
  };
}
