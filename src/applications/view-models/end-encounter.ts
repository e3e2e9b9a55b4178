/** View-model of the end-of-encounter dialog: Victories to award and the effects that may end (L7257–7259). */
export interface EndingEffectInput {
  key: string;
  actorName: string;
  label: string;
  mandatory: boolean;
}

export interface EndEncounterContext {
  heroes: string[];
  victoryChoices: { value: number; labelKey: string; selected: boolean }[];
  effects: (EndingEffectInput & { checked: boolean })[];
  hasEffects: boolean;
}

export function endEncounterContext(
  heroes: readonly string[], effects: readonly EndingEffectInput[], defaultVictories = 1,
): EndEncounterContext {
  return {
    heroes: [...heroes],
    victoryChoices: [0, 1, 2].map((value) => ({ value, labelKey: `SE.EndEncounter.Victories${value}`, selected: value === defaultVictories })),
    // Every effect ends by default ("if you want it to"): the GM unticks those a creature keeps.
    effects: effects.map((e) => ({ ...e, checked: true })),
    hasEffects: effects.length > 0,
  };
}
