/**
 * The stormwight's forms in play (seed 004, L3630–3643, L3356–3368; src/rules/stormwight.ts): which
 * form she is in and which forms have given their temporary Stamina this encounter, kept on her own
 * hero (`flags.steel-echoes.forms`), and the temporary Stamina each shapeshift grants, kept by the
 * greater (L7232):
 * - using *Animal Form* (her own client) asks which form to take; the kit's granting form gives 10
 *   the first time in the encounter (L3671, L3717, L3767, L3816);
 * - *Regeneration* (L3364: "You lose Stamina and are not dying"): when damage lowers her Stamina, the
 *   client that speaks for her asks whether to shapeshift as the free triggered action, and grants the
 *   form's 10, or her Might when that form's grant was taken already (L3366); the use is counted as
 *   her triggered action of the round in the turn's budget (src/documents/turn-budget.ts).
 * Loaded with `import()` on the first Animal Form or Regeneration (stormwight-hooks.ts registers the
 * hooks every world needs). Everything here is her own hero's, which her player writes anyway (temporary Stamina included): the
 * GM's client trusts none of it.
 */
import { stormwightKitOf } from "../rules/stormwight.ts";
import { formGrant, formsAvailable, regenerationGrant, regenerationTriggers, STORMWIGHT_FORMS } from "../rules/stormwight-forms.ts";
import { grantTemporaryStamina } from "../rules/temporary-stamina.ts";
import type { StormwightKit } from "../rules/stormwight.ts";
import type { StormwightForm } from "../rules/stormwight-forms.ts";
import { FLAG_SCOPE } from "../constants.ts";
import { TEMPORARY_ENDS_FLAG, systemFlags } from "./system-flags.ts";
import { updateDocument } from "./update.ts";
import { speakerOf } from "./persisted.ts";
import { recordBudgetUse } from "./turn-budget.ts";
import { checkBudget } from "./turn-budget-checks.ts";
import { FORM_PROMPT } from "./heroic-resources.ts";

type AnyActor = Actor.Implementation;

/** Her forms: the encounter they count in, the forms that gave their grant in it, the form she is in. */
export interface FormsState {
  combat: string | null;
  taken: StormwightForm[];
  current: StormwightForm;
}

/** The active combat's id when the actor fights in it, else null. */
function encounterOf(actor: AnyActor): string | null {
  const combat = game.combat;
  if (!combat?.started) return null;
  return [...combat.combatants].some((c) => c.actor === actor || c.actorId === actor.id) ? combat.id ?? null : null;
}

const isForm = (v: unknown): v is StormwightForm => typeof v === "string" && (STORMWIGHT_FORMS as readonly string[]).includes(v);

/** Her forms in this encounter: what an earlier encounter took no longer counts ("during an encounter"). */
export function formsState(actor: AnyActor, combatId: string | null = encounterOf(actor)): FormsState {
  const stored = systemFlags(actor).forms as Partial<FormsState> | undefined;
  const current = isForm(stored?.current) ? stored.current : "true";
  if (!stored || stored.combat !== combatId) return { combat: combatId, taken: [], current };
  return { combat: combatId, taken: Array.isArray(stored.taken) ? stored.taken.filter(isForm) : [], current };
}

/** Her stormwight kit (Boren, Corven, Raden, Vuken), or null. */
export function stormwightKitOfActor(actor: AnyActor): StormwightKit | null {
  const kit = [...(actor.items ?? [])].find((i) => i.type === "kit" && stormwightKitOf(i.name));
  return kit ? stormwightKitOf(kit.name) : null;
}

const rageOf = (actor: AnyActor) => Number((actor.system as { heroicResource?: { value?: number } }).heroicResource?.value) || 0;
const mightOf = (actor: AnyActor) => Number((actor.system as { characteristics?: { might?: number } }).characteristics?.might) || 0;

/**
 * Shapeshift into `form`: the temporary Stamina it grants (`formGrant`, or Regeneration's
 * `regenerationGrant`) kept by the greater, the form recorded, a chat line. Resolves to the amount
 * the pool rose.
 */
