import '@mantine/core/styles/Switch.css';
import { Alert, Group, Select, Skeleton, Switch } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useWatch } from 'react-hook-form';
import {
  cycleLabels,
  hasRole,
  SELECT,
  VAT_OFFSET_MAX,
  vatIntervals,
  vatSettingUpdateSchema,
  type Organisation,
  type VatSetting,
} from '@saldopilot/shared';
import { DateField } from '../../../components/form/date-input';
import { Form } from '../../../components/form/form';
import { InlineMessage, useInlineMessage } from '../../../components/form/inline-message';
import { SubmitButton } from '../../../components/form/submit-button';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { ApiError } from '../../../lib/api-error';
import { getVatSettings, vatSettingKeys } from '../api/get-vat-settings';
import { saveVatSettings } from '../api/save-vat-settings';
import { forecastSettingsTexts as texts } from './forecast-settings-texts';
import { SettingsSection } from './settings-section';

const offsets = Array.from({ length: VAT_OFFSET_MAX + 1 }, (_, months) => ({
  value: String(months),
  label: texts.offsetLabel(months),
}));
const intervals = vatIntervals.map((interval) => ({ value: interval, label: cycleLabels[interval] }));

function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

function VatSettingsForm({
  saved,
  editable,
  organisationId,
}: {
  saved: VatSetting | null;
  editable: boolean;
  organisationId: number;
}) {
  const queryClient = useQueryClient();
  const [message, showMessage] = useInlineMessage();
  const values = saved ?? {
    enabled: false,
    billingDate: today(),
    transactionMonthOffset: 0,
    interval: 'quarterly' as const,
  };
  const { control, handleSubmit, reset } = useSchemaForm(vatSettingUpdateSchema, {
    values,
    resetOptions: { keepDirtyValues: true },
  });
  const enabled = useWatch({ control, name: 'enabled' });

  return (
    <Form
      aria-label={texts.vatTitle}
      onSubmit={handleSubmit(async (input) => {
        try {
          const updated = await saveVatSettings(input);
          queryClient.setQueryData(vatSettingKeys.current(organisationId), updated);
          await queryClient.invalidateQueries({ queryKey: ['forecasts'] });
          reset(updated);
          showMessage({ severity: 'success', text: texts.vatSaved });
        } catch (error) {
          showMessage({
            severity: 'error',
            text: texts.vatFailed,
            detail: error instanceof ApiError ? error.message : undefined,
          });
        }
      })}
    >
      <Controller
        control={control}
        name="enabled"
        render={({ field }) => (
          <Switch
            label={texts.vatEnabled}
            checked={field.value}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            onBlur={field.onBlur}
            disabled={!editable}
          />
        )}
      />
      {enabled ? (
        <>
          <DateField
            control={control}
            name="billingDate"
            label={texts.billingDate}
            description={texts.billingDateHint}
            required
            readOnly={!editable}
            maw={280}
          />
          <Controller
            control={control}
            name="transactionMonthOffset"
            render={({ field, fieldState }) => (
              <Select
                label={texts.offset}
                description={texts.offsetHint}
                required
                readOnly={!editable}
                variant={editable ? 'default' : 'filled'}
                data={offsets}
                value={String(field.value)}
                onChange={(value) => field.onChange(value === null ? undefined : Number(value))}
                onBlur={field.onBlur}
                allowDeselect={false}
                maxDropdownHeight={SELECT.dropdownMaxHeight}
                error={fieldState.error?.message}
                maw={360}
              />
            )}
          />
          <Controller
            control={control}
            name="interval"
            render={({ field, fieldState }) => (
              <Select
                label={texts.interval}
                required
                readOnly={!editable}
                variant={editable ? 'default' : 'filled'}
                data={intervals}
                value={field.value}
                onChange={(value) => field.onChange(value ?? undefined)}
                onBlur={field.onBlur}
                allowDeselect={false}
                error={fieldState.error?.message}
                maw={360}
              />
            )}
          />
        </>
      ) : null}
      {editable ? (
        <Group>
          <SubmitButton control={control} icon={<IconDeviceFloppy size={18} aria-hidden />}>
            {texts.vatSave}
          </SubmitButton>
        </Group>
      ) : null}
      <InlineMessage message={message} />
    </Form>
  );
}

/**
 * "Automatische MwSt.-Abrechnung" (research §9): the settings live with the organisation in the
 * session (API.md `/vat-settings`), so they are shown for the active organisation only.
 */
export function VatSettingsSection({ organisation, current }: { organisation: Organisation; current: boolean }) {
  const editable = hasRole(organisation.role, 'admin');
  const query = useQuery({
    queryKey: vatSettingKeys.current(organisation.id),
    queryFn: getVatSettings,
    enabled: current,
  });
  return (
    <SettingsSection title={texts.vatTitle} description={editable ? texts.vatDescription : texts.readOnlyHint}>
      {!current ? (
        <Alert variant="light" color="blue">
          {texts.vatOtherOrganisation}
        </Alert>
      ) : query.isPending ? (
        <Skeleton h={40} radius="md" />
      ) : query.isError ? (
        <Alert variant="light" color="red" role="alert" title={texts.vatLoadFailed}>
          {query.error instanceof ApiError ? query.error.message : null}
        </Alert>
      ) : (
        <VatSettingsForm saved={query.data} editable={editable} organisationId={organisation.id} />
      )}
    </SettingsSection>
  );
}
