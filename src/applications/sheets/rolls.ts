/**
 * What clicking a characteristic on a sheet rolls: a test, after a dialog for the difficulty, edges,
 * banes, a bonus and a skill (shift-click rolls at once). A dying hero's Might or Agility test costs
 * 1d6 Stamina after it resolves (seed 004, L7204).
 */
import { rollModifiers } from "../../rules/ability-use.ts";
import { dyingLossApplies } from "../../rules/ability-use-checks.ts";
import { skillBonus } from "../../rules/tests.ts";
import type { TestDifficulty } from "../../rules/tests.ts";
import { postPowerRoll } from "../chat/post-rolls.ts";
import { foundryI18n } from "../foundry-i18n.ts";
import { formDialog } from "../dialogs/form-dialog.ts";
import { creatureState } from "../../documents/creature-state.ts";
import { testChoicesFromForm, testDialogContext } from "../view-models/ability-dialog.ts";
import type { TestDialogInput } from "../view-models/ability-dialog.ts";
import { renderCard } from "../../dice/render.ts";
import { TEST_DIALOG_TEMPLATE } from "../templates.ts";
import { updateDocument } from "../../documents/update.ts";
import { isDrawSteel } from "../../data/index.ts";
import { uuidOf, speakerOf } from "../../documents/persisted.ts";
import { nextRollOf, nextRollReasons } from "../../documents/domain-lasting.ts";

type Speaker = ReturnType<typeof ChatMessage.getSpeaker>;

async function openTestDialog(input: TestDialogInput): Promise<Record<string, unknown> | null> {
  const content = await renderCard(TEST_DIALOG_TEMPLATE, testDialogContext(input, foundryI18n));
  return formDialog(foundryI18n.format("SE.Test.DialogTitle", { characteristic: foundryI18n.localize(`SE.Characteristic.${input.characteristic}`) }), content);
}

export async function rollCharacteristicTest(
  actor: Actor.Implementation, characteristic: string, value: number,
  options: { fast?: boolean; difficulty?: TestDifficulty; assist?: { edges: number; bonus: number }; skill?: string } = {},
) {
  const label = foundryI18n.localize(`SE.Characteristic.${characteristic}`);
  const skills = [...(actor.system.skills ?? [])];
  const automatic = rollModifiers({ kind: "test", roller: creatureState(uuidOf(actor), actor) });
  // A test is a power roll (L2409, L2413, L2421): the GM's record of a next-roll grant on this creature
  // (src/documents/domain-lasting.ts) is shown and taken; the GM's client uses it up when the roll is posted.
  const nextRoll = nextRollOf(actor);
  const input: TestDialogInput = {
    characteristic, value, skills, reasons: [...automatic.reasons.map((r) => r.reason), ...nextRollReasons(nextRoll)],
    ...(options.difficulty ? { difficulty: options.difficulty } : {}),
  };
  // The fast path (shift-click, the montage and negotiation trackers): a skill the actor has adds its
  // +2 as the dialog's does (L5893); one she lacks adds nothing and is not named on the roll (L5895).
  const fastSkill = skillBonus(options.skill ?? "", skills) ? options.skill! : "";
  let choices: ReturnType<typeof testChoicesFromForm> = {
    edges: 0, banes: 0, bonuses: skillBonus(fastSkill, skills), skill: fastSkill,
    ...(options.difficulty ? { difficulty: options.difficulty } : {}),
  };
  if (!options.fast) {
    const form = await openTestDialog(input);
    if (!form) return null;
    choices = testChoicesFromForm(form, input);
  }
  const skill = choices.skill ? ` (${foundryI18n.localize(`SE.Skill.${choices.skill}`)})` : "";
  // An assist from a test card (src/data/test-card.ts): its edges (or banes) and bonus join the roll's.
  const assist = options.assist ?? { edges: 0, bonus: 0 };
  const message = await postPowerRoll(
    {
      characteristic: value, edges: choices.edges + automatic.edges + nextRoll.edges + Math.max(0, assist.edges),
      banes: choices.banes + automatic.banes + Math.max(0, -assist.edges), bonuses: choices.bonuses + assist.bonus,
      flavor: foundryI18n.format("SE.Hero.TestFlavor", { characteristic: label }) + skill,
      ...(choices.difficulty ? { difficulty: choices.difficulty } : {}),
      ...(nextRoll.tier ? { fated: nextRoll.tier } : {}),
    },
    { speaker: speakerOf({ actor }) as Speaker },
  );
  const dying = actor.type === "hero" && isDrawSteel(actor.system) && actor.system.stamina.state === "dying";
  if (message && dyingLossApplies({ dying, kind: "test", characteristic })) {
    const loss = (await new foundry.dice.Roll("1d6").evaluate()).total ?? 0;
    const stamina = isDrawSteel(actor.system) ? actor.system.stamina.value : 0;
    await updateDocument(actor, { "system.stamina.value": stamina - loss });
    ui.notifications?.warn("SE.Test.DyingLoss", { format: { name: actor.name, loss: String(loss) } });
  }
  return message;
}
