import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  occurrenceKindLabels,
  SELECT,
  type BankEntry,
  type MatchRunSuggestion,
  type MatchSuggestion,
} from '@saldopilot/shared';
import { DialogFooter } from '../../../components/form/dialog-footer';
import { useDialogDirty } from '../../../components/form/use-entity-form';
import { Amount } from '../../../components/money/amount';
import { SignedAmount } from '../../../components/money/signed-amount';
import { messageOf } from '../../../lib/api-error';
import { openDialog, type DialogControls } from '../../../lib/dialog';
import { formatDate } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { useCategories } from '../../../reference-data/categories';
import { markEntryUnplanned, matchBankEntry, matchSuggestionsQuery } from '../api/entry-plan';
import { entryPlanTexts as texts, isOccurrenceTaken } from './entry-plan-texts';

/** The entry the dialog is about: date, amount, counterparty and text. */
function EntrySummary({ entry }: { entry: BankEntry }) {
  return (
    <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-default-hover)">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {texts.entryOf(entry.bookingDate)}:
        </Text>
        <SignedAmount cents={entry.amount} currency={entry.currency} size="sm" />
      </Group>
      {entry.counterpartyName ? <Text size="sm">{entry.counterpartyName}</Text> : null}
      {entry.remittanceInformation ? (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {entry.remittanceInformation}
        </Text>
      ) : null}
    </Paper>
  );
}

interface Failure {
  message: string;
  /** The occurrence is another entry's already: the payment in parts is offered. */
  split?: MatchSuggestion;
}

function SuggestionItem({
  suggestion,
  currency,
  busy,
  onChoose,
}: {
  suggestion: MatchSuggestion;
  currency: string;
  busy: boolean;
  onChoose: (split: boolean) => void;
}) {
  // An occurrence another entry pays in part already is joined as a split payment.
  const split = suggestion.matchedAmount !== 0;
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Group gap={6} wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {suggestion.name}
            </Text>
            <Badge size="sm" variant="light" color="gray" tt="none">
              {occurrenceKindLabels[suggestion.kind]}
            </Badge>
          </Group>
          <Text size="sm">
            <SignedAmount cents={suggestion.amount} currency={currency} /> · {texts.due(suggestion.dueDate)} ·{' '}
            {suggestion.category}
          </Text>
          <ScoreAndReasons score={suggestion.score} reasons={suggestion.reasons} />
          {split ? (
            <Text size="xs">
              {texts.alreadyMatched}: <Amount cents={suggestion.matchedAmount} currency={currency} />
            </Text>
          ) : null}
        </Stack>
        <Button
          size="xs"
          variant={split ? 'default' : 'filled'}
          leftSection={<IconLink size={14} aria-hidden />}
          aria-label={split ? texts.splitOf(suggestion) : texts.chooseSuggestionOf(suggestion)}
          loading={busy}
          onClick={() => onChoose(split)}
        >
          {split ? texts.split : texts.chooseSuggestion}
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * A salary run (docs/plan-actual.md "Suggestions"): its reasons, its sum and every occurrence, and
 * "Alle zuordnen", which matches the entry to all of them in one step.
 */
function RunItem({
  run,
  currency,
  busy,
  onChoose,
}: {
  run: MatchRunSuggestion;
  currency: string;
  busy: boolean;
  onChoose: () => void;
}) {
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Group gap={6} wrap="wrap">
            <Text fw={600}>{texts.runTitle}</Text>
            <Badge size="sm" variant="light" color="gray" tt="none">
              {texts.runSum} <Amount cents={run.amount} currency={currency} />
            </Badge>
          </Group>
          <ScoreAndReasons score={run.score} reasons={run.reasons} />
          <Stack component="ul" gap={0} m={0} pl="md" aria-label={texts.runOccurrences}>
            {run.occurrences.map((occurrence) => (
              <Text
                component="li"
                size="xs"
                key={`${occurrence.kind}:${occurrence.id}:${occurrence.dueDate}`}
                style={{ overflowWrap: 'anywhere' }}
              >
                {texts.occurrenceLine(occurrence)}:{' '}
                <SignedAmount cents={occurrence.amount} currency={currency} size="xs" />
              </Text>
            ))}
          </Stack>
        </Stack>
        <Button
          size="xs"
          leftSection={<IconLink size={14} aria-hidden />}
          aria-label={texts.matchAllOf(run)}
          loading={busy}
          onClick={onChoose}
        >
          {texts.matchAll}
        </Button>
      </Group>
    </Paper>
  );
}

