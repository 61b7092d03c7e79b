import type { Browser, Page } from '@playwright/test';
import {
  apiGet,
  apiWrite,
  expect,
  expectNoSeriousAxeViolations,
  field,
  linkIn,
  mailTo,
  PASSWORD,
  signUp,
  test,
  toasts,
  uniqueEmail,
} from './support/fixtures.js';

const ORGANISATION = 'Muster Treuhand AG';

/** Another browser (its own cookies and client address), signed out. */
async function otherBrowser(browser: Browser, width = 1280) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width, height: 800 },
    locale: 'de-CH',
    timezoneId: 'Europe/Zurich',
  });
  await context.setExtraHTTPHeaders({
    'x-forwarded-for': `10.253.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
  });
  return { context, page: await context.newPage() };
}

/** The page's user owns an organisation with a name of its own (the invitee's default is "Meine Organisation"). */
async function ownOrganisation(page: Page): Promise<number> {
  await signUp(page, 'Olivia Owner');
  const { currentOrganisationId } = await apiGet<{ currentOrganisationId: number }>(page, '/api/profile');
  await apiWrite(page, 'PATCH', `/api/organisations/${currentOrganisationId}`, { name: ORGANISATION });
  return currentOrganisationId;
}

/** Invites `email` through the API and answers the link of the invitation mail. */
async function invite(page: Page, organisationId: number, email: string, role = 'read-only'): Promise<string> {
  await apiWrite(page, 'POST', `/api/organisations/${organisationId}/invitations`, { email, role });
  return linkIn(await mailTo(page.request, email));
}

/** An account in a browser of its own, which is closed again: the account exists, nobody is signed in. */
async function existingAccount(browser: Browser, name: string) {
  const other = await otherBrowser(browser);
  const account = await signUp(other.page, name);
  await other.context.close();
  return account;
}

function invitationAlert(page: Page) {
  return page.getByRole('note').filter({ hasText: 'Sie wurden eingeladen' });
}

test('a new person follows the mailed link, creates the account and lands in the organisation (375 px)', async ({
  page,
  browser,
}) => {
  await ownOrganisation(page);
  const email = uniqueEmail('eingeladen');

  // The owner invites through Settings → Organisationen.
  await page.goto('/settings/organisations');
  await page.getByRole('button', { name: 'Einladen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mitglied einladen' });
  await dialog.getByRole('textbox', { name: 'E-Mail' }).fill(email);
  await dialog.getByRole('combobox', { name: 'Rolle' }).click();
  await page.getByRole('option', { name: 'Bearbeiter' }).click();
  await dialog.getByRole('button', { name: 'Einladen' }).click();
  await expect(toasts(page).getByRole('status')).toContainText(`Einladung an "${email}" wurde gesendet`);

  const link = linkIn(await mailTo(page.request, email));
  expect(link).toMatch(/^\/auth\/invitation\?token=[\w-]+$/);

  // Signed in as somebody else, the page stays open and says who would be signed in.
  await page.goto(link);
  await expect(page).toHaveURL(link);
  await expect(page).toHaveTitle('Einladung - SaldoPilot');
  await expect(page.getByRole('note').filter({ hasText: 'Sie sind als' })).toContainText(
    `die Einladung gilt für ${email}`,
  );
  await expect(page.getByRole('button', { name: 'Konto erstellen & beitreten' })).toBeVisible();

  const invitee = await otherBrowser(browser, 375);
  const visitor = invitee.page;
  await visitor.goto(link);
  await expect(visitor).toHaveTitle('Einladung - SaldoPilot');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Einladung' })).toBeVisible();
  await expect(invitationAlert(visitor)).toContainText(
    `Sie wurden eingeladen, der Organisation ${ORGANISATION} beizutreten.`,
  );
  await expect(invitationAlert(visitor)).toContainText('Eingeladen von: Olivia Owner');
  await expect(invitationAlert(visitor)).toContainText('Rolle: Bearbeiter');
  await expect(visitor.getByText(/Geben Sie ein sicheres Passwort ein \(mind\. 8 Zeichen\)/)).toBeVisible();
  await expect(visitor.getByRole('textbox', { name: 'E-Mail' })).toHaveValue(email);
  await expect(visitor.getByRole('textbox', { name: 'E-Mail' })).toBeDisabled();
  await expect(visitor.getByRole('note').filter({ hasText: 'Sie sind als' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(visitor);
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The validation messages of the validate page; the button waits for a valid form.
  const create = visitor.getByRole('button', { name: 'Konto erstellen & beitreten' });
  await expect(create).toBeDisabled();
  await field(visitor, 'Passwort').fill('kurz');
  await field(visitor, 'Passwort wiederholen').focus();
  await expect(visitor.getByText('Bitte geben Sie mind. 8 Zeichen ein')).toBeVisible();
  await field(visitor, 'Passwort').fill('');
  await field(visitor, 'Passwort wiederholen').focus();
  await expect(field(visitor, 'Passwort')).toHaveAccessibleDescription('Passwort wird benötigt');
  await field(visitor, 'Passwort').fill('Ein-gutes-Passwort');
  await field(visitor, 'Passwort wiederholen').fill('Ein-anderes-Passwort');
  await visitor.getByRole('textbox', { name: 'Name' }).focus();
  await expect(visitor.getByText('Passwörter stimmen nicht überein')).toBeVisible();
  await expect(create).toBeDisabled();
  await field(visitor, 'Passwort wiederholen').fill('Ein-gutes-Passwort');
  await visitor.getByRole('textbox', { name: 'Name' }).fill('Ivo Neu');
  await expect(create).toBeEnabled();
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  const reloaded = visitor.waitForEvent('load');
  await create.click();
  await reloaded;
  await expect(visitor).toHaveURL('/');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Prognose' })).toBeVisible();
  await expect(toasts(visitor).getByRole('status')).toContainText(
    `Ihr Konto wurde erstellt und Sie sind der Organisation "${ORGANISATION}" beigetreten`,
  );
  // At 375 px the organisation dropdown sits in the menu.
  await visitor.getByRole('button', { name: 'Menü öffnen' }).click();
  await expect(visitor.getByRole('combobox', { name: 'Organisation' })).toHaveValue(ORGANISATION);
  const profile = await apiGet<{ name: string; email: string }>(visitor, '/api/profile');
  expect(profile).toMatchObject({ name: 'Ivo Neu', email });

  // The link is used up; signed in, the way out leads home.
  await visitor.goto(link);
  await expect(visitor.getByRole('alert')).toHaveText(
    'Dieser Einladungslink ist nicht gültig oder wurde bereits verwendet. Bitte fragen Sie nach einer neuen Einladung.',
  );
  await visitor.getByRole('link', { name: 'Zur Startseite' }).click();
  await expect(visitor).toHaveURL('/');
  await invitee.context.close();

  // The owner sees the new member.
  await page.goto('/settings/organisations');
  await expect(page.getByRole('region', { name: 'Mitglieder (2)' })).toContainText('Ivo Neu');
});

test('an existing account joins with its password; a wrong one gives the German error', async ({ page, browser }) => {
  const account = await existingAccount(browser, 'Eva Bestehend');
  const owner = await otherBrowser(browser);
  const organisationId = await ownOrganisation(owner.page);
  const link = await invite(owner.page, organisationId, account.email);
  await owner.context.close();

  await page.goto(link);
  await expect(invitationAlert(page)).toContainText(ORGANISATION);
  await expect(invitationAlert(page)).toContainText('Rolle: Nur Lesen');
  await expect(
    page.getByText('Sie haben bereits ein Konto. Bestätigen Sie Ihr Passwort, um der Organisation beizutreten.'),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-Mail' })).toHaveValue(account.email);
  await expect(field(page, 'Passwort wiederholen')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  const join = page.getByRole('button', { name: 'Einladung annehmen' });
  await expect(join).toBeDisabled();
  await field(page, 'Passwort').fill('das-ist-falsch');
  await join.click();
  // The refusal shows beside the form (no toast over the button, docs/product.md "Overlays, toasts and dialogs").
  const error = page.getByRole('form', { name: 'Einladung' }).getByRole('alert');
  await expect(error).toContainText('Login fehlgeschlagen, bitte prüfen Sie Ihre Zugangsdaten');
  await expect(toasts(page).getByRole('alert')).toHaveCount(0);
  await expect(page).toHaveURL(link);

  // Enter sends the form as well.
  await field(page, 'Passwort').fill(account.password);
  await field(page, 'Passwort').press('Enter');
  await expect(page).toHaveURL('/');
  await expect(toasts(page).getByRole('status')).toContainText(
    `Sie sind der Organisation "${ORGANISATION}" beigetreten`,
  );
  await expect(page.getByRole('combobox', { name: 'Organisation' })).toHaveValue(ORGANISATION);
  await page.getByRole('combobox', { name: 'Organisation' }).click();
  await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['Meine Organisation', ORGANISATION]);
});

test('signed in as the invited person, the page stays open and asks for the password', async ({ page, browser }) => {
  const account = await signUp(page, 'Sina Angemeldet');
  const owner = await otherBrowser(browser);
  const organisationId = await ownOrganisation(owner.page);
  const link = await invite(owner.page, organisationId, account.email, 'admin');
  await owner.context.close();

  await page.goto('/');
  await expect(page.getByRole('combobox', { name: 'Organisation' })).toHaveValue('Meine Organisation');
  await page.goto(link);
  await expect(page).toHaveURL(link);
  await expect(invitationAlert(page)).toContainText('Rolle: Administrator');
  await expect(
    page.getByText(
      `Sie sind als ${account.email} angemeldet. Bestätigen Sie Ihr Passwort, um der Organisation beizutreten.`,
    ),
  ).toBeVisible();
  await field(page, 'Passwort').fill(PASSWORD);
  await page.getByRole('button', { name: 'Einladung annehmen' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('combobox', { name: 'Organisation' })).toHaveValue(ORGANISATION);
});

test.describe('links that lead nowhere', () => {
  const invalid =
    'Dieser Einladungslink ist nicht gültig oder wurde bereits verwendet. Bitte fragen Sie nach einer neuen Einladung.';

  test('unknown, malformed and missing tokens say so and lead to login', async ({ page }) => {
    await page.goto('/auth/invitation?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG');
    await expect(page).toHaveTitle('Einladung - SaldoPilot');
    await expect(page.getByRole('alert')).toHaveText(invalid);
    await expect(page.getByRole('textbox', { name: 'E-Mail' })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);

    await page.goto('/auth/invitation?token=kaputt');
    await expect(page.getByRole('alert')).toHaveText(invalid);

    await page.goto('/auth/invitation');
    await expect(page.getByRole('alert')).toHaveText(
      'Kein Einladungstoken gefunden. Bitte öffnen Sie den Link aus der Einladungs-E-Mail.',
    );
    await page.getByRole('link', { name: 'Zum Login' }).click();
    await expect(page).toHaveURL('/auth');
  });

  test('a revoked invitation is no longer valid', async ({ page, browser }) => {
    const owner = await otherBrowser(browser);
    const organisationId = await ownOrganisation(owner.page);
    const email = uniqueEmail('widerrufen');
    const link = await invite(owner.page, organisationId, email);
    const [invitation] = await apiGet<{ id: number }[]>(owner.page, `/api/organisations/${organisationId}/invitations`);
    await apiWrite(owner.page, 'DELETE', `/api/organisations/${organisationId}/invitations/${invitation?.id}`);
    await owner.context.close();

    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText(invalid);
    await page.getByRole('link', { name: 'Zum Login' }).click();
    await expect(page).toHaveURL('/auth');
  });

  test('an expired invitation has its own message', async ({ page }) => {
    // Seven days cannot pass in a test: the server's answer for an expired token is played instead.
    await page.route('**/api/auth/invitation/check?*', (route) =>
      route.fulfill({
        status: 410,
        json: { error: 'Diese Einladung ist abgelaufen. Bitte bitten Sie um eine neue Einladung.', code: 'GONE' },
      }),
    );
    await page.goto('/auth/invitation?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG');
    await expect(page.getByRole('alert')).toHaveText(
      'Diese Einladung ist abgelaufen. Bitte fragen Sie nach einer neuen Einladung.',
    );
    await expectNoSeriousAxeViolations(page);
    await expect(page.getByRole('link', { name: 'Zum Login' })).toBeVisible();
  });

  test('an invitation revoked while the page is open: accepting shows the message', async ({ page, browser }) => {
    const owner = await otherBrowser(browser);
    const organisationId = await ownOrganisation(owner.page);
    const link = await invite(owner.page, organisationId, uniqueEmail('zu-spaet'));

    await page.goto(link);
    await field(page, 'Passwort').fill('Ein-gutes-Passwort');
    await field(page, 'Passwort wiederholen').fill('Ein-gutes-Passwort');
    const [invitation] = await apiGet<{ id: number }[]>(owner.page, `/api/organisations/${organisationId}/invitations`);
    await apiWrite(owner.page, 'DELETE', `/api/organisations/${organisationId}/invitations/${invitation?.id}`);
    await owner.context.close();

    await page.getByRole('button', { name: 'Konto erstellen & beitreten' }).click();
    await expect(page.getByRole('alert')).toHaveText(invalid);
    await expect(page.getByRole('button', { name: 'Konto erstellen & beitreten' })).toHaveCount(0);
    await expect(page).toHaveURL(link);
  });
});
