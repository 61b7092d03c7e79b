/**
 * The two servers of an e2e run (playwright.config.ts starts both): the test server most specs use,
 * and a second one in development mode, as `npm start` runs it (demo data, outbox, demo account on
 * the login page).
 */
export const e2ePort = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://127.0.0.1:${e2ePort}`;
export const developmentURL = `http://127.0.0.1:${e2ePort + 1}`;
