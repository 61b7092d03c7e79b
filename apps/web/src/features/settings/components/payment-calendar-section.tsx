import { Alert, Fieldset, Select, Skeleton, Switch } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useWatch, type Control } from 'react-hook-form';
import type { z } from 'zod';
import {
  fundRhythmLabels,
  fundRhythms,
  hasRole,
  paymentCalendarUpdateSchema,
  withholdingTaxRhythms,
  type Organisation,
  type PaymentCalendar,
} from '@saldopilot/shared';
import { AmountField } from '../../../components/form/amount-input';
import { SwitchField } from '../../../components/form/check-field';
import { ChoiceField } from '../../../components/form/choice-field';
import { Form } from '../../../components/form/form';
import { useInlineMessage } from '../../../components/form/inline-message';
import { PercentField } from '../../../components/form/percent-input';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { WholeNumberField } from '../../../components/form/whole-number-field';
import { ApiError } from '../../../lib/api-error';
import { invalidatePlanQueries } from '../../../lib/query-keys';
import { getPaymentCalendar, getPaymentCalendarWarnings, paymentCalendarKeys } from '../api/get-payment-calendar';
import { savePaymentCalendar } from '../api/save-payment-calendar';
import { paymentCalendarTexts as texts } from './payment-calendar-texts';
import { SettingsSave } from './settings-save';
import { SettingsSection } from './settings-section';

type Fields = z.input<typeof paymentCalendarUpdateSchema>;
type Block = keyof PaymentCalendar;

/** Each block with every field at its default (docs/payment-calendar.md "The calendar"). */
const defaults = paymentCalendarUpdateSchema.parse({ ahv: {}, bvg: {}, uvg: {}, ktg: {}, withholdingTax: {} });
const DERIVED = 'derived';
const rhythms = fundRhythms.map((rhythm) => ({ value: rhythm, label: fundRhythmLabels[rhythm] }));
const taxRhythms = withholdingTaxRhythms.map((rhythm) => ({ value: rhythm, label: fundRhythmLabels[rhythm] }));
const instalments = [
  { value: '1', label: texts.instalments1 },
  { value: '2', label: texts.instalments2 },
  { value: '4', label: texts.instalments4 },
];

/** The switch that turns a fund's block on (its defaults) or off (paid with the salaries). */
function BlockSwitch({
  control,
  block,
  label,
  editable,
}: {
  control: Control<Fields>;
  block: Block;
  label: string;
  editable: boolean;
}) {
  return (
    <Controller
      control={control}
      name={block}
      render={({ field }) => (
        <Switch
          label={label}
          checked={field.value !== undefined}
          disabled={!editable}
          onChange={(event) => field.onChange(event.currentTarget.checked ? defaults[block] : undefined)}
        />
      )}
    />
  );
}

function PremiumFields({
  control,
  block,
  editable,
}: {
  control: Control<Fields>;
  block: 'uvg' | 'ktg';
  editable: boolean;
}) {
  return (
    <>
      <WholeNumberField
        control={control}
        name={`${block}.premiumMonth`}
        label={texts.premiumMonth}
        description={texts.monthHint}
        readOnly={!editable}
        min={1}
        max={12}
        maw={280}
      />
      <Controller
        control={control}
        name={`${block}.instalments`}
        render={({ field }) => (
          <Select
            label={texts.instalments}
            description={texts.instalmentsHint}
            data={instalments}
            value={String(field.value ?? 1)}
            onChange={(value) => value !== null && field.onChange(Number(value))}
            allowDeselect={false}
            readOnly={!editable}
            maw={420}
          />
        )}
      />
      <WholeNumberField
        control={control}
        name={`${block}.finalMonth`}
        label={texts.finalMonth}
        description={texts.finalMonthHint}
        readOnly={!editable}
        min={1}
        max={12}
        maw={280}
      />
    </>
  );
}

