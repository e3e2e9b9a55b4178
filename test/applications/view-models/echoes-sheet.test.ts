// The Echoes character sheet, its check dialog and the card's footer, as view-models and rendered
// templates: every key localised, everything a user typed escaped.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import Handlebars from "handlebars";
import {
  echoesActivationChoices, echoesActivationDialogContext, echoesAdversarySheetContext, echoesCardFooterContext, echoesCheckChoices, echoesCheckDialogContext, echoesSheetContext,
} from "../../../src/applications/view-models/echoes-sheet.ts";
import { langI18n, registerFoundryHelpers } from "../../harness/handlebars-helpers.ts";
import { echoesSystem } from "../../fixtures/echoes.ts";

import { schemaHasPath, schemaLeafNames, systemFieldNames } from "../../harness/schema-paths.ts";
import { installFoundryHarness } from "../../harness/foundry.ts";
import { ECHOES_ADVERSARY_SHEET_ACTIONS, ECHOES_SHEET_ACTIONS } from "../../../src/applications/sheets/actions.ts";

installFoundryHarness();
const { EchoesCharacterModel } = await import("../../../src/data/echoes.ts");
const { EchoesAdversaryModel } = await import("../../../src/data/echoes-adversary.ts");

const ROOT = path.resolve(import.meta.dirname, "../../..");
const lang = JSON.parse(readFileSync(path.join(ROOT, "lang/en.json"), "utf8"));
const missing = new Set<string>();
const i18n = langI18n(lang, missing);
const hbs = Handlebars.create();
registerFoundryHelpers(hbs, lang, missing);
hbs.registerPartial("systems/steel-echoes/templates/actor/echoes-conditions.hbs", readFileSync(path.join(ROOT, "templates/actor/echoes-conditions.hbs"), "utf8"));
const template = (file: string) => hbs.compile(readFileSync(path.join(ROOT, "templates", file), "utf8"));
const sheet = template("actor/echoes-sheet.hbs");
const dialog = template("dialog/echoes-check.hbs");
const footer = template("chat/echoes-check-footer.hbs");
const adversarySheet = template("actor/echoes-adversary.hbs");

const sheetInput = (editable = true, mode: "play" | "edit" = "edit") => ({
  name: "Vessa <script>", img: "icons/svg/mystery-man.svg", editable, mode, system: echoesSystem(),
  biographyHTML: "<p>Born under the Expanse.</p>", biographySource: "<p>Born under the Expanse.</p>",
});
const ITEMS = [
  { id: "w1", name: "Glass blade", type: "echoesWeapon", system: { grip: "two-hand", range: "engaged", equipped: true } },
  { id: "a1", name: "Prism Lash", type: "echoesAbility", system: { actions: 1, speed: "slow", ecCondition: 30, range: "close", damage: 4 } },
];
const behavior = { kind: "behavior" as const, key: "STR", label: "STR", value: 34 };
const save = { kind: "save" as const, key: "hit", label: "Hit Save", value: 52 };

