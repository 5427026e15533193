import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * Modules with faces: another folder of src/ enters `matches` and `computer` through their
 * index.ts only (what they export is what they offer; the rest may change without notice).
 */
const FACES = {
  matches: 'src/matches/**',
  computer: 'src/computer/**',
  matchmaking: 'src/matchmaking/**',
};
const entrance = (name) => ({
  group: [`**/${name}/*`, `!**/${name}/index.js`],
  message: `import from '../${name}/index.js': the module's one entrance`,
});
const faces = (except) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: Object.keys(FACES)
        .filter((n) => n !== except)
        .map(entrance),
    },
  ],
});

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'coverage/', 'artifacts/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  { files: ['src/**/*.ts'], ignores: Object.values(FACES), rules: faces(null) },
  ...Object.entries(FACES).map(([name, files]) => ({ files: [files], rules: faces(name) })),
  {
    // Tests read arbitrary JSON off the wire.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
