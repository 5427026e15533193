// Jest runs in ESM mode (NestJS 12 is ESM-only): ts-jest with useESM, .js imports mapped to .ts.
/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true }],
  },
  testMatch: ['**/*.test.ts'],
  // Browser tests need Chromium: npm run test:browser.
  testPathIgnorePatterns: ['/node_modules/', '\\.browser\\.test\\.ts$'],
  testTimeout: 30000,
  // Two files at a time: most of an e2e file's time is waiting (sockets, timers, the database),
  // so two share the 2-core machine well (the suite: 5.7 min in one worker, about 3 in two).
  // JEST_WORKERS sets another count (1 on a machine busy with other work).
  maxWorkers: Number(process.env.JEST_WORKERS ?? 2),
};
