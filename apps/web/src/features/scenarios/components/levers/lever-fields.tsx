import type { ReactNode } from 'react';
import { SimpleGrid, TextInput } from '@mantine/core';
import { useWatch, type Control } from 'react-hook-form';
import { cycleLabels, cycles, type LeverInput } from '@saldopilot/shared';
import { AmountField } from '../../../../components/form/amount-input';
import { useBoundField } from '../../../../components/form/bound-field';
import { CurrencyField } from '../../../../components/form/currency-field';
import { DateField } from '../../../../components/form/date-input';
import { NumberField } from '../../../../components/form/number-field';
import { useCurrencies } from '../../../../reference-data/currencies';
import type { LeverFormValues } from '../lever-form-values';

/**
 * The field wiring the lever forms share (docs/scenarios.md "One scenario"): each lever type has its
 * own small form in this folder; what two or more of them show the same way lives here.
 */
export type LeverControl = Control<LeverFormValues, unknown, LeverInput>;

/** What every lever form takes. */
export interface LeverFieldsProps {
  control: LeverControl;
}

/** The labels more than one lever form shows. */
export const sharedLabels = {
  from: 'Ab',
  to: 'Bis (optional)',
  date: 'Datum',
  name: 'Name',
  amount: 'Betrag',
  currency: 'Währung',
  cycle: 'Zyklus',
  action: 'Aktion',
  percent: 'Veränderung in %',
  percentHint: '−100 bis +500, z. B. -20 oder 10',
  endDate: 'Ende (optional)',
  signHint: 'Einnahme positiv, Ausgabe negativ',
} as const;

/** "Einmalig" and the transaction cycles. */
export const cycleChoices = [
  { value: 'once' as const, label: 'Einmalig' },
  ...cycles.map((cycle) => ({ value: cycle, label: cycleLabels[cycle] })),
];

/** Two fields side by side (one below the other on a phone). */
export function FieldPair({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing={4}>
      {children}
    </SimpleGrid>
  );
}

/** The code of the currency the form has chosen (for the amount fields' suffix). */
export function useChosenCurrency(control: LeverControl): string | undefined {
  const currencies = useCurrencies();
  const currencyId = useWatch({ control, name: 'currencyId' });
  return currencies.data?.find((entry) => entry.id === currencyId)?.code;
}

/** The lever's name (autofocused: it is the first thing a person types). */
export function NameField({ control, label = sharedLabels.name }: LeverFieldsProps & { label?: string }) {
  const { value, change, input } = useBoundField<LeverFormValues, unknown, LeverInput, string>({
    control,
    name: 'name',
  });
  return (
    <TextInput
      label={label}
      required
      data-autofocus
      {...input}
      value={value}
      onChange={(event) => change(event.currentTarget.value)}
    />
  );
}

/** "Ab" (required) and "Bis (optional)". */
export function FromToFields({ control }: LeverFieldsProps) {
  return (
    <FieldPair>
      <DateField control={control} name="from" label={sharedLabels.from} required />
      <DateField control={control} name="to" label={sharedLabels.to} />
    </FieldPair>
  );
}

/**
 * The currency and an amount in it: `signed` amounts may be an expense (negative, with the sign
 * hint), the others are positive.
 */
export function MoneyFields({
  control,
  name = 'amount',
  label = sharedLabels.amount,
  signed,
}: LeverFieldsProps & { name?: 'amount' | 'salary'; label?: string; signed: boolean }) {
  const currency = useChosenCurrency(control);
  return (
    <>
      <CurrencyField control={control} name="currencyId" label={sharedLabels.currency} />
      <AmountField
        control={control}
        name={name}
        label={label}
        required
        currency={currency}
        invertible={signed}
        description={signed ? sharedLabels.signHint : undefined}
      />
    </>
  );
}

/** A change in percent, −100 … +500 (the contract checks the range). */
export function PercentChangeField({ control }: LeverFieldsProps) {
  return (
    <NumberField
      control={control}
      name="percent"
      label={sharedLabels.percent}
      description={sharedLabels.percentHint}
      required
      decimalScale={2}
    />
  );
}
