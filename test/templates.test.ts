// Layer 4 of "Testing without Foundry": every template compiles, renders from view-model fixtures,
// and uses only localisation keys that exist.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import Handlebars from "handlebars";
import { registerFoundryHelpers, lookup } from "./harness/handlebars-helpers.ts";
import { harmonyFixtures, powerRollFixtures } from "./fixtures/cards.ts";
import { powerRollCardContext } from "../src/applications/view-models/power-roll-card.ts";
import { harmonyCardContext } from "../src/applications/view-models/harmony-card.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const lang = JSON.parse(readFileSync(path.join(ROOT, "lang/en.json"), "utf8"));

function templates(dir = path.join(ROOT, "templates")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? templates(path.join(dir, e.name)) : e.name.endsWith(".hbs") ? [path.join(dir, e.name)] : []);
}

function render(file: string, context: object) {
  const hbs = Handlebars.create();
  const missing = registerFoundryHelpers(hbs, lang);
  const html = hbs.compile(readFileSync(path.join(ROOT, "templates", file), "utf8"), { strict: false })(context);
  return { html, missing };
}

describe("templates", () => {
  it.each(templates().map((f) => path.relative(ROOT, f)))("%s compiles and its literal localisation keys exist", (file) => {
    const source = readFileSync(path.join(ROOT, file), "utf8");
    expect(() => Handlebars.precompile(source)).not.toThrow();
    for (const [, key] of source.matchAll(/localize\s+"([^"]+)"/g)) expect(lookup(lang, key!), key).toBeDefined();
  });

  it.each(powerRollFixtures)("power roll card renders fixture $name with every key localised", ({ input }) => {
    const { html, missing } = render("chat/power-roll.hbs", powerRollCardContext(input));
    expect([...missing]).toEqual([]);
    expect(html).toContain(`data-tier="${powerRollCardContext(input).tier}"`);
    expect(html).not.toMatch(/<img/);
  });

  it.each(harmonyFixtures)("Harmony card renders fixture $name with every key localised", ({ input }) => {
    const context = harmonyCardContext(input);
    const { html, missing } = render("chat/harmony-roll.hbs", context);
    expect([...missing]).toEqual([]);
    expect(html).toContain(`data-outcome="${context.outcome}"`);
    expect(html.match(/class="die d10 (dissonance|harmony)-die picked"/g)).toHaveLength(2);
  });

  it("escapes user-typed flavour and tier texts", () => {
    const { html } = render("chat/power-roll.hbs", powerRollCardContext({
      dice: [5, 5], characteristic: 0, flavor: "<script>x</script>", tierTexts: ["<b>1</b>", "2", "3"],
    }));
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>1</b>");
    expect(html).toContain("&lt;script&gt;");
  });
});
