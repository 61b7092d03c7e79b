// Every table of the database; drizzle-kit reads this file to generate migrations.
export * from './reference.js';
export * from './accounts.js';
export * from './finance.js';
export * from './employees.js';
export * from './forecasts.js';
export * from './bank-statements.js';
export * from './access.js';
export * from './cockpit.js';
export * from './recurring.js';
export * from './scenarios.js';
export * from './forecast-snapshots.js';
export * from './portfolio-rows.js';
