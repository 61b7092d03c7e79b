import { describe, expect, it } from 'vitest';
import type { ResolverOptions } from 'react-hook-form';
import type { Transaction } from '@saldopilot/shared';
import { changesOf } from '../../../components/form/entity-changes';
import {
  emptyValues,
  storedRequest,
  toRequest,
  transactionResolver,
  valuesOf,
  type TransactionFormValues,
} from './transaction-form-values';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<TransactionFormValues>;

const stored: Transaction = {
  id: 7,
  name: 'Miete',
  link: null,
  amount: -2_500_00,
  vatAmount: 0,
  vatIncluded: false,
  isDisabled: false,
  cycle: 'monthly',
  type: 'repeating',
  startDate: '2026-01-01',
  endDate: null,
  category: { id: 3, name: 'Miete' },
  currency: { id: 1, code: 'CHF', description: 'Schweizer Franken', localeCode: 'de-CH' },
  employee: null,
  vat: null,
  nextExecutionDate: '2026-12-01',
};

const valid: TransactionFormValues = {
  ...emptyValues(1),
  name: 'Beratung',
  amount: 1_200_00,
  categoryId: 2,
  startDate: '2026-12-15',
};

describe('transaction form values', () => {
  it('saves a single transaction without cycle and end, and "inklusive" only with a rate', () => {
    const request = toRequest({ ...valid, cycle: 'yearly', endDate: '2027-01-01', vatIncluded: true });
    expect(request).toMatchObject({ type: 'single', cycle: null, endDate: null, vatIncluded: false });
    expect(toRequest({ ...valid, type: 'repeating', endDate: '' as never })).toMatchObject({
      cycle: 'monthly',
      endDate: null,
    });
  });

  it('checks the values with the shared create schema', async () => {
    const result = await transactionResolver(valid, undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ name: 'Beratung', amount: 120000, cycle: null, link: null });

    const empty = await transactionResolver(emptyValues(1), undefined, options);
    expect(empty.errors.name?.message).toBe('Name wird benötigt');
    expect(empty.errors.amount?.message).toBe('Betrag wird benötigt');
    expect(empty.errors.categoryId?.message).toBe('Kategorie wird benötigt');
    expect(empty.errors.startDate?.message).toBe('Start wird benötigt');
  });

  it('reports the rules across fields even while other fields are still empty', async () => {
    const result = await transactionResolver(
      { ...emptyValues(1), type: 'repeating', startDate: '2026-06-01', endDate: '2026-05-31' },
      undefined,
      options,
    );
    expect(result.errors.endDate?.message).toBe('Bis darf nicht vor Von liegen');
    expect(result.errors.name?.message).toBe('Name wird benötigt');
  });

  it('sends only what changed (a true partial update)', () => {
    // As the schema hands it over: an empty link is null.
    const unchanged = { ...toRequest(valuesOf(stored)), link: null };
    expect(changesOf(storedRequest(stored), unchanged as never)).toEqual({});
    expect(
      changesOf(storedRequest(stored), { ...unchanged, name: 'Büromiete', link: 'https://example.ch' } as never),
    ).toEqual({
      name: 'Büromiete',
      link: 'https://example.ch',
    });
    expect(changesOf(storedRequest(stored), { ...unchanged, type: 'single', cycle: null } as never)).toEqual({
      type: 'single',
      cycle: null,
    });
  });
});
