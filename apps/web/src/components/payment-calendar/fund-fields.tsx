import type { ComponentType } from 'react';
import { Fieldset, Select, Switch } from '@mantine/core';
import { Controller, useWatch, type Control, type FieldValues } from 'react-hook-form';
import {
  fundRhythmLabels,
  fundRhythms,
  paymentCalendarUpdateSchema,
  withholdingTaxRhythms,
  type PaymentCalendar,
} from '@saldopilot/shared';
import { AmountField } from '../form/amount-input';
import { SwitchField } from '../form/check-field';
import { ChoiceField } from '../form/choice-field';
import { PercentField } from '../form/percent-input';
import { WholeNumberField } from '../form/whole-number-field';
import { paymentCalendarTexts as texts } from './payment-calendar-texts';

/**
 * The payment calendar's fields, one small component per fund (docs/payment-calendar.md "The
 * calendar"), shared by the settings section and the scenario's VAT/settings lever
 * (docs/scenarios.md "Payment calendar"). Each form holds the calendar somewhere in its values:
 * `root` is its path ('' for a form of the calendar itself, 'paymentCalendar.' in a lever's form),
 * so one wiring names every field of every fund.
 */
export type CalendarRoot = '' | 'paymentCalendar.';
type Block = keyof PaymentCalendar;
type AnyControl = Control<FieldValues, unknown, FieldValues>;

interface FundProps {
  control: AnyControl;
  /** The block's path in the form's values, with its dot ("ahv.", "paymentCalendar.ahv."). */
  at: string;
  editable: boolean;
  currency?: string | undefined;
}

/** Each block with every field at its default: what a fund's switch turns on. */
const defaults = paymentCalendarUpdateSchema.parse({ ahv: {}, bvg: {}, uvg: {}, ktg: {}, withholdingTax: {} });
const DERIVED = 'derived';
const rhythms = fundRhythms.map((rhythm) => ({ value: rhythm, label: fundRhythmLabels[rhythm] }));
const taxRhythms = withholdingTaxRhythms.map((rhythm) => ({ value: rhythm, label: fundRhythmLabels[rhythm] }));
const instalments = [
  { value: '1', label: texts.instalments1 },
  { value: '2', label: texts.instalments2 },
  { value: '4', label: texts.instalments4 },
];

/** A month of the year (1–12). */
function MonthField({ control, name, label, description, editable }: FundProps & { name: string } & Labels) {
  return (
    <WholeNumberField
      control={control}
      name={name}
      label={label}
      description={description}
      readOnly={!editable}
      min={1}
      max={12}
      maw={280}
    />
  );
}

/** Days after the period a payment is due. */
function DueDaysField({ control, at, editable }: FundProps) {
  return (
    <WholeNumberField
      control={control}
      name={`${at}dueDays`}
      label={texts.dueDays}
      readOnly={!editable}
      min={0}
      maw={280}
    />
  );
}

/** The fund's rhythm, one of `data`. */
function RhythmField({ control, at, editable, data }: FundProps & { data: { value: string; label: string }[] }) {
  return (
    <ChoiceField
      control={control}
      name={`${at}rhythm`}
      label={texts.rhythm}
      data={data}
      readOnly={!editable}
      maw={420}
    />
  );
}

interface Labels {
  label: string;
  description?: string;
}

/** A select whose field holds a number or null while the choice is text ("1", "derived"). */
function MappedSelect({
  control,
  name,
  editable,
  data,
  toChoice,
  fromChoice,
  ...labels
}: FundProps &
  Labels & {
    name: string;
    data: { value: string; label: string }[];
    toChoice: (value: unknown) => string;
    fromChoice: (choice: string) => unknown;
  }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          {...labels}
          data={data}
          value={toChoice(field.value)}
          onChange={(value) => value !== null && field.onChange(fromChoice(value))}
          allowDeselect={false}
          readOnly={!editable}
          maw={420}
        />
      )}
    />
  );
}

