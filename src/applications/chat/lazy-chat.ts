/**
 * The chat cards' chunk (issue 31): the ability card's, test cards' and test requests' views,
 * dialogs and controls, one module (chat-ui.ts) so that a chat log of several kinds of card loads one
 * file. Loaded when a card renders or is posted: v13 `ChatMessage#renderHTML`
 * (client/documents/chat-message.mjs) calls `renderChatMessageHTML` on the element it then returns to
 * the chat log, which inserts that same element, so controls wired after the load work.
 */
export const chatUI = () => import("./chat-ui.ts");
