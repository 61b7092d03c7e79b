import { randomUUID } from 'node:crypto';
import type { Plugin } from 'vite';

/**
 * Gives every build its own id: written to `dist/version.json` and compiled into the app as
 * `__BUILD_ID__`. A running app polls version.json and, when the ids differ, knows that a newer
 * build was deployed (the new-version banner of docs/product.md "Application shell"). The dev server uses the fixed id "development".
 */
export function versionFile(): Plugin {
  // Sortable by time for people reading it, unique through the random suffix.
  const buildId = `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${randomUUID().slice(0, 8)}`;
  return {
    name: 'saldopilot:version-file',
    config: (_config, { command }) => ({
      define: { __BUILD_ID__: JSON.stringify(command === 'build' ? buildId : 'development') },
    }),
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: `${JSON.stringify({ buildId })}\n` });
    },
  };
}
