/**
 * The content of the token HUD's "who grabbed?" dialog (./grab-naming.ts): pure, no Foundry globals,
 * so the gallery draws it with the language file's strings.
 */
/**
 * The dialog's content: who grabbed `name`, one radio button per adjacent creature (the only one
 * checked). Names are escaped.
 */
export function grabberChoiceContent(
  name: string, choices: readonly { uuid: string; name: string }[], i18n: { format(key: string, data: Record<string, string>): string },
  esc: (text: string) => string,
): string {
  const rows = choices.map((c) => `<label class="se-grabber-choice"><input type="radio" name="grabber" value="${esc(c.uuid)}"${choices.length === 1 ? " checked" : ""}> ${esc(c.name)}</label>`);
  return `<p>${esc(i18n.format("SE.Grab.Named.Prompt", { name }))}</p><fieldset class="se-grabber-choices">${rows.join("")}</fieldset>`;
}

