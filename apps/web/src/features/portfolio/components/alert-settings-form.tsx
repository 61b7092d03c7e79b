import { useState } from 'react';
import { Button, Checkbox, Group, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatAmount, parseAmount, type AlertSettings } from '@saldopilot/shared';
import { messageOf } from '../../../lib/api-error';
import { showToast } from '../../../lib/toast';
import { alertKeys, alertSettingsQuery, digestQuery, saveAlertSettings, saveDigest } from '../api/alerts';

export const alertSettingsTexts = {
  title: 'Benachrichtigungen',
  intro: (name: string) => `Per E-Mail und unter «Hinweise», für die aktuelle Organisation ${name}:`,
  shortfall: 'Eine Unterschreitung der Mindestliquidität erscheint oder rückt näher',
  staleDays: 'Kontosaldo älter als (Tage)',
  unmatchedAbove: 'Mehr offene Bankbuchungen als',
  paymentAbove: 'Zahlung (MWST, Lohnkosten) über Betrag',
  paymentWithinDays: 'fällig innert (Tage)',
  save: 'Speichern',
  saved: 'Benachrichtigungen gespeichert',
  invalidAmount: 'Ungültiger Betrag',
  digest: 'Wöchentliche Zusammenfassung aller Organisationen (Montagmorgen)',
} as const;

const numberOrNull = (value: string | number) => (value === '' ? null : Number(value));

/** The user's "Benachrichtigungen" for the current organisation (docs/cockpit.md "Alerts"); empty = off. */
export function AlertSettingsForm({ organisationId, name }: { organisationId: number | null; name: string }) {
  const { data } = useQuery(alertSettingsQuery(organisationId));
  if (!data) return null;
  // A new form per organisation, starting from its stored settings.
  return <SettingsForm key={organisationId} organisationId={organisationId} name={name} initial={data} />;
}

function SettingsForm({
  organisationId,
  name,
  initial,
}: {
  organisationId: number | null;
  name: string;
  initial: AlertSettings;
}) {
  const client = useQueryClient();
  const { data: digest } = useQuery(digestQuery());
  const [form, setForm] = useState<AlertSettings>(initial);
  const [amount, setAmount] = useState(initial.paymentAbove === null ? '' : formatAmount(initial.paymentAbove));
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    const paymentAbove = amount.trim() === '' ? null : parseAmount(amount);
    if (paymentAbove === undefined) return setError(alertSettingsTexts.invalidAmount);
    try {
      const saved = await saveAlertSettings({ ...form, paymentAbove });
      setError(null);
      client.setQueryData(alertKeys.settings(organisationId), saved);
      await client.invalidateQueries({ queryKey: alertKeys.list });
      showToast({ severity: 'success', summary: alertSettingsTexts.saved });
    } catch (failure) {
      setError(messageOf(failure, alertSettingsTexts.title));
    }
  };

  return (
    <Stack gap="xs" component="section" aria-label={alertSettingsTexts.title}>
      <Title order={2}>{alertSettingsTexts.title}</Title>
      <Text size="sm">{alertSettingsTexts.intro(name)}</Text>
      <Checkbox
        label={alertSettingsTexts.shortfall}
        checked={form.shortfall}
        onChange={(event) => setForm({ ...form, shortfall: event.currentTarget.checked })}
      />
      <Group wrap="wrap" align="end">
        <NumberInput
          label={alertSettingsTexts.staleDays}
          value={form.staleDays ?? ''}
          onChange={(value) => setForm({ ...form, staleDays: numberOrNull(value) })}
          allowDecimal={false}
          min={1}
        />
        <NumberInput
          label={alertSettingsTexts.unmatchedAbove}
          value={form.unmatchedAbove ?? ''}
          onChange={(value) => setForm({ ...form, unmatchedAbove: numberOrNull(value) })}
          allowDecimal={false}
          min={0}
        />
        <TextInput
          label={alertSettingsTexts.paymentAbove}
          value={amount}
          onChange={(event) => setAmount(event.currentTarget.value)}
        />
        <NumberInput
          label={alertSettingsTexts.paymentWithinDays}
          value={form.paymentWithinDays ?? ''}
          onChange={(value) => setForm({ ...form, paymentWithinDays: numberOrNull(value) })}
          allowDecimal={false}
          min={1}
        />
        <Button onClick={() => void save()}>{alertSettingsTexts.save}</Button>
      </Group>
      {digest ? (
        <Checkbox
          label={alertSettingsTexts.digest}
          checked={digest.weekly}
          onChange={(event) => {
            const weekly = event.currentTarget.checked;
            void saveDigest(weekly).then((saved) => client.setQueryData(alertKeys.digest, saved));
          }}
        />
      ) : null}
      {error ? (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