function PaymentCalendarForm({
  saved,
  editable,
  organisationId,
  currency,
}: {
  saved: PaymentCalendar;
  editable: boolean;
  organisationId: number;
  currency: string;
}) {
  const queryClient = useQueryClient();
  const [message, showMessage] = useInlineMessage();
  const { control, handleSubmit, reset } = useSchemaForm(paymentCalendarUpdateSchema, {
    values: saved,
    resetOptions: { keepDirtyValues: true },
  });
  const [ahv, bvg, uvg, ktg, withholdingTax] = useWatch({
    control,
    name: ['ahv', 'bvg', 'uvg', 'ktg', 'withholdingTax'],
  });

  return (
    <Form
      aria-label={texts.title}
      onSubmit={handleSubmit(async (input) => {
        try {
          const updated = await savePaymentCalendar(input);
          queryClient.setQueryData(paymentCalendarKeys.current(organisationId), updated);
          // The funds' payments are planned: the forecast and Plan/Ist follow.
          await invalidatePlanQueries();
          reset(updated);
          showMessage({ severity: 'success', text: texts.saved });
        } catch (error) {
          showMessage({
            severity: 'error',
            text: texts.failed,
            detail: error instanceof ApiError ? error.message : undefined,
          });
        }
      })}
    >
      <Fieldset legend={texts.ahv}>
        <BlockSwitch control={control} block="ahv" label={texts.ahvOn} editable={editable} />
        {ahv ? (
          <>
            <Controller
              control={control}
              name="ahv.rhythm"
              render={({ field }) => (
                <Select
                  label={texts.rhythm}
                  description={texts.ahvRhythmHint}
                  data={[{ value: DERIVED, label: texts.derived }, ...rhythms]}
                  value={field.value ?? DERIVED}
                  onChange={(value) => value !== null && field.onChange(value === DERIVED ? null : value)}
                  allowDeselect={false}
                  readOnly={!editable}
                  maw={420}
                />
              )}
            />
            <AmountField
              control={control}
              name="ahv.akonto"
              label={texts.akonto}
              description={texts.akontoHint}
              currency={currency}
              readOnly={!editable}
              maw={280}
            />
            <WholeNumberField
              control={control}
              name="ahv.dueDays"
              label={texts.dueDays}
              readOnly={!editable}
              min={0}
              maw={280}
            />
            <WholeNumberField
              control={control}
              name="ahv.differenceMonth"
              label={texts.differenceMonth}
              description={texts.finalMonthHint}
              readOnly={!editable}
              min={1}
              max={12}
              maw={280}
            />
          </>
        ) : null}
      </Fieldset>
      <Fieldset legend={texts.bvg}>
        <BlockSwitch control={control} block="bvg" label={texts.bvgOn} editable={editable} />
        {bvg ? (
          <>
            <ChoiceField
              control={control}
              name="bvg.rhythm"
              label={texts.rhythm}
              data={rhythms}
              readOnly={!editable}
              maw={420}
            />
            <SwitchField control={control} name="bvg.inAdvance" label={texts.inAdvance} disabled={!editable} />
            <WholeNumberField
              control={control}
              name="bvg.dueDays"
              label={texts.dueDays}
              readOnly={!editable}
              min={0}
              maw={280}
            />
          </>
        ) : null}
      </Fieldset>
      <Fieldset legend={texts.uvg}>
        <BlockSwitch control={control} block="uvg" label={texts.uvgOn} editable={editable} />
        {uvg ? <PremiumFields control={control} block="uvg" editable={editable} /> : null}
      </Fieldset>
      <Fieldset legend={texts.ktg}>
        <BlockSwitch control={control} block="ktg" label={texts.ktgOn} editable={editable} />
        {ktg ? <PremiumFields control={control} block="ktg" editable={editable} /> : null}
      </Fieldset>
      <Fieldset legend={texts.withholdingTax}>
        <BlockSwitch control={control} block="withholdingTax" label={texts.withholdingTaxOn} editable={editable} />
        {withholdingTax ? (
          <>
            <ChoiceField
              control={control}
              name="withholdingTax.rhythm"
              label={texts.rhythm}
              data={taxRhythms}
              readOnly={!editable}
              maw={420}
            />
            <WholeNumberField
              control={control}
              name="withholdingTax.dueDays"
              label={texts.dueDays}
              readOnly={!editable}
              min={0}
              maw={280}
            />
            <PercentField
              control={control}
              name="withholdingTax.commissionPercent"
              label={texts.commission}
              description={texts.commissionHint}
              readOnly={!editable}
              max={10}
              maw={280}
            />
          </>
        ) : null}
      </Fieldset>
      <SettingsSave editable={editable} control={control} label={texts.save} message={message} />
    </Form>
  );
}

/**
 * "Zahlungskalender" (docs/payment-calendar.md, docs/web.md "Organisation"): when the funds collect
 * the salary costs; owners and admins change it, for the active organisation only.
 */
export function PaymentCalendarSection({ organisation, current }: { organisation: Organisation; current: boolean }) {
  const editable = hasRole(organisation.role, 'admin');
  const query = useQuery({
    queryKey: paymentCalendarKeys.current(organisation.id),
    queryFn: getPaymentCalendar,
    enabled: current,
  });
  const warnings = useQuery({
    queryKey: paymentCalendarKeys.warnings(organisation.id),
    queryFn: getPaymentCalendarWarnings,
    enabled: current,
  });
  return (
    <SettingsSection title={texts.title} description={editable ? texts.description : texts.readOnlyHint}>
      {current
        ? warnings.data?.warnings.map((warning) => (
            <Alert key={warning} variant="light" color="yellow" mb="sm">
              {warning}
            </Alert>
          ))
        : null}
      {!current ? (
        <Alert variant="light" color="blue">
          {texts.otherOrganisation}
        </Alert>
      ) : query.isPending ? (
        <Skeleton h={40} radius="md" />
      ) : query.isError ? (
        <Alert variant="light" color="red" role="alert" title={texts.loadFailed}>
          {query.error instanceof ApiError ? query.error.message : null}
        </Alert>
      ) : (
        <PaymentCalendarForm
          saved={query.data}
          editable={editable}
          organisationId={organisation.id}
          currency={organisation.currency.code}
        />
      )}
    </SettingsSection>
  );
}
