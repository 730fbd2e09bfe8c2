// `npm run lint` (part of `npm test`) and `npm run lint:fix`.
// @antfu/eslint-config is VueUse's own config: Vue SFCs, TypeScript, stylistic rules
// (no semicolons, single quotes, `}\n  catch`), imports, Vitest. It also lints the
// repository's JSON and YAML; .gitignore'd paths are skipped.
import antfu from '@antfu/eslint-config'

// Node 20 has no Object.groupBy (it came in Node 21), and eslint-flat-config-utils 3.1+,
// which @antfu/eslint-config 8.3+ needs, calls it without declaring an engine. Remove this
// when the project's Node floor reaches 21.
Object.groupBy ??= (items, key) => {
  const groups = Object.create(null)
  let index = 0
  for (const item of items)
    (groups[key(item, index++)] ??= []).push(item)
  return groups
}

export default antfu(
  {
    vue: true,
    typescript: true,
    // Off: the READMEs' code blocks are fragments (partial objects, aligned comments)
    // written to be read, not run; linting them would only reformat the prose.
    markdown: false,
    ignores: [
      // Copied data (the JSON-Schema-Test-Suite), not ours to restyle.
      'test/fixtures/json-schema-test-suite/**',
      // Build output and caches of every workspace (also in .gitignore; listed so a
      // checkout without .gitignore, e.g. an npm pack, lints the same files).
      '**/dist/**',
      '**/.nuxt/**',
      '**/.output/**',
      '**/.cache/**',
      '**/coverage/**',
      '**/__screenshots__/**',
      'demo-output/**',
      '.vitest-attachments/**',
    ],
  },
  {
    rules: {
      // antfu's config has no line limit; the code had lines up to 283 characters. Code
      // is held to 160; a line whose length is a message, a regular expression or a
      // URL is exempt, since wrapping a sentence or a pattern reads worse.
      'style/max-len': ['error', { code: 160, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true, ignoreComments: true }],
      // A closure may name a const declared below it (it runs later, no TDZ); a use
      // before the definition in the same scope is still an error.
      'ts/no-use-before-define': ['error', { functions: false, classes: false, variables: false }],
    },
  },
  {
    files: ['test/**', 'nuxt/test/**'],
    rules: {
      // `execute: () => { throw new Error('...') }` inline is the clearest way to
      // write a failing tool or hook in a test.
      'style/max-statements-per-line': 'off',
      // Titles name things that are capitalised: JSON, SSR, Vue, Chromium 150.
      'test/prefer-lowercase-title': 'off',
      // The innerText() the tests call is Playwright's Locator method (the text a person
      // sees), not the DOM property this rule is about.
      'unicorn/prefer-dom-node-text-content': 'off',
    },
  },
)
