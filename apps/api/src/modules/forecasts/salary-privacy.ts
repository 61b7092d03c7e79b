import type { ForecastCategoryNode, ForecastDetails, ForecastLeafNode } from '@saldopilot/shared';

/** The one leaf that stands for every employee's salary where a token may not see salaries. */
export const POOLED_SALARIES = 'Löhne (zusammengefasst)';

/** A person's salary: an employee's, or a scenario's hire (a lever's leaf naming an employee). */
function isSalaryLeaf(leaf: ForecastLeafNode): boolean {
  return leaf.relatedTable === 'salaries' || (leaf.relatedTable === 'scenario_levers' && leaf.employeeId !== undefined);
}

/**
 * The forecast's details without any one person's salary (docs/access.md "Salary figures"): in
 * each category the employees' salary leaves become one pooled leaf with their sum, so every total
 * stays what it is. For a token without `salaries:read`.
 */
export function withPooledSalaries(details: ForecastDetails): ForecastDetails {
  const pool = (category: ForecastCategoryNode): ForecastCategoryNode => {
    const salaries = category.children.filter(isSalaryLeaf);
    if (salaries.length === 0) return category;
    const pooled: ForecastLeafNode = {
      name: POOLED_SALARIES,
      amount: salaries.reduce((sum, leaf) => sum + leaf.amount, 0),
      relatedId: 0,
      relatedTable: 'salaries',
      isExcluded: false,
    };
    const others = category.children.filter((leaf) => !isSalaryLeaf(leaf));
    return { ...category, children: [pooled, ...others] };
  };
  return details.map((month) => ({ ...month, revenue: month.revenue.map(pool), expense: month.expense.map(pool) }));
}
