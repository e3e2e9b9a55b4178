/** Montage tests (seed 004, L6063–6170): success and failure limits, outcome and Victories. Pure. */

export type MontageDifficulty = "easy" | "moderate" | "hard";
export const MONTAGE_DIFFICULTIES: readonly MontageDifficulty[] = ["easy", "moderate", "hard"];
