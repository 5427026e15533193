// Browser tests: real Chromium (Debian's /usr/bin/chromium) driven by playwright-core.
import base from './jest.config.js';

/** @type {import('jest').Config} */
export default {
  ...base,
  roots: ['<rootDir>/test/browser'],
  testMatch: ['**/*.browser.test.ts'],
  testTimeout: 60000,
  testPathIgnorePatterns: ['/node_modules/'],
  // Two files at a time, each with its own server and Chromium: most of a browser test's time is
  // waiting (pages, sockets, timers), so two share the 2-core machine (the suite: 12.7 min in
  // two, 24.5 in one in the last CI). BROWSER_WORKERS=1 for a machine busy with other work.
  maxWorkers: Number(process.env.BROWSER_WORKERS ?? 2),
};
