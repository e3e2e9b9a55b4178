import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import Handlebars from "handlebars";
import { ABILITY_CARD_MARKUP, abilityCardContext, isCurrentCardMarkup } from "../../../src/applications/view-models/ability-card.ts";
import { abilityDialogContext, choicesFromForm, defaultChoices } from "../../../src/applications/view-models/ability-dialog.ts";
import type { AbilityDialogInput } from "../../../src/applications/view-models/ability-dialog.ts";
import { langI18n, registerFoundryHelpers } from "../../harness/handlebars-helpers.ts";
import { ABILITIES, abilityUseFixtures, goblin, use } from "../../fixtures/ability-use.ts";
import { appliedRecordOf, withApplied, withMoved } from "../../../src/data/ability-use-build.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const lang = JSON.parse(readFileSync(path.join(ROOT, "lang/en.json"), "utf8"));
const missing = new Set<string>();
const i18n = langI18n(lang, missing);
const hbs = Handlebars.create();
registerFoundryHelpers(hbs, lang, missing);
const card = hbs.compile(readFileSync(path.join(ROOT, "templates/chat/ability-card.hbs"), "utf8"));
const dialog = hbs.compile(readFileSync(path.join(ROOT, "templates/dialog/ability-use.hbs"), "utf8"));

describe("ability card", () => {
  it("groups targets by tier, best first, with the tier's effect and each target's forced movement after stability", () => {
    const u = use(ABILITIES.brutalSlam!, { targets: [goblin(["prone"], 0, "A"), goblin([], 1, "B"), goblin([], 3, "C")], dice: [7, 6] });
    const ctx = abilityCardContext(u, i18n);
    expect(ctx.groups.map((g) => [g.tier, g.targets.map((t) => t.name)])).toEqual([[3, ["A"]], [2, ["B", "C"]]]);
    expect(ctx.groups[0]!.effect).toBe("13 damage; push 4");
    expect(ctx.groups[1]!.targets.map((t) => t.forced)).toEqual(["push 2 (stability 1: 1)", "push 2 (stability 3: 0)"]);
    expect(ctx.groups[0]!.targets[0]!.edgeLabel).toBe("Edge");
    expect(ctx.groups[0]!.targets[0]!.downgrades.map((d) => [d.tier, d.selected])).toEqual([[1, false], [2, false], [3, true]]);
  });

  it("shows the critical hit, the cost, the dying loss and applied results", () => {
    const fixtures = Object.fromEntries(abilityUseFixtures().map((f) => [f.name, abilityCardContext(f.use, i18n)]));
    expect(fixtures["critical-hit"]!.critical).toBe(true);
    expect(fixtures["critical-hit"]!.spent).toBe("Spent 3 Rage");
    expect(fixtures["dying-hero"]!.dyingLoss).toContain("4");
    const applied = fixtures["three-targets-by-tier"]!.groups.flatMap((g) => g.targets).filter((t) => t.applied);
    expect(applied.map((t) => t.appliedText)).toEqual(["Applied: 9 damage"]);
    expect(fixtures["resistance-pending"]!.awaiting.map((t) => t.name)).toEqual(["Bandit Captain"]);
    expect(fixtures["no-target-dice-damage"]!.untargeted[2]!.text).toBe("2d6 + 18 + 1 = 25 damage");
    // Variable spends and the resource a roll gives back are shown (L3891, L3934).
    expect(fixtures["spent-by-the-point-and-gained"]).toMatchObject({
      spent: "Spent 2 Insight", spentLines: ["2 Insight: For each insight you spend, the damage increases by 1."], gained: "Gained 1 Insight",
    });
    expect(fixtures["critical-hit"]).toMatchObject({ spentLines: [], gained: "" });
  });

  it("says a squad's strike was applied once for each of its minions (issue 33)", () => {
    const fixture = abilityUseFixtures().find((f) => f.name === "squad-damage-per-minion")!.use;
    const target = abilityCardContext(fixture, i18n).groups.flatMap((g) => g.targets)[0]!;
    expect(JSON.stringify(target)).toContain("Applied: 4 damage");
    expect(JSON.stringify(target)).toContain("(Its damage once for each of the squad's 4 minions.)");
  });

  it("says a creature was knocked out instead of killed, or killed while knocked out, and offers the choice on the rows left (L7218)", () => {
    const fixture = abilityUseFixtures().find((f) => f.name === "knocked-out")!.use;
    const ctx = abilityCardContext(fixture, i18n);
    const rows = Object.fromEntries(ctx.groups.flatMap((g) => g.targets).map((t) => [t.name, t]));
    expect(rows["Goblin Skirmisher"]!.appliedText).toBe("Applied: 12 damage, knocked out instead of killed (unconscious; any damage now kills)");
    expect(rows["Goblin Archer"]!.appliedText).toBe("Applied: 12 damage, which killed it: it was knocked out");
    expect(rows["Bandit Captain"]!.applied).toBe(false);
    const html = card(ctx);
    // Only the row not yet applied offers Knock out (an attack's damage, L7218).
    expect(html.match(/data-se-action="knockOut"/g)).toHaveLength(1);
    expect(html).toContain(`data-se-action="knockOut" data-target-key="${rows["Bandit Captain"]!.key}"`);
    // A card without the marker (damage only) says nothing of knocking out.
    const plain = withApplied(fixture, rows["Goblin Skirmisher"]!.key, { dealt: 12, effectIds: [], userId: "u" });
    expect(abilityCardContext(plain, i18n).groups.flatMap((g) => g.targets).find((t) => t.name === "Goblin Skirmisher")!.appliedText).toBe("Applied: 12 damage");
  });

  it("offers Move with the distance left after stability until the target is moved, then what it did and Put back", () => {
    const fixture = abilityUseFixtures().find((f) => f.name === "forced-movement")!.use;
    const rows = abilityCardContext(fixture, i18n).groups.flatMap((g) => g.targets);
    const [moved, waiting] = [rows.find((r) => r.name === "Ogre Brute")!, rows.find((r) => r.name === "Bandit Captain")!];
    expect(moved.move).toBeNull();
    expect(moved.movedText).toBe("Moved 2 squares, then slammed into Goblin <i>Archer</i> and Kobold: 2 damage to each."); // L6948
    expect(moved.heldText).toBe("");
    // An older card names one creature.
    const older = withMoved(fixture, moved.key, { squares: 1, damage: 3, slammed: "Goblin" });
    expect(abilityCardContext(older, i18n).groups.flatMap((g) => g.targets).find((r) => r.key === moved.key)!.movedText)
      .toBe("Moved 1 square, then slammed into Goblin: 3 damage to each.");
    expect(waiting.move).toEqual({ kind: "push", vertical: false, label: "push 4 (stability 2: 2)", max: 2 });
    expect(waiting.movedText).toBe("");
    // Refused while grabbed (L6674): the row says why, and Move stays for when it is free.
    expect(waiting.heldText).toBe("Bandit Captain is grabbed and can't be force moved.");
    const html = card(abilityCardContext(fixture, i18n));
    expect(html).toContain("Goblin &lt;i&gt;Archer&lt;/i&gt;");
    expect(html).toContain('<span class="ability-card__held">Bandit Captain is grabbed and can&#x27;t be force moved.</span>');
    expect(html).toContain(`data-se-move="push" data-se-move-max="2" data-target-key="${waiting.key}" data-target-name="Bandit Captain"`);
    expect(html).toContain(`data-se-move-undo data-target-key="${moved.key}"`);
    expect(html).not.toContain(`data-se-move="push" data-se-move-max="4" data-target-key="${moved.key}"`);
    // A vertical movement's button says so: its dialog asks up, level or down.
    const up = use({ ...ABILITIES.brutalSlam!, tiers: ABILITIES.brutalSlam!.tiers.map((t) => ({ ...t, forced: t.forced.map((f) => ({ ...f, vertical: true })) })) },
      { targets: [goblin()], dice: [9, 8] });
    expect(abilityCardContext(up, i18n).groups[0]!.targets[0]!.move).toMatchObject({ kind: "push", vertical: true });
    expect(card(abilityCardContext(up, i18n))).toContain("data-se-move-vertical");
  });

  it.each(abilityUseFixtures())("renders $name with every key localised and user text escaped", ({ use: u }) => {
    missing.clear();
    const html = card(abilityCardContext(u, i18n));
    expect([...missing]).toEqual([]);
    expect(html).not.toMatch(/<b>Brute/);
    if (u.targets.some((t) => t.name.includes("<b>"))) expect(html).toContain("Ogre &lt;b&gt;Brute&lt;/b&gt;");
    for (const t of u.targets) {
      if (t.tier !== null && !appliedRecordOf(u, t.key)) expect(html).toContain(`data-se-action="apply" data-target-key="${t.key}"`);
      if (appliedRecordOf(u, t.key)) expect(html).toContain(`data-se-action="undo" data-target-key="${t.key}"`);
    }
  });

  it("the Heal action's card (L7093): each creature's two choices, then what it chose, escaped, with Undo", () => {
    const heal = { ...ABILITIES.brutalSlam!, name: "Heal", keywords: [], power: { kind: "none", characteristics: [] } };
    const u = { ...use(heal as never, { targets: [goblin([], 0, "Ryn <b>")] }), heal: true };
    const ctx = abilityCardContext(u, i18n);
    expect(ctx.groups).toEqual([]);
    expect(ctx.healing.map((r) => [r.name, r.applied])).toEqual([["Ryn <b>", false]]);
    const html = card(ctx);
    expect(html).toContain('data-se-action="healRecovery"');
    expect(html).toContain('data-se-action="healResist"');
    expect(html).toContain("Ryn &lt;b&gt;");
    const key = u.targets[0]!.key;
    const spent = withApplied(u, key, { dealt: -6, effectIds: [], userId: "u", heal: { kind: "recovery", gained: 6, spent: 1 } });
    expect(abilityCardContext(spent, i18n).healing[0]!.appliedText).toBe("Spent a Recovery: regained 6 Stamina.");
    const third = withApplied(u, key, { dealt: -3, effectIds: [], userId: "u", heal: { kind: "recovery", gained: 3, spent: 0 } });
    expect(abilityCardContext(third, i18n).healing[0]!.appliedText).toBe("Regained 3 Stamina (a third of its maximum).");
    const rolled = withApplied(u, key, { dealt: 0, effectIds: [], userId: "u", heal: { kind: "resistance", tier: 2, outcome: "ends-at-end-of-next-turn", effect: "Slowed" } });
    const text = abilityCardContext(rolled, i18n).healing[0]!.appliedText;
    expect(text).toBe("Resistance roll against Slowed: tier 2, The effect ends at the end of your next turn");
    const rendered = card(abilityCardContext(rolled, i18n));
    expect(rendered).toContain('data-se-action="undo"');
    expect(rendered).not.toContain('data-se-action="healRecovery"');
    expect(missing).toEqual(new Set());
  });

  it("an applied grant of temporary Stamina is shown, after the damage when there is some", () => {
    const u = use(ABILITIES.brutalSlam!, { targets: [goblin([], 0, "A")], dice: [7, 6] });
    const key = u.targets[0]!.key;
    const only = withApplied(u, key, { dealt: 0, effectIds: [], userId: "u", temporary: 15 });
    expect(abilityCardContext(only, i18n).groups[0]!.targets[0]!.appliedText).toBe("+15 temporary Stamina.");
    const both = withApplied(u, key, { dealt: 9, effectIds: [], userId: "u", temporary: 15 });
    expect(abilityCardContext(both, i18n).groups[0]!.targets[0]!.appliedText).toBe("Applied: 9 damage +15 temporary Stamina.");
  });

  it("shows the distance and target line and the whole effect, paragraph by paragraph, escaped", () => {
    missing.clear();
    const slam = abilityCardContext(use(ABILITIES.brutalSlam!, { targets: [goblin()] }), i18n);
    expect([slam.distance, slam.target, slam.reach]).toEqual(["Reach 1", "One creature or object", "Reach 1 · One creature or object"]);
    const burst = use(ABILITIES.fireball!);
    const ctx = abilityCardContext(burst, i18n);
    expect(ctx.distance).toBe("3 cube within 10");
    expect(ctx.effect).toEqual(["The ground burns until the end of the round.", "A creature that ends its turn there takes 2 fire damage."]);
    const html = card(ctx);
    expect([...missing]).toEqual([]);
    expect(html).toContain('<span class="chat-card__label">Distance</span> 3 cube within 10');
    expect(html).toContain('<span class="chat-card__label">Target</span> Each enemy in the area');
    expect(html).toContain('<div class="ability-card__effect"><p>The ground burns until the end of the round.</p><p>A creature that ends its turn there takes 2 fire damage.</p></div>');
    // What a user typed is text, never markup: a target line or effect with tags shows them escaped.
    const hostile = card(abilityCardContext({ ...burst, target: "<img src=x onerror=alert(1)>", effect: "<script>x</script>\n\nok" }, i18n));
    expect(hostile).not.toMatch(/<img|<script/);
    expect(hostile).toContain("&lt;img src");
    expect(hostile).toContain("&lt;script&gt;x&lt;/script&gt;");
  });

  it("draws a card saved before distance and target were kept: no such line, its one-line effect as one paragraph", () => {
    const { distance: _d, target: _t, ...older } = use(ABILITIES.fireball!);
    const ctx = abilityCardContext({ ...older, effect: "The ground burns until the end of the round. It spreads." }, i18n);
    expect(ctx.reach).toBe("");
    const html = card(ctx);
    expect(html).not.toContain("ability-card__reach");
    expect(html).toContain('<div class="ability-card__effect"><p>The ground burns until the end of the round. It spreads.</p></div>');
  });

  it("marks its markup version, so cards saved with older class names are redrawn when shown", () => {
    const u = abilityUseFixtures()[0]!.use;
    const root = /<div class="([^"]*)" data-se-markup="([^"]*)">/.exec(card(abilityCardContext(u, i18n)));
    expect(root?.[1]).toContain("ability-card");
    expect(isCurrentCardMarkup(root?.[2])).toBe(true);
    // A card rendered before the markup was versioned has no attribute; an older version another value.
    expect(isCurrentCardMarkup(undefined)).toBe(false);
    expect(isCurrentCardMarkup("1")).toBe(false);
    expect(ABILITY_CARD_MARKUP).toBe(root?.[2]);
  });
});

