import { Alert, Button, Group, Text } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useState } from 'react';
import { z } from 'zod';
import { dateSchema, type Salary } from '@saldopilot/shared';
import { DateField } from '../../../components/form/date-input';
import { Form } from '../../../components/form/form';
import { InlineMessage, type InlineMessageValue } from '../../../components/form/inline-message';
import { SubmitButton } from '../../../components/form/submit-button';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { ApiError } from '../../../lib/api-error';
import { openDialog } from '../../../lib/dialog';
import { formatDate } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { createSalary } from '../api/create-salary';
import { suggestedTermination } from './employee-display';
import { employeeTexts as texts } from './employee-texts';

interface TerminationContext {
  employeeId: number;
  salaries: readonly Salary[];
  organisationCurrencyId: number;
}

function TerminationForm({ context, close }: { context: TerminationContext; close: (salary?: Salary) => void }) {
  const [message, setMessage] = useState<InlineMessageValue | null>(null);
  const suggestion = suggestedTermination(context.salaries);
  const taken = new Set(context.salaries.map((salary) => salary.fromDate));
  const schema = z.strictObject({
    fromDate: dateSchema('Von wird benötigt').refine((date) => !taken.has(date), texts.dateTaken),
  });
  const { handleSubmit, control, setError } = useSchemaForm(schema, { defaultValues: { fromDate: suggestion } });

  const submit = handleSubmit(async ({ fromDate }) => {
    setMessage(null);
    try {
      // A termination is stored with 0 hours, days and amount and no end (docs/salary-rules.md
      // "Salary timeline").
      const created = await createSalary(context.employeeId, {
        fromDate,
        isTermination: true,
        hoursPerMonth: 0,
        vacationDaysPerYear: 0,
        amount: 0,
        cycle: 'monthly',
        currencyId: context.organisationCurrencyId,
      });
      showToast({ severity: 'success', summary: texts.success, detail: texts.terminationCreated });
      close(created);
    } catch (error) {
      const fieldMessage = error instanceof ApiError ? error.fields?.fromDate : undefined;
      if (fieldMessage) setError('fromDate', { message: fieldMessage });
      setMessage({
        severity: 'error',
        text: texts.terminationCreateFailed,
        detail: error instanceof ApiError ? error.message : undefined,
      });
    }
  });

  return (
    <Form onSubmit={submit} aria-label={texts.terminationTitle}>
      <Alert color="yellow" variant="light" mb="sm">
        {texts.terminationWarning}
      </Alert>
      <DateField
        control={control}
        name="fromDate"
        label={texts.fields.from}
        description={texts.hints.terminationFrom}
        required
        data-autofocus
      />
      {suggestion ? (
        <Text size="sm" c="blue.8">
          {texts.suggestion(formatDate(suggestion))}
        </Text>
      ) : null}
      <Group justify="flex-end" gap="sm" mt="sm">
        <Button variant="default" onClick={() => close()}>
          {texts.cancel}
        </Button>
        {/* The suggestion is a valid value: it may be saved without a change. */}
        <SubmitButton control={control} requireChange={false} icon={<IconBan size={18} aria-hidden />}>
          {texts.save}
        </SubmitButton>
      </Group>
      <InlineMessage message={message} />
    </Form>
  );
}

/**
 * "Austritt hinzufügen" (docs/web.md "Mitarbeitende (Detailseite)"): the end of the employment, pre-filled with
 * the suggestion.
 */
export function openTerminationDialog(context: TerminationContext): Promise<Salary | undefined> {
  return openDialog<Salary>({
    header: texts.terminationTitle,
    size: 'compact',
    content: ({ close }) => <TerminationForm context={context} close={close} />,
  });
}
