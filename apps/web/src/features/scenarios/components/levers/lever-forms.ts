import type { ComponentType } from 'react';
import type { LeverType } from '@saldopilot/shared';
import { CustomerLeverFields } from './customer-lever';
import { DelayLeverFields } from './delay-lever';
import { HireLeverFields } from './hire-lever';
import { LeaveLeverFields } from './leave-lever';
import type { LeverFieldsProps } from './lever-fields';
import { LoanLeverFields } from './loan-lever';
import { OneOffLeverFields } from './one-off-lever';
import { PercentageLeverFields } from './percentage-lever';
import { RaiseLeverFields } from './raise-lever';
import { TransactionLeverFields } from './transaction-lever';
import { VatLeverFields } from './vat-lever';

/**
 * The form of each lever type (docs/scenarios.md "One scenario"): one small component per type; the
 * values all share one flat shape (lever-form-values.ts) checked by the contract's lever schema.
 */
export const leverForms: Record<LeverType, ComponentType<LeverFieldsProps>> = {
  transaction: TransactionLeverFields,
  customer: CustomerLeverFields,
  delay: DelayLeverFields,
  percentage: PercentageLeverFields,
  hire: HireLeverFields,
  leave: LeaveLeverFields,
  raise: RaiseLeverFields,
  loan: LoanLeverFields,
  vat: VatLeverFields,
  oneOff: OneOffLeverFields,
};
