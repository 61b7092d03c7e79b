import { Button, Group, Stack, Text } from '@mantine/core';
import type { BankEntry } from '@saldopilot/shared';
import { runReported } from '../../../lib/user-action';
import { unmatchBankEntry } from '../api/entry-plan';
import { entryPlanText, entryPlanTexts as texts } from './entry-plan-texts';

/** What the plan cell needs: the account, the organisation currency (of the suggestions), the role. */
export interface EntryPlanContext {
  accountId: number;
  organisationCurrency: string;
  canEdit: boolean;
}

/** The dialogs come with the first click, so the entries page's chunk stays as small as it was. */
async function openMatch(entry: BankEntry, context: EntryPlanContext) {
  const { openMatchDialog } = await import('./entry-plan-dialogs');
  await openMatchDialog(entry, context.accountId, context.organisationCurrency);
}

async function openUnplanned(entry: BankEntry, context: EntryPlanContext) {
  const { openUnplannedDialog } = await import('./entry-plan-dialogs');
  await openUnplannedDialog(entry, context.accountId);
}

function unmatch(entry: BankEntry, context: EntryPlanContext) {
  void runReported(
    () => unmatchBankEntry(context.accountId, entry.id),
    { summary: texts.success, detail: texts.unmatched, life: 'medium' },
    texts.unmatchFailed,
  );
}

/**
 * The column "Plan" (docs/web.md "Buchungen"): how the entry stands to the plan and, for editors,
 * "Zuordnen…" and "Nicht geplant…" while it is open, "Zuordnung lösen" once it is matched or marked.
 */
export function EntryPlan({ entry, context }: { entry: BankEntry; context: EntryPlanContext }) {
  const open = entry.plan.state === 'open';
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm" c={open ? 'dimmed' : undefined} style={{ overflowWrap: 'anywhere' }}>
        {entryPlanText(entry)}
      </Text>
      {entry.plan.occurrences.length > 1 ? (
        // A salary run: every occurrence the entry pays (docs/web.md "Buchungen").
        <Stack component="ul" gap={0} m={0} pl="md" aria-label={texts.runTitle}>
          {entry.plan.occurrences.map((occurrence) => (
            <Text
              component="li"
              size="xs"
              key={`${occurrence.kind}:${occurrence.id}:${occurrence.dueDate}`}
              style={{ overflowWrap: 'anywhere' }}
            >
              {texts.occurrenceLine(occurrence)}
            </Text>
          ))}
        </Stack>
      ) : null}
      {context.canEdit ? (
        <Group gap={4}>
          {open ? (
            <>
              <Button size="compact-xs" variant="light" onClick={() => void openMatch(entry, context)}>
                {texts.match}
              </Button>
              <Button size="compact-xs" variant="default" onClick={() => void openUnplanned(entry, context)}>
                {texts.markUnplanned}
              </Button>
            </>
          ) : (
            <Button size="compact-xs" variant="default" onClick={() => unmatch(entry, context)}>
              {texts.unmatch}
            </Button>
          )}
        </Group>
      ) : null}
    </Stack>
  );
}
