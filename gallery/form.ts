/**
 * A gallery form's values as Foundry's FormDataExtended gives a dialog's (v13
 * client/applications/ux/form-data-extended.mjs): checkboxes as booleans, number inputs as numbers
 * (null when blank), everything else as text.
 */
export function formValues(form: HTMLFormElement): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const el of form.elements) {
    const f = el as HTMLInputElement;
    if (!f.name) continue;
    out[f.name] = f.type === "checkbox" ? f.checked : f.type === "number" ? (f.value === "" ? null : Number(f.value)) : f.value;
  }
  return out;
}
