import { VAT_SETTLEMENT_NAME } from '@saldopilot/shared';

/** The VAT settlement's category (the engine's `MWST`): its one leaf carries the row's tooltip. */
const VAT_ROWS = [`revenue:${VAT_SETTLEMENT_NAME}`, `expense:${VAT_SETTLEMENT_NAME}`];

/**
 * The categories whose leaves the details read asks for (`?expand=`): the expanded rows of an open
 * side, the VAT settlement's row of an open side (its leaf carries the output and input tax the
 * row's tooltip shows, docs/vat.md; one leaf a month), and the categories holding unsaved exclusions
 * (their effect on the totals is computed from the leaves, also while their row is closed). A big
 * organisation's leaves are tens of megabytes; only the shown ones travel. Sorted and unique, so
 * that the same rows make the same query key.
 */
export function detailsExpand(
  expandedCategories: readonly string[],
  openSides: { revenue: boolean; expense: boolean },
  draftCategories: ReadonlySet<string>,
): string[] {
  const shown = [...expandedCategories, ...VAT_ROWS].filter(
    (key) => (openSides.revenue && key.startsWith('revenue:')) || (openSides.expense && key.startsWith('expense:')),
  );
  return [...new Set([...shown, ...draftCategories])].sort();
}
