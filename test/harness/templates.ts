/**
 * `foundry.applications.handlebars.renderTemplate` over the project's templates, with Foundry's
 * helpers (test/harness/handlebars-helpers.ts); unknown localisation keys are recorded in
 * `missingKeys`. Tested in test/harness/foundry.test.ts.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import Handlebars from "handlebars";
import { registerFoundryHelpers } from "./handlebars-helpers.ts";
import { LANG } from "./ui.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** Localisation keys templates asked for that the language file lacks. */
export const missingKeys = new Set<string>();

const hbs = Handlebars.create();
registerFoundryHelpers(hbs, LANG, missingKeys);
const compiled = new Map<string, HandlebarsTemplateDelegate>();

/** `systems/steel-echoes/templates/x.hbs` → the project's `templates/x.hbs`, compiled once. */
export async function renderTemplate(templatePath: string, context: object): Promise<string> {
  const rel = templatePath.replace(/^systems\/steel-echoes\//, "");
  let template = compiled.get(rel);
  if (!template) {
    template = hbs.compile(readFileSync(path.join(ROOT, rel), "utf8"), { strict: false });
    compiled.set(rel, template);
  }
  return template(context);
}
