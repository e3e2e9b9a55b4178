/** Small pure formatting helpers shared by view-models. */

/** `2` → `+2`, `-1` → `−1` (typographic minus), `0` → `+0`. */
export function signed(n: number): string {
  return n < 0 ? `−${Math.abs(n)}` : `+${n}`;
}

/** Two-digit percentile display: 7 → `07`, 100 → `00`. */
export function percentile(value: number): string {
  return value === 100 ? "00" : String(value).padStart(2, "0");
}
