import { createHash } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  apiGet,
  apiWrite,
  categoryIds,
  currencyIds,
  expect,
  expectNoSeriousAxeViolations,
  field,
  ownerWithReader,
  signUp,
  test,
  toasts,
} from './support/fixtures.js';

// Access from outside (docs/web.md "Zugriff von aussen"): Einstellungen → Zugriff (API-Tokens,
// Verbindungen, Protokoll) and the consent page /oauth/authorize. The server's "today" is pinned to
// 2026-11-21.

const REDIRECT_URI = 'https://assistant.example/callback';
// PKCE (RFC 7636 appendix B): the assistant keeps the verifier, the page sees its S256 challenge.
const CODE_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const CODE_CHALLENGE = createHash('sha256').update(CODE_VERIFIER).digest('base64url');

function section(page: Page, name: string): Locator {
  return page.getByRole('region', { name });
}

/** A client registered the way an assistant registers itself (dynamic client registration). */
async function registerClient(request: APIRequestContext, name: string): Promise<string> {
  const response = await request.post('/api/oauth/register', {
    data: { client_name: name, redirect_uris: [REDIRECT_URI] },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { client_id: string }).client_id;
}

/** The consent page's address as an assistant opens it. */
function consentPath(clientId: string, state: string, scope = 'forecast:read data:read'): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    scope,
    state,
    code_challenge: CODE_CHALLENGE,
    code_challenge_method: 'S256',
  });
  return `/oauth/authorize?${query.toString()}`;
}