function MatchChoice({
  entry,
  accountId,
  currency,
  dialog,
}: {
  entry: BankEntry;
  accountId: number;
  currency: string;
  dialog: DialogControls<boolean>;
}) {
  const suggestions = useQuery(matchSuggestionsQuery(entry.id));
  const [busy, setBusy] = useState<MatchSuggestion | MatchRunSuggestion | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);

  const choose = async (suggestion: MatchSuggestion, split: boolean) => {
    setBusy(suggestion);
    setFailure(null);
    try {
      const { kind, id, dueDate } = suggestion;
      await matchBankEntry(accountId, entry.id, split ? { kind, id, dueDate, split: true } : { kind, id, dueDate });
      showToast({
        severity: 'success',
        summary: texts.matched,
        detail: `${suggestion.name} (${formatDate(dueDate)})`,
        life: 'medium',
      });
      dialog.close(true);
    } catch (error) {
      setFailure({
        message: messageOf(error, texts.matchFailed),
        split: !split && isOccurrenceTaken(error) ? suggestion : undefined,
      });
      setBusy(null);
    }
  };

  const chooseRun = async (run: MatchRunSuggestion) => {
    setBusy(run);
    setFailure(null);
    try {
      const occurrences = run.occurrences.map(({ kind, id, dueDate }) => ({ kind, id, dueDate }));
      await matchBankEntry(accountId, entry.id, { occurrences });
      showToast({
        severity: 'success',
        summary: texts.matched,
        detail: texts.runMatched(occurrences.length),
        life: 'medium',
      });
      dialog.close(true);
    } catch (error) {
      setFailure({ message: messageOf(error, texts.matchFailed) });
      setBusy(null);
    }
  };

  const list = suggestions.data?.suggestions ?? [];
  const runs = suggestions.data?.runs ?? [];
  return (
    <Stack gap="md">
      <EntrySummary entry={entry} />
      {suggestions.isError ? (
        <Alert color="red" variant="light" role="alert" title={texts.matchFailed}>
          {suggestions.error.message}
        </Alert>
      ) : suggestions.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text size="sm">{texts.suggestionsLoading}</Text>
        </Group>
      ) : (
        <>
          <Text size="sm">
            {texts.suggestionsIntro(suggestions.data.tolerancePercent, suggestions.data.windowDays)}
          </Text>
          {runs.length > 0 ? (
            <Stack component="ul" gap="xs" aria-label={texts.runs} p={0} m={0} style={{ listStyle: 'none' }}>
              {runs.map((run) => (
                <RunItem
                  key={run.occurrences.map((o) => `${o.kind}:${o.id}:${o.dueDate}`).join(',')}
                  run={run}
                  currency={currency}
                  busy={busy === run}
                  onChoose={() => void chooseRun(run)}
                />
              ))}
            </Stack>
          ) : null}
          {list.length === 0 && runs.length === 0 ? (
            <Alert color="gray" variant="light" role="status">
              <Text size="sm" fw={700}>
                {texts.noSuggestions}
              </Text>
              <Text size="sm">{texts.noSuggestionsHint}</Text>
            </Alert>
          ) : list.length === 0 ? null : (
            <Stack component="ul" gap="xs" aria-label={texts.suggestions} p={0} m={0} style={{ listStyle: 'none' }}>
              {list.map((suggestion) => (
                <SuggestionItem
                  key={`${suggestion.kind}:${suggestion.id}:${suggestion.dueDate}`}
                  suggestion={suggestion}
                  currency={currency}
                  busy={busy === suggestion}
                  onChoose={(split) => void choose(suggestion, split)}
                />
              ))}
            </Stack>
          )}
        </>
      )}
      {failure ? (
        <Alert color="red" variant="light" role="alert">
          <Text size="sm" fw={700}>
            {texts.matchFailed}
          </Text>
          <Text size="sm">{failure.split ? texts.splitHint(failure.split.name) : failure.message}</Text>
          {failure.split ? (
            <Button
              mt="xs"
              size="xs"
              variant="default"
              aria-label={texts.splitOf(failure.split)}
              loading={busy === failure.split}
              onClick={() => failure.split && void choose(failure.split, true)}
            >
              {texts.split}
            </Button>
          ) : null}
        </Alert>
      ) : null}
      <DialogFooter onCancel={dialog.dismiss} />
    </Stack>
  );
}

