import { availableParallelism } from 'node:os';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Workspace packages export their TypeScript sources under the "source" condition.

export default defineConfig({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    // At least two test files at a time. Vitest's default is one fewer than the cores, which on CI's
    // two cores is one: the files ran one after another with the second core idle (summed test and
    // import time 849 s of a 15.3 min phase on PGlite, 686 s of 12.7 min on PostgreSQL). Files
    // share nothing that two at a time could cross: each has its own database (a PGlite copy, or a
    // fresh PostgreSQL database) and each test app its own Redis key prefix, which also names its
    // change channels (test/build-test-app.ts, lib/organisation-channels.ts).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // eventsource-parser (under the MCP SDK's client) also exports its TypeScript sources under
          // "source", which Node cannot load from node_modules: Vite loads the SDK and compiles them.
          server: { deps: { inline: ['@modelcontextprotocol/sdk', 'eventsource-parser'] } },
        },
      },
    ],
  },
});
