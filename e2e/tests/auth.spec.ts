import {
  consoleErrors,
  expect,
  expectNoSeriousAxeViolations,
  field,
  linkIn,
  mailTo,
  signUp,
  test,
  toasts,
  uniqueEmail,
} from './support/fixtures.js';

test.describe('login', () => {
  test('shows its fields and links; the button waits for a valid form', async ({ page }) => {
    await page.goto('/auth');
    await expect(page).toHaveTitle('Login - SaldoPilot');
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    await expect(page.getByText('Willkommen zurück! ❤️')).toBeVisible();
    // Outside development there is no demo account to name (tests/first-run.spec.ts shows it there).
    await expect(page.getByText('Demo-Zugang (Entwicklungsmodus)')).toHaveCount(0);
    const email = page.getByRole('textbox', { name: 'E-Mail' });
    const password = field(page, 'Passwort');
    const button = page.getByRole('button', { name: 'Login' });
    await expect(button).toBeDisabled();

    await email.fill('kein-at');
    await password.focus();
    await expect(page.getByText('Ungültiges E-Mail Format')).toBeVisible();
    await email.fill('');
    await password.focus();
    await expect(page.getByText('E-Mail wird benötigt')).toBeVisible();
    await email.fill('anna@example.ch');
    await expect(button).toBeDisabled();
    await password.fill('x');
    await expect(button).toBeEnabled();
    await password.fill('');
    await email.focus();
    await expect(page.getByText('Passwort wird benötigt')).toBeVisible();
    await expect(button).toBeDisabled();
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
    await expect(page).toHaveURL('/auth/forgot-password');
    await page.goBack();
    await page.getByRole('link', { name: 'registrieren' }).click();
    await expect(page).toHaveURL('/auth/registration');
  });

  test('wrong credentials give the German error beside the form', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('textbox', { name: 'E-Mail' }).fill('niemand@example.ch');
    await field(page, 'Passwort').fill('falsches-passwort');
    await page.getByRole('button', { name: 'Login' }).click();
    const form = page.getByRole('form', { name: 'Login' });
    await expect(form.getByRole('alert')).toContainText('Login fehlgeschlagen, bitte prüfen Sie Ihre Zugangsdaten');
    await expect(toasts(page).getByRole('alert')).toHaveCount(0);
    await expect(page).toHaveURL('/auth');
  });

  // docs/product.md "Overlays, toasts and dialogs"
  test('seven wrong passwords: one message at a time, the password field and Login stay free', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('textbox', { name: 'E-Mail' }).fill('niemand@example.ch');
    const password = field(page, 'Passwort');
    const login = page.getByRole('button', { name: 'Login' });
    const form = page.getByRole('form', { name: 'Login' });
    for (let attempt = 1; attempt <= 7; attempt++) {
      await password.fill(`falsch-${attempt}-passwort`);
      const refused = page.waitForResponse((response) => response.url().endsWith('/api/auth/login'));
      await login.click();
      await refused;
      await expect(form.getByRole('alert')).toBeVisible();
      // Counted at once, not waited for: an earlier try's message must be gone, not merely expire.
      expect(await page.getByRole('alert').count()).toBe(1);
    }
    await expect(page.getByRole('alert')).toContainText('Login fehlgeschlagen, bitte prüfen Sie Ihre Zugangsdaten');
    await expect(toasts(page).getByRole('alert')).toHaveCount(0);
    // Nothing lies over the field or the button: the topmost element at their centres is their own.
    for (const target of [password, login]) {
      const covered = await target.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return !(top && (element === top || element.contains(top)));
      });
      expect(covered).toBe(false);
    }
  });

  test('valid credentials lead home, signed in', async ({ page, browser }) => {
    // The account is made in another browser, so this one starts signed out.
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    await other.setExtraHTTPHeaders({ 'x-forwarded-for': `10.250.${Math.floor(Math.random() * 250)}.7` });
    const account = await signUp(await other.newPage());
    await other.close();

    await page.goto('/auth');
    await page.getByRole('textbox', { name: 'E-Mail' }).fill(account.email.toUpperCase());
    await field(page, 'Passwort').fill(account.password);
    await page.getByRole('button', { name: 'Login' }).press('Enter');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Prognose' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Organisation' })).toHaveValue('Meine Organisation');
  });
});

