// eslint over the guide's scripts (overrides/src), their node tests (tests/node) and the benchmarks' (benchmarks/*.mjs).
import js from "@eslint/js";
import globals from "globals";

// Only page-data.js reads what the build and the page provide on globalThis.studyGuide.
const NAMESPACE = ["globalThis", "window", "self"].map((object) => ({
  object, property: "studyGuide", message: "read what the page provides through overrides/src/page-data.js",
}));

export default [
  { ignores: ["node_modules/", "site/", ".venv/", "build/", "dist/", "generator/site/bundled/", "overrides/assets/"] },
  js.configs.recommended,
  {
    files: ["overrides/src/**/*.js"],
    languageOptions: { globals: globals.browser },
    rules: {
      "no-restricted-properties": ["error", ...NAMESPACE],
      "no-restricted-globals": ["error", { name: "studyGuide", message: NAMESPACE[0].message }],
      "no-var": "error",
      "prefer-const": "error",
      eqeqeq: ["error", "always", { null: "ignore" }],
    },
  },
  { files: ["overrides/src/page-data.js"], rules: { "no-restricted-properties": "off" } },
  { files: ["tests/node/**/*.js", "benchmarks/**/*.mjs", "eslint.config.js"], languageOptions: { globals: globals.node } },
];
