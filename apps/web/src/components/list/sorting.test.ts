import { describe, expect, it } from 'vitest';
import { ariaSortOf, entriesLabel, sortAfterClick } from './sorting';

describe('list sorting', () => {
  it('flips the order of the active column and sorts another one ascending', () => {
    expect(sortAfterClick({ field: 'name', order: 'ASC' }, 'name')).toEqual({ field: 'name', order: 'DESC' });
    expect(sortAfterClick({ field: 'name', order: 'DESC' }, 'name')).toEqual({ field: 'name', order: 'ASC' });
    expect(sortAfterClick({ field: 'name', order: 'DESC' }, 'amount')).toEqual({ field: 'amount', order: 'ASC' });
  });

  it('tells assistive technology how a column sorts', () => {
    expect(ariaSortOf({ field: 'name', order: 'ASC' }, 'name')).toBe('ascending');
    expect(ariaSortOf({ field: 'name', order: 'DESC' }, 'name')).toBe('descending');
    expect(ariaSortOf({ field: 'name', order: 'DESC' }, 'amount')).toBe('none');
  });

  it('counts entries in German', () => {
    expect(entriesLabel(0)).toBe('0 Einträge');
    expect(entriesLabel(1)).toBe('1 Eintrag');
    expect(entriesLabel(21)).toBe('21 Einträge');
  });
});