/**
 * "Zuordnen…" (docs/web.md "Buchungen"): the suggestions for the entry, best first, with amount,
 * due date, score and reasons; a choice matches. Answers true once matched.
 */
export function openMatchDialog(entry: BankEntry, accountId: number, currency: string): Promise<boolean | undefined> {
  return openDialog<boolean>({
    header: texts.matchTitle,
    content: (dialog) => <MatchChoice entry={entry} accountId={accountId} currency={currency} dialog={dialog} />,
  });
}

function UnplannedChoice({
  entry,
  accountId,
  dialog,
}: {
  entry: BankEntry;
  accountId: number;
  dialog: DialogControls<boolean>;
}) {
  const { data: categories = [] } = useCategories();
  const initial = entry.category ? String(entry.category.id) : null;
  const [categoryId, setCategoryId] = useState<string | null>(initial);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useDialogDirty(dialog, categoryId !== initial);

  const save = async () => {
    if (!categoryId) return;
    setSaving(true);
    setFailure(null);
    try {
      await markEntryUnplanned(accountId, entry.id, Number(categoryId));
      showToast({ severity: 'success', summary: texts.success, detail: texts.unplannedSaved, life: 'medium' });
      dialog.close(true);
    } catch (error) {
      setFailure(messageOf(error, texts.unplannedFailed));
      setSaving(false);
    }
  };

  return (
    <Stack gap="md">
      <EntrySummary entry={entry} />
      <Text size="sm">{texts.unplannedIntro}</Text>
      <Select
        label={texts.category}
        placeholder={texts.chooseCategory}
        required
        searchable
        data-autofocus
        data={categories.map((category) => ({ value: String(category.id), label: category.name }))}
        value={categoryId}
        onChange={setCategoryId}
        maxDropdownHeight={SELECT.dropdownMaxHeight}
      />
      <DialogFooter
        onCancel={dialog.dismiss}
        message={failure ? { severity: 'error', text: texts.unplannedFailed, detail: failure } : null}
      >
        <Button onClick={() => void save()} loading={saving} disabled={!categoryId}>
          {texts.unplannedSave}
        </Button>
      </DialogFooter>
    </Stack>
  );
}

/** "Nicht geplant…": the category the entry counts under as an actual without a plan. */
export function openUnplannedDialog(entry: BankEntry, accountId: number): Promise<boolean | undefined> {
  return openDialog<boolean>({
    header: texts.unplannedTitle,
    size: 'compact',
    content: (dialog) => <UnplannedChoice entry={entry} accountId={accountId} dialog={dialog} />,
  });
}

/** A suggestion's score and the reasons for it, for single occurrences and salary runs alike. */
function ScoreAndReasons({ score, reasons }: { score: number; reasons: readonly string[] }) {
  return (
    <Group gap={4} wrap="wrap">
      <Text size="xs" fw={700}>
        {texts.score(score)}
      </Text>
      {reasons.map((reason) => (
        <Badge key={reason} size="sm" variant="light" color="blue" tt="none">
          {reason}
        </Badge>
      ))}
    </Group>
  );
}
