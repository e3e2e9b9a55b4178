// The Material field of a tile's configuration (src/applications/sheets/tile-material.ts).
import { describe, expect, it } from "vitest";
import { i18n } from "../../harness/world.ts";
import { installFoundryHarness } from "../../harness/foundry.ts";

installFoundryHarness();
const { tileMaterialField } = await import("../../../src/applications/sheets/tile-material.ts");
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#x27;" })[c]!);

describe("tileMaterialField", () => {
  it("offers no material and the four of the seed, the tile's own selected, saved in the system's flags", () => {
    const html = tileMaterialField("stone", i18n, esc);
    expect(html).toContain('<select name="flags.steel-echoes.material">');
    expect(html.match(/<option /g)).toHaveLength(5);
    expect(html).toContain('<option value="stone" selected>Stone</option>');
    expect(html).toContain('<option value="">Not an object</option>');
    expect(tileMaterialField("", i18n, esc)).toContain('<option value="" selected>Not an object</option>');
  });
});

describe("tileMaterialField for an object (L7236–7243)", () => {
  it("shows the damage its object has taken, for the Director to correct, and its Stamina left", () => {
    const html = tileMaterialField("wood", i18n, esc, { damage: 2, stamina: 4, max: 6 });
    expect(html).toContain('<input type="number" name="flags.steel-echoes.damage" min="0" step="1" value="2">');
    expect(html).toContain("Stamina 4 of 6");
    expect(tileMaterialField("", i18n, esc)).not.toContain("steel-echoes-tile-damage");
  });
});
