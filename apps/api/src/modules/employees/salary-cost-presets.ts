import { swissPresetCost, type Cycle, type SalaryCostPresets } from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { ensureLabels } from './salary-cost-labels.repository.js';
import type { CostValues } from './salary-costs.repository.js';

/**
 * The cost rows of the chosen Swiss presets for a salary, with their labels found or created, and
 * the notes for the person (a row above its insurance's ceiling). The rows are `swissPresetCost` of
 * packages/shared, the same function the web dialog previews with, so what is stored is what was
 * shown (docs/salary-costs.md).
 */
export async function presetCostRows(
  db: AppDatabase,
  organisationId: number,
  salary: { amount: number; cycle: Cycle; hasThirteenthSalary?: boolean },
  items: SalaryCostPresets['items'],
): Promise<{ rows: CostValues[]; notes: string[] }> {
  const costs = items.map((item) => swissPresetCost(item.preset, salary, item));
  const labelIds = await ensureLabels(db, organisationId, [...new Set(costs.map((cost) => cost.label))]);
  return {
    rows: costs.map((cost) => ({
      labelId: labelIds.get(cost.label) ?? null,
      cycle: cost.cycle,
      amountType: cost.amountType,
      amount: cost.amount,
      distributionType: cost.distributionType,
      fund: cost.fund,
      relativeOffset: cost.relativeOffset,
      targetDate: cost.targetDate,
    })),
    notes: costs.flatMap((cost) => (cost.note ? [cost.note] : [])),
  };
}
