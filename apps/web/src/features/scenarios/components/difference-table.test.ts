import { describe, expect, it } from 'vitest';
import type { CompareEntry, CompareLeaf } from '@saldopilot/shared';
import { changedRows } from './difference-table';

const leaves: CompareLeaf[] = [
  { side: 'expense', category: 'Miete', name: 'Büro', relatedTable: 'transactions', relatedId: 4 },
  { side: 'revenue', category: 'Generell', name: 'Kunde Muster AG', relatedTable: 'transactions', relatedId: 9 },
  { side: 'expense', category: 'Darlehen', name: 'Kredit', relatedTable: 'scenario_levers', relatedId: 2 },
];

function entry(differences: CompareEntry['differences']): CompareEntry {
  const kpis = {
    lowest: { month: '2026-11', saldo: 0 },
    firstBelowMinimum: null,
    coveredUntil: null,
    runwayMonths: null,
    totalCashflow: 0,
  };
  return { scenarioId: 1, name: 'Worst Case', color: '#e03131', months: [], kpis, differences };
}

describe('changedRows', () => {
  it('names each difference by its leaf and spreads its runs over the months', () => {
    const rows = changedRows(
      entry([
        { leaf: 1, runs: [1, -20_000, 3, 0] },
        { leaf: 0, runs: [0, -5_000] },
      ]),
      leaves,
      4,
    );
    expect(rows).toEqual([
      { ...leaves[1], amounts: [0, -20_000, -20_000, 0] },
      { ...leaves[0], amounts: [-5_000, -5_000, -5_000, -5_000] },
    ]);
  });

  it('leaves out a row whose months are all 0 in the horizon shown', () => {
    expect(changedRows(entry([{ leaf: 2, runs: [] }]), leaves, 3)).toEqual([]);
  });
});
