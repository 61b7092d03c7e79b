import '@mantine/core/styles/Switch.css';
import { Alert, Select, Skeleton } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useWatch } from 'react-hook-form';
import {
  cycleLabels,
  hasRole,
  NET_TAX_RATE_INTERVAL,
  NET_TAX_RATE_MAX,
  NET_TAX_RATE_SHARE_MAX,
  NET_TAX_RATE_SHARE_MIN,
  SELECT,
  VAT_OFFSET_MAX,
  vatIntervals,
  vatMethodLabels,
  vatMethods,
  vatSettingUpdateSchema,
  type Organisation,
  type VatSetting,
} from '@saldopilot/shared';
import { AmountField } from '../../../components/form/amount-input';
import { SwitchField } from '../../../components/form/check-field';
import { ChoiceField } from '../../../components/form/choice-field';
import { DateField } from '../../../components/form/date-input';
import { Form } from '../../../components/form/form';
import { PercentField } from '../../../components/form/percent-input';
import { WholeNumberField } from '../../../components/form/whole-number-field';
import { useInlineMessage } from '../../../components/form/inline-message';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { ApiError } from '../../../lib/api-error';
import { invalidatePlanQueries } from '../../../lib/query-keys';
import { getVatSettings, vatSettingKeys } from '../api/get-vat-settings';
import { saveVatSettings } from '../api/save-vat-settings';
import { forecastSettingsTexts as texts } from './forecast-settings-texts';
import { SettingsSave } from './settings-save';
import { SettingsSection } from './settings-section';
import { ESTV_CHOICE, paymentChoiceOf, vatFormValues } from './vat-form-values';

// The ESTV deadline first: the default of a new setting (docs/vat.md).
const payments = [
  { value: ESTV_CHOICE, label: texts.paymentEstv },
  ...Array.from({ length: VAT_OFFSET_MAX + 1 }, (_, months) => ({
    value: String(months),
    label: texts.offsetLabel(months),
  })),
];
const intervals = vatIntervals.map((interval) => ({ value: interval, label: cycleLabels[interval] }));
const methods = vatMethods.map((method) => ({ value: method, label: vatMethodLabels[method] }));

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
  const values = vatFormValues(saved, today());
  const { control, handleSubmit, reset, setValue } = useSchemaForm(vatSettingUpdateSchema, {
    values,
    resetOptions: { keepDirtyValues: true },
  });
  const enabled = useWatch({ control, name: 'enabled' });
  const method = useWatch({ control, name: 'method' });
  const paymentTerm = useWatch({ control, name: 'paymentTerm' });
  const interval = useWatch({ control, name: 'interval' });
  const netTaxRate = method === 'netTaxRate';
  const dirty = { shouldDirty: true, shouldValidate: true } as const;
  const readOnly = { readOnly: !editable, variant: editable ? 'default' : 'filled' } as const;

  return (
    <Form
      aria-label={texts.vatTitle}
      onSubmit={handleSubmit(async (input) => {
        try {
          const updated = await saveVatSettings(input);
          queryClient.setQueryData(vatSettingKeys.current(organisationId), updated);
          // The settlement is planned: the forecast and Plan/Ist follow.
          await invalidatePlanQueries();
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
      <SwitchField control={control} name="enabled" label={texts.vatEnabled} disabled={!editable} />
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
                {...readOnly}
                data={payments}
                value={paymentChoiceOf(paymentTerm, field.value)}
                onChange={(value) => {
                  if (value === null) return;
                  setValue('paymentTerm', value === ESTV_CHOICE ? 'estv' : 'offset', dirty);
                  if (value !== ESTV_CHOICE) field.onChange(Number(value));
                }}
                onBlur={field.onBlur}
                allowDeselect={false}
                maxDropdownHeight={SELECT.dropdownMaxHeight}
                error={fieldState.error?.message}
                maw={420}
              />
            )}
          />
          <ChoiceField
            control={control}
            name="method"
            label={texts.method}
            description={texts.methodHint}
            required
            {...readOnly}
            data={methods}
            onChange={(value) => {
              // docs/vat.md: the ESTV settles the net tax rate method half-yearly; the effective
              // method takes no net tax rates.
              if (value === 'netTaxRate') setValue('interval', NET_TAX_RATE_INTERVAL, dirty);
              else
                for (const rate of ['netTaxRate', 'netTaxRate2', 'netTaxRate2Share'] as const)
                  setValue(rate, null, dirty);
            }}
            maw={420}
          />
          <ChoiceField
            control={control}
            name="interval"
            label={texts.interval}
            description={netTaxRate ? texts.intervalNetTaxRateHint : undefined}
            required
            {...readOnly}
            data={intervals}
            onChange={(value) => {
              // The previous year's tax belongs to the annual settlement only (docs/vat.md).
              if (value !== 'yearly') setValue('previousYearTax', null, dirty);
            }}
            maw={420}
          />
          {interval === 'yearly' ? (
            <AmountField
              control={control}
              name="previousYearTax"
              label={texts.previousYearTax}
              description={texts.previousYearTaxHint}
              {...readOnly}
              maw={280}
            />
          ) : null}
          {netTaxRate ? (
            <>
              <PercentField
                control={control}
                name="netTaxRate"
                label={texts.netTaxRate}
                description={texts.netTaxRateHint}
                required
                {...readOnly}
                max={NET_TAX_RATE_MAX / 1000}
                maw={280}
              />
              <PercentField
                control={control}
                name="netTaxRate2"
                label={texts.netTaxRate2}
                description={texts.netTaxRate2Hint}
                {...readOnly}
                max={NET_TAX_RATE_MAX / 1000}
                maw={280}
              />
              <WholeNumberField
                control={control}
                name="netTaxRate2Share"
                label={texts.netTaxRate2Share}
                description={texts.netTaxRate2ShareHint}
                {...readOnly}
                suffix=" %"
                allowDecimal={false}
                min={NET_TAX_RATE_SHARE_MIN}
                max={NET_TAX_RATE_SHARE_MAX}
                allowNegative={false}
                maw={280}
              />
            </>
          ) : null}
        </>
      ) : null}
      <SettingsSave editable={editable} control={control} label={texts.vatSave} message={message} />
    </Form>
  );
}

/**
 * "Automatische MWST-Abrechnung" (docs/web.md "Organisation"): the settings live with the
 * organisation in the session (docs/api.md "Areas"), so they are shown for the active organisation
 * only.
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
