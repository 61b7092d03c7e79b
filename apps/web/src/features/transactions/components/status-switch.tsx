import type { Transaction } from '@saldopilot/shared';
import { StatusSwitch as Status } from '../../../components/form/status-switch';
import { updateTransaction } from '../api/update-transaction';
import { transactionTexts as texts } from './transaction-texts';

/** A transaction's "Status" (docs/web.md "Forms and dialogs"), saved at once. */
export function StatusSwitch({ transaction, withLabel }: { transaction: Transaction; withLabel: boolean }) {
  return (
    <Status
      active={!transaction.isDisabled}
      label={withLabel ? texts.status : undefined}
      ariaLabel={texts.statusOf(transaction.name)}
      save={(active) => updateTransaction(transaction.id, { isDisabled: !active })}
      messages={{ enabled: texts.enabledToast, disabled: texts.disabledToast, failed: texts.statusFailed }}
    />
  );
}