/** The client's redirect URI answers in place of a real assistant; the URL it was called with is kept. */
async function catchRedirect(page: Page): Promise<() => URL> {
  let reached: URL | undefined;
  await page.route(`${REDIRECT_URI}**`, async (route) => {
    reached = new URL(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Assistent</title><h1>Verbunden</h1>' });
  });
  return () => {
    if (!reached) throw new Error('the redirect URI was not called');
    return reached;
  };
}

test.describe('API-Tokens', () => {
  test('creates a token in the dialog, shows its secret once to copy, and lists it', async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signUp(page);
    await page.goto('/settings/access');
    await expect(page).toHaveTitle('Zugriff - SaldoPilot');
    const tokens = section(page, 'API-Tokens');
    await expect(tokens.getByText('Mit einem persönlichen API-Token greifen Programme')).toBeVisible();
    await expect(tokens.getByText('Noch keine API-Tokens.')).toBeVisible();
    await expect(section(page, 'Verbindungen').getByText('Keine Assistenten verbunden.')).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    const newToken = tokens.getByRole('button', { name: 'Neues Token' });
    await newToken.click();
    const dialog = page.getByRole('dialog', { name: 'API-Token erstellen' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Das Token gilt für die Organisation «Meine Organisation».')).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Gültigkeit' })).toHaveValue('90 Tage');
    const create = dialog.getByRole('button', { name: 'Erstellen' });
    await expect(create).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('CI-Export');
    const scopes = dialog.getByRole('group', { name: 'Berechtigungen' });
    // Five of the organisation's data and portfolio:read, the Übersicht of all one's organisations (docs/access.md "Portfolio").
    await expect(scopes.getByRole('checkbox')).toHaveCount(6);
    await expect(scopes.getByText('data:write')).toBeVisible();
    await expect(scopes.getByText('portfolio:read')).toBeVisible();
    await scopes.getByRole('checkbox', { name: /^Prognose und Plan\/Ist lesen/ }).check();
    await scopes.getByRole('checkbox', { name: /^Bankkonten, Bankbewegungen und Transaktionen lesen/ }).check();
    await dialog.getByRole('combobox', { name: 'Gültigkeit' }).click();
    await page.getByRole('option', { name: '30 Tage' }).click();
    await expectNoSeriousAxeViolations(page);
    await create.click();

    // The secret, this once, selected in a read-only field.
    await expect(dialog.getByText('Kopieren Sie das Token jetzt. Es wird nur einmal angezeigt.')).toBeVisible();
    const secretField = dialog.getByRole('textbox', { name: 'API-Token' });
    await expect(secretField).toHaveValue(/^sp_pat_/);
    await expect(secretField).not.toBeEditable();
    await expect(secretField).toBeFocused();
    const secret = await secretField.inputValue();
    await dialog.getByRole('button', { name: 'Kopieren' }).click();
    await expect(
      toasts(page).getByRole('status').filter({ hasText: 'Token in die Zwischenablage kopiert' }),
    ).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await expectNoSeriousAxeViolations(page);

    // The token works at once, for what it was given.
    const asToken = { Authorization: `Bearer ${secret}` };
    expect((await request.get('/api/bank-accounts', { headers: asToken })).status()).toBe(200);

    // Closing returns to the list, and the focus to the button that opened the dialog.
    await dialog.getByRole('button', { name: 'Schliessen', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(newToken).toBeFocused();
    const table = tokens.getByRole('table', { name: 'API-Tokens' });
    const row = table.getByRole('row', { name: /CI-Export/ });
    await expect(row).toContainText('Meine Organisation');
    await expect(row).toContainText('Prognose und Plan/Ist lesen');
    await expect(row).toContainText('Bankkonten, Bankbewegungen und Transaktionen lesen');
    await expect(row).not.toContainText('ändern');
    await expect(row.getByRole('cell', { name: 'Nie' })).toBeVisible();
    await expect(row).toContainText(`${secret.slice(0, 12)}…`);
    await expect(row).toContainText('21.12.2026');
  });

  test('a used token shows when it was last used, never its secret, and is revoked after asking', async ({
    page,
    request,
  }) => {
    await signUp(page);
    const { secret } = await apiWrite<{ secret: string }>(page, 'POST', '/api/api-tokens', {
      name: 'CI-Export',
      scopes: ['data:read'],
      expiresInDays: 365,
    });
    const asToken = { Authorization: `Bearer ${secret}` };
    expect((await request.get('/api/bank-accounts', { headers: asToken })).status()).toBe(200);

    await page.goto('/settings/access');
    const tokens = section(page, 'API-Tokens');
    const row = tokens.getByRole('table', { name: 'API-Tokens' }).getByRole('row', { name: /CI-Export/ });
    await expect(row).toBeVisible();
    // The tab is remembered for /settings.
    await page.goto('/settings');
    await expect(page).toHaveURL('/settings/access');
    await expect(row).toContainText(`${secret.slice(0, 12)}…`);
    await expect(row).toContainText('21.11.2027');
    await expect(row).not.toContainText('Nie');
    await expect(row).toContainText(/\d\d\.\d\d\.\d{4}, \d\d:\d\d/);
    await expect(page.getByText(secret)).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);

    await row.getByRole('button', { name: 'Widerrufen: CI-Export' }).click();
    const question = page.getByRole('dialog', { name: 'Token widerrufen' });
    await expect(
      question.getByText('Token «CI-Export» widerrufen? Programme, die es verwenden, verlieren den Zugriff sofort.'),
    ).toBeVisible();
    await expect(question.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
    await question.getByRole('button', { name: 'Widerrufen' }).click();
    await expect(toasts(page).getByRole('status').filter({ hasText: 'Token «CI-Export» widerrufen' })).toBeVisible();
    await expect(tokens.getByText('Noch keine API-Tokens.')).toBeVisible();
    expect((await request.get('/api/bank-accounts', { headers: asToken })).status()).toBe(401);
  });
});

test.describe('Consent page', () => {
  test('a signed-out visitor signs in and comes back; approving sends code and state to the client, the connection is listed and revoked', async ({
    page,
    request,
  }) => {
    const clientId = await registerClient(request, 'Testassistent');
    const account = await signUp(page);
    await page.context().clearCookies();
    const path = consentPath(clientId, 'zustand-42');

    await page.goto(path);
    await expect(page).toHaveURL(/\/auth\?weiter=/);
    await field(page, 'E-Mail').fill(account.email);
    await field(page, 'Passwort').fill(account.password);
    await page.getByRole('button', { name: 'Login' }).click();

    // Back on the consent page with the whole query.
    await expect(page).toHaveURL((url) => url.pathname === '/oauth/authorize');
    const arrived = new URL(page.url()).searchParams;
    for (const [key, value] of new URLSearchParams(path.split('?')[1])) expect(arrived.get(key), key).toBe(value);
    await expect(page).toHaveTitle('Zugriff erlauben - SaldoPilot');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Testassistent möchte auf Meine Organisation zugreifen' }),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toHaveCount(0);
    await expect(page.getByText(`Weiterleitung an ${REDIRECT_URI}`)).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Organisation' })).toHaveCount(0);
    const scopes = page.getByRole('group', { name: 'Berechtigungen' });
    const forecast = scopes.getByRole('checkbox', { name: /^Prognose und Plan\/Ist lesen/ });
    const data = scopes.getByRole('checkbox', { name: /^Bankkonten, Bankbewegungen und Transaktionen lesen/ });
    await expect(scopes.getByRole('checkbox')).toHaveCount(2);
    await expect(forecast).toBeChecked();
    await expect(data).toBeChecked();
    await expectNoSeriousAxeViolations(page);

    // At least one scope stays.
    const allow = page.getByRole('button', { name: 'Zugriff erlauben' });
    await forecast.uncheck();
    await data.uncheck();
    await expect(page.getByText('Wählen Sie mindestens eine Berechtigung')).toBeVisible();
    await expect(allow).toBeDisabled();
    await forecast.check();
    await expect(allow).toBeEnabled();

    const redirected = await catchRedirect(page);
    await allow.click();
    await expect(page).toHaveURL((url) => url.href.startsWith(REDIRECT_URI));
    const callback = redirected();
    expect(callback.searchParams.get('code')).toBeTruthy();
    expect(callback.searchParams.get('state')).toBe('zustand-42');
    expect(callback.searchParams.get('error')).toBeNull();

    // The assistant trades the code for its tokens: now it is connected, with the scope kept.
    const exchanged = await request.post('/api/oauth/token', {
      form: {
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code') ?? '',
        code_verifier: CODE_VERIFIER,
        redirect_uri: REDIRECT_URI,
        client_id: clientId,
      },
    });
    expect(exchanged.status(), await exchanged.text()).toBe(200);
    const tokens = (await exchanged.json()) as { access_token: string; scope: string };
    expect(tokens.scope).toBe('forecast:read');
    const asAssistant = { Authorization: `Bearer ${tokens.access_token}` };
    expect((await request.get('/api/forecasts', { headers: asAssistant })).status()).toBe(200);

    await page.goto('/settings/access');
    const connections = page.getByRole('region', { name: 'Verbindungen' });
    const row = connections.getByRole('table', { name: 'Verbindungen' }).getByRole('row', { name: /Testassistent/ });
    await expect(row).toContainText('Prognose und Plan/Ist lesen');
    await expect(row).not.toContainText('Bankkonten, Bankbewegungen und Transaktionen lesen');
    await expect(row).toContainText('Meine Organisation');
    await expectNoSeriousAxeViolations(page);

    await row.getByRole('button', { name: 'Widerrufen: Testassistent' }).click();
    const question = page.getByRole('dialog', { name: 'Verbindung widerrufen' });
    await expect(question).toContainText('Verbindung zu «Testassistent» widerrufen?');
    await question.getByRole('button', { name: 'Widerrufen' }).click();
    await expect(
      toasts(page).getByRole('status').filter({ hasText: 'Verbindung zu «Testassistent» widerrufen' }),
    ).toBeVisible();
    await expect(connections.getByText('Keine Assistenten verbunden.')).toBeVisible();
    expect((await request.get('/api/forecasts', { headers: asAssistant })).status()).toBe(401);
  });

  test('"Ablehnen" sends access_denied with the state to the client; a member of two organisations chooses one', async ({
    page,
    request,
  }) => {
    const clientId = await registerClient(request, 'Abgelehnter Assistent');
    await signUp(page);
    const { CHF } = await currencyIds(page);
    await apiWrite(page, 'POST', '/api/organisations', { name: 'Zweite AG', currencyId: CHF });
    await page.goto(consentPath(clientId, 'nein-7', 'salaries:read'));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Abgelehnter Assistent möchte auf Meine Organisation zugreifen' }),
    ).toBeVisible();
    await expect(page.getByRole('group', { name: 'Berechtigungen' }).getByRole('checkbox')).toHaveCount(1);
    const organisation = page.getByRole('combobox', { name: 'Organisation' });
    await expect(organisation).toHaveValue('Meine Organisation');
    await organisation.click();
    await page.getByRole('option', { name: 'Zweite AG' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Abgelehnter Assistent möchte auf Zweite AG zugreifen' }),
    ).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    const redirected = await catchRedirect(page);
    await page.getByRole('button', { name: 'Ablehnen' }).click();
    await expect(page).toHaveURL((url) => url.href.startsWith(REDIRECT_URI));
    const callback = redirected();
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe('nein-7');
    expect(callback.searchParams.get('code')).toBeNull();

    await page.goto('/settings/access');
    await expect(
      page.getByRole('region', { name: 'Verbindungen' }).getByText('Keine Assistenten verbunden.'),
    ).toBeVisible();
  });

  test('a request the server refuses shows its message and no buttons', async ({ page }) => {
    await signUp(page);
    // A signed-in person on a login link that names the consent page goes straight there.
    await page.goto(`/auth?${new URLSearchParams({ weiter: consentPath('unbekannter-client', 'x') }).toString()}`);
    await expect(page).toHaveURL((url) => url.pathname === '/oauth/authorize');
    await expect(page.getByRole('heading', { level: 1, name: 'Ungültige Anfrage' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('Dieser Client ist nicht registriert.');
    await expect(page.getByRole('button', { name: 'Zugriff erlauben' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Ablehnen' })).toHaveCount(0);
    await expect(page).toHaveURL(/\/oauth\/authorize\?/);
    await expectNoSeriousAxeViolations(page);
  });
});

test.describe('Protokoll', () => {
  test('a read-only member does not see it; the owner sees a write made through a token', async ({
    browser,
    page,
    request,
  }) => {
    const { owner, prepared } = await ownerWithReader(browser, page, async (ownerPage) => {
      const created = await apiWrite<{ secret: string }>(ownerPage, 'POST', '/api/api-tokens', {
        name: 'Buchhaltungsskript',
        scopes: ['data:read', 'data:write'],
        expiresInDays: 7,
      });
      const [currencies, categories] = await Promise.all([currencyIds(ownerPage), categoryIds(ownerPage)]);
      return { ownerPage, secret: created.secret, chf: currencies.CHF, general: categories.Generell };
    });

    // The reader: tokens and connections, but no audit log.
    await page.goto('/settings/access');
    await expect(section(page, 'API-Tokens')).toBeVisible();
    await expect(section(page, 'Verbindungen')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Protokoll' })).toHaveCount(0);

    const write = await request.post('/api/transactions', {
      headers: { Authorization: `Bearer ${prepared.secret}` },
      data: {
        name: 'Über die API',
        amount: -12_50,
        type: 'single',
        startDate: '2026-12-01',
        categoryId: prepared.general,
        currencyId: prepared.chf,
        vatIncluded: false,
      },
    });
    expect(write.status(), await write.text()).toBe(201);

    const ownerPage = prepared.ownerPage;
    await ownerPage.goto('/settings/access');
    const log = section(ownerPage, 'Protokoll');
    await expect(log.getByText('Änderungen über API-Tokens und Assistenten')).toBeVisible();
    const row = log.getByRole('table', { name: 'Protokoll' }).getByRole('row', { name: /Buchhaltungsskript/ });
    await expect(row).toContainText('Otto Owner');
    await expect(row).toContainText('Token: Buchhaltungsskript');
    await expect(row).toContainText('POST /api/transactions');
    await expect(row).toContainText(/\d\d\.\d\d\.\d{4}, \d\d:\d\d/);
    await expect(log).toContainText('1 Eintrag');
    const audit = await apiGet<{ pagination: { totalCount: number } }>(ownerPage, '/api/audit-log');
    expect(audit.pagination.totalCount).toBe(1);
    await expectNoSeriousAxeViolations(ownerPage);
    await owner.close();
  });
});
