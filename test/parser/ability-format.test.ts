// The paragraphs of an HTML field (src/parser/ability-format.ts `htmlParagraphs`): what a paste or
// a stat block's biography becomes, on ordinary HTML, against the regular expressions it replaced,
// and on hostile 200,000-character input, where a pattern retried at every `<p` or `<` is quadratic.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { htmlParagraphs, unescapeHTML } from "../../src/parser/ability-format.ts";

/** The former reading, by regular expressions (quadratic on an unclosed paragraph or tag): the reference. */
function reference(html: string): string[] {
  if (!html.trim()) return [];
  const parts = /<p[\s>]/i.test(html) ? [...html.matchAll(/<p[^>]*>([\s\S]*?)<\/p>/gi)].map((m) => m[1]!) : [html];
  return parts.map((p) => unescapeHTML(p.replace(/<[^>]*>/g, "")).replace(/\s+/g, " ").trim()).filter(Boolean);
}

describe("htmlParagraphs", () => {
  it("gives each paragraph's text, tags dropped and entities decoded", () => {
    expect(htmlParagraphs("<p><em>A slam.</em></p><P class=\"x\">Push &amp; pull</P>")).toEqual(["A slam.", "Push & pull"]);
    expect(htmlParagraphs("no <b>paragraphs</b>\n here")).toEqual(["no paragraphs here"]);
    expect(htmlParagraphs("   ")).toEqual([]);
    expect(htmlParagraphs("<p>unclosed")).toEqual([]);
    expect(htmlParagraphs("a < b")).toEqual(["a < b"]);
    expect(htmlParagraphs("<p></p><p> x </p>")).toEqual(["x"]);
  });

  it("reads every fragment as the former regular expressions did", () => {
    const piece = fc.constantFrom("<p>", "<P>", "<p ", "<p", "</p>", "</P>", "<", ">", "/", "p", "<pre>", "<b>", "</b>", "&amp;", "&lt;", " ", "\n", "x", "y");
    fc.assert(fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
      const html = pieces.join("");
      expect(htmlParagraphs(html)).toEqual(reference(html));
    }), { numRuns: 2000 });
  });

  it("reads 200,000 characters of unclosed paragraphs and tags, right, in one pass", () => {
    // Each of these made the former regular expressions retry from every `<p` or `<` to the end:
    // about 10^10 steps. Speed is measured in `npm run bench`; here the answers are checked.
    const n = 200_000;
    expect(htmlParagraphs("<p".repeat(n / 2))).toEqual(["<p".repeat(n / 2)]);
    expect(htmlParagraphs("<p>x".repeat(n / 4))).toEqual([]);
    expect(htmlParagraphs(`<p>${"<".repeat(n)}</p>`)).toEqual(["<".repeat(n)]);
    expect(htmlParagraphs(`<p>${"<b".repeat(n / 2)}</p>`)).toEqual(["<b".repeat(n / 2)]);
    expect(htmlParagraphs(`${"<p>a</p>".repeat(n / 8)}`)).toHaveLength(n / 8);
  });
});
