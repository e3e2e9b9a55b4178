// The GM's monster import and builder flows, with Foundry's dialogs and Actor.create stubbed.
import { beforeEach, describe, expect, it } from "vitest";
import { harness, installFoundryHarness } from "../../harness/foundry.ts";

installFoundryHarness();
const g = globalThis as unknown as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const created: Record<string, unknown>[] = [];
let confirmAnswer: boolean | null = true;
let inputAnswer: Record<string, unknown> | null = null;
g.Actor.create = async (data: Record<string, unknown>) => { created.push(data); return null; };
g.foundry.applications.api.DialogV2 = {
  confirm: async () => confirmAnswer,
  input: async () => inputAnswer,
};
const { importMonster, openMonsterBuilder } = await import("../../../src/applications/dialogs/monster-importer.ts");
const { addActorDirectoryButtons } = await import("../../../src/applications/sidebar/directory-buttons.ts");

const PASTE = "Pebble Golem\nLevel 1 Minion Brute\nStamina: 5\n\nThrow Pebble\nKeywords: Ranged, Strike\nType: Action\nDistance: Ranged 5\nTarget: 1 creature\nPower Roll + Might:\n11 or lower: 2 damage\n12–16: 3 damage\n17+: 4 damage\n";

beforeEach(() => {
  created.length = 0;
  harness.reset();
  confirmAnswer = true;
});

describe("importing a monster stat block", () => {
  it("creates the monster with its abilities after the GM confirms", async () => {
    const reopened: string[] = [];
    await importMonster(PASTE, async (t) => { reopened.push(t); });
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ name: "Pebble Golem", type: "monster", items: [{ name: "Throw Pebble", type: "ability" }], prototypeToken: { disposition: -1 } });
    expect(reopened).toEqual([]);
    expect(harness.notifications.map((n) => n.type)).toEqual(["info"]);
  });

  it("creates nothing, names the failing line and reopens with the text when the paste does not parse", async () => {
    const bad = PASTE.replace("Stamina: 5", "Stamina: five");
    const reopened: string[] = [];
    await importMonster(bad, async (t) => { reopened.push(t); });
    expect(created).toEqual([]);
    expect(reopened).toEqual([bad]);
    expect(harness.notifications.map(({ shown: _s, ...n }) => n)).toEqual([{ type: "error", message: "SE.Bestiary.Error.NotANumber", options: { permanent: true } }]);
  });

  it("creates nothing when an ability block inside fails, and reports it", async () => {
    await importMonster(PASTE.replace("Type: Action", "Type: Dance"), async () => undefined);
    expect(created).toEqual([]);
    expect(harness.notifications[0]).toMatchObject({ type: "error", message: "SE.Parser.Error.UnknownType" });
  });

  it("creates nothing when the GM declines", async () => {
    confirmAnswer = false;
    const reopened: string[] = [];
    await importMonster(PASTE, async (t) => { reopened.push(t); });
    expect(created).toEqual([]);
    expect(reopened).toEqual([PASTE]);
  });
});

describe("new monster from baseline", () => {
  it("creates a monster with the baseline numbers", async () => {
    inputAnswer = { name: "Golem", level: 2, organization: "platoon", role: "brute" };
    await openMonsterBuilder();
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ name: "Golem", type: "monster", system: { level: 2, stamina: { max: 50 }, ev: 8, freeStrike: 4 } });
  });

  it("creates nothing and shows an error for a bad value, or when cancelled", async () => {
    inputAnswer = { name: "", level: 2, organization: "platoon", role: "brute" };
    await openMonsterBuilder();
    inputAnswer = null;
    await openMonsterBuilder();
    expect(created).toEqual([]);
    expect(harness.notifications.map(({ shown: _s, ...n }) => n)).toEqual([{ type: "error", message: "SE.Bestiary.Builder.Error.Name", options: undefined }]);
  });

  it("adds the import and builder buttons to the Actors directory for the GM only, once", () => {
    const appended: { className: string }[] = [];
    const header = { append: (...b: { className: string }[]) => appended.push(...b) };
    const html = { querySelector: (sel: string) => (sel === ".steel-echoes-monster-builder" ? (appended.find((b) => b.className === "steel-echoes-monster-builder") ?? null) : header) };
    g.document = {
      createElement: () => ({ className: "", type: "", innerHTML: "", append() {}, addEventListener() {} }),
    };
    const add = addActorDirectoryButtons(async () => undefined);
    add(null, html as never);
    add(null, html as never);
    expect(appended.map((b) => b.className)).toEqual(["steel-echoes-import", "steel-echoes-monster-builder"]);
    g.game.user.isGM = false;
    appended.length = 0;
    add(null, { querySelector: () => header } as never);
    expect(appended).toEqual([]);
    g.game.user.isGM = true;
  });
});
