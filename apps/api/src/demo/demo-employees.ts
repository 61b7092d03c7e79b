import {
  addMonths,
  employeeListQuerySchema,
  swissPresetIds,
  type SalaryCostPresets,
  type SwissPresetId,
} from '@saldopilot/shared';
import type { DemoContext } from './demo-context.js';

/** One step of a demo salary history: months from this month's 1st (negative = past), monthly gross. */
interface Step {
  from: number;
  amount?: number;
  hours?: number;
  termination?: boolean;
}

/**
 * The staff of a Swiss fiduciary company: a raise, a part-time change, one leaver with a
 * scheduled termination, one future hire, an apprentice (no BVG) and a managing director above
 * the ALV ceiling. Amounts in Rappen per month.
 */
const STAFF: { name: string; steps: Step[]; bvg: number | null; bonus: boolean }[] = [
  {
    name: 'Sandra Keller',
    steps: [
      { from: -34, amount: 14_000_00 },
      { from: -10, amount: 15_500_00 },
    ],
    bvg: 980_00,
    bonus: true,
  },
  {
    name: 'Marco Bernasconi',
    steps: [
      { from: -31, amount: 8_200_00 },
      { from: -7, amount: 8_600_00 },
    ],
    bvg: 520_00,
    bonus: true,
  },
  {
    name: 'Laura Meier',
    steps: [
      { from: -34, amount: 7_200_00 },
      { from: -16, amount: 5_760_00, hours: 144 },
    ],
    bvg: 380_00,
    bonus: true,
  },
  { name: 'Jonas Frei', steps: [{ from: -20, amount: 6_100_00 }], bvg: 340_00, bonus: true },
  { name: 'Aylin Demir', steps: [{ from: -15, amount: 1_100_00 }], bvg: null, bonus: false },
  { name: 'Reto Baumann', steps: [{ from: -26, amount: 4_800_00, hours: 104 }], bvg: 260_00, bonus: true },
  {
    name: 'Peter Huber',
    steps: [
      { from: -58, amount: 7_800_00 },
      { from: 2, termination: true },
    ],
    bvg: 450_00,
    bonus: true,
  },
  { name: 'Nina Schmid', steps: [{ from: 3, amount: 7_000_00 }], bvg: 400_00, bonus: true },
];

const FULL_TIME_HOURS = 180;
const BONUS_LABEL = '13. Monatslohn';

/**
 * The demo organisation's employees with salary histories, the Swiss presets on every salary and
 * a 13th monthly salary (100 % of the gross each December, employer), while it has none.
 */
export async function seedDemoEmployees({ services, tenant, currencyId }: DemoContext): Promise<void> {
  const { employees, salaries, salaryCosts, salaryCostLabels } = services;
  const existing = await employees.list(tenant, employeeListQuerySchema.parse({ limit: '1' }));
  if (existing.pagination.totalCount > 0) return;
  const today = services.clock.today();
  const thisMonth = `${today.slice(0, 7)}-01`;
  const december = `${today.slice(0, 4)}-12-20`;
  const chf = currencyId('CHF');
  const bonusLabel = await salaryCostLabels.create(tenant, { name: BONUS_LABEL });
  for (const person of STAFF) {
    const employee = await employees.create(tenant, { name: person.name });
    for (const step of person.steps) {
      const fromDate = addMonths(thisMonth, step.from);
      if (step.termination) {
        await salaries.create(tenant, employee.id, { isTermination: true, fromDate });
        continue;
      }
      const salary = await salaries.create(tenant, employee.id, {
        hoursPerMonth: step.hours ?? FULL_TIME_HOURS,
        amount: step.amount ?? 0,
        cycle: 'monthly',
        currencyId: chf,
        vacationDaysPerYear: 25,
        fromDate,
      });
      const chosen: SwissPresetId[] = swissPresetIds.filter((id) => id !== 'bvg' || person.bvg !== null);
      const items: SalaryCostPresets['items'] = chosen.map((preset) =>
        preset === 'bvg' ? { preset, amount: person.bvg ?? 0 } : { preset },
      );
      await salaryCosts.addPresets(tenant, salary.id, { items });
      if (person.bonus) {
        await salaryCosts.create(tenant, salary.id, {
          cycle: 'yearly',
          amountType: 'percentage',
          amount: 100_000,
          distributionType: 'employer',
          relativeOffset: 1,
          targetDate: december,
          labelId: bonusLabel.id,
        });
      }
    }
  }
}