describe("ability roll dialog", () => {
  const input: AbilityDialogInput = {
    name: "Brutal Slam", kind: "ability", offered: ["might", "agility"], characteristics: { might: 2, agility: 1 }, characteristic: "might",
    spend: [{ amount: 1, text: "push 1 more" }], resourceName: "Rage", resourceValue: 2, cost: 0, skills: ["climb"],
    targets: [{ key: "t1", name: "Goblin", edges: 1, banes: 0, reasons: ["targetProne"] }], ownEdges: 0, ownBanes: 0, ownReasons: [],
  };
  it("offers the characteristics, the Spend options and a row per target with its automatic edges", () => {
    missing.clear();
    const ctx = abilityDialogContext(input, i18n);
    expect(ctx.chooseCharacteristic).toBe(true);
    expect(ctx.characteristics.map((c) => c.label)).toEqual(["Might +2", "Agility +1"]);
    expect(ctx.targets[0]!.reasons).toBe("target prone");
    expect(ctx.targets[0]!.automatic).toBe("1 edge, no banes");
    expect(abilityDialogContext({ ...input, targets: [{ ...input.targets[0]!, edges: 2, banes: 1 }] }, i18n).targets[0]!.automatic).toBe("2 edges, 1 bane");
    // Each battlefield toggle says what it does, on hover (Foundry's data-tooltip).
    expect(ctx.targets[0]!.toggles.find((t) => t.name === "targets.0.flanking")!.hint).toMatch(/edge on a melee attack/);
    const html = dialog(ctx);
    expect(html).toContain('data-tooltip="The target has cover: a bane on an attack or a damaging area ability."');
    expect([...missing]).toEqual([]);
    for (const name of ["characteristic", "edges", "banes", "bonuses", "spend.0", "targets.0.edges", "targets.0.banes", "targets.0.flanking", "targets.0.cover"]) {
      expect(html).toContain(`name="${name}"`);
    }
  });
  it("reads the form back, clamping numbers and ignoring unknown values", () => {
    const c = choicesFromForm({ characteristic: "agility", edges: 5, banes: -1, bonuses: 99, "spend.0": true, "targets.0.edges": "2", "targets.0.cover": true, "targets.0.banes": "x" }, input);
    expect(c).toEqual({
      characteristic: "agility", edges: 2, banes: 0, bonuses: 20, spend: [1], skill: "", spendLines: [{ amount: 1, text: "push 1 more" }], maintain: false,
      perTarget: { t1: { edges: 2, banes: 0, toggles: { cover: true } } },
    });
    expect(choicesFromForm({ characteristic: "presence", skill: "climb", bonuses: "1" }, input)).toMatchObject({ characteristic: "might", bonuses: 3, skill: "climb" });
    expect(choicesFromForm({ skill: "lie" }, input).skill).toBe("");
  });
  it("a line spent by the point asks how much, bounded (L3934); the amount comes back clamped", () => {
    const variable = {
      ...input, resourceName: "Insight", resourceValue: 3,
      spend: [{ amount: 0, text: "For each insight you spend, the damage increases.", variable: { min: 1, max: 2 } }, { amount: 1, text: "push 1 more" }],
    };
    const ctx = abilityDialogContext(variable, i18n);
    expect(ctx.spend[0]).toMatchObject({ variable: true, max: 2, label: "Spend Insight (0 to 2): For each insight you spend, the damage increases." });
    const html = dialog(ctx);
    expect(html).toContain('type="number" name="spend.0" value="0" min="0" max="2"');
    expect(html).toContain('type="checkbox" name="spend.1"');
    expect(choicesFromForm({ "spend.0": "5", "spend.1": "on" }, variable)).toMatchObject({
      spend: [2, 1], spendLines: [{ amount: 2, text: "For each insight you spend, the damage increases." }, { amount: 1, text: "push 1 more" }],
    });
    expect(choicesFromForm({ "spend.0": "0" }, variable)).toMatchObject({ spend: [], spendLines: [] });
    expect(choicesFromForm({ "spend.0": "-3" }, variable).spend).toEqual([]);
    // Nothing left to spend: the field is disabled and nothing is spent whatever is sent.
    const empty = { ...variable, spend: [{ ...variable.spend[0]!, variable: { min: 1, max: 0 } }] };
    expect(dialog(abilityDialogContext(empty, i18n))).toContain('max="0" step="1" disabled');
    expect(choicesFromForm({ "spend.0": "2" }, empty).spend).toEqual([]);
  });
  it("offers maintaining a persistent ability only when allowed (L2880)", () => {
    const allowed = { ...input, resourceName: "Essence", maintain: { persistent: 1, allowed: true } };
    expect(dialog(abilityDialogContext(allowed, i18n))).toContain('name="maintain"');
    expect(choicesFromForm({ maintain: "on" }, allowed).maintain).toBe(true);
    const refused = { ...allowed, maintain: { persistent: 3, allowed: false } };
    expect(dialog(abilityDialogContext(refused, i18n))).toContain('name="maintain" disabled');
    expect(choicesFromForm({ maintain: "on" }, refused).maintain).toBe(false);
  });
  it("names the size edge and warns of a target larger than the user, its name escaped (L7022, L7030)", () => {
    missing.clear();
    const grab: AbilityDialogInput = {
      ...input, name: "Grab", spend: [],
      targets: [
        { key: "t1", name: "Goblin", edges: 1, banes: 0, reasons: ["targetSmaller"] },
        { key: "t2", name: "Ogre <b>boss</b>", edges: 0, banes: 0, reasons: [], tooLarge: true },
      ],
    };
    const ctx = abilityDialogContext(grab, i18n);
    expect(ctx.targets.map((t) => [t.reasons, t.tooLarge])).toEqual([
      ["target smaller than you", ""],
      ["", "Ogre <b>boss</b> is larger than you: Grab targets only a creature your size or smaller."],
    ]);
    const html = dialog(ctx);
    expect([...missing]).toEqual([]);
    expect(html).toContain("Ogre &lt;b&gt;boss&lt;/b&gt; is larger than you");
    expect(html.match(/ability-dialog__too-large/g)).toHaveLength(1);
  });
  it("shows what grabbing limits as warnings above the targets, names escaped (L6674, L1987)", () => {
    missing.clear();
    const ctx = abilityDialogContext({ ...input, name: "Knockback", spend: [], ruleWarnings: [
      { key: "SE.AbilityDialog.GrabbedKnockback", data: { name: "Korva <b>the bold</b>" } },
      { key: "SE.AbilityDialog.TooManyTargets", data: { ability: "Knockback" } },
    ] }, i18n);
    expect(ctx.ruleWarnings).toEqual(["Korva <b>the bold</b> is grabbed and can't use the Knockback maneuver.", "Knockback targets only one creature."]);
    const html = dialog(ctx);
    expect([...missing]).toEqual([]);
    expect(html.match(/ability-dialog__rule/g)).toHaveLength(2);
    expect(html).toContain("Korva &lt;b&gt;the bold&lt;/b&gt; is grabbed");
    expect(dialog(abilityDialogContext(input, i18n))).not.toContain("ability-dialog__rule");
  });
  it("gives shift-click defaults", () => {
    expect(defaultChoices(input)).toMatchObject({ characteristic: "might", edges: 0, banes: 0, bonuses: 0, perTarget: { t1: { edges: 0, banes: 0, toggles: {} } } });
  });
  it("presets what the map tells (an enemy adjacent to the roller) in the dialog and in the defaults", () => {
    const adjacent = { ...input, targets: [{ ...input.targets[0]!, toggles: { adjacentEnemy: true } }] };
    const html = dialog(abilityDialogContext(adjacent, i18n));
    expect(html).toContain('name="targets.0.adjacentEnemy" checked');
    expect(html).not.toContain('name="targets.0.cover" checked');
    expect(defaultChoices(adjacent).perTarget.t1!.toggles).toEqual({ adjacentEnemy: true });
  });
});

