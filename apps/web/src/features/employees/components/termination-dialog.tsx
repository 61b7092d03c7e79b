import { Alert, Text } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useState } from 'react';
import { z } from 'zod';
import { dateSchema, type Salary } from '@saldopilot/shared';
import { DateField } from '../../../components/form/date-input';
import { EntityForm } from '../../../components/form/entity-dialog';
import { useEntityForm } from '../../../components/form/use-entity-form';
import { schemaResolver } from '../../../components/form/use-schema-form';
import { openDialog, type DialogControls } from '../../../lib/dialog';
import { formatDate } from '../../../lib/format';
import { createSalary } from '../api/create-salary';
import { suggestedTermination } from './employee-display';
import { employeeTexts as texts } from './employee-texts';

interface TerminationContext {
  employeeId: number;
  salaries: readonly Salary[];
  organisationCurrencyId: number;
}

function TerminationForm({ context, dialog }: { context: TerminationContext; dialog: DialogControls<Salary | null> }) {
  const suggestion = suggestedTermination(context.salaries);
  const [resolver] = useState(() => {
    const taken = new Set(context.salaries.map((salary) => salary.fromDate));
    return schemaResolver(
      z.strictObject({
        fromDate: dateSchema('Von wird benötigt').refine((date) => !taken.has(date), texts.dateTaken),
      }),
    );
  });
  const entity = useEntityForm({
    dialog,
    mode: 'create',
    titles: { create: texts.terminationTitle },
    resolver,
    defaultValues: { fromDate: suggestion },
    // A termination is stored with 0 hours, days and amount and no end (docs/salary-rules.md
    // "Salary timeline").
    save: {
      create: ({ fromDate }) =>
        createSalary(context.employeeId, {
          fromDate,
          isTermination: true,
          hoursPerMonth: 0,
          vacationDaysPerYear: 0,
          amount: 0,
          cycle: 'monthly',
          currencyId: context.organisationCurrencyId,
        }),
    },
    saved: () => texts.terminationCreated,
    failed: { create: texts.terminationCreateFailed },
    // The suggestion is a valid value: it may be saved without a change.
    requireChange: false,
  });

  return (
    <EntityForm entity={entity} submit={{ label: texts.save, icon: <IconBan size={18} aria-hidden /> }}>
      <Alert color="yellow" variant="light" mb="sm">
        {texts.terminationWarning}
      </Alert>
      <DateField
        control={entity.form.control}
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
    </EntityForm>
  );
}

/**
 * "Austritt hinzufügen" (docs/web.md "Mitarbeitende (Detailseite)"): the end of the employment, pre-filled with
 * the suggestion.
 */
export function openTerminationDialog(context: TerminationContext): Promise<Salary | null | undefined> {
  return openDialog<Salary | null>({
    header: texts.terminationTitle,
    size: 'compact',
    content: (dialog) => <TerminationForm context={context} dialog={dialog} />,
  });
}
