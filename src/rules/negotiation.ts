/** Negotiation (seed 004, L7345–7862) and Renown's followers (L6320–6380). Pure. */

export type Attitude = "hostile" | "suspicious" | "neutral" | "open" | "friendly" | "trusting";
export const ATTITUDES: readonly Attitude[] = ["hostile", "suspicious", "neutral", "open", "friendly", "trusting"];
