import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Loader,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { SELECT, type RecurringSuggestion } from '@saldopilot/shared';
import { DialogFooter } from '../../../components/form/dialog-footer';
import { SignedAmount } from '../../../components/money/signed-amount';
import { messageOf } from '../../../lib/api-error';
import { openDialog, type DialogControls } from '../../../lib/dialog';
import { formatAmount, formatDate } from '../../../lib/format';
import { queryClient } from '../../../lib/query-client';
import { showToast } from '../../../lib/toast';
import { useCategories } from '../../../reference-data/categories';
import { useVats } from '../../../reference-data/vats';
import { AmountInput } from '../../../components/form/amount-input';
import {
  acceptRecurring,
  applyLearnedDelay,
  dismissRecurring,
  learnedDelaysQuery,
  recurringSuggestionsQuery,
} from '../api/recurring-suggestions';

/** docs/recurring.md "Suggestions": the German texts of the list "Wiederkehrende Zahlungen". */
export const recurringTexts = {
  title: 'Wiederkehrende Zahlungen',
  open: 'Wiederkehrende Zahlungen',
  found: (n: number) => (n === 1 ? '1 wiederkehrende Zahlung gefunden' : `${n} wiederkehrende Zahlungen gefunden`),
  none: 'Keine wiederkehrenden Zahlungen gefunden.',
  hint: 'In den Kontoauszügen gefunden. Ausgewählte übernehmen (als wiederkehrende Transaktion, die bisherigen Buchungen werden zugeordnet) oder verwerfen.',
  loading: 'Wiederkehrende Zahlungen werden gesucht …',
  select: 'Auswählen',
  selectAll: 'Alle auswählen',
  counterparty: 'Gegenpartei',
  pattern: 'Rhythmus',
  amount: 'Betrag',
  name: 'Name',
  category: 'Kategorie',
  vat: 'MWST',
  amountMissing: (name: string) => `Bitte einen gültigen Betrag eingeben: ${name}`,
  noVat: 'Keine MWST',
  confidence: 'Sicherheit',
  next: 'Nächste',
  accept: (n: number) => `Übernehmen (${n})`,
  dismiss: (n: number) => `Verwerfen (${n})`,
  accepted: (n: number, entries: number) =>
    `${n === 1 ? '1 Transaktion' : `${n} Transaktionen`} erstellt, ${entries === 1 ? '1 Buchung' : `${entries} Buchungen`} zugeordnet`,
  dismissed: (n: number) => (n === 1 ? '1 Vorschlag verworfen' : `${n} Vorschläge verworfen`),
  /** docs/recurring.md "Weekly series". */
  weekly: (amount: string) => `Im Plan monatlich mit der Monatssumme ${amount} (52 Zahlungen auf 12 Monate)`,
  biweekly: (amount: string) => `Im Plan monatlich mit der Monatssumme ${amount} (26 Zahlungen auf 12 Monate)`,
  range: (min: number, max: number) => `${formatAmount(min)} bis ${formatAmount(max)}`,
  close: 'Schliessen',
  delays: 'Gelernte Verzögerungen',
  delaysHint:
    'Aus den zugeordneten Zahlungen der letzten 6 Monate. Eingeschaltet zählt die Prognose künftige Zahlungen um diese Tage später (der Plan bleibt).',
  applyDelay: (name: string) => `Gelernte Verzögerung anwenden: ${name}`,
} as const;

