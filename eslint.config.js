// ESLint (flat config): TypeScript, React hooks and JSX accessibility rules over the app,
// the server, jobs, tests, tooling and scripts. `npm run lint` runs it with zero warnings
// allowed; `.ci/run` runs it before the tests.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "node_modules/**",
      ".react-router/**",
      "reports/**",
      "test-results/**",
      ".data/**",
      "public/**",
      "media/**",
      "drizzle/**",
      "bench/results*",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // `_name` marks a value left out on purpose (a rest sibling, an unused parameter)
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true }],
      // a best-effort clean-up that may fail (closing a socket, removing a temp file)
      "no-empty": ["error", { allowEmptyCatch: true }],
    },
  },
  {
    files: ["app/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // a scrollable table or payload is a focusable region so that keyboard users can
      // scroll it (axe's scrollable-region-focusable asks for exactly that)
      "jsx-a11y/no-noninteractive-tabindex": ["error", { roles: ["region"], tags: ["pre"] }],
      // a <video> gets its <track> elements from the block's caption files at run time,
      // which the rule cannot see (docs/decisions/platform/lint.md > Lint and format)
      "jsx-a11y/media-has-caption": "off",
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    // the rules of hooks and exhaustive dependencies; the React Compiler's rules (setState in
    // an effect, refs during render) are left out: the app runs without the compiler, and
    // its pages read browser-only state (hydration, navigator.share) in mount effects
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    // route modules stay thin: the page, its loader and action; components go next to them
    // (app/routes/<page>/), domain work to server/<area>/ (docs/decisions/platform/route-module-size.md)
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: { "max-lines": ["error", { max: 300, skipBlankLines: true, skipComments: true }] },
  },
  {
    // declarations of untyped packages, and tests (and the production rehearsal) that read arbitrary JSON answers
    files: ["**/*.d.ts", "tests/**", "**/*.test.ts", "scripts/rehearsal/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
