/**
 * The opportunity attack card's button (src/canvas/opportunity-attacks.ts posts the card): the user
 * who answers for the enemy targets the mover and opens the enemy's melee free strike (L7103). The
 * entry wires the button when the card renders; what a click does (./opportunity-strike.ts, with the
 * verdict's rules) loads with `import()` on the first click (docs/architecture.md, "Loading").
 */
import type * as Strike from "./opportunity-strike.ts";

/** The button on an opportunity attack card: target the mover and open the melee free strike. */
export const strikeOfOpportunity = async (...args: Parameters<typeof Strike.strikeOfOpportunity>) =>
  (await import("./opportunity-strike.ts")).strikeOfOpportunity(...args);

/** `renderChatMessageHTML`: wire an opportunity attack card's button. */
export function onRenderOpportunityCard(message: ChatMessage.Implementation, html: HTMLElement): void {
  for (const button of html.querySelectorAll<HTMLButtonElement>("button[data-se-opportunity]")) {
    button.addEventListener("click", (event) => {
      event.preventDefault();
      void strikeOfOpportunity(message);
    });
  }
}