describe("tests with a difficulty", async () => {
  const { powerRollCardContext } = await import("../../../src/applications/view-models/power-roll-card.ts");
  const { testChoicesFromForm, testDialogContext } = await import("../../../src/applications/view-models/ability-dialog.ts");
  it("shows the outcome by the seed's table, a natural 19 or 20 always a success with a reward", () => {
    expect(powerRollCardContext({ dice: [6, 4], characteristic: 2, difficulty: "medium" }).test).toMatchObject({ outcome: "success-with-consequence", cssClass: "power-roll-card__outcome--success" });
    expect(powerRollCardContext({ dice: [3, 4], characteristic: 0, difficulty: "easy" }).test).toMatchObject({ outcome: "failure", cssClass: "power-roll-card__outcome--failure" });
    expect(powerRollCardContext({ dice: [10, 9], characteristic: -5, difficulty: "hard" }).test?.outcome).toBe("success-with-reward");
    expect(powerRollCardContext({ dice: [10, 9], characteristic: 0 }).test).toBeNull();
  });
  it("renders the outcome line localised", () => {
    missing.clear();
    const power = hbs.compile(readFileSync(path.join(ROOT, "templates/chat/power-roll.hbs"), "utf8"));
    const html = power(powerRollCardContext({ dice: [6, 4], characteristic: 2, difficulty: "hard" }));
    expect([...missing]).toEqual([]);
    expect(html).toContain("Hard test: Failure");
  });
  it("the test dialog offers difficulties and skills and reads back clamped choices", () => {
    const ctx = testDialogContext({ characteristic: "might", value: 2, skills: ["climb"], reasons: ["weakened"], difficulty: "hard" }, i18n);
    expect(ctx.difficulties.map((d) => [d.value, d.selected])).toEqual([["easy", false], ["medium", false], ["hard", true]]);
    expect(ctx.automatic).toBe("weakened");
    expect(testChoicesFromForm({ difficulty: "medium", skill: "climb", edges: 9, bonuses: "-3" }, { skills: ["climb"] }))
      .toEqual({ edges: 2, banes: 0, bonuses: -1, skill: "climb", difficulty: "medium" });
    expect(testChoicesFromForm({ difficulty: "impossible", skill: "fly" }, { skills: ["climb"] })).toEqual({ edges: 0, banes: 0, bonuses: 0, skill: "" });
  });
});

describe("test request card", async () => {
  const { testRequestContext } = await import("../../../src/applications/view-models/test-request.ts");
  it("says what is asked and carries it on the card for the button", () => {
    missing.clear();
    const request = hbs.compile(readFileSync(path.join(ROOT, "templates/chat/test-request.hbs"), "utf8"));
    const html = request(testRequestContext({ characteristic: "might", difficulty: "hard" }, i18n));
    expect([...missing]).toEqual([]);
    expect(html).toContain("The Director asks for a Hard Might test.");
    expect(html).toContain('data-characteristic="might" data-difficulty="hard"');
    expect(html).toContain('data-se-action="roll-requested-test"');
    expect(testRequestContext({ characteristic: "reason" }, i18n).text).toBe("The Director asks for a Reason test.");
  });
});
