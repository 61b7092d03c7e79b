// Prints one closing line over the JSON reports of Vitest and Playwright, so a reader of a CI log
// (human or machine) sees the whole count in one place.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const unfinished = [];
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (report.numPassedTests !== undefined) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
    // A test file whose worker died (or that failed) is named, with its tests that did not pass: a
    // crashed worker otherwise leaves only "Worker exited unexpectedly" in the log.
    for (const result of report.testResults ?? []) {
      if (result.status === 'passed') continue;
      const open = (result.assertionResults ?? []).filter((test) => test.status !== 'passed');
      unfinished.push(
        `${result.name} (${result.status}): ${open.map((test) => test.fullName).join('; ') || 'no test finished'}`,
      );
    }
  } else if (report.stats) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  }
}
for (const line of unfinished) console.log(`not passed: ${line}`);
console.log(
  `${process.env.SUMMARY_LABEL ?? 'total'}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`,
);
process.exitCode = failed > 0 ? 1 : 0;
