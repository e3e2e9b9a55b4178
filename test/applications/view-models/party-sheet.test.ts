// The party sheet (issue 32): each member's Stamina, Recoveries, Victories, heroic resource and
// conditions at a glance, the party's hero tokens (L250), and who sees which controls.
import { readFileSync } from "node:fs";
import path from "node:path";
import Handlebars from "handlebars";
import { describe, expect, it } from "vitest";
import { registerFoundryHelpers } from "../../harness/handlebars-helpers.ts";
import { partySheetContext } from "../../../src/applications/view-models/party-sheet.ts";
import { partySheetFixture } from "../../fixtures/party-sheet.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const lang = JSON.parse(readFileSync(path.join(ROOT, "lang/en.json"), "utf8"));
function render(context: object) {
  const hbs = Handlebars.create();
  const missing = registerFoundryHelpers(hbs, lang);
  const html = hbs.compile(readFileSync(path.join(ROOT, "templates/actor/party-sheet.hbs"), "utf8"))(context);
  return { html, missing: [...missing] };
}

describe("party sheet view-model", () => {
  it("shows each member's numbers, her Stamina state and her conditions (not the Stamina states twice)", () => {
    const [korva, ryn] = partySheetContext(partySheetFixture()).members;
    expect(korva).toMatchObject({
      stamina: "9/24", temporary: 3, staminaPct: 38, stateKey: "SE.StaminaState.winded", recoveries: "6/8", victories: 2,
      resourceName: "Rage", resource: 4,
    });
    expect(korva!.conditions.map((c) => c.id)).toEqual(["dazed", "prone"]);
    expect(ryn).toMatchObject({ stamina: "-3/21", temporary: null, staminaPct: 0, stateKey: "SE.StaminaState.dying" });
    expect(ryn!.conditions.map((c) => c.id)).toEqual(["bleeding"]);
  });
  it("the Director edits the pool and, in edit mode, removes members; she places them while a scene is viewed", () => {
    const play = partySheetContext(partySheetFixture());
    expect(play).toMatchObject({ poolEditable: true, edit: false, canPlace: true, sceneName: "Ruined Keep" });
    expect(play.members.every((m) => !m.removable)).toBe(true);
    const edit = partySheetContext(partySheetFixture({ mode: "edit" }));
    expect(edit.members.every((m) => m.removable)).toBe(true);
    expect(partySheetContext(partySheetFixture({ sceneName: null })).canPlace).toBe(false);
  });
  it("a player (Observer) sees the same numbers and no control", () => {
    const player = partySheetContext(partySheetFixture({ editable: false, isGM: false, mode: "edit" }));
    expect(player).toMatchObject({ poolEditable: false, edit: false, canPlace: false, dropHint: false });
    expect(player.members.map((m) => m.removable)).toEqual([false, false]);
    expect(player.members[0]!.stamina).toBe("9/24");
  });
});

describe("party sheet template", () => {
  it("renders the members' row with escaped names, the pool and the Director's controls", () => {
    const { html, missing } = render(partySheetContext(partySheetFixture({ mode: "edit" })));
    expect(missing).toEqual([]);
    expect(html).toContain("Ryn &lt;i&gt;the bold&lt;/i&gt;");
    expect(html).not.toContain("<i>the bold</i>");
    // Edit mode: the pool is typed, each member has a remove button.
    expect(html).toMatch(/name="system\.heroTokens" value="3"/);
    expect(html).toContain('data-action="removeMember" data-actor-id="korva"');
    expect(html).toContain("Place the heroes on Ruined Keep");
    const play = render(partySheetContext(partySheetFixture())).html;
    expect(play).toContain('data-action="changeTokens" data-delta="1"');
    expect(play).toMatch(/class="party-pool__value">3</);
    expect(play).not.toContain("removeMember");
    expect(html).toContain(">Dazed<");
    expect(html).toContain("Primary party");
  });
  it("shows a player no button that changes the party", () => {
    const { html } = render(partySheetContext(partySheetFixture({ editable: false, isGM: false })));
    for (const action of ["changeTokens", "removeMember", "placeMembers", "toggleMode"]) expect(html).not.toContain(`data-action="${action}"`);
    expect(html).toContain('data-action="openMember" data-actor-id="korva"');
    expect(html).not.toContain('data-action="openMember" data-actor-id="ryn"');
  });
  it("an empty party asks the Director to drop heroes", () => {
    const { html } = render(partySheetContext(partySheetFixture({ members: [] })));
    expect(html).toContain("Drop a hero from the Actors directory here");
    expect(html).not.toContain("placeMembers");
  });
});
