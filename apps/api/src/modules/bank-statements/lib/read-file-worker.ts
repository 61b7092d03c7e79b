import { parentPort } from 'node:worker_threads';
import type { CsvMapping } from '@saldopilot/shared';
import { readStatementFile } from './read-file.js';
import { StatementFileError, type ParsedStatement } from './statement.js';

/** What the main thread asks of a reading worker (statement-reader.ts). */
export interface ReadJob {
  bytes: Uint8Array;
  contentType?: string;
  csvMapping?: CsvMapping;
}

/** What a reading worker answers: the statements, or the German refusal of the file. */
export type ReadAnswer = { statements: ParsedStatement[] } | { refused: string } | { failed: string };

/**
 * The worker thread that reads uploaded files (docs/bank-statements.md "Safe parsing"): the
 * parsing runs here, with its own heap limit, so a file that takes long or grows big holds this
 * thread (or ends it), never the server's event loop. One file at a time; the worker is reused.
 */
parentPort?.on('message', (job: ReadJob) => {
  let answer: ReadAnswer;
  try {
    answer = { statements: readStatementFile(job.bytes, job.contentType, job.csvMapping) };
  } catch (error) {
    answer =
      error instanceof StatementFileError
        ? { refused: error.message }
        : { failed: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort!.postMessage(answer);
});
