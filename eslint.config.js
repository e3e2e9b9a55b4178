import js from "@eslint/js";
import tseslint from "typescript-eslint";
import layers from "./tools/eslint-layers.mjs";

// What Foundry shows as given: a notification's bare key, and HTML built from user text.
const SHOWN_AS_GIVEN = [
  {
    selector: "CallExpression[callee.property.name=/^(warn|error|info)$/][arguments.length=1][arguments.0.value=/^SE\\./]",
    message: "A notification shows a bare key as the raw key: pass { localize: true } (v13 Notifications#notify).",
  },
  {
    selector: "CallExpression[callee.property.name=/^(toMessage|create)$/] Property[key.name=/^(flavor|content)$/] > CallExpression[callee.property.name=/^(format|localize)$/]",
    message: "A message's flavor and content are HTML: escape the text (foundry.utils.escapeHTML), or render a template.",
  },
  {
    selector: "TemplateLiteral:has(TemplateElement[value.raw=/</]) > CallExpression[callee.property.name=/^(format|localize)$/]",
    message: "Text in an HTML string must be escaped: wrap it in foundry.utils.escapeHTML.",
  },
  {
    selector: "TemplateLiteral:has(TemplateElement[value.raw=/</]) > MemberExpression[property.name=/^(name|label|title)$/]",
    message: "Names users type must be escaped in HTML strings: wrap them in foundry.utils.escapeHTML.",
  },
];

// docs/foundry-versions.md: only src/compat/versions.ts asks which Foundry runs or uses a way that
// differs between v13 and v14.
const ONE_BUILD = [
  {
    selector: "MemberExpression[object.name='game'][property.name='release']",
    message: "Only src/compat/versions.ts asks which Foundry runs: add the difference there (docs/foundry-versions.md).",
  },
  {
    selector: "Literal[value=/(^|\\.)-=/], TemplateElement[value.raw=/(^|\\.)-=/]",
    message: "A '-=' key is v13's deletion (deprecated in v14): use deletion(path) from src/compat/versions.ts.",
  },
  {
    selector: "Property[key.name='rollMode'], MemberExpression[property.name='applyRollMode'], Literal[value='rollMode']",
    message: "Roll modes are v13's (v14 has message modes): use src/compat/versions.ts.",
  },
];

// src/constants.ts is the one home of the system id (ARCHITECTURE.md): elsewhere it is SYSTEM_ID or FLAG_SCOPE.
const ONE_HOME = [
  {
    selector: "Literal[value='steel-echoes'], TemplateElement[value.raw=/^steel-echoes[.]/]",
    message: "The system id lives in src/constants.ts: use SYSTEM_ID or FLAG_SCOPE (a computed key in a type).",
  },
];

export default tseslint.config(
  { ignores: ["dist/**", "release/**", "node_modules/**", "gallery/dist/**", "coverage/**", ".cache/**"] },
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
    // Lines a reader can take in: code up to 140 characters (long texts and comments may run on).
    files: ["src/**/*.ts"],
    rules: {
      "max-len": ["error", { code: 140, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreComments: true, ignoreUrls: true, ignoreRegExpLiterals: true }],
    },
  },
  {
    // ARCHITECTURE.md: layers point down only, and no import cycles (tools/eslint-layers.mjs).
    files: ["src/**/*.ts", "tools/**/*.mjs"],
    plugins: { project: layers },
    rules: { "project/layers": "error", "project/no-cycle": "error" },
  },
  {
    files: ["src/**/*.ts"],
    ignores: ["src/compat/versions.ts", "src/constants.ts"],
    rules: { "no-restricted-syntax": ["error", ...SHOWN_AS_GIVEN, ...ONE_BUILD, ...ONE_HOME] },
  },
  {
    files: ["src/compat/versions.ts"],
    rules: { "no-restricted-syntax": ["error", ...SHOWN_AS_GIVEN, ...ONE_HOME] },
  },
  {
    files: ["src/constants.ts"],
    rules: { "no-restricted-syntax": ["error", ...SHOWN_AS_GIVEN, ...ONE_BUILD] },
  },
  {
    // The rules layer is pure: no Foundry globals, no DOM.
    files: ["src/rules/**/*.ts", "src/parser/**/*.ts"],
    rules: {
      "no-restricted-globals": ["error", "game", "CONFIG", "foundry", "Hooks", "ui", "canvas", "ChatMessage", "Roll", "document", "window"],
    },
  },
);
