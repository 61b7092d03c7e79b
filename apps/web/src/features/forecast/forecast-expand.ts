/**
 * The categories whose leaves the details read asks for (`?expand=`): the expanded rows of an open
 * side, and the categories holding unsaved exclusions (their effect on the totals is computed from
 * the leaves, also while their row is closed). A big organisation's leaves are tens of megabytes;
 * only the shown ones travel. Sorted and unique, so that the same rows make the same query key.
 */
export function detailsExpand(
  expandedCategories: readonly string[],
  openSides: { revenue: boolean; expense: boolean },
  draftCategories: ReadonlySet<string>,
): string[] {
  const shown = expandedCategories.filter(
    (key) => (openSides.revenue && key.startsWith('revenue:')) || (openSides.expense && key.startsWith('expense:')),
  );
  return [...new Set([...shown, ...draftCategories])].sort();
}
