import { defaultClientConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { colorSchemeBoot } from './vite-plugins/color-scheme-boot.ts';
import { precompress } from './vite-plugins/precompress.ts';
import { versionFile } from './vite-plugins/version-file.ts';

// In development the API runs on its own port; the browser still talks to one origin.
const apiOrigin = process.env.API_ORIGIN ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), versionFile(), colorSchemeBoot(), precompress()],
  resolve: {
    // Workspace packages export their TypeScript sources under "source": no package build needed.
    conditions: ['source', ...defaultClientConditions],
  },
  server: { proxy: { '/api': apiOrigin } },
  preview: { proxy: { '/api': apiOrigin } },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Route-level splitting leaves many tiny chunks shared by a few pages; copying the small
        // ones into their importers keeps the first load of /auth within 15 requests
        // (docs/design.md "Performance budgets", measured by `npm run bench` and
        // e2e/tests/budget.spec.ts).
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 40_000 },
        },
      },
    },
  },
});
