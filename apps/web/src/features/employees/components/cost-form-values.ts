import {
  distributionTypeLabels,
  type AmountType,
  type CostCycle,
  type DistributionType,
  type SalaryCostFund,
} from '@saldopilot/shared';
import { labelText, type CostSummary } from './employee-display';

/**
 * What the cost dialog edits (docs/web.md "Mitarbeitende (Detailseite)"). `amount` is in the API's unit: minor
 * units for a fixed amount, thousandths of a percent for a percentage (5.3 % = 5300).
 */
export interface CostFormValues {
  labelId: number | null;
  cycle: CostCycle;
  relativeOffset: number | null | undefined;
  amountType: AmountType;
  /** null while the field is empty (see centsOfText). */
  amount: number | null;
  distributionType: DistributionType;
  /** Who it is paid to (docs/payment-calendar.md "Funds"). */
  fund?: SalaryCostFund | undefined;
  targetDate: string | null | undefined;
  baseSalaryCostIDs: number[];
}

/**
 * A new cost: the salary's cycle, offset 1, a fixed amount, paid by the employee (docs/web.md
 * "Mitarbeitende (Detailseite)").
 */
export function emptyCostValues(salaryCycle: CostCycle): CostFormValues {
  return {
    labelId: null,
    cycle: salaryCycle,
    relativeOffset: 1,
    amountType: 'fixed',
    amount: null,
    distributionType: 'employee',
    fund: 'direct',
    targetDate: null,
    baseSalaryCostIDs: [],
  };
}

export interface StoredCost extends CostSummary {
  fund?: SalaryCostFund;
  relativeOffset: number;
  targetDate: string | null;
  baseSalaryCostIDs: number[];
}

export function costValuesOf(cost: StoredCost): CostFormValues {
  return {
    labelId: cost.label?.id ?? null,
    cycle: cost.cycle,
    relativeOffset: cost.relativeOffset,
    amountType: cost.amountType,
    amount: cost.amount,
    distributionType: cost.distributionType,
    fund: cost.fund,
    targetDate: cost.targetDate,
    baseSalaryCostIDs: [...cost.baseSalaryCostIDs],
  };
}

/** The request the values stand for: "Einmalig" has offset 1, a fixed amount no base costs. */
export function costRequestOf(values: CostFormValues) {
  return {
    labelId: values.labelId,
    cycle: values.cycle,
    relativeOffset: values.cycle === 'once' ? 1 : values.relativeOffset,
    amountType: values.amountType,
    amount: values.amount,
    distributionType: values.distributionType,
    fund: values.fund,
    targetDate: values.targetDate || null,
    baseSalaryCostIDs: values.amountType === 'percentage' ? values.baseSalaryCostIDs : [],
  };
}

/**
 * The base-cost choices (docs/web.md "Mitarbeitende (Detailseite)"): the salary's other costs as "{label}
 * (AG|AN|AG & AN)"; the cost being edited is left out, so it cannot be based on itself.
 */
export function baseCostOptions(costs: readonly CostSummary[], editedId: number | undefined) {
  return costs
    .filter((cost) => cost.id !== editedId)
    .map((cost) => ({
      value: String(cost.id),
      label: `${labelText(cost)} (${distributionTypeLabels[cost.distributionType]})`,
    }));
}
