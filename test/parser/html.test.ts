// Rich text as the plain text cards show (src/parser/html.ts): tags dropped, entities decoded, paragraphs kept apart.
import { describe, expect, it } from "vitest";
import { plainParagraphs, plainText } from "../../src/parser/html.ts";

describe("plainParagraphs", () => {
  it("keeps each block as its own paragraph, inline markup dropped, entities decoded", () => {
    expect(plainParagraphs("<p>The <strong>ground</strong> burns.</p><p>It spreads &amp; smokes.</p>")).toBe("The ground burns.\n\nIt spreads & smokes.");
    expect(plainParagraphs("<ul><li>One</li><li>Two</li></ul>Line<br>Next")).toBe("One\n\nTwo\n\nLine\n\nNext");
  });
  it("reads plain text as one paragraph and empty markup as nothing", () => {
    expect(plainParagraphs("Just text")).toBe("Just text");
    expect(plainParagraphs("<p></p><p> </p>")).toBe("");
  });
  it("gives the same words as plainText, only split", () => {
    const html = "<p>A &lt;b&gt; tag as text.</p><p>Second</p>";
    expect(plainParagraphs(html).replace(/\n\n/g, " ")).toBe(plainText(html));
  });
});
