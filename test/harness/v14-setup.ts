// Vitest setup of the "v14" project (vite.config.ts): a test that made the harness log one of v14's
// compatibility warnings fails, naming it (test/harness/generation.ts).
import { afterEach, beforeEach, expect } from "vitest";
import { deprecations } from "./generation.ts";

beforeEach(() => { deprecations.length = 0; });
afterEach(() => { expect(deprecations, "v14 compatibility warnings").toEqual([]); });
