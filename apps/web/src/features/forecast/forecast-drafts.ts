import type {
  ExcludableTable,
  ForecastCategoryNode,
  ForecastDetails,
  ForecastExclusionUpdate,
  ForecastLeafNode,
  ForecastMonthTotals,
} from '@saldopilot/shared';

/**
 * Unsaved exclusion changes of the Prognose page (docs/web.md "Prognose"): a toggle is
 * a draft until "Speichern"; meanwhile the details, the totals, the cashflow, the end balance and the
 * chart already show its effect, computed here from the details tree the server sent.
 */

/** A draft: the leaf (relatedTable, relatedId) is to be excluded (true) or counted again (false) in `month`. */
export type ExclusionDraft = ForecastExclusionUpdate;
export type Drafts = ReadonlyMap<string, ExclusionDraft>;

export function draftKey(month: string, relatedTable: string, relatedId: number): string {
  return `${month}|${relatedTable}|${relatedId}`;
}

type LeafKey = Pick<ForecastLeafNode, 'relatedTable' | 'relatedId' | 'isExcluded' | 'overdueDate'>;

/**
 * Whether a leaf can be excluded at all: the VAT settlement cannot (docs/forecast.md "Leaves and
 * the tree"), nor an überfällig occurrence (docs/plan-actual.md): it is matched or marked
 * "entfällt", and an exclusion of its month names its item's regular leaf, which shares its
 * (relatedTable, relatedId).
 */
export function isExcludable<Leaf extends LeafKey>(leaf: Leaf): leaf is Leaf & { relatedTable: ExcludableTable } {
  return leaf.relatedTable !== 'vat_settlement' && leaf.overdueDate === undefined;
}

/**
 * Toggles a leaf in a month: a first click makes a draft of the opposite of the saved state, a second
 * click on the same leaf and month goes back to the saved state (the draft is removed). The leaf may
 * be the shown one: without a draft its state is the saved one.
 */
export function toggleDraft(drafts: Drafts, month: string, leaf: LeafKey): Map<string, ExclusionDraft> {
  const next = new Map(drafts);
  if (!isExcludable(leaf)) return next;
  const key = draftKey(month, leaf.relatedTable, leaf.relatedId);
  if (next.has(key)) next.delete(key);
  else
    next.set(key, { month, relatedTable: leaf.relatedTable, relatedId: leaf.relatedId, isExcluded: !leaf.isExcluded });
  return next;
}

/** A leaf as shown: `pending` marks a draft. */
export interface ShownLeaf extends ForecastLeafNode {
  pending?: boolean;
}

export interface ShownCategory extends Omit<ForecastCategoryNode, 'children'> {
  children: ShownLeaf[];
}

export interface ShownDetailsMonth {
  month: string;
  revenue: ShownCategory[];
  expense: ShownCategory[];
}

export interface DraftPreview {
  months: ForecastMonthTotals[];
  details: ShownDetailsMonth[] | undefined;
}

/**
 * A leaf with a draft applied: excluded, it counts 0 and names what it took out (`excludedAmount`,
 * shown struck through); counted again, it gets back the amount its saved exclusion had taken out.
 */
function draftedLeaf(leaf: ForecastLeafNode, isExcluded: boolean): ShownLeaf {
  if (isExcluded) return { ...leaf, amount: 0, isExcluded: true, excludedAmount: leaf.amount, pending: true };
  const { excludedAmount = 0, ...counted } = leaf;
  return { ...counted, amount: excludedAmount, isExcluded: false, pending: true };
}

function shownCategories(categories: ForecastCategoryNode[], month: string, drafts: Drafts, delta: { value: number }) {
  return categories.map((category): ShownCategory => {
    // From the server's amount, not the sum of `children`: a collapsed category comes without its
    // leaves (only expanded ones are sent) and would otherwise show 0.
    let amount = category.amount;
    const children = category.children.map((leaf): ShownLeaf => {
      // A draft names the regular leaf; the overdue one of the same item in this month stays as it is.
      if (!isExcludable(leaf)) return leaf;
      const draft = drafts.get(draftKey(month, leaf.relatedTable, leaf.relatedId));
      if (!draft || draft.isExcluded === leaf.isExcluded) return leaf;
      const shown = draftedLeaf(leaf, draft.isExcluded);
      amount += shown.amount - leaf.amount;
      delta.value += shown.amount - leaf.amount;
      return shown;
    });
    return { ...category, amount, children };
  });
}

/**
 * The totals and details with the drafts applied: an excluded leaf counts 0 in its month, its
 * category and the revenue or expense total lose its amount (a leaf counted again gets it back), the cashflow follows, and every end
 * balance from that month on moves by the running sum of the changes. Without drafts the server's
 * figures are answered unchanged.
 */
export function previewDrafts(
  months: ForecastMonthTotals[],
  details: ForecastDetails | undefined,
  drafts: Drafts,
): DraftPreview {
  if (drafts.size === 0 || !details) {
    return { months, details };
  }
  const draftMonths = new Set([...drafts.values()].map((draft) => draft.month));
  const changes = new Map<string, { revenue: number; expense: number }>();
  const shown = details.map((month): ShownDetailsMonth => {
    if (!draftMonths.has(month.month)) return month;
    const revenue = { value: 0 };
    const expense = { value: 0 };
    const result = {
      month: month.month,
      revenue: shownCategories(month.revenue, month.month, drafts, revenue),
      expense: shownCategories(month.expense, month.month, drafts, expense),
    };
    changes.set(month.month, { revenue: revenue.value, expense: expense.value });
    return result;
  });
  let shift = 0;
  const totals = months.map((month) => {
    const change = changes.get(month.month);
    if (change) shift += change.revenue + change.expense;
    if (!change && shift === 0) return month;
    const revenue = month.revenue + (change?.revenue ?? 0);
    const expense = month.expense + (change?.expense ?? 0);
    return { month: month.month, revenue, expense, cashflow: revenue + expense, saldo: month.saldo + shift };
  });
  return { months: totals, details: shown };
}
