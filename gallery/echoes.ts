/**
 * The gallery's Echoes pages: the character sheet in both themes, the check dialog, and a check's
 * card with its Echoes footer before and after it is applied (as the GM and as the player see it).
 */
import {
  echoesActivationDialogContext, echoesAdversarySheetContext, echoesCardFooterContext, echoesCheckDialogContext, echoesSheetContext,
} from "../src/applications/view-models/echoes-sheet.ts";
import type { EchoesCardDice, EchoesCardFlag } from "../src/applications/view-models/echoes-sheet.ts";
import { harmonyCardContext } from "../src/applications/view-models/harmony-card.ts";
import { echoesCheckChoices } from "../src/applications/view-models/echoes-sheet.ts";
import { dissonancePointsGained, echoesCheckChanges, resolveHarmonyCheck } from "../src/rules/index.ts";
import type { I18n } from "../src/applications/view-models/i18n.ts";
import { echoesSystem } from "../test/fixtures/echoes.ts";
import { ICON } from "../test/fixtures/actors.ts";

type Template = (context: object) => string;
const THEMES = ["theme-light", "theme-dark"] as const;

const FLAG: EchoesCardFlag = { label: "STR", motivation: "anger", motivationValue: 2, trait: { text: "[+brave]", as: "buff" }, applied: null };
const APPLIED: EchoesCardFlag["applied"] = {
  toll: 1, reroll: 0, fromFailure: 0, relief: 0, xpMarked: 1, levelsGained: 0,
  motivation: { from: 2, to: 3 }, echo: { from: 3, to: 4 }, dissonancePoints: 2,
};