test('registration: the mailed link finishes the account and signs in', async ({ page }) => {
  const email = uniqueEmail('neu');
  await page.goto('/auth/registration');
  await expect(page).toHaveTitle('Registrierung - SaldoPilot');
  await expect(page.getByRole('heading', { level: 1, name: 'Registrierung' })).toBeVisible();
  await expect(page.getByText(/Willkommen, bitte geben Sie Ihre E-Mail Adresse ein/)).toBeVisible();
  const button = page.getByRole('button', { name: 'Registrierung starten' });
  await expect(button).toBeDisabled();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('textbox', { name: 'E-Mail' }).fill(email);
  await button.click();
  await expect(page.getByText(/Vielen Dank für Ihre Registrierung. Bitte prüfen Sie nun Ihre Mailbox./)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-Mail' })).toHaveCount(0);

  await page.goto(linkIn(await mailTo(page.request, email)));
  await expect(page).toHaveTitle('Validierung - SaldoPilot');
  await expect(page.getByText(/Fast geschafft!/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-Mail' })).toHaveValue(email);
  await expectNoSeriousAxeViolations(page);
  const create = page.getByRole('button', { name: 'Konto erstellen' });
  await expect(create).toBeDisabled();
  await page.getByRole('textbox', { name: 'Name' }).fill('Nora Neu');
  await field(page, 'Passwort').fill('kurz');
  await field(page, 'Passwort wiederholen').focus();
  await expect(page.getByText('Bitte geben Sie mind. 8 Zeichen ein')).toBeVisible();
  await field(page, 'Passwort').fill('Ein-gutes-Passwort');
  await field(page, 'Passwort wiederholen').fill('Ein-anderes-Passwort');
  await page.getByRole('textbox', { name: 'Name' }).focus();
  await expect(page.getByText('Passwörter stimmen nicht überein')).toBeVisible();
  await expect(create).toBeDisabled();
  // A common password passes the form's length check; the API refuses it and the field says why.
  await field(page, 'Passwort').fill('password1');
  await field(page, 'Passwort wiederholen').fill('password1');
  await create.click();
  await expect(page.getByText(/^Dieses Passwort ist zu verbreitet/)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/validate/);
  await field(page, 'Passwort').fill('Ein-gutes-Passwort');
  await field(page, 'Passwort wiederholen').fill('Ein-gutes-Passwort');
  await expect(create).toBeEnabled();
  await create.click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('combobox', { name: 'Organisation' })).toHaveValue('Meine Organisation');

  // The link is used up.
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await page.getByRole('dialog', { name: 'Abmelden' }).getByRole('button', { name: 'Ja' }).click();
  await expect(page).toHaveURL('/auth');
  await page.goto(linkIn(await mailTo(page.request, email)));
  await expect(page.getByRole('alert')).toHaveText(
    'Dieser Registrierungslink ist nicht mehr gültig. Bitte registrieren Sie sich erneut.',
  );
  await page.getByRole('link', { name: 'Zur Registrierung' }).click();
  await expect(page).toHaveURL('/auth/registration');
});

test('validate without a valid link says so', async ({ page }) => {
  await page.goto('/auth/validate?email=a%40example.ch&code=falsch');
  await expect(page.getByRole('alert')).toHaveText(
    'Dieser Registrierungslink ist nicht mehr gültig. Bitte registrieren Sie sich erneut.',
  );
  await page.goto('/auth/validate');
  await expect(page.getByRole('link', { name: 'Zur Registrierung' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test('forgot and reset password: the mailed link sets a new password for the next login', async ({ page, browser }) => {
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await other.setExtraHTTPHeaders({ 'x-forwarded-for': `10.251.${Math.floor(Math.random() * 250)}.9` });
  const account = await signUp(await other.newPage());
  await other.close();

  await page.goto('/auth/forgot-password');
  await expect(page).toHaveTitle('Passwort vergessen - SaldoPilot');
  await expect(page.getByText(/Sie haben Ihr Passwort vergessen\? Kein Problem!/)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  const send = page.getByRole('button', { name: 'Passwort zurücksetzen' });
  await expect(send).toBeDisabled();
  await page.getByRole('textbox', { name: 'E-Mail' }).fill(account.email);
  await send.click();
  await expect(page.getByText(/Vielen Dank. Bitte prüfen Sie nun Ihre Mailbox/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zurück zum Login' })).toBeVisible();

  await page.goto(linkIn(await mailTo(page.request, account.email)));
  await expect(page).toHaveTitle('Passwort zurücksetzen - SaldoPilot');
  await expect(page.getByText(/Geben Sie Ihr neues, sicheres Passwort ein/)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  const set = page.getByRole('button', { name: 'Passwort setzen' });
  await expect(set).toBeDisabled();
  await field(page, 'Neues Passwort').fill('Brandneues-Passwort');
  await field(page, 'Neues Passwort wiederholen').fill('Brandneues-Passwort');
  await set.click();
  await expect(page).toHaveURL('/auth');
  const toast = toasts(page).getByRole('status');
  await expect(toast).toContainText('Erfolg');
  await expect(toast).toContainText('Das Passwort wurde zurückgesetzt. Sie können sich nun anmelden');

  await page.getByRole('textbox', { name: 'E-Mail' }).fill(account.email);
  await field(page, 'Passwort').fill('Brandneues-Passwort');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/');
});

test('reset without a valid link says so', async ({ page }) => {
  await page.goto('/auth/reset-password?email=a%40example.ch&code=falsch');
  await expect(page.getByRole('alert')).toHaveText(
    'Der Link zum Zurücksetzen des Passworts ist nicht mehr gültig. Bitte setzen Sie das Passwort erneut zurück.',
  );
  await page.getByRole('link', { name: 'Zum Login' }).click();
  await expect(page).toHaveURL('/auth');
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the auth pages are accessible in the ${colorScheme} scheme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    for (const path of [
      '/auth',
      '/auth/registration',
      '/auth/forgot-password',
      '/auth/reset-password',
      '/auth/validate',
      '/auth/invitation',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
      await expectNoSeriousAxeViolations(page);
    }
  });
}

// docs/api.md "Sessions"
test("a first-time visitor's auth pages log no error: the profile is not asked for without a session", async ({
  page,
}) => {
  const errors = consoleErrors(page);
  const profileCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/profile') profileCalls.push(request.url());
  });
  for (const path of ['/auth', '/auth/registration', '/auth/forgot-password']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  expect(profileCalls).toEqual([]);
  expect(errors).toEqual([]);
});
