/** HTML as plain text: what a card or a dialog shows of rich text it cannot render. Pure. */
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: "\"", "#39": "'", nbsp: " " };

/** Text of an HTML fragment: tags dropped, common entities decoded, whitespace folded. */
export function plainText(html: string): string {
  return html.replace(/<\/?(p|div|li|ul|ol|br|h\d)\b[^>]*>/gi, " ").replace(/<[^>]*>/g, "").replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e]!).replace(/\s+/g, " ").trim();
}
