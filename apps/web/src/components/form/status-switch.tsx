import { useState } from 'react';
import { Switch } from '@mantine/core';
import { showToast } from '../../lib/toast';
import '@mantine/core/styles/Switch.css';

/**
 * "Status": on = active. A change is saved at once (docs/web.md "Forms and dialogs"): while it is
 * on its way the switch shows the new state; then the short info toast, or on a failure the switch
 * goes back and an error toast says so.
 */
export function StatusSwitch({
  active,
  label,
  ariaLabel,
  save,
  messages,
}: {
  active: boolean;
  /** The visible label ("Status"), none in a table cell. */
  label?: string | undefined;
  ariaLabel: string;
  save: (active: boolean) => Promise<unknown>;
  messages: { enabled: string; disabled: string; failed: string };
}) {
  const [pending, setPending] = useState<boolean | undefined>(undefined);

  const change = async (next: boolean) => {
    setPending(next);
    try {
      await save(next);
      showToast({
        severity: 'info',
        summary: 'Erfolg',
        detail: next ? messages.enabled : messages.disabled,
        life: 'short',
      });
    } catch {
      showToast({ severity: 'error', summary: 'Fehler', detail: messages.failed });
    } finally {
      setPending(undefined);
    }
  };

  return (
    <Switch
      size="sm"
      label={label}
      labelPosition="left"
      aria-label={ariaLabel}
      checked={pending ?? active}
      disabled={pending !== undefined}
      onChange={(event) => void change(event.currentTarget.checked)}
    />
  );
}
