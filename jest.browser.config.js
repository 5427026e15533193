// Browser tests: real Chromium (Debian's /usr/bin/chromium) driven by playwright-core.
import base from './jest.config.js';

/** @type {import('jest').Config} */
export default {
  ...base,
  roots: ['<rootDir>/test/browser'],
  testMatch: ['**/*.browser.test.ts'],
  testTimeout: 60000,
  testPathIgnorePatterns: ['/node_modules/'],
  maxWorkers: 1,
};
