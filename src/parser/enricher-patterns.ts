/**
 * The enrichers' patterns (issue 33), apart from their parsers (enrichers.ts) because every world
 * registers them at init and the parsers load only when a text with an enricher is shown
 * (docs/architecture.md, "Loading"). Pure.
 */

/** The longest arguments, label and tier text an enricher reads (longer is not one). */
export const ENRICHER_LIMITS = { args: 120, label: 100, tiers: 1200 } as const;

/**
 * The patterns as `CONFIG.TextEditor.enrichers` takes them (global; v13 client/config.mjs
 * `TextEditorEnricherConfig`). Bounded repetitions without nesting: linear time on any text.
 */
export const ENRICHER_PATTERNS = {
  inline: /\[\[\/(pr|damage|heal|test)[ \t\u00a0]+([^[\]{}\n]{1,120}?)\]\](?:\{([^{}\n]{1,100})\})?/gi,
  condition: /@Condition\[([A-Za-z]{1,20})\](?:\{([^{}\n]{1,100})\})?/g,
  powerRollBlock: /@PowerRoll\[([^[\]{}\n]{1,120})\]\{([^{}]{1,1200})\}/g,
} as const;
