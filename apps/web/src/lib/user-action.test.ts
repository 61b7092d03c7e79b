import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { confirmStore } from './confirm';
import { clearToasts, toastStore } from './toast';
import { confirmDestructive, runConfirmed, runReported } from './user-action';

const shown = () => toastStore.get().map(({ severity, summary, detail }) => ({ severity, summary, detail }));

describe('runReported', () => {
  beforeEach(() => clearToasts());

  it('shows the success toast when the change worked', async () => {
    await expect(
      runReported(async () => undefined, { summary: 'Erfolg', detail: 'Mitglied wurde entfernt' }),
    ).resolves.toBe(true);
    expect(shown()).toEqual([{ severity: 'success', summary: 'Erfolg', detail: 'Mitglied wurde entfernt' }]);
  });

  it("shows the server's German message when it failed, and no success", async () => {
    const refused = new ApiError(409, 'Die letzte Eigentümerin kann nicht entfernt werden.');
    await expect(
      runReported(() => Promise.reject(refused), { summary: 'Erfolg', detail: 'Mitglied wurde entfernt' }),
    ).resolves.toBe(false);
    expect(shown()).toEqual([
      { severity: 'error', summary: 'Fehler', detail: 'Die letzte Eigentümerin kann nicht entfernt werden.' },
    ]);
  });

  it('falls back to its own text when the server was not reached', async () => {
    await runReported(() => Promise.reject(new TypeError('fetch failed')), { summary: 'Erfolg' }, 'Nicht gesendet');
    expect(shown()).toEqual([{ severity: 'error', summary: 'Fehler', detail: 'Nicht gesendet' }]);
  });
});

describe('confirmDestructive', () => {
  it('asks with a warning, a red accept button and the focus on rejecting', async () => {
    const answer = confirmDestructive({ header: 'Mitglied entfernen', message: 'Wirklich?' });
    const open = confirmStore.get();
    expect(open).toMatchObject({ header: 'Mitglied entfernen', icon: 'warning', danger: true, defaultFocus: 'reject' });
    open?.resolve(true);
    await expect(answer).resolves.toBe(true);
    expect(confirmStore.get()).toBeNull();
  });
});

describe('runConfirmed', () => {
  beforeEach(() => clearToasts());

  it('does nothing when the question is answered no', async () => {
    let ran = false;
    const answer = runConfirmed({ header: 'Entfernen', message: 'Wirklich?' }, async () => (ran = true), {
      summary: 'Erfolg',
    });
    confirmStore.get()?.resolve(false);
    await expect(answer).resolves.toBe(false);
    expect(ran).toBe(false);
    expect(shown()).toEqual([]);
  });

  it('runs and reports the step once confirmed', async () => {
    const answer = runConfirmed({ header: 'Entfernen', message: 'Wirklich?' }, async () => undefined, {
      summary: 'Erfolg',
      detail: 'Entfernt',
    });
    confirmStore.get()?.resolve(true);
    await expect(answer).resolves.toBe(true);
    expect(shown()).toEqual([{ severity: 'success', summary: 'Erfolg', detail: 'Entfernt' }]);
  });
});
