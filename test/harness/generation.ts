/**
 * Which Foundry the harness stands in for: v13, or v14 when STEEL_ECHOES_FOUNDRY=14 (Vitest's "v14"
 * project sets it for the document and scenario tests, vite.config.ts). The harness reports it as
 * `game.release.generation`, as Foundry does (client/game.mjs `Game#release`, a ReleaseData whose
 * `generation` is the major version), and switches the behaviours that differ between the two;
 * each such switch cites where the v14 behaviour was read (docs/foundry-versions.md lists them).
 *
 * Foundry v14 keeps some v13 ways for a while and warns when they are used
 * (`foundry.utils.logCompatibilityWarning`, "since 14, until 16"). The harness records each such
 * warning in `deprecations`; the v14 project fails any test that caused one
 * (test/harness/v14-setup.ts), since the system is to use v14's own ways on v14.
 */
export const GENERATION: 13 | 14 = process.env.STEEL_ECHOES_FOUNDRY === "14" ? 14 : 13;

/** Whether the harness plays Foundry v14. */
export const isV14 = (): boolean => GENERATION === 14;

/** `game.release` as the harness reports it: only the generation, which is all the system reads. */
export const RELEASE = { generation: GENERATION };

/** The compatibility warnings v14 would have logged, in order. */
export const deprecations: string[] = [];

/** v13/v14 `foundry.utils.logCompatibilityWarning(message, { since, until })`: recorded, not thrown. */
export function logCompatibilityWarning(message: string, { since, until }: { since?: number; until?: number } = {}): void {
  deprecations.push(`${message} (since ${since ?? "?"}, until ${until ?? "?"})`);
}

/**
 * v14's `ForcedDeletion` operator (the v14 declarations, common/data/operators.d.mts): an update value
 * that deletes its key; `_del` is the shared instance (client/client.d.mts). It serialises for the
 * server as `{ "__$OPERATOR$__": "ForcedDeletion" }` (`toJSON`).
 */
export class ForcedDeletion {
  toJSON() { return { __$OPERATOR$__: "ForcedDeletion", value: undefined }; }
  static create(): ForcedDeletion { return DELETE; }
}
const DELETE = new ForcedDeletion();
export const _del = DELETE;