/** The delays learned per transaction, each with its switch "gelernte Verzögerung anwenden" (docs/recurring.md "Payment delays"). */
function LearnedDelayList() {
  const delays = useQuery(learnedDelaysQuery());
  const [error, setError] = useState<string | null>(null);
  const list = delays.data?.transactions ?? [];
  if (list.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {recurringTexts.delays}
      </Title>
      <Text size="xs" c="dimmed">
        {recurringTexts.delaysHint}
      </Text>
      {list.map((delay) => (
        <Switch
          key={delay.transactionId}
          label={`${delay.name}: ${delay.text}`}
          aria-label={recurringTexts.applyDelay(delay.name)}
          checked={delay.applied}
          onChange={(event) => {
            const apply = event.currentTarget.checked;
            setError(null);
            applyLearnedDelay(delay.transactionId, apply).catch((failure: unknown) =>
              setError(messageOf(failure, 'Speichern fehlgeschlagen')),
            );
          }}
        />
      ))}
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** The fields edited before accepting (docs/recurring.md "The web"); amount in cents, NaN while typed wrong. */
interface Edit {
  name: string;
  amount: number | null;
  categoryId: number | null;
  vatId: number | null;
}

function RecurringList({ dialog }: { dialog: DialogControls<undefined> }) {
  const suggestions = useQuery(recurringSuggestionsQuery());
  const { data: categories = [] } = useCategories();
  const { data: vats = [] } = useVats();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [edits, setEdits] = useState<Record<string, Edit>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const list = suggestions.data?.suggestions ?? [];
  const editOf = (s: RecurringSuggestion): Edit =>
    edits[s.key] ?? {
      name: s.proposed.name,
      amount: s.proposed.amount,
      categoryId: s.proposed.categoryId,
      vatId: s.proposed.vatId,
    };
  const chosen = list.filter((s) => selected.has(s.key));
  const toggle = (key: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const act = async (what: 'accept' | 'dismiss') => {
    setBusy(true);
    setError(null);
    try {
      const unreadable = chosen.find((s) => !Number.isFinite(editOf(s).amount));
      if (what === 'accept' && unreadable) {
        setError(recurringTexts.amountMissing(unreadable.counterparty.name));
        return;
      }
      if (what === 'accept') {
        const result = await acceptRecurring({
          items: chosen.map((s) => {
            const edit = editOf(s);
            return {
              key: s.key,
              fingerprint: s.fingerprint,
              name: edit.name,
              ...(edit.amount !== s.proposed.amount ? { amount: edit.amount as number } : {}),
              ...(edit.categoryId ? { categoryId: edit.categoryId } : {}),
              vatId: edit.vatId,
            };
          }),
        });
        showToast({
          severity: 'success',
          summary: recurringTexts.title,
          detail: recurringTexts.accepted(result.transactions.length, result.matchedEntries),
        });
      } else {
        const result = await dismissRecurring({
          items: chosen.map((s) => ({ key: s.key, fingerprint: s.fingerprint })),
        });
        showToast({
          severity: 'success',
          summary: recurringTexts.title,
          detail: recurringTexts.dismissed(result.dismissed),
        });
      }
      setSelected(new Set());
    } catch (failure) {
      setError(messageOf(failure, what === 'accept' ? 'Übernehmen fehlgeschlagen' : 'Verwerfen fehlgeschlagen'));
    } finally {
      setBusy(false);
    }
  };

  const categoryData = categories.map((category) => ({ value: String(category.id), label: category.name }));
  const vatData = [
    { value: '', label: recurringTexts.noVat },
    ...vats.map((vat) => ({ value: String(vat.id), label: vat.formattedValue })),
  ];
  const update = (s: RecurringSuggestion, change: Partial<Edit>) =>
    setEdits((current) => ({ ...current, [s.key]: { ...editOf(s), ...change } }));
  return (
    <Stack gap="md">
      <Text size="sm">{recurringTexts.hint}</Text>
      {suggestions.isPending ? (
        <Text size="sm" role="status">
          <Loader size="xs" mr="xs" />
          {recurringTexts.loading}
        </Text>
      ) : suggestions.isError ? (
        <Alert color="red" variant="light" role="alert">
          {messageOf(suggestions.error, 'Wiederkehrende Zahlungen konnten nicht geladen werden')}
        </Alert>
      ) : list.length === 0 ? (
        <Text>{recurringTexts.none}</Text>
      ) : (
        <Table.ScrollContainer
          type="native"
          minWidth={900}
          tabIndex={0}
          role="region"
          aria-label={recurringTexts.title}
        >
          <Table verticalSpacing={6} fz="sm" aria-label={recurringTexts.title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Checkbox
                    aria-label={recurringTexts.selectAll}
                    checked={chosen.length === list.length}
                    indeterminate={chosen.length > 0 && chosen.length < list.length}
                    onChange={(event) =>
                      setSelected(event.currentTarget.checked ? new Set(list.map((s) => s.key)) : new Set())
                    }
                  />
                </Table.Th>
                <Table.Th>{recurringTexts.counterparty}</Table.Th>
                <Table.Th>{recurringTexts.pattern}</Table.Th>
                <Table.Th ta="right">{recurringTexts.amount}</Table.Th>
                <Table.Th>{recurringTexts.name}</Table.Th>
                <Table.Th>{recurringTexts.category}</Table.Th>
                <Table.Th>{recurringTexts.vat}</Table.Th>
                <Table.Th>{recurringTexts.confidence}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((s) => {
                const edit = editOf(s);
                return (
                  <Table.Tr key={s.key} data-testid="recurring-suggestion">
                    <Table.Td>
                      <Checkbox
                        aria-label={`${recurringTexts.select}: ${s.counterparty.name}`}
                        checked={selected.has(s.key)}
                        onChange={(event) => toggle(s.key, event.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td>{s.counterparty.name}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{s.reasons[0]}</Text>
                      <Text size="xs" c="dimmed">
                        {s.reasons.slice(1).join(' · ')}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {recurringTexts.next}: {formatDate(s.nextDate)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} miw="10rem">
                      <AmountInput
                        aria-label={`${recurringTexts.amount}: ${s.counterparty.name}`}
                        value={edit.amount}
                        currency={s.currency}
                        onChange={(amount) => update(s, { amount })}
                      />
                      {s.plannable ? null : (
                        <Text size="xs" c="dimmed" ta="left">
                          <SignedAmount cents={s.amount} currency={s.currency} />{' '}
                          {recurringTexts[s.cycle === 'weekly' ? 'weekly' : 'biweekly'](
                            formatAmount(s.proposed.amount),
                          )}
                        </Text>
                      )}
                      {s.amountMin !== s.amountMax ? (
                        <Text size="xs" c="dimmed">
                          {recurringTexts.range(s.amountMin, s.amountMax)}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={`${recurringTexts.name}: ${s.counterparty.name}`}
                        value={edit.name}
                        onChange={(event) => update(s, { name: event.currentTarget.value })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={`${recurringTexts.category}: ${s.counterparty.name}`}
                        data={categoryData}
                        value={edit.categoryId === null ? null : String(edit.categoryId)}
                        onChange={(value) => update(s, { categoryId: value ? Number(value) : null })}
                        maxDropdownHeight={SELECT.dropdownMaxHeight}
                        searchable
                      />
                    </Table.Td>
                    <Table.Td miw="8rem">
                      <Select
                        aria-label={`${recurringTexts.vat}: ${s.counterparty.name}`}
                        data={vatData}
                        value={edit.vatId === null ? '' : String(edit.vatId)}
                        onChange={(value) => update(s, { vatId: value ? Number(value) : null })}
                        allowDeselect={false}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={s.confidence >= 90 ? 'teal' : 'blue'}>
                        {s.confidence} %
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
      <LearnedDelayList />
      <DialogFooter onCancel={() => dialog.dismiss()} cancelLabel={recurringTexts.close}>
        <Button
          variant="outline"
          color="red"
          disabled={chosen.length === 0}
          loading={busy}
          onClick={() => void act('dismiss')}
        >
          {recurringTexts.dismiss(chosen.length)}
        </Button>
        <Button disabled={chosen.length === 0} loading={busy} onClick={() => void act('accept')}>
          {recurringTexts.accept(chosen.length)}
        </Button>
      </DialogFooter>
    </Stack>
  );
}

/** Opens the list "Wiederkehrende Zahlungen" (docs/recurring.md "Suggestions"). */
export function openRecurringDialog(): Promise<undefined> {
  return openDialog({
    header: recurringTexts.title,
    size: 'wide',
    content: (dialog) => <RecurringList dialog={dialog} />,
  });
}

/**
 * After an import (docs/recurring.md): the series now found are counted; when there are any, a toast
 * says how many and the list opens.
 */
export async function showRecurringAfterImport(): Promise<void> {
  try {
    const list = await queryClient.fetchQuery({ ...recurringSuggestionsQuery(), staleTime: 0 });
    if (list.suggestions.length === 0) return;
    showToast({
      severity: 'info',
      summary: recurringTexts.title,
      detail: recurringTexts.found(list.suggestions.length),
    });
    void openRecurringDialog();
  } catch {
    // The import succeeded; finding series is a bonus that may fail quietly.
  }
}

/** The toolbar's button that opens the list. */
export function RecurringButton() {
  return (
    <Button variant="default" onClick={() => void openRecurringDialog()}>
      {recurringTexts.open}
    </Button>
  );
}