export async function shapeshift(actor: AnyActor, form: StormwightForm, { regeneration = false } = {}): Promise<number> {
  const kit = stormwightKitOfActor(actor);
  if (!kit) return 0;
  const state = formsState(actor);
  const grant = regeneration ? regenerationGrant(kit, form, state.taken, mightOf(actor)) : formGrant(kit, form, state.taken);
  const stamina = (actor.system as { stamina?: { temporary?: number } }).stamina;
  const endedBefore = systemFlags(actor)[TEMPORARY_ENDS_FLAG] === true;
  // Neither the forms nor Regeneration say their temporary Stamina ends with the encounter: a respite ends it (L7234).
  const held = { amount: Number(stamina?.temporary) || 0, endsWithEncounter: endedBefore };
  const pool = grantTemporaryStamina(held, { amount: grant, endsWithEncounter: false });
  // The form's own grant is taken once an encounter, even when the pool already held more (L3671).
  const taken = formGrant(kit, form, state.taken) ? [...state.taken, form] : state.taken;
  await updateDocument(actor, {
    [`flags.${FLAG_SCOPE}.forms`]: { combat: state.combat, taken, current: form },
    ...(pool.gained ? { "system.stamina.temporary": pool.amount, [`flags.${FLAG_SCOPE}.${TEMPORARY_ENDS_FLAG}`]: pool.endsWithEncounter } : {}),
  });
  const i18n = game.i18n!;
  const text = i18n.format(regeneration ? "SE.Stormwight.Regenerated" : "SE.Stormwight.Shapeshifted", {
    name: actor.name ?? "", form: i18n.format(`SE.Stormwight.Form.${form}`, { animal: kit.animal }), amount: String(pool.gained), grant: String(grant),
  });
  await ChatMessage.implementation.create({ content: `<p>${foundry.utils.escapeHTML(text)}</p>`, speaker: speakerOf({ actor }) });
  return pool.gained;
}

/** After her *Animal Form* card (her own client): which form, then the shapeshift. Resolves to the form, or null. */
export async function afterAnimalForm(actor: AnyActor): Promise<StormwightForm | null> {
  const kit = stormwightKitOfActor(actor);
  if (!kit) return null;
  const forms = formsAvailable(kit, rageOf(actor)).filter((f) => f !== formsState(actor).current);
  const form = await FORM_PROMPT.choose(actor, forms, kit.animal, "animalForm");
  if (!form || !forms.includes(form)) return null;
  await shapeshift(actor, form);
  return form;
}

/**
 * Regeneration (L3364–3366) after damage: the client that speaks for the hero asks whether to enter
 * her animal or hybrid form; the shapeshift's temporary Stamina is granted and the triggered action
 * counted. Resolves to the form taken, or null.
 */
export async function regenerate(actor: AnyActor, staminaBefore: number): Promise<StormwightForm | null> {
  const s = actor.system as { stamina?: { value?: number; state?: string } };
  const after = Number(s.stamina?.value);
  // Dying (or dead) after the damage: a hero at 0 Stamina or below (L7204), whatever her prepared state says.
  const dying = ["dying", "dead"].includes(String(s.stamina?.state)) || after <= 0;
  if (!regenerationTriggers({ staminaBefore, staminaAfter: after, dying })) return null;
  const kit = stormwightKitOfActor(actor)!;
  const forms: StormwightForm[] = formsAvailable(kit, rageOf(actor)).filter((f) => f !== "true");
  const form = await FORM_PROMPT.choose(actor, forms, kit.animal, "regeneration");
  if (!form || !forms.includes(form)) return null;
  // Regeneration is her triggered action of the round (L3362, "Type: Triggered"), warned as any other.
  const budget = checkBudget(actor, "triggered");
  await shapeshift(actor, form, { regeneration: true });
  await recordBudgetUse(budget);
  return form;
}
