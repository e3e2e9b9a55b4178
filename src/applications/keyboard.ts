/**
 * Keyboard access for the system's link-like controls. Sheets use `<a data-action>` for item names,
 * option chips and tabs, as Foundry's own templates do; an `<a>` without `href` is not focusable and
 * Enter does nothing on it. The templates give each one `tabindex="0"` and a role (checked for every
 * template by test/templates.test.ts), and this one listener makes Enter and Space on such a
 * control do what a click does.
 *
 * A synthetic `click()` reaches ApplicationV2's own dispatch: `ApplicationV2#onClick` finds
 * `target.closest("[data-action]")` and `#onClickAction` runs the handler when `event.button` is in
 * its buttons, `[0]` by default (Foundry v13 client/applications/api/application.mjs). `HTMLElement#click()`
 * fires a `click` MouseEvent whose `button` is 0.
 */

/** The controls this listener activates: focusable, link-like, inside one of this system's windows. */
export const KEYBOARD_CONTROL = '.steel-echoes a[data-action][tabindex="0"]';

/** Whether a key press on `target` should activate it as a click. */
export function activatesControl(key: string, target: Element | null): target is HTMLElement {
  if (key !== "Enter" && key !== " ") return false;
  return !!target && typeof (target as HTMLElement).click === "function" && target.matches(KEYBOARD_CONTROL);
}

/** Listen once on the document: Enter or Space on a link-like control clicks it. */
export function installKeyboardActivation(doc: Document): void {
  doc.addEventListener("keydown", (event) => {
    if (event.repeat || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as Element | null;
    if (!activatesControl(event.key, target)) return;
    event.preventDefault(); // Space would scroll the sheet.
    target.click();
  });
}
