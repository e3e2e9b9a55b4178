/**
 * Which Foundry the harness stands in for: v13, or v14 when STEEL_ECHOES_FOUNDRY=14 (Vitest's "v14"
 * project sets it for the document and scenario tests, vite.config.ts). The harness reports it as
 * `game.release.generation`, as Foundry does (client/game.mjs `Game#release`, a ReleaseData whose
 * `generation` is the major version), and switches the behaviours that differ between the two;
 * each such switch cites where the v14 behaviour was read (docs/foundry-versions.md lists them).
 */
export const GENERATION: 13 | 14 = process.env.STEEL_ECHOES_FOUNDRY === "14" ? 14 : 13;

/** Whether the harness plays Foundry v14. */
export const isV14 = (): boolean => GENERATION === 14;

/** `game.release` as the harness reports it: only the generation, which is all the system reads. */
export const RELEASE = { generation: GENERATION };
