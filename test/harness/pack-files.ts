/** Pack source trees as the pack tests read them: relative path → file text. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export function readTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const full = path.join(entry.parentPath, entry.name);
      out[path.relative(dir, full)] = readFileSync(full, "utf8");
    }
  }
  return out;
}
