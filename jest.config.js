/**
 * Tests by kind, as jest projects that split the files between them (every file is in exactly one, so
 * `npm test` runs each test once): `unit` is pure domain, engine and dashboard logic and runs in seconds;
 * `e2e` starts child processes or Chromium; `int` is the rest (real stores on temp dirs, HTTP on loopback).
 * `npm run test:unit`, `test:int` and `test:e2e` run one kind.
 */
const shared = {
  testEnvironment: 'node',
  rootDir: '.',
  roots: ['<rootDir>/test'],
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'es6' } }],
  },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
};

const UNIT = [
  '/test/domain/.*\\.test\\.ts$',
  '/test/web/.*\\.test\\.ts$',
  '/test/engines/[^/]+\\.test\\.ts$',
  '/test/engines/simulator/.*\\.test\\.ts$',
  '/test/engines/adapters/failures\\.test\\.ts$',
  '/test/app/brandReports/.*\\.test\\.ts$',
  '/test/app/shared/(access|operations)\\.test\\.ts$',
  '/test/lint/.*\\.test\\.ts$',
];

const E2E = ['/test/browser/.*\\.test\\.ts$', '/test/cli/.*\\.test\\.ts$', '/test/infra/browser/.*\\.test\\.ts$'];

/** @type {import('jest').Config} */
export default {
  testTimeout: 30000,
  reporters: ['default', '<rootDir>/test/support/slowestSuitesReporter.js'],
  // A worker even where jest would run every suite in its own process (one worker on two cores): ESM test modules
  // are not freed between files, and a worker past this after a file is replaced (CI peaked near 6 GB without it).
  workerIdleMemoryLimit: '1536MB',
  projects: [
    { ...shared, displayName: 'unit', testRegex: UNIT },
    { ...shared, displayName: 'int', testMatch: ['**/*.test.ts'], testPathIgnorePatterns: ['/node_modules/', ...UNIT, ...E2E], globalSetup: '<rootDir>/test/support/globalSetup.ts' },
    { ...shared, displayName: 'e2e', testRegex: E2E, globalSetup: '<rootDir>/test/support/globalSetup.ts' },
  ],
};
