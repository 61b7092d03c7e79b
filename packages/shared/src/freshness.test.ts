import { describe, expect, it } from 'vitest';
import { freshnessNote, staleAccounts } from './freshness.js';

// docs/plan-actual.md "Freshness". Synthetic accounts.

describe('freshness of the balances', () => {
  const today = '2026-11-21';

  it('names balances older than 10 days (and unknown ones), the oldest first', () => {
    const accounts = [
      { id: 1, name: 'UBS', balanceDate: '2026-11-11' },
      { id: 2, name: 'Post', balanceDate: '2023-06-20' },
      { id: 3, name: 'Neu', balanceDate: null },
      { id: 4, name: 'ZKB', balanceDate: '2026-11-10' },
    ];
    const stale = staleAccounts(accounts, today);
    expect(stale.map((account) => account.name)).toEqual(['Neu', 'Post', 'ZKB']);
    expect(freshnessNote(stale)).toBe(
      'Saldo von Konto Neu: Stand per noch unbekannt (und 2 weitere Konten älter als 10 Tage)',
    );
    expect(freshnessNote(stale.slice(1, 2))).toBe('Saldo von Konto Post zuletzt per 20.06.2023');
    expect(freshnessNote(stale.slice(1))).toBe(
      'Saldo von Konto Post zuletzt per 20.06.2023 (und 1 weiteres Konto älter als 10 Tage)',
    );
  });

  it('says nothing while every balance is fresh', () => {
    expect(staleAccounts([{ id: 1, name: 'UBS', balanceDate: '2026-11-11' }], today)).toEqual([]);
    expect(freshnessNote([])).toBeNull();
  });
});
