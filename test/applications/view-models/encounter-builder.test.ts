// The encounter builder's view-model and template: the budget, EV spent and band the Director sees,
// and the draft's changes the window makes (src/applications/view-models/encounter-builder.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import Handlebars from "handlebars";
import {
  addHero, addMonster, draftPlan, emptyDraft, encounterBuilderContext, removeHero, setMemberCount, setPartyField, suggestGroups, useParty,
} from "../../../src/applications/view-models/encounter-builder.ts";
import { DEFAULT_ENCOUNTER_BUDGET_RULES } from "../../../src/rules/index.ts";
import { langI18n, registerFoundryHelpers } from "../../harness/handlebars-helpers.ts";
import { BESTIARY, PARTIES, encounterDraftFixture } from "../../fixtures/encounters.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const lang = JSON.parse(readFileSync(path.join(ROOT, "lang/en.json"), "utf8"));
const i18n = langI18n(lang);
const rules = DEFAULT_ENCOUNTER_BUDGET_RULES;

function render(context: object) {
  const hbs = Handlebars.create();
  const missing = registerFoundryHelpers(hbs, lang);
  return { html: hbs.compile(readFileSync(path.join(ROOT, "templates/encounter/builder.hbs"), "utf8"))(context), missing };
}

describe("encounter builder view-model", () => {
  it("shows the party's budget, the EV spent and its band", () => {
    const c = encounterBuilderContext(encounterDraftFixture(), rules, i18n);
    // Four level-2 heroes (8 EV each) and one more for their 2 Victories each: 40.
    expect(c.budget).toBe(40);
    expect(c.budgetDetail).toBe("4 heroes: 32 EV, +8 for Victories (1 extra heroes)");
    // Leader 20 + platoon 8 + six minions (two squads of four, 3 each) + two bands at 3: 40.
    expect(c.spent).toBe(20 + 8 + 6 + 6);
    expect([c.band, c.bandLabel, c.award]).toEqual(["standard", "Standard", "Victories for winning: 1"]);
    expect(c.ranges.map((r) => `${r.label} ${r.range}${r.current ? " *" : ""}`)).toEqual([
      "Trivial 0–19", "Easy 20–33", "Standard 34–45 *", "Hard 46–59", "Extreme 60+",
    ]);
    expect(c.groups.map((g) => [g.name, g.placeholder, g.ev])).toEqual([["The Queen's guard", "Group 1", "28 EV"], ["", "Group 2", "12 EV"]]);
    expect(c.groups[1]!.members[0]).toMatchObject({ line: "Level 1 Minion Harrier · 6 EV", short: "2 short of a squad of four (a part squad costs a whole one)" });
    expect(c.canPlace).toBe(true);
  });

  it("a count and a level give the budget too; no party, no budget", () => {
    const d = setPartyField(setPartyField(setPartyField(emptyDraft(), "count", 5), "level", 1), "victories", 0);
    expect(encounterBuilderContext(d, rules, i18n)).toMatchObject({ budget: 30, hasBudget: true, spent: 0, band: "trivial" });
    const none = setPartyField(emptyDraft(), "mode", "heroes");
    expect(encounterBuilderContext(none, rules, i18n)).toMatchObject({ hasBudget: false, band: "", canPlace: false });
  });

  it("clamps what the Director types to what the budget takes", () => {
    let d = setPartyField(emptyDraft(), "count", 40);
    d = setPartyField(d, "level", 0);
    d = setPartyField(d, "victories", "abc");
    expect(d.party).toMatchObject({ count: 12, level: 1, victories: 0 });
    d = addHero(d, { uuid: "Actor.a", name: "A", img: "", level: 14, victories: -2 });
    d = addHero(d, { uuid: "Actor.a", name: "A", img: "", level: 3, victories: 0 });
    expect(d.party).toMatchObject({ mode: "heroes", heroes: [{ uuid: "Actor.a", level: 10, victories: 0 }] });
    expect(removeHero(d, "Actor.a").party.heroes).toEqual([]);
  });

  it("takes a party actor's members as the heroes, selected in the party choices; a party of none falls back to the count", () => {
    const members = [
      { uuid: "Actor.k", name: "Korva", img: "", level: 3, victories: 4 },
      { uuid: "Actor.r", name: "Ryn", img: "", level: 14, victories: -1 },
      { uuid: "Actor.k", name: "Korva", img: "", level: 3, victories: 4 },
    ];
    const d = useParty(emptyDraft(), { id: "p1", heroes: members });
    expect(d.party).toMatchObject({ mode: "heroes", partyId: "p1", heroes: [{ uuid: "Actor.k", level: 3, victories: 4 }, { uuid: "Actor.r", level: 10, victories: 0 }] });
    const c = encounterBuilderContext(d, rules, i18n, { parties: PARTIES });
    expect(c.party.choices.map((o) => [o.value, o.label, o.selected])).toEqual([
      ["party:p1", "Party: The Lantern Bearers (primary)", true], ["party:p2", "Party: Second Watch <i>b</i>", false],
      ["heroes", "Heroes", false], ["count", "A count and a level", false],
    ]);
    // Korva once (level 3: 10 EV) and Ryn clamped to level 10 (24 EV); 2 Victories on average make one
    // more hero of their average EV (17): 51.
    expect(c.budget).toBe(51);
    // Picking or dropping a hero by hand, or the count, leaves the party actor.
    expect(removeHero(d, "Actor.r").party.partyId).toBeNull();
    expect(addHero(d, { uuid: "Actor.v", name: "Vex", img: "", level: 1, victories: 0 }).party.partyId).toBeNull();
    expect(encounterBuilderContext(setPartyField(d, "mode", "count"), rules, i18n, { parties: PARTIES }).party.choices.find((o) => o.selected)!.value).toBe("count");
    const empty = useParty(d, { id: "p2", heroes: [] });
    expect(empty.party).toMatchObject({ mode: "count", partyId: "p2", heroes: [] });
    const ce = encounterBuilderContext(empty, rules, i18n, { parties: PARTIES });
    expect(ce.party.emptyParty).toBe("Second Watch <i>b</i> has no heroes yet: give a count and a level, or add heroes to the party.");
    expect(ce.party.choices.find((o) => o.selected)!.value).toBe("count");
    expect(ce.budget).toBe(encounterBuilderContext(emptyDraft(), rules, i18n).budget);
  });

  it("adds a dropped monster: a squad of four minions, one more of a creature already there, a new group elsewhere", () => {
    let d = addMonster(emptyDraft(), BESTIARY.cutpurse!, null);
    expect(d.groups).toHaveLength(1);
    const id = d.groups[0]!.id;
    d = addMonster(d, BESTIARY.cutpurse!, id);
    d = addMonster(d, BESTIARY.shieldbearer!, id);
    d = addMonster(d, BESTIARY.shieldbearer!, id);
    expect(d.groups[0]!.members.map((m) => [m.name, m.count])).toEqual([["Tollgate Cutpurse", 8], ["Tollgate Shieldbearer", 2]]);
    d = setMemberCount(d, id, BESTIARY.shieldbearer!.uuid, 0);
    expect(d.groups[0]!.members).toHaveLength(1);
    expect(setMemberCount(d, id, BESTIARY.cutpurse!.uuid, "x")).toBe(d);
  });

  it("suggests groups by the rules: one per kind for four heroes", () => {
    const d = suggestGroups(encounterDraftFixture());
    expect(d.groups.map((g) => g.members.map((m) => `${m.count} ${m.name}`))).toEqual([
      // Four heroes, four kinds: a group each (the minions' two squads together), most EV first.
      ["1 Maud Rennick, the Tollgate Queen"], ["1 Tollgate Shieldbearer"], ["6 Tollgate Cutpurse"], ["2 Tollgate <b>Bolt</b>-Thrower"],
    ]);
  });

  it("makes the plan the window places, unnamed groups named", () => {
    expect(draftPlan(encounterDraftFixture(), i18n)).toEqual({
      groups: [
        { name: "The Queen's guard", members: [{ uuid: BESTIARY.queen!.uuid, count: 1 }, { uuid: BESTIARY.shieldbearer!.uuid, count: 1 }] },
        { name: "Group 2", members: [{ uuid: BESTIARY.cutpurse!.uuid, count: 6 }, { uuid: BESTIARY.boltThrower!.uuid, count: 2 }] },
      ],
      heroUuids: ["Actor.hero0", "Actor.hero1", "Actor.hero2", "Actor.hero3"], hidden: false,
    });
  });

  it("renders with every key, names escaped; a player sees only that it is the Director's", () => {
    const { html, missing } = render(encounterBuilderContext(encounterDraftFixture(), rules, i18n, { parties: PARTIES }));
    expect([...missing]).toEqual([]);
    expect(html).toContain("Tollgate &lt;b&gt;Bolt&lt;/b&gt;-Thrower");
    expect(html).not.toContain("<b>Bolt</b>");
    expect(html).toContain('data-action="encounterPlace"');
    expect(html).toContain('<option value="party:p1" selected>Party: The Lantern Bearers (primary)</option>');
    expect(html).toContain("Party: Second Watch &lt;i&gt;b&lt;/i&gt;");
    const player = render(encounterBuilderContext(encounterDraftFixture(), rules, i18n, { isGM: false }));
    expect(player.html).toContain("Only the Director builds and places encounters.");
    expect(player.html).not.toContain("encounterPlace");
  });
});
