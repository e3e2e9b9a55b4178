/**
 * Development only (`npm run dev`, tools/dev.mjs): when the dev server says a template or language
 * file changed, load it again and re-render what is open. Foundry fetches templates once and keeps
 * them as Handlebars partials under their path (v13 client/applications/handlebars.mjs
 * `getTemplate`), so the new text replaces that partial; a language file is merged into the
 * translations. In a build `import.meta.hot` is undefined and nothing is registered.
 */
interface Hot { on(event: string, callback: (data: { path: string }) => void): void }

export { HOT_EVENT };
import { HOT_EVENT } from "../constants.ts";

export function registerHotReload(hot: Hot | undefined): void {
  hot?.on(HOT_EVENT, ({ path }) => void reload(path));
}

async function reload(path: string): Promise<void> {
  const response = await fetch(`/${path}`, { cache: "no-store" });
  if (!response.ok) return;
  const text = await response.text();
  if (path.endsWith(".hbs")) Handlebars.registerPartial(path, Handlebars.compile(text));
  else if (path.endsWith(".json")) foundry.utils.mergeObject(game.i18n!.translations, JSON.parse(text));
  for (const app of foundry.applications.instances.values()) void app.render();
}
