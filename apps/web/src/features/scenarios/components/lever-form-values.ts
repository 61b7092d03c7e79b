import { z } from 'zod';
import {
  leverInputSchema,
  type Cycle,
  type LeverInput,
  type LeverType,
  type LeverView,
  type LoanCycle,
  type PaymentCalendarUpdate,
  type VatSettingUpdate,
} from '@saldopilot/shared';
import { newVatSetting } from '../../../components/vat-settings/vat-form-values';

/**
 * The lever forms' values (docs/scenarios.md "The web"): one flat set of fields for all ten lever
 * types; `toLeverInput` picks the fields of the lever's type and the shared `leverInputSchema`
 * checks the result, so the form shows the contract's German messages under the same field names.
 * Empty is null (docs/web.md "Forms and dialogs"); a typed number may still be text ("4.").
 */
export type Target = 'transaction' | 'category' | 'side';
export type TypedNumber = number | string | null;

export interface LeverFormValues {
  type: LeverType;
  /**
   * A VAT/settings lever's payment calendar from its date (docs/scenarios.md "Payment calendar"):
   * undefined leaves the calendar as it is; its fields are the shared ones of the settings.
   */
  paymentCalendar?: PaymentCalendarUpdate;
  action: string;
  target: Target;
  transactionId: number | null;
  categoryId: number | null;
  side: 'revenue' | 'expense';
  employeeId: number | null;
  from: string | null;
  to: string | null;
  date: string | null;
  startDate: string | null;
  endDate: string | null;
  name: string;
  amount: number | null;
  currencyId: number | null;
  /** A transaction's cycle, `once` for a one-off; `unchanged` when a change keeps it. */
  cycle: Cycle | 'once' | 'unchanged';
  days: number | null;
  percent: TypedNumber;
  salary: number | null;
  birthDate: string | null;
  payments: number | null;
  basis: 'monthly' | 'hourly';
  hoursPerMonth: number | null;
  raiseBy: 'amount' | 'percent';
  ratePercent: TypedNumber;
  repayment: 'annuity' | 'linear';
  loanCycle: LoanCycle;
  interestOnlyPayments: number | null;
  setting: {
    enabled: boolean;
    billingDate: string | null;
    transactionMonthOffset: number | null;
    interval: VatSettingUpdate['interval'];
    paymentTerm: 'estv' | 'offset';
    method: 'effective' | 'netTaxRate';
    netTaxRate: number | null;
    netTaxRate2: number | null;
    netTaxRate2Share: number | null;
    previousYearTax: number | null;
  };
}

/** The values of a new lever of a type: the organisation's currency, today's month start as dates. */
export function newLeverValues(type: LeverType, currencyId: number, firstDay: string): LeverFormValues {
  return {
    type,
    action: type === 'customer' ? 'lose' : 'add',
    target: type === 'percentage' ? 'side' : 'transaction',
    transactionId: null,
    categoryId: null,
    side: type === 'percentage' ? 'expense' : 'revenue',
    employeeId: null,
    from: firstDay,
    to: null,
    date: firstDay,
    startDate: firstDay,
    endDate: null,
    name: '',
    amount: null,
    currencyId,
    cycle: type === 'oneOff' ? 'once' : 'monthly',
    days: type === 'delay' ? 30 : null,
    percent: null,
    salary: null,
    birthDate: null,
    payments: type === 'hire' ? 13 : type === 'loan' ? 20 : null,
    basis: 'monthly',
    hoursPerMonth: null,
    raiseBy: 'percent',
    ratePercent: null,
    repayment: 'annuity',
    loanCycle: 'quarterly',
    interestOnlyPayments: null,
    // A new setting as the settings page offers one, switched on: that is what the lever is for.
    setting: { ...newVatSetting(firstDay), enabled: true },
  };
}

/** The form's values of a stored lever (its fields over the defaults of its type). */
export function leverFormValues(lever: LeverView, currencyId: number, firstDay: string): LeverFormValues {
  const values = newLeverValues(lever.type, currencyId, firstDay);
  const loose = lever as Record<string, unknown>;
  for (const [key, value] of Object.entries(loose)) {
    if (key in values && key !== 'cycle' && key !== 'setting' && value !== undefined) {
      (values as unknown as Record<string, unknown>)[key] = value;
    }
  }
  if (lever.type === 'loan') values.loanCycle = lever.cycle;
  if (lever.type === 'transaction' || lever.type === 'customer') {
    values.cycle =
      lever.cycle === null
        ? 'once'
        : (lever.cycle ?? (lever.type === 'transaction' && lever.action === 'change' ? 'unchanged' : 'monthly'));
  }
  if ('transactionId' in lever && lever.transactionId !== undefined) values.target = 'transaction';
  else if ('categoryId' in lever && lever.categoryId != null && lever.type !== 'oneOff') values.target = 'category';
  else if ('side' in lever && lever.side !== undefined) values.target = 'side';
  if (lever.type === 'raise') values.raiseBy = lever.percent !== undefined ? 'percent' : 'amount';
  if (lever.type === 'vat') {
    values.setting = {
      ...values.setting,
      ...lever.setting,
      paymentTerm: lever.setting.paymentTerm ?? 'estv',
      method: lever.setting.method ?? 'effective',
      netTaxRate: lever.setting.netTaxRate ?? null,
      netTaxRate2: lever.setting.netTaxRate2 ?? null,
      netTaxRate2Share: lever.setting.netTaxRate2Share ?? null,
      previousYearTax: lever.setting.previousYearTax ?? null,
    };
    if (lever.paymentCalendar !== undefined) values.paymentCalendar = lever.paymentCalendar;
  }
  return values;
}

