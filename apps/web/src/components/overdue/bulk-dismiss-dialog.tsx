import { useEffect, useState } from 'react';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import type { OccurrenceDismissalBulkResult } from '@saldopilot/shared';
import { DateInput } from '../form/date-input';
import { DialogFooter } from '../form/dialog-footer';
import { messageOf } from '../../lib/api-error';
import { confirm } from '../../lib/confirm';
import { openDialog, type DialogControls } from '../../lib/dialog';
import { showToast } from '../../lib/toast';
import { runReported } from '../../lib/user-action';
import { overdueTexts as texts } from './overdue-texts';

/**
 * The calls "Entfällt" for many makes (docs/plan-actual.md "Many at once"): each page's feature
 * hands in its own api functions (components call no API themselves).
 */
export interface BulkDismissCalls {
  /** `GET /occurrence-dismissals/bulk?before=`: what would be marked. */
  preview: (before: string) => Promise<OccurrenceDismissalBulkResult>;
  /** `POST /occurrence-dismissals/bulk`. */
  dismiss: (before: string) => Promise<OccurrenceDismissalBulkResult>;
  /** `POST /occurrence-dismissals/bulk-restore`: "Rückgängig" of the toast. */
  restore: (dismissalIds: number[]) => Promise<unknown>;
}

type Preview = { before: string; result: OccurrenceDismissalBulkResult } | { before: string; error: string };

function BulkDismiss({
  today,
  currency,
  calls,
  dialog,
}: {
  today: string;
  currency: string;
  calls: BulkDismissCalls;
  dialog: DialogControls<void>;
}) {
  const [before, setBefore] = useState<string | null>(today);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [running, setRunning] = useState(false);
  const valid = before !== null && /^\d{4}-\d{2}-\d{2}$/.test(before) && before <= today;

  useEffect(() => {
    if (!valid) return;
    let current = true;
    calls.preview(before).then(
      (result) => current && setPreview({ before, result }),
      (error: unknown) => current && setPreview({ before, error: messageOf(error, texts.dismissFailed) }),
    );
    return () => {
      current = false;
    };
  }, [before, valid, calls]);

  const shown = valid && preview?.before === before ? preview : null;
  const count = shown && 'result' in shown ? shown.result.count : 0;

  async function run() {
    if (!valid || count === 0) return;
    const accepted = await confirm({
      header: texts.confirmHeader,
      message: `${texts.confirmMessage(count, before)} ${texts.effect}`,
      acceptLabel: texts.action,
      rejectLabel: texts.cancel,
      icon: 'warning',
    });
    if (!accepted) return;
    setRunning(true);
    try {
      const done = await calls.dismiss(before);
      dialog.close();
      showToast({
        severity: 'success',
        summary: texts.dismissed,
        detail: texts.dismissedDetail(done.count),
        ...(done.dismissalIds.length > 0
          ? {
              action: {
                label: texts.undo,
                run: () =>
                  void runReported(
                    () => calls.restore(done.dismissalIds),
                    { summary: texts.restored, detail: texts.restoredDetail(done.dismissalIds.length), life: 'medium' },
                    texts.restoreFailed,
                  ),
              },
            }
          : {}),
      });
    } catch (error) {
      showToast({ severity: 'error', summary: 'Fehler', detail: messageOf(error, texts.dismissFailed) });
    } finally {
      setRunning(false);
    }
  }

  return (
    <Stack gap="sm">
      <DateInput
        label={texts.before}
        description={texts.beforeHint}
        value={before}
        max={today}
        onChange={setBefore}
        error={before !== null && !valid ? texts.invalidDate : undefined}
        w="16rem"
        data-autofocus
      />
      <div role="status" aria-live="polite">
        {!valid ? null : shown === null ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{texts.loading}</Text>
          </Group>
        ) : 'error' in shown ? (
          <Text size="sm" c="red.8">
            {shown.error}
          </Text>
        ) : shown.result.count === 0 ? (
          <Text size="sm">{texts.none(before)}</Text>
        ) : (
          <Stack gap={4}>
            <Text size="sm" fw={700}>
              {texts.found(shown.result.count, before, shown.result.total, currency)}
            </Text>
            <Text size="sm">{texts.effect}</Text>
          </Stack>
        )}
      </div>
      <DialogFooter onCancel={dialog.dismiss}>
        <Button
          leftSection={<IconCalendarOff size={16} aria-hidden />}
          disabled={!valid || count === 0}
          loading={running}
          onClick={() => void run()}
        >
          {texts.action}
        </Button>
      </DialogFooter>
    </Stack>
  );
}

/**
 * "Überfällige als entfällt markieren…" (docs/web.md "Prognose", "Plan/Ist"): a day (today unless
 * changed), the count and sum of the überfällig payments due before it, then a confirmation naming
 * the count; the toast offers "Rückgängig".
 */
export function openBulkDismissDialog(today: string, currency: string, calls: BulkDismissCalls): Promise<void> {
  return openDialog<void>({
    header: texts.bulkHeader,
    size: 'compact',
    content: (dialog) => <BulkDismiss today={today} currency={currency} calls={calls} dialog={dialog} />,
  }).then(() => undefined);
}
