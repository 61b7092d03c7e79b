import { describe, expect, it } from 'vitest';
import { detailsExpand } from './forecast-expand';

describe('detailsExpand', () => {
  const expanded = ['expense:Löhne', 'revenue:Verkauf', 'expense:Miete'];

  it('asks for the expanded categories and the VAT settlement of the open sides only', () => {
    expect(detailsExpand(expanded, { revenue: true, expense: false }, new Set())).toEqual([
      'revenue:MWST',
      'revenue:Verkauf',
    ]);
    expect(detailsExpand(expanded, { revenue: false, expense: true }, new Set())).toEqual([
      'expense:Löhne',
      'expense:MWST',
      'expense:Miete',
    ]);
    expect(detailsExpand(expanded, { revenue: false, expense: false }, new Set())).toEqual([]);
  });

  it('keeps the categories with unsaved exclusions, once each, in a stable order', () => {
    const drafts = new Set(['expense:Miete', 'revenue:Zinsen']);
    expect(detailsExpand(expanded, { revenue: false, expense: true }, drafts)).toEqual([
      'expense:Löhne',
      'expense:MWST',
      'expense:Miete',
      'revenue:Zinsen',
    ]);
    expect(detailsExpand([...expanded].reverse(), { revenue: false, expense: true }, drafts)).toEqual(
      detailsExpand(expanded, { revenue: false, expense: true }, drafts),
    );
  });
});