describe("Echoes character sheet", () => {
  it("shows the XP boxes, the Behaviors' modifiers and defenses, and which Motivations cost the toll", () => {
    const ctx = echoesSheetContext(sheetInput(), i18n);
    expect(ctx.xp.boxes.map((b) => b.filled)).toEqual([true, true, true, true, false, false, false, false, false, false]);
    expect(ctx.behaviors.map((b) => [b.name, b.modifier, b.defenseLabel])).toEqual([["STR", 3, ""], ["AR", 4, "Physical"], ["Stealth <b>", 6, ""]]);
    expect(ctx.behaviors[1]!.defenseChoices.filter((c) => c.selected).map((c) => c.value)).toEqual(["physical"]);
    expect(ctx.motivations.filter((m) => m.toll).map((m) => m.id)).toEqual(["anger"]);
    expect(ctx.saves.map((s) => [s.label, s.modifier])).toEqual([["Hit Save", 5], ["Damage Save", 3]]);
    expect(ctx.stamina.pct).toBe(67);
  });

  it("renders with every key localised and what the player typed escaped", () => {
    missing.clear();
    const html = sheet(echoesSheetContext(sheetInput(), i18n));
    expect([...missing]).toEqual([]);
    expect(html).toContain('value="Vessa &lt;script&gt;"');
    expect(html).toContain('value="Stealth &lt;b&gt;"');
    expect(html).not.toContain("<script>");
    expect(html.match(/data-action="rollBehavior"/g)).toHaveLength(3);
    expect(html.match(/data-action="rollSave"/g)).toHaveLength(2);
    expect(html).toContain('name="system.behaviors.2.value"');
    expect(html).toContain("prose-mirror");
    // Read-only for whoever may not edit: no add or remove, the biography as text.
    const readOnly = sheet(echoesSheetContext(sheetInput(false), i18n));
    expect(readOnly).not.toContain('data-action="addBehavior"');
    expect(readOnly).not.toContain("prose-mirror");
  });

  it("in play mode reads as the printed sheet: values, the dice and the condition toggles, no inputs but the reaction box", () => {
    missing.clear();
    const html = sheet(echoesSheetContext({ ...sheetInput(true, "play"), items: ITEMS }, i18n));
    expect([...missing]).toEqual([]);
    expect(systemFieldNames(html)).toEqual(["system.reactionUsed"]);
    expect(html).toContain('<h1 class="echoes-sheet__name">Vessa &lt;script&gt;</h1>');
    expect(html).toContain("Stealth &lt;b&gt;");
    // The Traits and Thoughts as the player wrote them, escaped.
    expect(html).toContain("<li>[&lt;i&gt;odd&lt;/i&gt;]</li>");
    expect(html).toContain("<li>The lens hums</li>");
    expect(html.match(/data-action="rollBehavior"/g)).toHaveLength(3);
    expect(html.match(/data-action="attackWith"/g)).toHaveLength(2);
    expect(html.match(/data-action="toggleCondition"/g)).toHaveLength(8);
    expect(html).toContain('data-action="toggleMode"');
    for (const action of ["deleteItem", "removeBehavior", "addBehavior"]) expect(html).not.toContain(`data-action="${action}"`);
    expect(html).toContain("<p>Born under the Expanse.</p>");
  });

  it("in edit mode has an input for every field of the character's schema (built from the schema: a new field without one fails)", () => {
    missing.clear();
    const html = sheet(echoesSheetContext({ ...sheetInput(), items: ITEMS }, i18n));
    expect([...missing]).toEqual([]);
    const names = new Set(systemFieldNames(html));
    for (const name of names) expect(schemaHasPath(EchoesCharacterModel.schema, name), name).toBe(true);
    // The conditions are toggled by a button each (data-action="toggleCondition"), not a named input.
    const byButton: Record<string, RegExp> = { "system.conditions": /data-action="toggleCondition"/ };
    const missingInputs = schemaLeafNames(EchoesCharacterModel.schema).filter((leaf) =>
      !names.has(leaf) && ![...names].some((n) => n.startsWith(`${leaf}.`)) && !byButton[leaf]?.test(html));
    expect(missingInputs).toEqual([]);
    for (const [, action] of html.matchAll(/data-action="([^"]+)"/g)) expect(ECHOES_SHEET_ACTIONS as readonly string[]).toContain(action);
    // Every Behavior and item can be removed (each asks first: the sheet's handlers).
    expect(html.match(/data-action="removeBehavior"/g)).toHaveLength(3);
    expect([...html.matchAll(/data-action="deleteItem" data-item-id="([^"]+)"/g)].map(([, id]) => id)).toEqual(["w1", "a1"]);
    expect(html).toContain('aria-label="Remove Stealth &lt;b&gt;"');
  });

  it("shows whoever may not edit the play mode, with no mode toggle and nothing to press but the dice", () => {
    const html = sheet(echoesSheetContext({ ...sheetInput(false, "edit"), items: ITEMS }, i18n));
    expect(html).not.toContain('data-action="toggleMode"');
    expect(html).not.toContain('name="system.level"');
    expect(html).toContain('name="system.reactionUsed"  disabled');
    expect(html.match(/<button type="button" class="echoes-sheet__condition[^>]*disabled>/g)).toHaveLength(8);
  });
});

describe("Echoes check dialog", () => {
  it("preselects the strongest Motivation, shows its Big Buffs and toll, and offers Traits on Behaviors only", () => {
    const ctx = echoesCheckDialogContext(echoesSystem(), behavior, i18n);
    expect(ctx.motivations.find((m) => m.selected)?.id).toBe("anger");
    expect(ctx.motivations.find((m) => m.id === "anger")?.label).toBe("Anger 2: 2 Big Buffs, costs 1 Echo");
    expect(ctx.motivations.find((m) => m.id === "joy")?.label).toBe("Joy 1: 1 Big Buffs");
    expect(ctx.traits.map((t) => t.value)).toEqual(["0:buff", "0:debuff", "1:buff", "1:debuff"]);
    expect(ctx.woundNote).toContain("1 minor");
    expect(echoesCheckDialogContext(echoesSystem(), save, i18n).traitsAllowed).toBe(false);
    missing.clear();
    const html = dialog(ctx);
    expect([...missing]).toEqual([]);
    expect(html).toContain("[&lt;i&gt;odd&lt;/i&gt;] as 1 Small Buffs");
    expect(dialog(echoesCheckDialogContext(echoesSystem(), save, i18n))).not.toContain('name="trait"');
  });

  it("reads the form back as the dice pool: Motivation Big Buffs, the Trait, circumstances and wounds", () => {
    const system = echoesSystem();
    expect(echoesCheckChoices(system, behavior, { motivation: "anger", trait: "0:debuff", bigBuffs: "1", smallBuffs: "0" }))
      .toEqual({ motivation: "anger", trait: { text: "[+++tinkerer]", as: "debuff" }, big: 3, small: -3, attack: null, defense: null, supports: null });
    // A Trait on a Save is ignored (S0:L63); nonsense reads as nothing; each side caps at 3.
    expect(echoesCheckChoices(system, save, { motivation: "joy", trait: "0:buff", bigBuffs: "9", smallDebuffs: "x" }))
      .toEqual({ motivation: "joy", trait: null, big: 3, small: -1, attack: { grip: null, abilityDamage: 0, ability: false }, defense: null, supports: null });
    expect(echoesCheckChoices(system, behavior, { motivation: "glee" })).toMatchObject({ motivation: null, big: 0 });
  });
});

describe("attack and defense checks in the dialog (S0:L101–133)", () => {
  it("the Hit Save's check asks for the weapon and the ability; a defense Behavior's for the damage and resistance", () => {
    const attack = echoesCheckDialogContext(echoesSystem(), save, i18n);
    expect(attack.attack?.grips.map((g) => g.value)).toEqual(["", "one-hand", "dual-wield", "two-hand", "shield"]);
    expect(attack.defense).toBeNull();
    const ar = { kind: "behavior" as const, key: "AR", label: "AR", value: 45, defense: "physical" };
    const defense = echoesCheckDialogContext(echoesSystem(), ar, i18n);
    expect([defense.attack, defense.defense]).toEqual([null, { label: "Physical" }]);
    missing.clear();
    expect(dialog(attack)).toContain('name="grip"');
    expect(dialog(defense)).toContain('name="incoming"');
    expect(dialog(echoesCheckDialogContext(echoesSystem(), behavior, i18n))).not.toMatch(/name="(grip|incoming)"/);
    expect([...missing]).toEqual([]);
    expect(echoesCheckChoices(echoesSystem(), save, { motivation: "joy", grip: "two-hand", abilityDamage: "4", ability: true }).attack)
      .toEqual({ grip: "two-hand", abilityDamage: 4, ability: true });
    expect(echoesCheckChoices(echoesSystem(), ar, { motivation: "joy", incoming: "12", resistance: "-3", grip: "two-hand" }))
      .toMatchObject({ attack: null, defense: { incoming: 12, resistance: 0 } });
  });
});

describe("Echoes check card footer", () => {
  const flag = { label: "STR", motivation: "anger" as const, motivationValue: 2, trait: { text: "[<b>x</b>]", as: "debuff" as const }, applied: null };
  it("before applying: the Motivation, its toll and the Trait, and Apply for who may", () => {
    const ctx = echoesCardFooterContext(flag, { canApply: true, isGM: false }, i18n);
    expect([ctx.motivation, ctx.toll, ctx.trait]).toEqual(["Motivation: Anger 2", true, "Trait [<b>x</b>] as Small Debuffs"]);
    missing.clear();
    const html = footer(ctx);
    expect([...missing]).toEqual([]);
    expect(html).toContain('data-se-echoes="apply"');
    expect(html).toContain("[&lt;b&gt;x&lt;/b&gt;]");
    expect(footer(echoesCardFooterContext(flag, { canApply: false, isGM: false }, i18n))).not.toContain("data-se-echoes=");
  });
  it("once applied: what changed, the Dissonance Points for the GM only, and Undo", () => {
    const applied = {
      toll: 1, reroll: 0, fromFailure: 2, relief: 1, xpMarked: 2, levelsGained: 1,
      motivation: { from: 2, to: 0 }, echo: { from: 3, to: 5 }, dissonancePoints: 7,
    };
    const gm = echoesCardFooterContext({ ...flag, applied }, { canApply: true, isGM: true }, i18n);
    expect(gm.lines).toEqual([
      "Toll paid: +1 Echo.", "Anger: 2 → 0.", "Failure: +2 Echo.", "Harmony dice matched: −1 Echo.", "Echo: 3 → 5.",
      "XP boxes marked: 2.", "Level up! +3 Behavior Points and +1 Ability Point a level.", "The GM gains 7 Dissonance Points.",
    ]);
    expect(echoesCardFooterContext({ ...flag, applied }, { canApply: true, isGM: false }, i18n).lines).not.toContain("The GM gains 7 Dissonance Points.");
    expect(footer(gm)).toContain('data-se-echoes="undo"');
  });
  it("offers the dice to whoever may pick them, and the one reroll to the roller, until applied", () => {
    const dice = {
      dissonance: [7, 2, 5], harmony: [4], picked: { dissonance: 1, harmony: 0 }, reroll: null,
      rights: { pick: { dissonance: true, harmony: true }, reroll: true },
    };
    const ctx = echoesCardFooterContext(flag, { canApply: true, isGM: false }, i18n, dice);
    // One Harmony die: nothing to pick there.
    expect(ctx.pickRows.map((r) => [r.digit, r.dice.map((d) => d.picked)])).toEqual([["dissonance", [false, true, false]]]);
    expect(ctx.rerollDice.map((d) => `${d.digit}:${d.face}`)).toEqual(["dissonance:7", "dissonance:2", "dissonance:5", "harmony:4"]);
    missing.clear();
    const html = footer(ctx);
    expect([...missing]).toEqual([]);
    expect(html.match(/data-se-echoes="pick"/g)).toHaveLength(3);
    expect(html).toContain('aria-pressed="true"');
    expect(html.match(/data-se-echoes="reroll"/g)).toHaveLength(4);
    const rerolled = { ...dice, reroll: { digit: "dissonance" as const, index: 1, from: 2, to: 1 }, rights: { pick: { dissonance: false, harmony: false }, reroll: false } };
    const after = echoesCardFooterContext(flag, { canApply: true, isGM: false }, i18n, rerolled);
    expect(after.rerolled).toBe("Rerolled a Dissonance die: 2 → 1 (1 Echo when applied).");
    expect([after.pickRows.length, after.rerollDice.length]).toEqual([0, 0]);
    const applied = echoesCardFooterContext({ ...flag, applied: {
      toll: 0, reroll: 1, fromFailure: 0, relief: 0, xpMarked: 1, levelsGained: 0, motivation: null, echo: { from: 0, to: 1 }, dissonancePoints: 0,
    } }, { canApply: true, isGM: false }, i18n, dice);
    expect([applied.pickRows.length, applied.rerollDice.length]).toEqual([0, 0]);
    expect(applied.lines).toContain("Reroll: +1 Echo.");
    const hit = echoesCardFooterContext({ ...flag, applied: {
      toll: 0, reroll: 0, ability: 1, fromFailure: 0, relief: 0, xpMarked: 1, levelsGained: 0, motivation: null, echo: { from: 0, to: 1 }, dissonancePoints: 0,
      attack: { modifier: 3, ability: 4, weapon: 7, base: 14, total: 28 },
      defense: { damage: 9, stamina: 0, staminaFrom: 6, wound: "minor", dead: false },
    } }, { canApply: true, isGM: false }, i18n);
    expect(hit.lines).toEqual(expect.arrayContaining([
      "Ability: +1 Echo.", "Damage: 3 + 4 + 7 = 14; after the outcome 28.", "Took 9 damage: Stamina 6 → 0.", "A minor wound.",
    ]));
  });
});

describe("Echoes adversary sheet", () => {
  const input = (over: Partial<Parameters<typeof echoesAdversarySheetContext>[0]> = {}) => ({
    name: "Shade <i>", img: "x.svg", editable: true, isGM: true,
    system: { measure: "stacks", hp: { value: 0, max: 6 }, damage: 4, speed: "slow", actionCost: 1, resistances: "fire 2", conditions: new Set(["stunned"]) },
    abilitiesHTML: "<p>Drain</p>", notesHTML: "<p>Secret</p>", abilitiesSource: "<p>Drain</p>", notesSource: "<p>Secret</p>", ...over,
  });
  it("shows HP or Stacks, defeat at 0, speed and the DP an action costs; the GM's notes to the GM only", () => {
    const ctx = echoesAdversarySheetContext(input({ mode: "edit" }), i18n);
    expect([ctx.hp.label, ctx.hp.defeated, ctx.hp.pct]).toEqual(["Stacks", true, 0]);
    expect(ctx.speeds.find((x) => x.selected)?.value).toBe("slow");
    missing.clear();
    const html = adversarySheet(ctx);
    expect([...missing]).toEqual([]);
    expect(html).toContain('value="Shade &lt;i&gt;"');
    expect(html).toContain("Defeated");
    expect(html).toContain('name="system.notes"');
    expect(adversarySheet(echoesAdversarySheetContext(input({ isGM: false, editable: false, notesHTML: "", notesSource: "" }), i18n))).not.toContain("Secret");
  });

  it("in play mode shows values, not inputs; the toggle only to whoever may edit", () => {
    missing.clear();
    const html = adversarySheet(echoesAdversarySheetContext(input({ mode: "play" }), i18n));
    expect([...missing]).toEqual([]);
    expect(systemFieldNames(html)).toEqual([]);
    expect(html).toContain('<h1 class="echoes-sheet__name">Shade &lt;i&gt;</h1>');
    expect(html).toContain("<strong>Slow</strong>");
    expect(html).toContain("fire 2");
    expect(html).toContain("<p>Secret</p>");
    expect(html).toContain('data-action="toggleMode"');
    expect(adversarySheet(echoesAdversarySheetContext(input({ mode: "edit", editable: false }), i18n))).not.toMatch(/data-action="toggleMode"|name="system\./);
  });

  it("in edit mode has an input for every field of the adversary's schema (built from the schema); the notes only the GM's", () => {
    const html = adversarySheet(echoesAdversarySheetContext(input({ mode: "edit" }), i18n));
    const names = new Set(systemFieldNames(html));
    for (const name of names) expect(schemaHasPath(EchoesAdversaryModel.schema, name), name).toBe(true);
    const missingInputs = schemaLeafNames(EchoesAdversaryModel.schema).filter((leaf) =>
      !names.has(leaf) && !(leaf === "system.conditions" && /data-action="toggleCondition"/.test(html)));
    expect(missingInputs).toEqual([]);
    for (const [, action] of html.matchAll(/data-action="([^"]+)"/g)) expect(ECHOES_ADVERSARY_SHEET_ACTIONS as readonly string[]).toContain(action);
    const player = adversarySheet(echoesAdversarySheetContext(input({ mode: "edit", isGM: false, notesHTML: "", notesSource: "" }), i18n));
    expect(player).not.toContain('name="system.notes"');
  });
});

describe("the GM's enemy phase dialog", () => {
  const activationDialog = template("dialog/echoes-activation.hbs");
  const card = template("chat/echoes-activation.hbs");
  it("lists the adversaries with their price, and reads the choice back as a request", () => {
    const ctx = echoesActivationDialogContext([{ uuid: "Actor.a", name: "Shade <b>", cost: 2 }], 5, i18n);
    expect(ctx.adversaries[0]!.label).toBe("Shade <b> (2 DP an action)");
    missing.clear();
    const html = activationDialog(ctx);
    expect([...missing]).toEqual([]);
    expect(html).toContain("Shade &lt;b&gt;");
    expect(activationDialog(echoesActivationDialogContext([], 5, i18n))).toContain("No Echoes adversary");
    expect(echoesActivationChoices({ speed: "slow", first: "Actor.a", firstActions: "2", second: "" }))
      .toEqual({ speed: "slow", parts: [{ actorUuid: "Actor.a", actions: 2 }] });
    expect(echoesActivationChoices({ speed: "x", first: "", second: "Actor.b" })).toEqual({ speed: "fast", parts: [{ actorUuid: "Actor.b", actions: 1 }] });
    expect(card({ parts: [{ name: "<i>Wisp</i>", actions: 1 }] })).toContain("&lt;i&gt;Wisp&lt;/i&gt; acts: 1 action(s).");
  });
});

describe("conditions on the sheets and in the check dialog", () => {
  it("shows the eight conditions as toggles with what each does", () => {
    const ctx = echoesSheetContext(sheetInput(), i18n);
    expect(ctx.conditions.filter((c) => c.active).map((c) => c.id)).toEqual(["weakened"]);
    expect(ctx.conditions).toHaveLength(8);
    const html = sheet(ctx);
    expect(html.match(/data-action="toggleCondition"/g)).toHaveLength(8);
    expect(html).toContain('data-condition="weakened" aria-pressed="true"');
  });
  it("shows the next movement's points beside the movement points when a condition changes them", () => {
    const plain = echoesSheetContext(sheetInput(), i18n);
    expect(plain.movementNow).toBe("");
    const input = sheetInput(true, "play");
    const slowed = echoesSheetContext({ ...input, system: { ...input.system, movementNow: 1 } }, i18n);
    expect(slowed.movementNow).toBe("Next move: 1 MP");
    expect(sheet(slowed)).toContain('<small class="echoes-sheet__movement-now">Next move: 1 MP</small>');
  });
  it("adds the conditions' Big Buffs and Debuffs to the pool and says which it resolves", () => {
    const ar = { kind: "behavior" as const, key: "AR", label: "AR", value: 45, defense: "physical" };
    // Weakened: a defense check takes a Big Debuff.
    expect(echoesCheckDialogContext(echoesSystem(), ar, i18n).conditionNote).toBe("Conditions: -1 Big (resolves Weakened).");
    expect(echoesCheckChoices(echoesSystem(), ar, { motivation: "joy" })).toMatchObject({ big: 0 });
    // An attack by an Empowered character on a Warded target: +1 and −1.
    const empowered = echoesSystem({ conditions: ["empowered"] });
    expect(echoesCheckChoices(empowered, save, { motivation: "joy" }, { targetConditions: ["warded"] })).toMatchObject({ big: 1 });
    expect(echoesCheckChoices(empowered, save, { motivation: "sadness" }, { targetConditions: ["weakened"] })).toMatchObject({ big: 2 });
    expect(echoesCheckDialogContext(empowered, behavior, i18n).conditionNote).toBe("");
  });
});

describe("support checks in the dialog (S0:L88–100)", () => {
  it("offers the allies on Behavior checks, and adds the support received to the next check", () => {
    const allies = [{ uuid: "Actor.ryn", name: "Ryn <b>" }];
    const ctx = echoesCheckDialogContext(echoesSystem(), behavior, i18n, { allies, support: [{ from: "Ryn", big: 0, small: 1 }] });
    expect(ctx.allies).toEqual(allies);
    expect(ctx.supportNote).toBe("Support from Ryn: 0 Big and 1 Small (used by this check).");
    expect(echoesCheckDialogContext(echoesSystem(), save, i18n, { allies }).allies).toEqual([]);
    const html = dialog(ctx);
    expect(html).toContain('name="supports"');
    expect(html).toContain("Ryn &lt;b&gt;");
    expect(echoesCheckChoices(echoesSystem(), behavior, { motivation: "joy", supports: "Actor.ryn" }, { allies, support: [{ from: "Ryn", big: -1, small: 1 }] }))
      .toMatchObject({ supports: allies[0], big: 0, small: 0 }); // joy +1 Big, support −1 Big; +1 Small against the minor wound's −1
  });
});

describe("Echoes weapons and abilities (S0:L101–121, L136–161)", () => {
  const items = [
    { id: "w1", name: "Glass <i>blade</i>", type: "echoesWeapon", system: { grip: "two-hand", range: "engaged", equipped: true } },
    { id: "a1", name: "Prism Lash", type: "echoesAbility", system: { actions: 1, speed: "slow", ecCondition: 30, range: "close", damage: 4 } },
    { id: "x", name: "A Draw Steel kit", type: "kit", system: {} },
  ];
  it("lists the character's weapons and abilities with an attack die each", () => {
    const ctx = echoesSheetContext({ ...sheetInput(), items }, i18n);
    expect(ctx.weapons).toEqual([{ id: "w1", name: "Glass <i>blade</i>", equipped: true, details: "Two-handed (sum of the dice) · Engaged (0)" }]);
    expect(ctx.abilities).toEqual([{ id: "a1", name: "Prism Lash", details: "[1][Slow] · EC 30% · Close (1) · 4 damage" }]);
    missing.clear();
    const html = sheet(ctx);
    expect([...missing]).toEqual([]);
    expect(html.match(/data-action="attackWith"/g)).toHaveLength(2);
    expect(html).toContain("Glass &lt;i&gt;blade&lt;/i&gt;");
    expect(sheet(echoesSheetContext(sheetInput(), i18n))).toContain("Drop Echoes weapons and abilities here.");
  });
  it("an attack with an item starts the dialog with its grip, damage and ability, and carries an ability's speed", () => {
    const attack = { grip: "two-hand", abilityDamage: 4, ability: true, speed: "slow" as const };
    const ctx = echoesCheckDialogContext(echoesSystem(), save, i18n, { attack });
    expect(ctx.attack?.grips.find((g) => g.selected)?.value).toBe("two-hand");
    const html = dialog(ctx);
    expect(html).toContain('<option value="two-hand" selected>');
    expect(html).toContain('name="abilityDamage" value="4"');
    expect(html).toMatch(/name="ability" checked/);
    expect(echoesCheckChoices(echoesSystem(), save, { motivation: "joy", grip: "two-hand", abilityDamage: "4", ability: true }, { attack }).attack)
      .toEqual({ grip: "two-hand", abilityDamage: 4, ability: true, speed: "slow" });
  });
});
