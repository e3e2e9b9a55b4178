/**
 * The enrichers as every world registers them (issue 33): the patterns in `CONFIG.TextEditor.enrichers`,
 * the `[[/pr …]]` power rolls taken from core's inline rolls, and one delegated click listener. The
 * parsing and the elements load (`import()`) when a text with an enricher is first shown
 * (enricher-render.ts), what a click does when one is first clicked (enricher-actions.ts).
 *
 * How Foundry runs them (v13 client/applications/ux/text-editor.mjs): `TextEditor.enrichHTML` collects
 * the text nodes of the content and replaces matches in turn: content links, hyperlinks, inline rolls
 * (`_enrichInlineRolls` → `_createInlineRoll`), embeds, then each `CONFIG.TextEditor.enrichers` entry
 * (`_applyCustomEnrichers`, which awaits `enricher(match, options)` and puts the node it returns in
 * place of the match, `_replaceTextContent`). Foundry does not clean what an enricher returns: the
 * node goes in as it is. So the elements are built with `textContent` and `dataset` only. The
 * enriched HTML is returned as a string (`html.innerHTML`) and parsed again by the sheet or journal,
 * so no listener survives on the nodes: the click is handled once, on the document. The v14
 * declarations (14.366) have the same `EnricherConfig` (`pattern`, `enricher`, optional `id`,
 * `onRender`, `replaceParent`), `_applyCustomEnrichers` and `_createInlineRoll`.
 */
import { SYSTEM_ID } from "../../constants.ts";
import { ENRICHER_PATTERNS } from "../../parser/enricher-patterns.ts";
import { ENRICHER_KEY } from "./enricher-key.ts";

export const ENRICHER_SELECTOR = "[data-se-enricher]";

export type EnricherKind = "inline" | "condition" | "block";

const render = () => import("./enricher-render.ts");
const actions = () => import("./enricher-actions.ts");

export interface EnricherConfig {
  pattern: RegExp;
  enricher: (match: RegExpMatchArray) => Promise<HTMLElement | null>;
  replaceParent: boolean;
}

/** The `CONFIG.TextEditor.enrichers` entries: each loads the enrichers' chunk when it first matches. */
export function enricherConfigs(): EnricherConfig[] {
  const entry = (kind: EnricherKind, pattern: RegExp) => ({
    pattern, enricher: async (match: RegExpMatchArray) => (await render()).enrichMatch(kind, match),
    // A block alone in its paragraph takes the paragraph's place (`_replaceTextContent`'s `replaceParent`).
    replaceParent: kind === "block",
  });
  return [entry("inline", ENRICHER_PATTERNS.inline), entry("condition", ENRICHER_PATTERNS.condition), entry("block", ENRICHER_PATTERNS.powerRollBlock)];
}

type TextEditorClass = typeof foundry.applications.ux.TextEditor;

/**
 * The configured TextEditor (`CONFIG.ux.TextEditor`, which `TextEditor.enrichHTML` always defers to),
 * extended so that `_createInlineRoll` leaves a power roll written as `[[/pr …]]` to the enricher:
 * returning null keeps the text (v13 `_createInlineRoll`: "Returns null if the contained command is
 * not a valid roll expression"). Every other inline roll is core's. Extends whatever class is
 * configured, so another module's subclass keeps working.
 */
export function claimInlinePowerRolls(config: { TextEditor: TextEditorClass }): void {
  const Base = config.TextEditor;
  class SteelEchoesTextEditor extends Base {
    static override async _createInlineRoll(
      ...args: Parameters<TextEditorClass["_createInlineRoll"]>
    ): Promise<HTMLAnchorElement | null> {
      const [match] = args;
      const command = match[1];
      if (command && /^\/pr\s$/i.test(command) && (await import("../../parser/enrichers.ts")).claimsInlineRoll(command, match[2] ?? "")) return null;
      return super._createInlineRoll(...args);
    }
  }
  config.TextEditor = SteelEchoesTextEditor;
}

/** The one click listener: an enricher element built on this client runs its action. */
export function onEnricherClick(event: Event): void {
  const target = event.target as { closest?: (s: string) => HTMLElement | null } | null;
  const el = target?.closest?.(ENRICHER_SELECTOR);
  if (!el || el.dataset.seKey !== ENRICHER_KEY) return;
  event.preventDefault();
  void actions().then((m) => m.runEnricherElement(el), (err: unknown) => console.error(`${SYSTEM_ID} | the enrichers did not load`, err));
}

/** At init: the patterns, the `[[/pr]]` claim and the click listener (the harness has no document). */
export function registerEnrichers(): void {
  CONFIG.TextEditor.enrichers.push(...enricherConfigs());
  // Type escape: the League's v13 declarations type CONFIG.ux.TextEditor as any constructor; Foundry
  // requires a TextEditor subclass there (`TextEditor.implementation` falls back to TextEditor otherwise).
  claimInlinePowerRolls(CONFIG.ux as unknown as { TextEditor: TextEditorClass });
  if (typeof document !== "undefined") document.addEventListener("click", onEnricherClick);
}
