import { AxeBuilder } from '@axe-core/playwright';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';

export { expect };

export const PASSWORD = 'Sicheres-Passwort-1';

let ipCounter = 0;

/**
 * Every test runs as its own client address (the server trusts X-Forwarded-For), so the per-IP rate
 * limits of login and registration never couple tests to each other.
 */
export const test = base.extend({
  context: async ({ context }, use, testInfo) => {
    ipCounter += 1;
    const ip = `10.${testInfo.workerIndex % 250}.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
    await use(context);
  },
});

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.ch`;
}

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** The newest mail to `email` in the development outbox. */
export async function mailTo(request: APIRequestContext, email: string): Promise<Mail> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const mails = (await (await request.get('/api/dev/outbox')).json()) as Mail[];
    const mail = mails.find((candidate) => candidate.to === email);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${email}`);
}

/** The path and query of the first link of the app in a mail, e.g. `/auth/validate?email=…&code=…`. */
export function linkIn(mail: Mail): string {
  const match = /https?:\/\/[^\s/]+(\/auth\/[^\s]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no link in mail "${mail.subject}"`);
  return match[1];
}

/** Same-origin headers for writes with a session cookie (the server's CSRF check). */
function writeHeaders(baseURL: string) {
  return { origin: new URL(baseURL).origin };
}

export interface Account {
  email: string;
  password: string;
  name: string;
}

/**
 * Registers a new user through the API the way a person would (mail from the outbox) and leaves the
 * page's browser context signed in as that user.
 */
export async function signUp(page: Page, name = 'Anna Muster'): Promise<Account> {
  const email = uniqueEmail();
  const request = page.request;
  const started = await request.post('/api/auth/registration/create', { data: { email } });
  expect(started.status(), await started.text()).toBe(200);
  const code = new URL(linkIn(await mailTo(request, email)), 'http://x').searchParams.get('code');
  const finished = await request.post('/api/auth/registration/finish', {
    data: { email, code, password: PASSWORD, name },
  });
  expect(finished.status(), await finished.text()).toBe(200);
  return { email, password: PASSWORD, name };
}

/** A signed-in write through the page's session (test setup). */
export async function apiWrite<T>(
  page: Page,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const baseURL = test.info().project.use.baseURL ?? '';
  const response = await page.request.fetch(path, { method, data, headers: writeHeaders(baseURL) });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

export async function apiGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.ok(), `GET ${path}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/** A CHF bank account written through the API (test setup). */
export async function aChfAccount(
  page: Page,
  name: string,
  amount: number,
  balanceDate: string,
  iban?: string,
): Promise<{ id: number }> {
  const { CHF } = await currencyIds(page);
  return apiWrite<{ id: number }>(page, 'POST', '/api/bank-accounts', {
    name,
    amount,
    currencyId: CHF,
    balanceDate,
    ...(iban === undefined ? {} : { iban }),
  });
}

/** A joinery's staff (test setup): three monthly salaries of 6'000, 7'000 and 8'400 CHF from `fromDate`. */
export async function joineryStaff(page: Page, fromDate: string): Promise<void> {
  const { CHF } = await currencyIds(page);
  for (const [name, amount] of [
    ['Anna Holz', 6_000_00],
    ['Beat Leim', 7_000_00],
    ['Carla Hobel', 8_400_00],
  ] as const) {
    const employee = await apiWrite<{ id: number }>(page, 'POST', '/api/employees', { name });
    await apiWrite(page, 'POST', `/api/employees/${employee.id}/salaries`, {
      hoursPerMonth: 180,
      amount,
      cycle: 'monthly',
      currencyId: CHF,
      vacationDaysPerYear: 25,
      fromDate,
    });
  }
}

/** The currencies' ids by code ("CHF": 1, …), as the API lists them (test setup). */
export async function currencyIds(page: Page): Promise<Record<string, number>> {
  const currencies = await apiGet<{ id: number; code: string }[]>(page, '/api/currencies');
  return Object.fromEntries(currencies.map((currency) => [currency.code, currency.id]));
}

/** The organisation's category ids by name ("Generell": 1, …) (test setup). */
export async function categoryIds(page: Page): Promise<Record<string, number>> {
  const categories = await apiGet<{ data: { id: number; name: string }[] }>(page, '/api/categories?page=1&limit=100');
  return Object.fromEntries(categories.data.map((category) => [category.name, category.id]));
}

/**
 * Waits until the page's transitions and animations have run to their end (endless ones, such as a
 * spinner, aside): a dialog or toast that is fading or sliding in stands where it will stay.
 */
export async function animationsFinished(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * Waits for the page to paint twice more: what its last render started has happened by then (React
 * runs a render's effects after the browser has painted it, and the state they set is painted in the
 * next frame), e.g. the login page's expiry toast, which its first render's effect shows. For
 * "nothing appears" checks, once the event that would have caused the thing (a page shown, an answer
 * received) has been waited for.
 */
export async function twoPaintsLater(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
      }),
  );
}

/** The ids most setups need (test setup): CHF, EUR and ISK, and the category "Generell". */
export interface ReferenceIds {
  chf: number;
  eur: number;
  isk: number;
  general: number;
}

export async function referenceIds(page: Page): Promise<ReferenceIds> {
  const [currencies, categories] = await Promise.all([currencyIds(page), categoryIds(page)]);
  return { chf: currencies.CHF!, eur: currencies.EUR!, isk: currencies.ISK!, general: categories.Generell! };
}

/**
 * Accessibility (docs/design.md "Web conventions"): no serious or critical axe finding on the page
 * as it is now.
 */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  // Colours are judged once entering elements (toasts, dialogs) have finished fading in.
  await animationsFinished(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(
    serious.map(
      (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target).join(', ')})`,
    ),
  ).toEqual([]);
}

