import type { Browser } from '@playwright/test';
import {
  apiWrite,
  consoleErrors,
  expect,
  expectNoSeriousAxeViolations,
  field,
  signUp,
  test,
  toasts,
} from './support/fixtures.js';

/** A second person with their own browser and account. */
async function anotherUser(browser: Browser, name: string) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await context.setExtraHTTPHeaders({
    'x-forwarded-for': `10.252.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  const page = await context.newPage();
  const account = await signUp(page, name);
  return { context, page, account };
}

test.describe('Profil', () => {
  test('changes the name; the e-mail cannot be changed', async ({ page }) => {
    const account = await signUp(page);
    await page.goto('/settings/profile');
    await expect(page).toHaveTitle('Profil - SaldoPilot');
    const name = page.getByRole('textbox', { name: 'Name' });
    const save = page.getByRole('button', { name: 'Profil aktualisieren' });
    await expect(name).toHaveValue('Anna Muster');
    await expect(page.getByRole('textbox', { name: 'E-Mail' })).toHaveValue(account.email);
    await expect(page.getByRole('textbox', { name: 'E-Mail' })).not.toBeEditable();
    await expect(save).toBeDisabled();
    await expectNoSeriousAxeViolations(page);

    await name.fill('   ');
    await page.getByRole('textbox', { name: 'E-Mail' }).focus();
    await expect(page.getByText('Name wird benötigt')).toBeVisible();
    await expect(save).toBeDisabled();
    await name.fill('Anna Beispiel');
    await save.click();
    await expect(page.getByRole('status').filter({ hasText: 'Profil wurde bearbeitet' })).toBeVisible();
    await expect(save).toBeDisabled();
    await page.reload();
    await expect(name).toHaveValue('Anna Beispiel');
  });

  test('changes the password after checking the current one', async ({ page, request }) => {
    const account = await signUp(page);
    await page.goto('/settings/profile');
    const current = field(page, 'Aktuelles Passwort');
    const next = field(page, 'Neues Passwort');
    const repeat = field(page, 'Neues Passwort wiederholen');
    const set = page.getByRole('button', { name: 'Neues Passwort setzen' });
    await expect(set).toBeDisabled();

    await current.fill('das-ist-falsch');
    await next.fill('Mein-neues-Passwort');
    await repeat.fill('Mein-neues-Passwort');
    await set.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Fehler beim Ändern des Password' })).toBeVisible();
    await expect(current).toHaveAccessibleDescription('Das aktuelle Passwort ist nicht korrekt');

    await current.fill(account.password);
    await set.click();
    await expect(page.getByRole('status').filter({ hasText: 'Passwort wurde geändert' })).toBeVisible();
    await expect(current).toHaveValue('');

    // This browser stays signed in; the new password works for the next login, tried from elsewhere
    // (page.request shares this browser's cookies: its login would replace this browser's session).
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
    const login = await request.post('/api/auth/login', {
      data: { email: account.email, password: 'Mein-neues-Passwort' },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(login.status()).toBe(200);
  });
});

test.describe('App', () => {
  test('colour mode System / Dunkel / Hell and the switch question, each confirmed', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await signUp(page);
    await page.goto('/settings/app');
    await expect(page).toHaveTitle('App Einstellungen - SaldoPilot');
    await expect(page.getByText('Hinweis: Diese Einstellungen werden pro Browser gespeichert')).toBeVisible();
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.getByText('Hell', { exact: true }).click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    await expect(toasts(page).getByRole('status')).toContainText('Einstellung gespeichert');
    await expectNoSeriousAxeViolations(page);
    await page.getByText('System', { exact: true }).click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expectNoSeriousAxeViolations(page);
  });

  test('"Über SaldoPilot": a dialog that is dragged within the window, maximised and restored', async ({ page }) => {
    const viewport = { width: 1280, height: 720 };
    await page.setViewportSize(viewport);
    await signUp(page);
    await page.goto('/settings/app');
    await page.getByRole('button', { name: 'Informationen anzeigen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Über SaldoPilot' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('rowheader', { name: 'Version' })).toBeVisible();
    await expect(dialog.getByRole('row', { name: /Serverdatum \d\d\.\d\d\.\d{4}/ })).toBeVisible();
    await expect(dialog.getByText('Tastaturbedienung')).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    const box = async () => {
      const rect = await dialog.boundingBox();
      if (!rect) throw new Error('dialog not rendered');
      return rect;
    };
    const dragHeaderBy = async (dx: number, dy: number) => {
      const header = await dialog.getByRole('heading', { name: 'Über SaldoPilot' }).boundingBox();
      if (!header) throw new Error('no header');
      await page.mouse.move(header.x + 5, header.y + 5);
      await page.mouse.down();
      await page.mouse.move(header.x + 5 + dx, header.y + 5 + dy, { steps: 8 });
      await page.mouse.up();
    };

    const centred = await box();
    await dragHeaderBy(150, 80);
    const moved = await box();
    expect(moved.x - centred.x).toBeCloseTo(150, 0);
    expect(moved.y - centred.y).toBeCloseTo(80, 0);

    // However far it is pulled, the dialog stays whole inside the window.
    await dragHeaderBy(3000, 3000);
    const bottomRight = await box();
    expect(bottomRight.x + bottomRight.width).toBeLessThanOrEqual(viewport.width + 0.5);
    expect(bottomRight.y + bottomRight.height).toBeLessThanOrEqual(viewport.height + 0.5);
    expect(bottomRight.x + bottomRight.width).toBeGreaterThan(viewport.width - 2);
    await dragHeaderBy(-5000, -5000);
    const topLeft = await box();
    expect(topLeft.x).toBeGreaterThanOrEqual(-0.5);
    expect(topLeft.y).toBeGreaterThanOrEqual(-0.5);
    expect(topLeft.x).toBeLessThan(2);

    await dialog.getByRole('button', { name: 'Maximieren' }).click();
    await expect.poll(async () => Math.round((await box()).width)).toBe(viewport.width);
    expect(Math.round((await box()).height)).toBe(viewport.height);
    await dialog.getByRole('button', { name: 'Wiederherstellen' }).click();
    // Restored, it is centred again at its own size.
    await expect.poll(async () => Math.round((await box()).width)).toBe(Math.round(centred.width));
    expect(Math.round((await box()).x)).toBe(Math.round(centred.x));

    // A click on the mask closes it, and so does Escape.
    await page.mouse.click(8, viewport.height - 8);
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Informationen anzeigen' }).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Informationen anzeigen' })).toBeFocused();
  });
});

test.describe('Organisationen', () => {
  // docs/api.md "Areas"
  test('the organisation settings log no error: no VAT setting yet is no 404', async ({ page }) => {
    await signUp(page);
    const errors = consoleErrors(page);
    const vat = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/vat-settings');
    await page.goto('/settings/organisations');
    expect((await vat).status()).toBe(200);
    await expect(page.getByText('Automatische MWST-Abrechnung').first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('lists the organisations; creates one with name and currency', async ({ page }) => {
    await signUp(page);
    await page.goto('/settings/organisations');
    await expect(page).toHaveTitle('Organisationen - SaldoPilot');
    const list = page.getByRole('navigation', { name: 'Organisation wählen' });
    await expect(list.getByRole('link')).toHaveCount(1);
    await expect(list.getByRole('link', { name: /Meine Organisation/ })).toHaveAttribute('aria-current', 'page');
    await expect(list).toContainText('Aktiv');
    // The whole name beside "Aktiv", on two lines if need be, not cut to "Meine Organisat…".
    const name = list.getByText('Meine Organisation', { exact: true });
    expect(
      await name.evaluate((text) => text.scrollWidth <= text.clientWidth && text.scrollHeight <= text.clientHeight),
    ).toBe(true);
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('button', { name: 'Organisation hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neue Organisation anlegen' });
    const save = dialog.getByRole('button', { name: 'Speichern' });
    await expect(save).toBeDisabled();
    await expect(dialog.getByRole('combobox', { name: 'Hauptwährung' })).toHaveValue(/^CHF - /);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Filiale Konstanz GmbH');
    await dialog.getByRole('combobox', { name: 'Hauptwährung' }).fill('EUR');
    await page.getByRole('option', { name: /^EUR - / }).click();
    await expectNoSeriousAxeViolations(page);
    await save.click();
    await expect(dialog).toBeHidden();
    await expect(toasts(page).getByRole('status')).toContainText('Organisation "Filiale Konstanz GmbH" wurde angelegt');
    await expect(page.getByRole('heading', { level: 2, name: 'Filiale Konstanz GmbH' })).toBeVisible();
    await expect(list.getByRole('link')).toHaveCount(2);
    await expect(page.getByRole('combobox', { name: 'Hauptwährung' })).toHaveValue(/^EUR - /);
    // Creating does not switch.
    await expect(page.getByRole('combobox', { name: 'Organisation' })).toHaveValue('Meine Organisation');
    // The navigation's dropdown knows the new one too.
    await page.getByRole('combobox', { name: 'Organisation' }).click();
    await expect(page.getByRole('option', { name: 'Filiale Konstanz GmbH' })).toBeVisible();
  });

  test('edits name and currency of an organisation that is not the current one, then switches to it', async ({
    page,
  }) => {
    await signUp(page);
    const other = await apiWrite<{ id: number }>(page, 'POST', '/api/organisations', { name: 'Alt AG', currencyId: 1 });
    await page.goto(`/settings/organisations/${other.id}`);
    const name = page.getByRole('textbox', { name: 'Name' });
    await expect(name).toHaveValue('Alt AG');
    await name.fill('Neu AG');
    await page.getByRole('combobox', { name: 'Hauptwährung' }).fill('USD');
    await page.getByRole('option', { name: /^USD - / }).click();
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Organisation wurde bearbeitet' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Neu AG' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Organisation wählen' })).toContainText('Neu AG');

    await page.getByRole('button', { name: 'Wechseln' }).click();
    await page.getByRole('dialog', { name: 'Organisation wechseln' }).getByRole('button', { name: 'Ja' }).click();
    await expect(page.getByRole('combobox', { name: 'Organisation' })).toHaveValue('Neu AG');
    await expect(page.getByRole('main').getByText('Aktiv', { exact: true }).first()).toBeVisible();
  });

  test('a failed update shows the catalogue message', async ({ page }) => {
    await signUp(page);
    await page.goto('/settings/organisations');
    await page.route('**/api/organisations/*', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({ status: 400, json: { error: 'Name ist zu lang', code: 'VALIDATION_FAILED' } })
        : route.continue(),
    );
    await page.getByRole('textbox', { name: 'Name' }).fill('Noch ein Name');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Fehler beim Aktualisieren der Organisation' });
    await expect(alert).toContainText('Name ist zu lang');
  });

  test('admins invite members, resend and revoke invitations; the invitee joins', async ({ page, browser }) => {
    await signUp(page, 'Olivia Owner');
    await page.goto('/settings/organisations');
    await expect(page.getByRole('heading', { name: 'Mitglieder (1)' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Mitglieder (1)' })).toContainText('Olivia Owner');

    const invitee = await anotherUser(browser, 'Ivo Invitee');
    await page.getByRole('button', { name: 'Einladen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mitglied einladen' });
    await expect(dialog.getByRole('combobox', { name: 'Rolle' })).toHaveValue('Nur Lesen');
    await dialog.getByRole('textbox', { name: 'E-Mail' }).fill(invitee.account.email);
    await dialog.getByRole('combobox', { name: 'Rolle' }).click();
    await page.getByRole('option', { name: 'Bearbeiter' }).click();
    await dialog.getByRole('button', { name: 'Einladen' }).click();
    await expect(dialog).toBeHidden();
    await expect(toasts(page).getByRole('status')).toContainText(
      `Einladung an "${invitee.account.email}" wurde gesendet`,
    );
    const invitations = page.getByRole('region', { name: 'Ausstehende Einladungen (1)' });
    await expect(invitations).toContainText(invitee.account.email);
    await expect(invitations).toContainText('Eingeladen von: Olivia Owner');
    await expect(invitations).toContainText('Bearbeiter');
    await expectNoSeriousAxeViolations(page);

    // Resending right away is refused by the server (once per 10 minutes).
    await invitations.getByRole('button', { name: `Erneut senden: ${invitee.account.email}` }).click();
    await expect(toasts(page).getByRole('alert')).toBeVisible();

    // The invitee sees the invitation in their settings and joins.
    await invitee.page.goto('/settings/organisations');
    await expect(invitee.page.getByText('Sie haben 1 ausstehende Einladung zu einer Organisation.')).toBeVisible();
    await invitee.page.getByRole('button', { name: 'Annehmen' }).click();
    await expect(toasts(invitee.page).getByRole('status')).toContainText(
      'Sie sind der Organisation "Meine Organisation" beigetreten',
    );
    await expect(invitee.page.getByRole('navigation', { name: 'Organisation wählen' }).getByRole('link')).toHaveCount(
      2,
    );
    await invitee.context.close();

    await page.reload();
    await expect(page.getByRole('region', { name: 'Mitglieder (2)' })).toContainText('Ivo Invitee');
    await expect(page.getByRole('region', { name: 'Ausstehende Einladungen (0)' })).toContainText(
      'Keine ausstehenden Einladungen',
    );
  });

  test('revoking an invitation asks first, with the focus on Abbrechen', async ({ page }) => {
    await signUp(page);
    const organisation = (await (await page.request.get('/api/profile')).json()) as { currentOrganisationId: number };
    await apiWrite(page, 'POST', `/api/organisations/${organisation.currentOrganisationId}/invitations`, {
      email: 'gast@example.ch',
      role: 'read-only',
    });
    await page.goto('/settings/organisations');
    const invitations = page.getByRole('region', { name: 'Ausstehende Einladungen (1)' });
    await invitations.getByRole('button', { name: 'Widerrufen: gast@example.ch' }).click();
    const dialog = page.getByRole('dialog', { name: 'Einladung widerrufen' });
    await expect(dialog).toContainText('Möchten Sie die Einladung an "gast@example.ch" wirklich widerrufen?');
    await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Widerrufen' }).click();
    await expect(toasts(page).getByRole('status')).toContainText('Einladung wurde widerrufen');
    await expect(page.getByRole('region', { name: 'Ausstehende Einladungen (0)' })).toBeVisible();
  });

  test('read-only members see the organisation but cannot edit or invite', async ({ page, browser }) => {
    const owner = await anotherUser(browser, 'Otto Owner');
    const ownerProfile = (await (await owner.page.request.get('/api/profile')).json()) as {
      currentOrganisationId: number;
    };
    const member = await signUp(page, 'Rita Reader');
    await apiWrite(owner.page, 'POST', `/api/organisations/${ownerProfile.currentOrganisationId}/invitations`, {
      email: member.email,
      role: 'read-only',
    });
    await owner.context.close();
    const [invitation] = (await (await page.request.get('/api/me/invitations')).json()) as { id: number }[];
    await apiWrite(page, 'POST', `/api/me/invitations/${invitation?.id}/accept`);

    await page.goto(`/settings/organisations/${ownerProfile.currentOrganisationId}`);
    await expect(page.getByText('Ihre Rolle: Nur Lesen')).toBeVisible();
    await expect(
      page.getByText('Nur Eigentümer und Administratoren können die Organisation bearbeiten.'),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name' })).not.toBeEditable();
    await expect(page.getByRole('button', { name: 'Speichern', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Einladen' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Mitglieder (2)' })).toContainText('Otto Owner');
    await expectNoSeriousAxeViolations(page);
  });
});

test.describe('Organisation verlassen', () => {
  test('a member leaves after confirming; the app starts afresh in their own organisation', async ({
    page,
    browser,
  }) => {
    const owner = await anotherUser(browser, 'Otto Owner');
    const { currentOrganisationId: ownerOrganisation } = (await (
      await owner.page.request.get('/api/profile')
    ).json()) as { currentOrganisationId: number };
    await apiWrite(owner.page, 'PATCH', `/api/organisations/${ownerOrganisation}`, { name: 'Otto AG' });
    const member = await signUp(page, 'Erich Editor');
    await apiWrite(owner.page, 'POST', `/api/organisations/${ownerOrganisation}/invitations`, {
      email: member.email,
      role: 'editor',
    });
    await owner.context.close();
    const [invitation] = (await (await page.request.get('/api/me/invitations')).json()) as { id: number }[];
    await apiWrite(page, 'POST', `/api/me/invitations/${invitation?.id}/accept`);

    await page.goto(`/settings/organisations/${ownerOrganisation}`);
    await expect(page.getByRole('combobox', { name: 'Organisation' })).toHaveValue('Otto AG');
    await page.getByRole('button', { name: 'Organisation verlassen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Organisation verlassen' });
    await expect(dialog).toContainText('Möchten Sie die Organisation "Otto AG" wirklich verlassen?');
    await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Organisation verlassen' }).click();
    await page
      .getByRole('dialog', { name: 'Organisation verlassen' })
      .getByRole('button', { name: 'Verlassen' })
      .click();
    await expect(page).toHaveURL('/');
    await expect(toasts(page).getByRole('status')).toContainText('Sie haben die Organisation "Otto AG" verlassen.');
    await expect(page.getByRole('combobox', { name: 'Organisation' })).toHaveValue('Meine Organisation');
    await page.getByRole('combobox', { name: 'Organisation' }).click();
    await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['Meine Organisation']);
  });

  test('the last owner cannot leave: the server says why, and nothing changes', async ({ page }) => {
    await signUp(page);
    const { currentOrganisationId } = (await (await page.request.get('/api/profile')).json()) as {
      currentOrganisationId: number;
    };
    await page.goto('/settings/organisations');
    await page.getByRole('button', { name: 'Organisation verlassen' }).click();
    await page
      .getByRole('dialog', { name: 'Organisation verlassen' })
      .getByRole('button', { name: 'Verlassen' })
      .click();
    await expect(toasts(page).getByRole('alert')).toContainText('Eigentümer');
    await expect(page).toHaveURL(/\/settings\/organisations\/\d+$/);
    const members = (await (
      await page.request.get(`/api/organisations/${currentOrganisationId}/members`)
    ).json()) as unknown[];
    expect(members).toHaveLength(1);
  });
});

test('the settings pages are accessible on a phone in the dark scheme', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await signUp(page);
  for (const path of ['/settings/profile', '/settings/organisations', '/settings/app']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  }
});
