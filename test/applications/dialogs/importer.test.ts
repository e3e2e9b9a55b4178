import { describe, expect, it } from "vitest";
import { harness, installFoundryHarness } from "../../harness/foundry.ts";

installFoundryHarness();
const { addImportButton } = await import("../../../src/applications/sidebar/directory-buttons.ts");

/** The least DOM the button code touches. */
function fakeDirectory() {
  const appended: { className: string; text: string; listeners: string[] }[] = [];
  const header = { append: (b: { className: string; text: string; listeners: string[] }) => appended.push(b) };
  const html = { querySelector: (sel: string) => (sel === ".steel-echoes-import" ? (appended[0] ?? null) : header) };
  (globalThis as Record<string, unknown>).document = {
    createElement: () => {
      const b = { className: "", type: "", innerHTML: "", text: "", listeners: [] as string[],
        append(t: string) { b.text += t; }, addEventListener(e: string) { b.listeners.push(e); } };
      return b;
    },
  };
  return { html: html as unknown as HTMLElement, appended };
}

describe("import button", () => {
  it("is added once to the Items directory for the GM", () => {
    const { html, appended } = fakeDirectory();
    addImportButton(null, html);
    addImportButton(null, html);
    expect(appended).toHaveLength(1);
    expect(appended[0]).toMatchObject({ className: "steel-echoes-import", text: "SE.Importer.Button", listeners: ["click"] });
  });
  it("is not shown to players", () => {
    const game = (globalThis as unknown as { game: { user: { isGM: boolean } } }).game;
    game.user.isGM = false;
    const { html, appended } = fakeDirectory();
    addImportButton(null, html);
    expect(appended).toHaveLength(0);
    game.user.isGM = true;
    expect(harness.notifications).toHaveLength(0);
  });
});
