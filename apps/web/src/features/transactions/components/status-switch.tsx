import { useState } from 'react';
import { Switch } from '@mantine/core';
import type { Transaction } from '@saldopilot/shared';
import { showToast } from '../../../lib/toast';
import { updateTransaction } from '../api/update-transaction';
import { transactionTexts as texts } from './transaction-texts';
import '@mantine/core/styles/Switch.css';

/**
 * "Status": on = active. A change is saved at once (research §5.2); while it is on its way the
 * switch shows the new state, and a failure puts it back and says so.
 */
export function StatusSwitch({ transaction, withLabel }: { transaction: Transaction; withLabel: boolean }) {
  const [pending, setPending] = useState<boolean | undefined>(undefined);
  const active = pending ?? !transaction.isDisabled;

  const change = async (next: boolean) => {
    setPending(next);
    try {
      await updateTransaction(transaction.id, { isDisabled: !next });
      showToast({
        severity: 'info',
        summary: texts.success,
        detail: next ? texts.enabledToast : texts.disabledToast,
        life: 'short',
      });
    } catch {
      showToast({ severity: 'error', summary: texts.error, detail: texts.statusFailed });
    } finally {
      setPending(undefined);
    }
  };

  return (
    <Switch
      size="sm"
      label={withLabel ? texts.status : undefined}
      labelPosition="left"
      aria-label={texts.statusOf(transaction.name)}
      checked={active}
      disabled={pending !== undefined}
      onChange={(event) => void change(event.currentTarget.checked)}
    />
  );
}