/** The Echoes section: sheet, dialog and cards, each in both themes. */
export function renderEchoesSection(template: (name: string) => Template, i18n: I18n): string {
  const system = echoesSystem();
  // Vessa is Weakened and Slowed: her next move has 1 MP less (the derived value the model gives).
  const slowed = { ...system, conditions: ["weakened", "slowed"], movementNow: 1 };
  const sheetOf = (mode: "play" | "edit") => template("actor/echoes-sheet.hbs")(echoesSheetContext({
    name: "Vessa", img: ICON, editable: true, mode, system: slowed,
    biographyHTML: system.biography, biographySource: system.biography,
    items: [
      { id: "w1", name: "Glass blade", type: "echoesWeapon", system: { grip: "two-hand", range: "engaged", equipped: true } },
      { id: "a1", name: "Prism Lash", type: "echoesAbility", system: { actions: 1, speed: "slow", ecCondition: 30, range: "close", damage: 4 } },
    ],
  }, i18n));
  const extras = { allies: [{ uuid: "Actor.ryn", name: "Ryn" }], support: [{ from: "Ryn", big: 0, small: 1 }], targetConditions: ["warded"] };
  const dialogOf = (subject: Parameters<typeof echoesCheckDialogContext>[1]) =>
    template("dialog/echoes-check.hbs")(echoesCheckDialogContext(system, subject, i18n, extras));
  const dialogs = [
    { name: "echoes-check-dialog", html: dialogOf({ kind: "behavior", key: "STR", label: "STR", value: 34 }) },
    { name: "echoes-attack-dialog", html: dialogOf({ kind: "save", key: "hit", label: "Hit Save", value: 52 }) },
    { name: "echoes-defense-dialog", html: dialogOf({ kind: "behavior", key: "AR", label: "AR", value: 45, defense: "physical" }) },
  ];
  const dice = (rights: boolean, reroll: EchoesCardDice["reroll"] = null): EchoesCardDice => ({
    dissonance: [7, 2, 5], harmony: [6, 2], picked: { dissonance: 1, harmony: 1 }, reroll,
    rights: { pick: { dissonance: rights, harmony: rights }, reroll: rights && !reroll },
  });
  const card = (applied: EchoesCardFlag["applied"], viewer: { canApply: boolean; isGM: boolean }, d?: EchoesCardDice) =>
    // As in Foundry: the roll's card, then the footer the render hook appends to the message's content.
    template("chat/harmony-roll.hbs")(harmonyCardContext({ dissonance: [7, 2, 5], harmony: [6, 2], big: 2, small: 1, target: 34, flavor: "STR, with Anger" }))
      + template("chat/echoes-check-footer.hbs")(echoesCardFooterContext({ ...FLAG, applied }, viewer, i18n, d));
  dialogs.push({ name: "echoes-enemy-phase", html: template("dialog/echoes-activation.hbs")(echoesActivationDialogContext(
    [{ uuid: "Actor.shade", name: "Prism Shade", cost: 1 }, { uuid: "Actor.swarm", name: "Glass Swarm", cost: 2 }], 6, i18n)) });
  const cards = [
    { name: "echoes-enemy-phase-card", html: template("chat/echoes-activation.hbs")({ parts: [{ name: "Prism Shade", actions: 1 }, { name: "Glass Swarm", actions: 1 }] }) },
    { name: "echoes-check-to-apply", html: card(null, { canApply: true, isGM: false }, dice(true)) },
    { name: "echoes-check-rerolled", html: card(null, { canApply: true, isGM: false }, dice(false, { digit: "dissonance", index: 1, from: 8, to: 2 })) },
    { name: "echoes-check-applied-gm", html: card(APPLIED, { canApply: true, isGM: true }) },
    { name: "echoes-check-applied-other-player", html: card(APPLIED, { canApply: false, isGM: false }) },
    { name: "echoes-defense-applied", html: card({
      ...APPLIED!, defense: { damage: 14, staminaFrom: 8, stamina: 0, wound: "serious", dead: false },
    }, { canApply: true, isGM: false }) },
    { name: "echoes-attack-applied", html: card({
      ...APPLIED!, ability: 1, attack: { modifier: 3, ability: 4, weapon: 7, base: 14, total: 28 }, speed: "slow",
      targets: [{ name: "Prism Shade", measure: "hp", from: 20, to: 0 }, { name: "Swarm", measure: "stacks", from: 40, to: 12 }],
    }, { canApply: true, isGM: true }) },
  ];
  const adversaryOf = (mode: "play" | "edit") => template("actor/echoes-adversary.hbs")(echoesAdversarySheetContext({
    name: "Prism Shade", img: ICON, editable: true, isGM: true, mode,
    system: { measure: "hp", hp: { value: 11, max: 20 }, damage: 4, speed: "slow", actionCost: 1, resistances: "magical 2", conditions: ["warded"] },
    abilitiesHTML: "<p><strong>Refract.</strong> Splits into two when struck by light.</p>", notesHTML: "<p>Fears mirrors.</p>",
    abilitiesSource: "<p><strong>Refract.</strong> Splits into two when struck by light.</p>", notesSource: "<p>Fears mirrors.</p>",
  }, i18n));
  // Each sheet in play and edit mode; `data-schema` names the data model the browser test checks the edit mode against.
  const sheets = [
    { attr: "data-echoes-adversary", name: "shade", title: "Echoes adversary sheet", classes: "echoes-sheet echoes-adversary-sheet", html: adversaryOf("play"), schema: "" },
    { attr: "data-echoes-adversary", name: "shade-edit", title: "Echoes adversary sheet, edit mode", classes: "echoes-sheet echoes-adversary-sheet", html: adversaryOf("edit"), schema: "echoesAdversary" },
    { attr: "data-echoes-sheet", name: "vessa", title: "Echoes character sheet", classes: "echoes-sheet", html: sheetOf("play"), schema: "" },
    { attr: "data-echoes-sheet", name: "vessa-edit", title: "Echoes character sheet, edit mode", classes: "echoes-sheet", html: sheetOf("edit"), schema: "echoes" },
  ];
  return `${sheets.map((x) => `<h2>${x.title}</h2><div class="themes sheet-themes" ${x.attr}="${x.name}"${x.schema ? ` data-schema="${x.schema}"` : ""}>${THEMES.map((t) =>
    `<div class="theme-column ${t}" data-theme="${t}"><form class="application sheet steel-echoes actor-sheet ${x.classes} ${t}"><div class="window-content">${x.html}</div></form></div>`).join("")}</div>`).join("")}
  <h2>Echoes check dialog and cards</h2><div class="themes" data-echoes-cards>${THEMES.map((t) =>
    `<div class="theme-column ${t}" data-theme="${t}"><div class="cards-row">
      ${dialogs.map((d) => `<div class="chat-message" data-fixture="${d.name}"><p class="fixture-name">${d.name}</p><div class="application dialog steel-echoes"><div class="window-content">${d.html}</div></div></div>`).join("")}
      ${cards.map((c) => `<div class="chat-message" data-fixture="${c.name}"><p class="fixture-name">${c.name}</p><div class="message-content">${c.html}</div></div>`).join("")}
    </div></div>`).join("")}</div>`;
}

