import { useState } from 'react';
import { Button, Tooltip } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { Z_INDEX } from '@saldopilot/shared';
import { messageOf } from '../../../lib/api-error';
import { showToast } from '../../../lib/toast';
import { confirmUniqueMatches } from '../api/entry-plan';
import { entryPlanTexts as texts } from './entry-plan-texts';

/**
 * "Alle eindeutigen bestätigen" for the account (docs/plan-actual.md "Matching"): one call matches
 * every open entry whose best suggestion is an equal reference or the only exact amount; the toast
 * says how many ("3 Buchungen zugeordnet"), or that there were none.
 */
export function ConfirmUniqueButton({ accountId }: { accountId: number }) {
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    try {
      const { confirmed } = await confirmUniqueMatches(accountId);
      showToast(
        confirmed > 0
          ? { severity: 'success', summary: texts.success, detail: texts.confirmed(confirmed) }
          : { severity: 'info', summary: texts.noneUnique },
      );
    } catch (error) {
      showToast({ severity: 'error', summary: 'Fehler', detail: messageOf(error, texts.confirmFailed) });
    } finally {
      setRunning(false);
    }
  };
  return (
    <Tooltip label={texts.confirmUniqueHint} multiline w={320} zIndex={Z_INDEX.tooltip}>
      <Button leftSection={<IconChecks size={18} aria-hidden />} loading={running} onClick={() => void run()}>
        {texts.confirmUnique}
      </Button>
    </Tooltip>
  );
}
