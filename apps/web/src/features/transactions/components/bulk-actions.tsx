import { Button, Group, Paper, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import type { TransactionBulk } from '@saldopilot/shared';
import { confirm } from '../../../lib/confirm';
import { messageOf } from '../../../lib/api-error';
import { showToast } from '../../../lib/toast';
import { confirmDestructive } from '../../../lib/user-action';
import { bulkTransactions } from '../api/bulk-transactions';
import { transactionTexts as texts } from './transaction-texts';

type Action = TransactionBulk['action'];

const questions: Record<Action, (count: number) => string> = {
  enable: texts.bulkEnableQuestion,
  disable: texts.bulkDisableQuestion,
  delete: texts.bulkDeleteQuestion,
};
const results: Record<Action, (count: number) => string> = {
  enable: texts.bulkEnabled,
  disable: texts.bulkDisabled,
  delete: texts.bulkDeleted,
};
const headers: Record<Action, string> = {
  enable: texts.bulkEnable,
  disable: texts.bulkDisable,
  delete: texts.bulkDelete,
};

/**
 * "N ausgewählt" with Aktivieren, Deaktivieren, Löschen (docs/web.md "Transaktionen"). Each asks
 * first with the count, then sends one request for all of them (the server does all or nothing).
 */
export function BulkActions({ selected, onDone }: { selected: ReadonlySet<number>; onDone: () => void }) {
  const count = selected.size;

  const run = async (action: Action) => {
    const question = { header: headers[action], message: questions[action](count) };
    // Deleting cannot be undone: warned, red, the focus on "Nein". Enabling and disabling can.
    const confirmed = action === 'delete' ? await confirmDestructive(question) : await confirm(question);
    if (!confirmed) return;
    try {
      const { affected } = await bulkTransactions({ ids: [...selected], action });
      showToast({ severity: 'success', summary: texts.success, detail: results[action](affected) });
      onDone();
    } catch (error) {
      showToast({ severity: 'error', summary: texts.error, detail: messageOf(error, texts.bulkFailed) });
    }
  };

  return (
    <Paper withBorder p="xs" radius="md" role="region" aria-label={texts.selected(count)}>
      <Group gap="sm" justify="space-between">
        <Text fw={600} aria-live="polite">
          {texts.selected(count)}
        </Text>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
            onClick={() => void run('enable')}
          >
            {texts.bulkEnable}
          </Button>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPlayerPause size={16} aria-hidden />}
            onClick={() => void run('disable')}
          >
            {texts.bulkDisable}
          </Button>
          <Button
            color="red"
            variant="light"
            size="xs"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => void run('delete')}
          >
            {texts.bulkDelete}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
