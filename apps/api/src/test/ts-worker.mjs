// Starts a TypeScript worker thread under vitest (where the API runs from its sources): tsx compiles
// the entry and what it imports; the built server starts the compiled .js directly
// (apps/api/src/lib/worker-pool.ts).
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.tsEntry, import.meta.url);
