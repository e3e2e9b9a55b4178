/** The chat cards' chunk (lazy-chat.ts): every card UI the entry's hooks and calls load. */
export * from "./ability-card-ui.ts";
export * from "./test-card-ui.ts";
export * from "./test-request-ui.ts";