/** Ausgleichskasse: rhythm (derived from the payroll, or chosen), Akonto, due days, month of the difference. */
function AhvFields(props: FundProps) {
  const { control, at, editable, currency } = props;
  return (
    <>
      <MappedSelect
        {...props}
        name={`${at}rhythm`}
        label={texts.rhythm}
        description={texts.ahvRhythmHint}
        data={[{ value: DERIVED, label: texts.derived }, ...rhythms]}
        toChoice={(value) => (typeof value === 'string' ? value : DERIVED)}
        fromChoice={(choice) => (choice === DERIVED ? null : choice)}
      />
      <AmountField
        control={control}
        name={`${at}akonto`}
        label={texts.akonto}
        description={texts.akontoHint}
        currency={currency}
        readOnly={!editable}
        maw={280}
      />
      <DueDaysField {...props} />
      <MonthField
        {...props}
        name={`${at}differenceMonth`}
        label={texts.differenceMonth}
        description={texts.finalMonthHint}
      />
    </>
  );
}

/** Pensionskasse: rhythm, in advance, due days. */
function BvgFields(props: FundProps) {
  const { control, at, editable } = props;
  return (
    <>
      <RhythmField {...props} data={rhythms} />
      <SwitchField control={control} name={`${at}inAdvance`} label={texts.inAdvance} disabled={!editable} />
      <DueDaysField {...props} />
    </>
  );
}

/** UVG or KTG: the month of the annual premium, its instalments, the month of the final statement. */
function PremiumFields(props: FundProps) {
  const { at } = props;
  return (
    <>
      <MonthField {...props} name={`${at}premiumMonth`} label={texts.premiumMonth} description={texts.monthHint} />
      <MappedSelect
        {...props}
        name={`${at}instalments`}
        label={texts.instalments}
        description={texts.instalmentsHint}
        data={instalments}
        toChoice={(value) => String(value ?? 1)}
        fromChoice={Number}
      />
      <MonthField {...props} name={`${at}finalMonth`} label={texts.finalMonth} description={texts.finalMonthHint} />
    </>
  );
}

/** Kanton: rhythm, due days, collection commission. */
function WithholdingTaxFields(props: FundProps) {
  const { control, at, editable } = props;
  return (
    <>
      <RhythmField {...props} data={taxRhythms} />
      <DueDaysField {...props} />
      <PercentField
        control={control}
        name={`${at}commissionPercent`}
        label={texts.commission}
        description={texts.commissionHint}
        readOnly={!editable}
        max={10}
        maw={280}
      />
    </>
  );
}

/** The funds in the order the page shows them: legend, the switch's label, the fields. */
export const calendarFunds: readonly { block: Block; legend: string; on: string; Fields: ComponentType<FundProps> }[] =
  [
    { block: 'ahv', legend: texts.ahv, on: texts.ahvOn, Fields: AhvFields },
    { block: 'bvg', legend: texts.bvg, on: texts.bvgOn, Fields: BvgFields },
    { block: 'uvg', legend: texts.uvg, on: texts.uvgOn, Fields: PremiumFields },
    { block: 'ktg', legend: texts.ktg, on: texts.ktgOn, Fields: PremiumFields },
    { block: 'withholdingTax', legend: texts.withholdingTax, on: texts.withholdingTaxOn, Fields: WithholdingTaxFields },
  ];

/**
 * One fund: the switch that turns its block on (its defaults) or off (paid with the salaries), and
 * its fields while on.
 */
function FundBlock({
  control,
  root,
  fund,
  editable,
  currency,
}: {
  control: AnyControl;
  root: CalendarRoot;
  fund: (typeof calendarFunds)[number];
  editable: boolean;
  currency?: string | undefined;
}) {
  const name = `${root}${fund.block}`;
  const on = useWatch({ control, name }) !== undefined;
  const { Fields } = fund;
  return (
    <Fieldset legend={fund.legend}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Switch
            label={fund.on}
            checked={field.value !== undefined}
            disabled={!editable}
            onChange={(event) => field.onChange(event.currentTarget.checked ? defaults[fund.block] : undefined)}
          />
        )}
      />
      {on ? <Fields control={control} at={`${name}.`} editable={editable} currency={currency} /> : null}
    </Fieldset>
  );
}

/** Every fund's block of the calendar held at `root` of the form's values. */
export function PaymentCalendarFields<Fields extends FieldValues, Context, Transformed>({
  control,
  root,
  editable,
  currency,
}: {
  control: Control<Fields, Context, Transformed>;
  root: CalendarRoot;
  editable: boolean;
  currency?: string | undefined;
}) {
  // The one cast of the wiring: the fields name their paths below `root` as text.
  const any = control as unknown as AnyControl;
  return calendarFunds.map((fund) => (
    <FundBlock key={fund.block} control={any} root={root} fund={fund} editable={editable} currency={currency} />
  ));
}
