import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { changesOf, refusedSave } from './entity-changes';

describe('changesOf', () => {
  interface CostRequest {
    name: string;
    amount: number;
    endDate: string | null | undefined;
    baseSalaryCostIDs: number[];
  }
  const stored: CostRequest = { name: 'Miete', amount: -2_000_00, endDate: null, baseSalaryCostIDs: [3, 4] };

  it('sends only the fields whose value changed', () => {
    expect(changesOf<CostRequest>(stored, { ...stored, amount: -2_100_00 })).toEqual({ amount: -2_100_00 });
  });

  it('sends nothing for values that are only spelled differently as empty', () => {
    expect(changesOf<CostRequest>(stored, { ...stored, endDate: undefined })).toEqual({});
  });

  it('sends an emptied value as null', () => {
    expect(changesOf<CostRequest>({ ...stored, endDate: '2027-01-31' }, { ...stored, endDate: undefined })).toEqual({
      endDate: null,
    });
  });

  it('compares lists by their items', () => {
    expect(changesOf<CostRequest>(stored, { ...stored, baseSalaryCostIDs: [3, 4] })).toEqual({});
    expect(changesOf<CostRequest>(stored, { ...stored, baseSalaryCostIDs: [3] })).toEqual({ baseSalaryCostIDs: [3] });
  });

  it('leaves out fields the stored item does not name (they cannot be edited)', () => {
    expect(changesOf({ name: 'Lohn' }, { name: 'Lohn', isTermination: false })).toEqual({});
  });
});

describe('refusedSave', () => {
  it("puts each named field's message under its field and keeps the server's message as the detail", () => {
    const error = new ApiError(400, 'Ungültige Eingabe', { fields: { name: 'Name wird benötigt' } });
    expect(refusedSave(error, ['name', 'amount'])).toEqual({
      fields: [['name', 'Name wird benötigt']],
      detail: 'Ungültige Eingabe',
    });
  });

  it('makes the message of a field the form does not show the detail', () => {
    const error = new ApiError(400, 'Ungültige Eingabe', {
      fields: { amount: 'Ungültiger Betrag', birthDate: 'Geburtsdatum wird benötigt' },
    });
    expect(refusedSave(error, ['amount'])).toEqual({
      fields: [['amount', 'Ungültiger Betrag']],
      detail: 'Geburtsdatum wird benötigt',
    });
  });

  it('has nothing to show for a failure that is no answer of the server', () => {
    expect(refusedSave(new TypeError('fetch failed'), ['name'])).toEqual({ fields: [], detail: undefined });
  });
});
