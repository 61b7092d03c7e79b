import { describe, expect, it } from 'vitest';
import type { ResolverOptions } from 'react-hook-form';
import { PAYMENT_REFERENCE_MESSAGE, type Transaction } from '@saldopilot/shared';
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
  reference: null,
  bankAccountId: null,
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
    // As the schema hands it over: an empty link and an empty reference are null.
    const unchanged = { ...toRequest(valuesOf(stored)), link: null, reference: null };
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

  it('takes a QR or Creditor Reference as typed, spaces and small letters, and refuses a wrong check digit', async () => {
    const qr = await transactionResolver(
      { ...valid, reference: '21 00000 00003 13947 14300 09017' },
      undefined,
      options,
    );
    expect(qr.values).toMatchObject({ reference: '210000000003139471430009017' });
    const scor = await transactionResolver({ ...valid, reference: 'rf18 5390 0754 7034' }, undefined, options);
    expect(scor.values).toMatchObject({ reference: 'RF18539007547034' });
    const none = await transactionResolver({ ...valid, reference: '' }, undefined, options);
    expect(none.values).toMatchObject({ reference: null });
    const wrong = await transactionResolver({ ...valid, reference: 'RF19539007547035' }, undefined, options);
    expect(wrong.errors.reference?.message).toBe(PAYMENT_REFERENCE_MESSAGE);
  });

  it('edits the reference like any field: a change is sent, an emptied one as null', () => {
    const withReference = { ...stored, reference: 'RF18539007547034' };
    const unchanged = { ...toRequest(valuesOf(withReference)), link: null, reference: 'RF18539007547034' };
    expect(valuesOf(withReference).reference).toBe('RF18539007547034');
    expect(changesOf(storedRequest(withReference), unchanged as never)).toEqual({});
    expect(changesOf(storedRequest(withReference), { ...unchanged, reference: null } as never)).toEqual({
      reference: null,
    });
  });

  it('sends the bank account: "Kein bestimmtes Konto" is null, a changed one is sent', () => {
    expect(emptyValues(1).bankAccountId).toBeNull();
    expect(toRequest({ ...valid, bankAccountId: 4 })).toMatchObject({ bankAccountId: 4 });
    const onAccount = { ...stored, bankAccountId: 4 };
    expect(valuesOf(onAccount).bankAccountId).toBe(4);
    const request = { ...toRequest(valuesOf(onAccount)), link: null, reference: null };
    expect(changesOf(storedRequest(onAccount), request as never)).toEqual({});
    expect(changesOf(storedRequest(onAccount), { ...request, bankAccountId: null } as never)).toEqual({
      bankAccountId: null,
    });
  });
});
