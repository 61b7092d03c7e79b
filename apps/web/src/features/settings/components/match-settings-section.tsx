import { Group } from '@mantine/core';
import { z } from 'zod';
import {
  hasRole,
  MATCH_LIMITS,
  matchTolerancePercentSchema,
  matchWindowDaysSchema,
  organisationUpdateSchema,
  type Organisation,
} from '@saldopilot/shared';
import { useBankAccountChoices } from '../../../reference-data/bank-accounts';
import { changesOf } from '../../../components/form/entity-changes';
import { Form } from '../../../components/form/form';
import { IdSelectField } from '../../../components/form/id-select-field';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { WholeNumberField } from '../../../components/form/whole-number-field';
import { invalidatePlanQueries } from '../../../lib/query-keys';
import { forecastSettingsTexts as texts } from './forecast-settings-texts';
import { useOrganisationSave } from './organisation-save';
import { SettingsSave } from './settings-save';
import { SettingsSection } from './settings-section';
import type { OrganisationSettingProps } from './single-setting-section';

const schema = z.strictObject({
  matchTolerancePercent: matchTolerancePercentSchema,
  matchWindowDays: matchWindowDaysSchema,
  salaryBankAccountId: organisationUpdateSchema.shape.salaryBankAccountId.unwrap(),
});

const fields = [
  {
    name: 'matchTolerancePercent',
    label: texts.toleranceLabel,
    description: texts.toleranceHint,
    max: MATCH_LIMITS.maxTolerancePercent,
  },
  { name: 'matchWindowDays', label: texts.windowLabel, description: texts.windowHint, max: MATCH_LIMITS.maxWindowDays },
] as const;

function storedOf(
  organisation: Pick<Organisation, 'matchTolerancePercent' | 'matchWindowDays' | 'salaryBankAccountId'>,
) {
  return {
    matchTolerancePercent: organisation.matchTolerancePercent,
    matchWindowDays: organisation.matchWindowDays,
    salaryBankAccountId: organisation.salaryBankAccountId,
  };
}

/**
 * "Abgleich mit der Bank" beside the minimum balance (docs/plan-actual.md "Suggestions"): how far
 * an entry's amount (±%) and booking date (±days) may lie from a planned payment to be suggested,
 * and the "Lohnkonto" salaries and salary costs are paid from (docs/plan-actual.md "Coverage").
 * Owners and admins set them.
 */
export function MatchSettingsSection({ organisation, queryKey }: OrganisationSettingProps) {
  const editable = hasRole(organisation.role, 'admin');
  const stored = storedOf(organisation);
  const { control, handleSubmit, reset } = useSchemaForm(schema, {
    values: stored,
    resetOptions: { keepDirtyValues: true },
  });
  const [message, save] = useOrganisationSave(organisation, queryKey, {
    saved: texts.matchSaved,
    failed: texts.matchFailed,
    // The suggestions are ranked with them (under the Plan/Ist root); the salary account moves what
    // is overdue in the Prognose and covered in Plan/Ist (docs/plan-actual.md "Coverage").
    reload: invalidatePlanQueries,
  });
  const readOnly = { readOnly: !editable, variant: editable ? 'default' : 'filled' } as const;
  const { data: accounts = [] } = useBankAccountChoices();
  return (
    <SettingsSection title={texts.matchTitle} description={editable ? texts.matchDescription : texts.readOnlyHint}>
      <Form
        aria-label={texts.matchTitle}
        onSubmit={handleSubmit((input) => save(changesOf(stored, input), (updated) => reset(storedOf(updated))))}
      >
        <Group gap="md" align="flex-start">
          {fields.map((field) => (
            <WholeNumberField key={field.name} control={control} min={0} {...field} {...readOnly} w={260} />
          ))}
          <IdSelectField
            control={control}
            name="salaryBankAccountId"
            label={texts.salaryAccountLabel}
            description={texts.salaryAccountHint}
            none={texts.noSalaryAccount}
            data={accounts.map((account) => ({ value: account.id, label: account.name }))}
            {...readOnly}
            w={260}
          />
        </Group>
        <SettingsSave editable={editable} control={control} label={texts.matchSave} message={message} />
      </Form>
    </SettingsSection>
  );
}
