/**
 * Monsters from text and from the baseline (GM only): the "Import from text" dialog hands a pasted
 * stat block here; the Actors directory gets "Import from text" and "New monster from baseline"
 * buttons (src/applications/sidebar/directory-buttons.ts, which loads this file when one is clicked). A paste that does not parse names its failing line, creates nothing and reopens the
 * dialog with the text kept.
 */
import { parseStatBlock } from "../../parser/stat-block.ts";
import { escapeHTML } from "../../parser/ability-block.ts";
import { baselineMonsterData, monsterCreateData, readBuilderInput } from "../../documents/monster-sources.ts";
import { MONSTER_ORGANIZATION_IDS, MONSTER_ROLE_IDS } from "../../rules/monster-baseline.ts";
import { foundryI18n } from "../foundry-i18n.ts";
import { createActor } from "../../documents/update.ts";

const esc = escapeHTML;
const t = (key: string, data?: Record<string, string | number>) => (data ? foundryI18n.format(key, data) : foundryI18n.localize(key));

/** Parse a pasted stat block; on success confirm and create the monster with its abilities. */
export async function importMonster(text: string, reopen: (text: string) => Promise<void>): Promise<void> {
  const result = parseStatBlock(text);
  if (!result.ok) {
    ui.notifications?.error(t(result.error.key, { ...result.error.data, line: result.error.line }), { permanent: true });
    return reopen(text);
  }
  const monster = result.value;
  const list = monster.items.map((a) => `<li>${esc(a.name)}</li>`).join("");
  const ok = await foundry.applications.api.DialogV2.confirm({
    window: { title: t("SE.Bestiary.Import.Title") },
    content: `<p>${esc(t("SE.Bestiary.Import.Confirm", { name: monster.name, count: monster.items.length }))}</p><ul>${list}</ul>`,
  });
  if (ok !== true) return reopen(text);
  const actor = await createActor(monsterCreateData(monster));
  ui.notifications?.info(t("SE.Bestiary.Import.Created", { name: monster.name }));
  void actor?.sheet?.render(true);
}

function builderForm(): string {
  const options = (ids: readonly string[], prefix: string, selected: string) => ids
    .map((id) => `<option value="${id}"${id === selected ? " selected" : ""}>${esc(t(`${prefix}.${id}`))}</option>`).join("");
  return `<p>${esc(t("SE.Bestiary.Builder.Hint"))}</p>
    <div class="form-group"><label>${esc(t("SE.Bestiary.Builder.Name"))}</label><input type="text" name="name" required></div>
    <div class="form-group"><label>${esc(t("SE.Actor.Monster.FIELDS.level.label"))}</label><input type="number" name="level" value="1" min="1" max="20" step="1"></div>
    <div class="form-group"><label>${esc(t("SE.Actor.Monster.FIELDS.organization.label"))}</label><select name="organization">${options(MONSTER_ORGANIZATION_IDS, "SE.Organization", "platoon")}</select></div>
    <div class="form-group"><label>${esc(t("SE.Actor.Monster.FIELDS.role.label"))}</label><select name="role">${options(MONSTER_ROLE_IDS, "SE.Role", "brute")}</select></div>`;
}

/** "New monster from baseline": name, level, organization and role in; a monster with the baseline numbers out. */
export async function openMonsterBuilder(): Promise<void> {
  if (!game.user?.isGM) return;
  const form = await foundry.applications.api.DialogV2.input({
    window: { title: t("SE.Bestiary.Builder.Title") },
    content: builderForm(),
    ok: { label: t("SE.Bestiary.Builder.Create") },
    rejectClose: false,
  }) as Record<string, unknown> | null;
  if (!form) return;
  const input = readBuilderInput(form);
  if (!input.ok) {
    ui.notifications?.error(t(input.key));
    return;
  }
  const actor = await createActor(baselineMonsterData(input.value));
  void actor?.sheet?.render(true);
}