/**
 * A live Echoes check the browser tests play: the sheet's STR die opens the real dialog, Roll rolls
 * the pool the choices make (the rules' `resolveHarmonyCheck` on random faces), the card shows the
 * dice and its footer, and Apply runs `echoesCheckChanges` on the sheet's track and redraws both.
 */
export function liveEchoes(host: HTMLElement, template: (name: string) => Template, i18n: I18n): void {
  const system = echoesSystem({ conditions: [] });
  const subject = { kind: "behavior" as const, key: "STR", label: "STR", value: 34 };
  let pending: null | { flag: EchoesCardFlag; input: Parameters<typeof harmonyCardContext>[0] } = null;
  const face = () => Math.floor(Math.random() * 10);
  // In edit mode: the test reads the track's new values from the inputs.
  const sheetHTML = () => template("actor/echoes-sheet.hbs")(echoesSheetContext({
    name: "Vessa", img: ICON, editable: true, mode: "edit", system, biographyHTML: "", biographySource: "",
  }, i18n));
  const cardHTML = () => {
    if (!pending) return "";
    const picked = resolveHarmonyCheck(pending.input).picked;
    const dice: EchoesCardDice = {
      dissonance: pending.input.dissonance, harmony: pending.input.harmony, picked, reroll: null,
      rights: { pick: { dissonance: false, harmony: false }, reroll: false },
    };
    return template("chat/harmony-roll.hbs")(harmonyCardContext(pending.input))
      + template("chat/echoes-check-footer.hbs")(echoesCardFooterContext(pending.flag, { canApply: true, isGM: true }, i18n, dice));
  };
  const draw = (dialog = "") => {
    host.innerHTML = `<div class="theme-column theme-light"><form class="application sheet steel-echoes actor-sheet echoes-sheet theme-light"><div class="window-content">${sheetHTML()}</div></form>`
      + `${dialog ? `<div class="application dialog steel-echoes" data-live-dialog><div class="window-content"><form>${dialog}</form><button type="button" data-live-roll>Roll</button></div></div>` : ""}`
      + `<div class="chat-message" data-live-card><div class="message-content">${cardHTML()}</div></div></div>`;
  };
  host.addEventListener("click", (event) => {
    const target = event.target as HTMLElement;
    if (target.closest("[data-action=rollBehavior]")) {
      draw(template("dialog/echoes-check.hbs")(echoesCheckDialogContext(system, subject, i18n)));
    } else if (target.closest("[data-live-roll]")) {
      const form = Object.fromEntries(new FormData(host.querySelector<HTMLFormElement>("[data-live-dialog] form")!).entries());
      const choices = echoesCheckChoices(system, subject, form);
      const input = {
        dissonance: Array.from({ length: 1 + Math.abs(choices.big) }, face), harmony: Array.from({ length: 1 + Math.abs(choices.small) }, face),
        big: choices.big, small: choices.small, target: subject.value, flavor: "STR",
      };
      const motivationValue = choices.motivation ? system.motivations[choices.motivation] : 0;
      pending = { input, flag: { label: "STR", motivation: choices.motivation, motivationValue, trait: choices.trait, applied: null } };
      draw();
    } else if (target.closest("[data-se-echoes=apply]") && pending && !pending.flag.applied) {
      const result = resolveHarmonyCheck(pending.input);
      const track = { motivations: { ...system.motivations }, echo: system.echo, xp: { ...system.xp }, level: system.level };
      const motivation = pending.flag.motivation;
      const { track: after, ...counts } = echoesCheckChanges(track, { motivation, pass: result.pass, harmonyMatches: result.harmonyMatches });
      Object.assign(system, { motivations: after.motivations, echo: after.echo, xp: after.xp, level: after.level });
      pending.flag.applied = {
        ...counts, motivation: motivation ? { from: track.motivations[motivation], to: after.motivations[motivation] } : null,
        echo: { from: track.echo, to: after.echo }, dissonancePoints: dissonancePointsGained(result.tens, result.ones),
      };
      draw();
    }
  });
  draw();
}
