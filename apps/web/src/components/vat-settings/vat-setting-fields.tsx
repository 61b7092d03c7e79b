import { Select } from '@mantine/core';
import { Controller, useController, useWatch, type Control, type FieldValues } from 'react-hook-form';
import {
  cycleLabels,
  NET_TAX_RATE_INTERVAL,
  NET_TAX_RATE_MAX,
  NET_TAX_RATE_SHARE_MAX,
  NET_TAX_RATE_SHARE_MIN,
  SELECT,
  VAT_OFFSET_MAX,
  vatIntervals,
  vatMethodLabels,
  vatMethods,
  type VatSettingUpdate,
} from '@saldopilot/shared';
import { AmountField } from '../form/amount-input';
import { SwitchField } from '../form/check-field';
import { ChoiceField } from '../form/choice-field';
import { DateField } from '../form/date-input';
import { PercentField } from '../form/percent-input';
import { WholeNumberField } from '../form/whole-number-field';
import { ESTV_CHOICE, paymentChoiceOf } from './vat-form-values';
import { vatSettingTexts as texts } from './vat-setting-texts';

/**
 * The VAT settings' fields (docs/vat.md), shared by the settings section and the scenario's VAT
 * lever (docs/scenarios.md "VAT switch"), so a scenario offers exactly what the settings offer. Each
 * form holds the setting somewhere in its values: `root` is its path ('' for the settings' own form,
 * 'setting.' in a lever's form).
 */
export type VatSettingRoot = '' | 'setting.';
type AnyControl = Control<FieldValues, unknown, FieldValues>;

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
const WIDE = 420;
const NARROW = 280;

export function VatSettingFields<Fields extends FieldValues, Context, Transformed>({
  control: typed,
  root,
  editable,
}: {
  control: Control<Fields, Context, Transformed>;
  root: VatSettingRoot;
  editable: boolean;
}) {
  // The one cast of the wiring: the fields name their paths below `root` as text.
  const control = typed as unknown as AnyControl;
  const at = (field: keyof VatSettingUpdate) => `${root}${field}`;
  const enabled = useWatch({ control, name: at('enabled') }) as boolean;
  const method = useWatch({ control, name: at('method') }) as VatSettingUpdate['method'];
  const interval = useWatch({ control, name: at('interval') }) as VatSettingUpdate['interval'];
  // The fields one choice changes besides its own (docs/vat.md).
  const paymentTerm = useController({ control, name: at('paymentTerm') }).field;
  const intervalField = useController({ control, name: at('interval') }).field;
  const previousYearTax = useController({ control, name: at('previousYearTax') }).field;
  const rates = [
    useController({ control, name: at('netTaxRate') }).field,
    useController({ control, name: at('netTaxRate2') }).field,
    useController({ control, name: at('netTaxRate2Share') }).field,
  ];
  const netTaxRate = method === 'netTaxRate';
  const readOnly = { readOnly: !editable, variant: editable ? 'default' : 'filled' } as const;

  return (
    <>
      <SwitchField control={control} name={at('enabled')} label={texts.enabled} disabled={!editable} />
      {enabled ? (
        <>
          <DateField
            control={control}
            name={at('billingDate')}
            label={texts.billingDate}
            description={texts.billingDateHint}
            required
            readOnly={!editable}
            maw={NARROW}
          />
          <Controller
            control={control}
            name={at('transactionMonthOffset')}
            render={({ field, fieldState }) => (
              <Select
                label={texts.offset}
                description={texts.offsetHint}
                required
                {...readOnly}
                data={payments}
                value={paymentChoiceOf(paymentTerm.value as VatSettingUpdate['paymentTerm'], field.value as number)}
                onChange={(value) => {
                  if (value === null) return;
                  paymentTerm.onChange(value === ESTV_CHOICE ? 'estv' : 'offset');
                  if (value !== ESTV_CHOICE) field.onChange(Number(value));
                }}
                onBlur={field.onBlur}
                allowDeselect={false}
                maxDropdownHeight={SELECT.dropdownMaxHeight}
                error={fieldState.error?.message}
                maw={WIDE}
              />
            )}
          />
          <ChoiceField
            control={control}
            name={at('method')}
            label={texts.method}
            description={texts.methodHint}
            required
            {...readOnly}
            data={methods}
            onChange={(value) => {
              // docs/vat.md: the ESTV settles the net tax rate method half-yearly; the effective
              // method takes no net tax rates.
              if (value === 'netTaxRate') intervalField.onChange(NET_TAX_RATE_INTERVAL);
              else for (const rate of rates) rate.onChange(null);
            }}
            maw={WIDE}
          />
          <ChoiceField
            control={control}
            name={at('interval')}
            label={texts.interval}
            description={netTaxRate ? texts.intervalNetTaxRateHint : undefined}
            required
            {...readOnly}
            data={intervals}
            onChange={(value) => {
              // The previous year's tax belongs to the annual settlement only (docs/vat.md).
              if (value !== 'yearly') previousYearTax.onChange(null);
            }}
            maw={WIDE}
          />
          {interval === 'yearly' ? (
            <AmountField
              control={control}
              name={at('previousYearTax')}
              label={texts.previousYearTax}
              description={texts.previousYearTaxHint}
              {...readOnly}
              maw={NARROW}
            />
          ) : null}
          {netTaxRate ? (
            <>
              <PercentField
                control={control}
                name={at('netTaxRate')}
                label={texts.netTaxRate}
                description={texts.netTaxRateHint}
                required
                {...readOnly}
                max={NET_TAX_RATE_MAX / 1000}
                maw={NARROW}
              />
              <PercentField
                control={control}
                name={at('netTaxRate2')}
                label={texts.netTaxRate2}
                description={texts.netTaxRate2Hint}
                {...readOnly}
                max={NET_TAX_RATE_MAX / 1000}
                maw={NARROW}
              />
              <WholeNumberField
                control={control}
                name={at('netTaxRate2Share')}
                label={texts.netTaxRate2Share}
                description={texts.netTaxRate2ShareHint}
                {...readOnly}
                suffix=" %"
                allowDecimal={false}
                min={NET_TAX_RATE_SHARE_MIN}
                max={NET_TAX_RATE_SHARE_MAX}
                allowNegative={false}
                maw={NARROW}
              />
            </>
          ) : null}
        </>
      ) : null}
    </>
  );
}