/** "4.5" → 4.5; an empty field → undefined; text that is no number stays for the schema to refuse. */
function numberOf(value: TypedNumber | undefined): number | string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return value;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : trimmed;
}

/** The object without its undefined and null fields (an empty optional field is not sent). */
function present(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined && value !== null));
}

function targetOf(values: LeverFormValues, allowed: readonly Target[]) {
  const target = allowed.includes(values.target) ? values.target : allowed[0];
  if (target === 'transaction') return { transactionId: values.transactionId ?? undefined };
  if (target === 'category') return { categoryId: values.categoryId ?? undefined };
  return { side: values.side };
}

/** The request of the lever the form describes (only its type's fields). */
export function toLeverInput(values: LeverFormValues): Record<string, unknown> {
  const { type } = values;
  const once = (cycle: LeverFormValues['cycle']) =>
    cycle === 'once' ? null : cycle === 'unchanged' ? undefined : cycle;
  switch (type) {
    case 'transaction':
      if (values.action === 'add') {
        return present({
          type,
          action: 'add',
          name: values.name,
          amount: values.amount,
          currencyId: values.currencyId,
          categoryId: values.categoryId,
          startDate: values.startDate,
          endDate: values.endDate,
          ...{ cycle: once(values.cycle) },
        });
      }
      return {
        ...present({
          type,
          action: values.action,
          transactionId: values.transactionId,
          from: values.from,
          ...(values.action === 'change' ? { amount: values.amount, endDate: values.endDate } : {}),
        }),
        ...(values.action === 'change' && values.cycle !== 'unchanged' ? { cycle: once(values.cycle) } : {}),
      };
    case 'customer':
      if (values.action === 'lose') {
        return present({ type, action: 'lose', from: values.from, ...targetOf(values, ['transaction', 'category']) });
      }
      return {
        ...present({
          type,
          action: 'win',
          from: values.from,
          name: values.name,
          amount: values.amount,
          currencyId: values.currencyId,
          categoryId: values.categoryId,
        }),
        cycle: once(values.cycle) ?? null,
      };
    case 'delay':
      return present({
        type,
        days: values.days,
        from: values.from,
        ...targetOf(values, ['transaction', 'category', 'side']),
      });
    case 'percentage':
      return present({
        type,
        percent: numberOf(values.percent),
        from: values.from,
        to: values.to,
        ...targetOf(values, ['category', 'side']),
      });
    case 'hire':
      return present({
        type,
        name: values.name,
        from: values.from,
        to: values.to,
        salary: values.salary,
        currencyId: values.currencyId,
        birthDate: values.birthDate,
        payments: values.payments,
        basis: values.basis,
        hoursPerMonth: values.basis === 'hourly' ? values.hoursPerMonth : undefined,
      });
    case 'leave':
      return present({ type, employeeId: values.employeeId, date: values.date });
    case 'raise':
      return present({
        type,
        from: values.from,
        employeeId: values.employeeId,
        ...(values.raiseBy === 'amount' ? { amount: values.amount } : { percent: numberOf(values.percent) }),
      });
    case 'loan':
      return present({
        type,
        name: values.name,
        date: values.date,
        amount: values.amount,
        currencyId: values.currencyId,
        ratePercent: numberOf(values.ratePercent),
        repayment: values.repayment,
        cycle: values.loanCycle,
        payments: values.payments,
        interestOnlyPayments: values.interestOnlyPayments,
      });
    case 'vat': {
      const { setting } = values;
      const vat: Partial<VatSettingUpdate> & Record<string, unknown> = present({
        enabled: setting.enabled,
        billingDate: setting.billingDate,
        transactionMonthOffset: setting.transactionMonthOffset,
        interval: setting.interval,
        paymentTerm: setting.paymentTerm,
        method: setting.method,
        netTaxRate: setting.method === 'netTaxRate' ? setting.netTaxRate : undefined,
        netTaxRate2: setting.method === 'netTaxRate' ? setting.netTaxRate2 : undefined,
        netTaxRate2Share: setting.method === 'netTaxRate' ? setting.netTaxRate2Share : undefined,
        previousYearTax: setting.interval === 'yearly' ? setting.previousYearTax : undefined,
      });
      return present({ type, from: values.from, setting: vat, paymentCalendar: values.paymentCalendar });
    }
    case 'oneOff':
      return present({
        type,
        name: values.name,
        date: values.date,
        amount: values.amount,
        currencyId: values.currencyId,
        categoryId: values.categoryId,
      });
  }
}

/** The forms' check: the shared lever schema on the picked fields (its messages under the form's fields). */
export const leverFormSchema = z.preprocess(
  (values) => toLeverInput(values as LeverFormValues),
  leverInputSchema,
) as unknown as z.ZodType<LeverInput, LeverFormValues>;