/**
 * Collects what the page logs as a console error from now on; a failed request (a 404 or 401 the app
 * asked for) is logged by the browser as "Failed to load resource: … status of 404", so an empty
 * list also means no request failed (no console noise on the auth and settings pages: docs/api.md
 * "Sessions" and "Areas").
 */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The toast area's toasts (role status or alert inside the "Meldungen" region). */
export function toasts(page: Page) {
  return page.getByRole('region', { name: 'Meldungen' });
}

/**
 * Empties `input` and checks that it stays empty and that `within` names what is missing: an emptied
 * field must not show its old value again (react-hook-form's default) while the form holds nothing.
 */
export async function expectEmptiedAndAskedFor(within: Locator, input: Locator, message: string): Promise<void> {
  await input.fill('');
  await input.blur();
  await expect(input).toHaveValue('');
  await expect(within.getByText(message)).toBeVisible();
}

/** A labelled field by its exact label (required fields carry a " *" after it). */
export function field(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`));
}

/**
 * An owner in a browser context of their own, set up by `prepare` (rows made through the API), and
 * `page`'s new user joined to the owner's organisation as a read-only member working in it. Close
 * `owner` at the end of the test.
 */
export function ownerWithReader<T>(
  browser: Browser,
  page: Page,
  prepare: (ownerPage: Page) => Promise<T>,
): Promise<{ owner: BrowserContext; prepared: T }> {
  return ownerWithMember(browser, page, prepare, { role: 'read-only', name: 'Rita Reader' });
}

/**
 * As `ownerWithReader`, with `page`'s new user joined in the given role under the given name (an
 * editor changes the same data as the owner: realtime between members).
 */
export async function ownerWithMember<T>(
  browser: Browser,
  page: Page,
  prepare: (ownerPage: Page) => Promise<T>,
  member: { role: 'admin' | 'editor' | 'read-only'; name: string },
): Promise<{ owner: BrowserContext; prepared: T }> {
  const owner = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await owner.setExtraHTTPHeaders({
    'x-forwarded-for': `10.253.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  const ownerPage = await owner.newPage();
  await signUp(ownerPage, 'Otto Owner');
  const prepared = await prepare(ownerPage);
  const { currentOrganisationId } = await apiGet<{ currentOrganisationId: number }>(ownerPage, '/api/profile');
  const joined = await signUp(page, member.name);
  await apiWrite(ownerPage, 'POST', `/api/organisations/${currentOrganisationId}/invitations`, {
    email: joined.email,
    role: member.role,
  });
  const [invitation] = await apiGet<{ id: number }[]>(page, '/api/me/invitations');
  await apiWrite(page, 'POST', `/api/me/invitations/${invitation?.id}/accept`);
  await apiWrite(page, 'PATCH', '/api/profile/organisation', { organisationId: currentOrganisationId });
  return { owner, prepared };
}
