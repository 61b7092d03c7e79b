import { useState } from 'react';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { csvMappingSchema, SELECT, type CsvMapping, type StatementPreview } from '@saldopilot/shared';
import { messageOf } from '../../../lib/api-error';
import { saveCsvMapping } from '../api/bank-statements';
import { csvRoleLabels, statementTexts as texts } from './statement-texts';

type Role = keyof CsvMapping;
const roles = Object.keys(csvRoleLabels) as Role[];

/**
 * The mapping step of a CSV import (docs/web.md "Bankkonten"): which column holds the date, the
 * amount (or credit and debit), the text, the reference, the balance …, started from what the
 * server read; saved for the account, then the preview reads the file again with it.
 */
export function CsvMappingForm({
  statement,
  onSaved,
}: {
  statement: StatementPreview & { account: NonNullable<StatementPreview['account']> };
  onSaved: () => void;
}) {
  const columns = statement.csvColumns ?? [];
  const headers = columns.map((column) => column.header);
  const [choice, setChoice] = useState<Partial<Record<Role, string | null>>>(() =>
    Object.fromEntries(columns.filter((column) => column.role).map((column) => [column.role, column.header])),
  );
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const mapping = csvMappingSchema.safeParse({
      ...Object.fromEntries(roles.map((role) => [role, choice[role] ?? null])),
      text: choice.text ? [choice.text] : [],
    });
    if (!mapping.success) {
      setError(mapping.error.issues[0]?.message ?? texts.mappingInvalid);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await saveCsvMapping(statement.account.id, mapping.data);
      onSaved();
    } catch (failure) {
      setError(messageOf(failure, texts.mappingFailed));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="xs" component="section" aria-label={texts.mappingTitle}>
      <Text size="sm" fw={600}>
        {texts.mappingTitle}
      </Text>
      <Text size="xs" c="dimmed">
        {texts.mappingHint(statement.account.name)}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" verticalSpacing="xs">
        {roles.map((role) => (
          <Select
            key={role}
            label={csvRoleLabels[role]}
            size="xs"
            data={headers}
            value={choice[role] ?? null}
            onChange={(value) => setChoice((current) => ({ ...current, [role]: value }))}
            clearable
            required={role === 'date'}
            maxDropdownHeight={SELECT.dropdownMaxHeight}
          />
        ))}
      </SimpleGrid>
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
      <Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconColumns size={16} aria-hidden />}
          loading={saving}
          onClick={() => void save()}
        >
          {texts.mappingSave}
        </Button>
      </Group>
    </Stack>
  );
}
