/** HTML as plain text: what a card or a dialog shows of rich text it cannot render. Pure. */
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: "\"", "#39": "'", nbsp: " " };

/** Text of an HTML fragment: tags dropped, common entities decoded, whitespace folded. */
export function plainText(html: string): string {
  return html.replace(/<\/?(p|div|li|ul|ol|br|h\d)\b[^>]*>/gi, " ").replace(/<[^>]*>/g, "").replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e]!).replace(/\s+/g, " ").trim();
}

/**
 * Text of an HTML fragment with its paragraphs kept: each block (`<p>`, `<li>`, `<div>`, a heading,
 * a `<br>`) becomes its own paragraph, separated by a blank line, each as `plainText` reads it.
 */
export function plainParagraphs(html: string): string {
  return html.split(/<\/?(?:p|div|li|ul|ol|h\d)\b[^>]*>|<br\s*\/?>/i).map(plainText).filter(Boolean).join("\n\n");
}
