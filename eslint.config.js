import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/**", "release/**", "node_modules/**", "gallery/dist/**", "coverage/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: {
      globals: {
        console: "readonly", process: "readonly", URL: "readonly", setTimeout: "readonly",
        clearTimeout: "readonly", performance: "readonly", Buffer: "readonly", document: "readonly",
        window: "readonly", globalThis: "readonly", getComputedStyle: "readonly",
      },
    },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    // The rules layer is pure: no Foundry globals, no DOM.
    files: ["src/rules/**/*.ts", "src/parser/**/*.ts"],
    rules: {
      "no-restricted-globals": ["error", "game", "CONFIG", "foundry", "Hooks", "ui", "canvas", "ChatMessage", "Roll", "document", "window"],
    },
  },
);
