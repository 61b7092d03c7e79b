import { Alert, SimpleGrid, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useWatch, type Control } from 'react-hook-form';
import {
  cycleLabels,
  cycles,
  leverTypeLabels,
  vatMethodLabels,
  type Lever,
  type LeverInput,
  type LeverType,
} from '@saldopilot/shared';
import { AmountField } from '../../../components/form/amount-input';
import { useBoundField } from '../../../components/form/bound-field';
import { SwitchField } from '../../../components/form/check-field';
import { ChoiceField } from '../../../components/form/choice-field';
import { CurrencyField } from '../../../components/form/currency-field';
import { DateField } from '../../../components/form/date-input';
import { EntityForm } from '../../../components/form/entity-dialog';
import { IdSelectField } from '../../../components/form/id-select-field';
import { NumberField } from '../../../components/form/number-field';
import { PercentField } from '../../../components/form/percent-input';
import { useEntityForm } from '../../../components/form/use-entity-form';
import { schemaResolver } from '../../../components/form/use-schema-form';
import { WholeNumberField } from '../../../components/form/whole-number-field';
import { openDialog, type DialogControls } from '../../../lib/dialog';
import { useCategories } from '../../../reference-data/categories';
import { useCurrencies } from '../../../reference-data/currencies';
import { employeeChoicesQuery, transactionChoicesQuery } from '../api/list-targets';
import { addLever, deleteLever, updateLever } from '../api/scenario-writes';
import { loanCycleChoices } from './lever-summary';
import {
  leverFormSchema,
  leverFormValues,
  newLeverValues,
  toLeverInput,
  type LeverFormValues,
} from './lever-form-values';
import { scenarioTexts as texts } from './scenario-texts';

type LeverControl = Control<LeverFormValues, unknown, LeverInput>;

/** The fields' labels and hints of the lever forms (docs/scenarios.md "One scenario"). */
const labels = {
  action: 'Aktion',
  transaction: 'Transaktion',
  category: 'Kategorie',
  employee: 'Mitarbeitende',
  allEmployees: 'Alle Mitarbeitenden',
  target: 'Betrifft',
  side: 'Seite',
  from: 'Ab',
  to: 'Bis (optional)',
  date: 'Datum',
  startDate: 'Start',
  endDate: 'Ende (optional)',
  name: 'Name',
  amount: 'Betrag',
  newAmount: 'Neuer Betrag (optional)',
  currency: 'Währung',
  cycle: 'Zyklus',
  days: 'Verschiebung in Tagen',
  daysHint: '1 bis 365 Tage',
  percent: 'Veränderung in %',
  percentHint: '−100 bis +500, z. B. -20 oder 10',
  salary: 'Monatslohn brutto',
  hourlyWage: 'Stundenlohn brutto',
  birthDate: 'Geburtsdatum',
  birthDateHint: 'Für die BVG-Beiträge nach Alter',
  payments: 'Anzahl Löhne',
  basis: 'Lohnart',
  hours: 'Arbeitsstunden pro Monat',
  raiseBy: 'Änderung als',
  raiseAmount: 'Betrag pro Lohn',
  principal: 'Darlehensbetrag',
  rate: 'Zinssatz pro Jahr in %',
  rateHint: 'z. B. 4.5',
  repayment: 'Amortisation',
  loanCycle: 'Raten',
  loanPayments: 'Anzahl Raten',
  interestOnly: 'Davon zuerst nur Zins (Raten)',
  vatEnabled: 'Automatische MWST-Abrechnung',
  vatMethod: 'Abrechnungsmethode',
  vatInterval: 'Abrechnungsintervall',
  vatTerm: 'Zahlung',
  vatBilling: 'Rechnungszeitpunkt',
  vatOffset: 'Versatz in Monaten',
  netTaxRate: 'Saldosteuersatz',
  signHint: 'Einnahme positiv, Ausgabe negativ',
} as const;

const actionChoices: Record<'transaction' | 'customer', { value: string; label: string }[]> = {
  transaction: [
    { value: 'add', label: 'Neue Transaktion' },
    { value: 'change', label: 'Bestehende ändern' },
    { value: 'stop', label: 'Bestehende stoppen' },
  ],
  customer: [
    { value: 'lose', label: 'Kunde verloren' },
    { value: 'win', label: 'Kunde gewonnen' },
  ],
};
const targetLabels = {
  transaction: 'Eine Transaktion',
  category: 'Eine Kategorie',
  side: 'Alle Einnahmen oder Ausgaben',
};
const sideChoices = [
  { value: 'revenue' as const, label: 'Alle Einnahmen' },
  { value: 'expense' as const, label: 'Alle Ausgaben' },
];
const cycleChoices = [
  { value: 'once' as const, label: 'Einmalig' },
  ...cycles.map((cycle) => ({ value: cycle, label: cycleLabels[cycle] })),
];

function useChoices() {
  const categories = useCategories();
  const transactions = useQuery(transactionChoicesQuery());
  const employees = useQuery(employeeChoicesQuery());
  return {
    categories: (categories.data ?? []).map((category) => ({ value: category.id, label: category.name })),
    transactions: (transactions.data?.data ?? []).map((row) => ({ value: row.id, label: row.name })),
    employees: (employees.data?.data ?? []).map((row) => ({ value: row.id, label: row.name })),
  };
}

function TargetFields({
  control,
  allowed,
}: {
  control: LeverControl;
  allowed: readonly ('transaction' | 'category' | 'side')[];
}) {
  const choices = useChoices();
  const target = useWatch({ control, name: 'target' });
  const shown = allowed.includes(target) ? target : allowed[0]!;
  return (
    <>
      <ChoiceField
        control={control}
        name="target"
        label={labels.target}
        data={allowed.map((value) => ({ value, label: targetLabels[value] }))}
      />
      {shown === 'transaction' ? (
        <IdSelectField
          control={control}
          name="transactionId"
          label={labels.transaction}
          required
          searchable
          data={choices.transactions}
        />
      ) : shown === 'category' ? (
        <IdSelectField
          control={control}
          name="categoryId"
          label={labels.category}
          required
          searchable
          data={choices.categories}
        />
      ) : (
        <ChoiceField control={control} name="side" label={labels.side} data={sideChoices} />
      )}
    </>
  );
}

function NewPaymentFields({
  control,
  withStart,
  signed,
}: {
  control: LeverControl;
  withStart: boolean;
  signed: boolean;
}) {
  const choices = useChoices();
  const currencies = useCurrencies();
  const currencyId = useWatch({ control, name: 'currencyId' });
  const currency = currencies.data?.find((entry) => entry.id === currencyId)?.code;
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing={4}>
        <CurrencyField control={control} name="currencyId" label={labels.currency} />
        <AmountField
          control={control}
          name="amount"
          label={labels.amount}
          required
          currency={currency}
          invertible={signed}
          description={signed ? labels.signHint : undefined}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing={4}>
        <IdSelectField
          control={control}
          name="categoryId"
          label={labels.category}
          required
          searchable
          data={choices.categories}
        />
        <ChoiceField control={control} name="cycle" label={labels.cycle} data={cycleChoices} />
      </SimpleGrid>
      {withStart ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing={4}>
          <DateField control={control} name="startDate" label={labels.startDate} required />
          <DateField control={control} name="endDate" label={labels.endDate} />
        </SimpleGrid>
      ) : null}
    </>
  );
}

function NameField({ control, label = labels.name }: { control: LeverControl; label?: string }) {
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

function TransactionLeverFields({ control }: { control: LeverControl }) {
  const action = useWatch({ control, name: 'action' });
  const choices = useChoices();
  return (
    <>
      <ChoiceField control={control} name="action" label={labels.action} data={actionChoices.transaction} />
      {action === 'add' ? (
        <>
          <NameField control={control} />
          <NewPaymentFields control={control} withStart signed />
        </>
      ) : (
        <>
          <IdSelectField
            control={control}
            name="transactionId"
            label={labels.transaction}
            required
            searchable
            data={choices.transactions}
          />
          <DateField control={control} name="from" label={labels.from} required />
          {action === 'change' ? (
            <>
              <AmountField
                control={control}
                name="amount"
                label={labels.newAmount}
                invertible
                description={labels.signHint}
              />
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing={4}>
                <ChoiceField
                  control={control}
                  name="cycle"
                  label={labels.cycle}
                  data={[{ value: 'unchanged' as const, label: 'Unverändert' }, ...cycleChoices]}
                />
                <DateField control={control} name="endDate" label={labels.endDate} />
              </SimpleGrid>
            </>
          ) : null}
        </>
      )}
    </>
  );
}

function CustomerLeverFields({ control }: { control: LeverControl }) {
  const action = useWatch({ control, name: 'action' });
  return (
    <>
      <ChoiceField control={control} name="action" label={labels.action} data={actionChoices.customer} />
      <DateField control={control} name="from" label={labels.from} required />
      {action === 'lose' ? (
        <TargetFields control={control} allowed={['transaction', 'category']} />
      ) : (
        <>
          <NameField control={control} />
          <NewPaymentFields control={control} withStart={false} signed={false} />
        </>
      )}
    </>
  );
}

function HireLeverFields({ control }: { control: LeverControl }) {
  const basis = useWatch({ control, name: 'basis' });
  const currencies = useCurrencies();
  const currencyId = useWatch({ control, name: 'currencyId' });
  const currency = currencies.data?.find((entry) => entry.id === currencyId)?.code;
  return (
    <>
      <NameField control={control} label="Stelle oder Name" />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing={4}>
        <DateField control={control} name="from" label={labels.from} required />
        <DateField control={control} name="to" label={labels.to} />
        <ChoiceField
          control={control}
          name="basis"
          label={labels.basis}
          data={[
            { value: 'monthly' as const, label: 'Monatslohn' },
            { value: 'hourly' as const, label: 'Stundenlohn' },
          ]}
        />
        <CurrencyField control={control} name="currencyId" label={labels.currency} />
        <AmountField
          control={control}
          name="salary"
          label={basis === 'hourly' ? labels.hourlyWage : labels.salary}
          required
          currency={currency}
        />
        {basis === 'hourly' ? (
          <WholeNumberField control={control} name="hoursPerMonth" label={labels.hours} required min={0} />
        ) : null}
        <IdSelectField
          control={control}
          name="payments"
          label={labels.payments}
          data={[
            { value: 12, label: '12 Löhne' },
            { value: 13, label: '13 Löhne (mit 13. Monatslohn)' },
          ]}
        />
        <DateField
          control={control}
          name="birthDate"
          label={labels.birthDate}
          description={labels.birthDateHint}
          required
        />
      </SimpleGrid>
    </>
  );
}

function RaiseLeverFields({ control }: { control: LeverControl }) {
  const choices = useChoices();
  const raiseBy = useWatch({ control, name: 'raiseBy' });
  return (
    <>
      <DateField control={control} name="from" label={labels.from} required />
      <IdSelectField
        control={control}
        name="employeeId"
        label={labels.employee}
        searchable
        none={labels.allEmployees}
        data={choices.employees}
      />
      <ChoiceField
        control={control}
        name="raiseBy"
        label={labels.raiseBy}
        data={[
          { value: 'percent' as const, label: 'Prozent' },
          { value: 'amount' as const, label: 'Betrag' },
        ]}
      />
      {raiseBy === 'percent' ? (
        <NumberField
          control={control}
          name="percent"
          label={labels.percent}
          description={labels.percentHint}
          required
          decimalScale={2}
        />
      ) : (
        <AmountField control={control} name="amount" label={labels.raiseAmount} required invertible />
      )}
    </>
  );
}

function LoanLeverFields({ control }: { control: LeverControl }) {
  const currencies = useCurrencies();
  const currencyId = useWatch({ control, name: 'currencyId' });
  const currency = currencies.data?.find((entry) => entry.id === currencyId)?.code;
  return (
    <>
      <NameField control={control} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing={4}>
        <DateField control={control} name="date" label="Auszahlung am" required />
        <CurrencyField control={control} name="currencyId" label={labels.currency} />
        <AmountField control={control} name="amount" label={labels.principal} required currency={currency} />
        <NumberField
          control={control}
          name="ratePercent"
          label={labels.rate}
          description={labels.rateHint}
          required
          decimalScale={4}
          min={0}
        />
        <ChoiceField
          control={control}
          name="repayment"
          label={labels.repayment}
          data={[
            { value: 'annuity' as const, label: 'Annuität (gleiche Raten)' },
            { value: 'linear' as const, label: 'Linear (gleiche Amortisation)' },
          ]}
        />
        <ChoiceField control={control} name="loanCycle" label={labels.loanCycle} data={loanCycleChoices} />
        <WholeNumberField control={control} name="payments" label={labels.loanPayments} required min={1} />
        <WholeNumberField control={control} name="interestOnlyPayments" label={labels.interestOnly} min={0} />
      </SimpleGrid>
    </>
  );
}

function VatLeverFields({ control }: { control: LeverControl }) {
  const enabled = useWatch({ control, name: 'setting.enabled' });
  const method = useWatch({ control, name: 'setting.method' });
  const term = useWatch({ control, name: 'setting.paymentTerm' });
  return (
    <>
      <DateField control={control} name="from" label={labels.from} required />
      <SwitchField control={control} name="setting.enabled" label={labels.vatEnabled} />
      {enabled ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing={4}>
          <ChoiceField
            control={control}
            name="setting.method"
            label={labels.vatMethod}
            data={[
              { value: 'effective' as const, label: vatMethodLabels.effective },
              { value: 'netTaxRate' as const, label: vatMethodLabels.netTaxRate },
            ]}
          />
          <ChoiceField
            control={control}
            name="setting.interval"
            label={labels.vatInterval}
            data={cycles.map((cycle) => ({ value: cycle, label: cycleLabels[cycle] }))}
          />
          {method === 'netTaxRate' ? (
            <PercentField control={control} name="setting.netTaxRate" label={labels.netTaxRate} required max={10} />
          ) : null}
          <DateField control={control} name="setting.billingDate" label={labels.vatBilling} required />
          <ChoiceField
            control={control}
            name="setting.paymentTerm"
            label={labels.vatTerm}
            data={[
              { value: 'estv' as const, label: 'Nach ESTV-Frist' },
              { value: 'offset' as const, label: 'Versatz zum Rechnungszeitpunkt' },
            ]}
          />
          {term === 'offset' ? (
            <WholeNumberField
              control={control}
              name="setting.transactionMonthOffset"
              label={labels.vatOffset}
              min={0}
            />
          ) : null}
        </SimpleGrid>
      ) : null}
    </>
  );
}

function LeverFields({ type, control }: { type: LeverType; control: LeverControl }) {
  const choices = useChoices();
  const currencies = useCurrencies();
  const currencyId = useWatch({ control, name: 'currencyId' });
  const currency = currencies.data?.find((entry) => entry.id === currencyId)?.code;
  switch (type) {
    case 'transaction':
      return <TransactionLeverFields control={control} />;
    case 'customer':
      return <CustomerLeverFields control={control} />;
    case 'delay':
      return (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing={4}>
            <WholeNumberField
              control={control}
              name="days"
              label={labels.days}
              description={labels.daysHint}
              required
              min={1}
              max={365}
            />
            <DateField control={control} name="from" label={labels.from} required />
          </SimpleGrid>
          <TargetFields control={control} allowed={['transaction', 'category', 'side']} />
        </>
      );
    case 'percentage':
      return (
        <>
          <NumberField
            control={control}
            name="percent"
            label={labels.percent}
            description={labels.percentHint}
            required
            decimalScale={2}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing={4}>
            <DateField control={control} name="from" label={labels.from} required />
            <DateField control={control} name="to" label={labels.to} />
          </SimpleGrid>
          <TargetFields control={control} allowed={['category', 'side']} />
        </>
      );
    case 'hire':
      return <HireLeverFields control={control} />;
    case 'leave':
      return (
        <>
          <IdSelectField
            control={control}
            name="employeeId"
            label={labels.employee}
            required
            searchable
            data={choices.employees}
          />
          <DateField control={control} name="date" label="Austritt am" required />
        </>
      );
    case 'raise':
      return <RaiseLeverFields control={control} />;
    case 'loan':
      return <LoanLeverFields control={control} />;
    case 'vat':
      return <VatLeverFields control={control} />;
    case 'oneOff':
      return (
        <>
          <NameField control={control} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing={4}>
            <DateField control={control} name="date" label={labels.date} required />
            <CurrencyField control={control} name="currencyId" label={labels.currency} />
            <AmountField
              control={control}
              name="amount"
              label={labels.amount}
              required
              currency={currency}
              invertible
              description={labels.signHint}
            />
            <IdSelectField
              control={control}
              name="categoryId"
              label="Kategorie (optional)"
              searchable
              allowDeselect
              data={choices.categories}
            />
          </SimpleGrid>
        </>
      );
  }
}

const resolver = schemaResolver(leverFormSchema);

export type LeverDialogRequest =
  | { mode: 'create'; scenarioId: number; type: LeverType; currencyId: number; firstDay: string }
  | { mode: 'edit'; scenarioId: number; lever: Lever; currencyId: number; firstDay: string };

function LeverForm({ request, dialog }: { request: LeverDialogRequest; dialog: DialogControls<unknown> }) {
  const type = request.mode === 'create' ? request.type : request.lever.type;
  const lever = request.mode === 'edit' ? request.lever : undefined;
  const defaultValues = lever
    ? leverFormValues(lever.lever, request.currencyId, request.firstDay)
    : newLeverValues(type, request.currencyId, request.firstDay);
  const entity = useEntityForm({
    dialog,
    mode: request.mode,
    titles: { create: texts.newLeverTitle(type), edit: texts.editLeverTitle(type) },
    resolver,
    defaultValues,
    stored: lever ? (toLeverInput(defaultValues) as Partial<LeverInput>) : undefined,
    save: {
      create: (input) => addLever(request.scenarioId, input),
      update: (_changes, input) => updateLever(request.scenarioId, lever?.id ?? 0, { lever: input }),
    },
    saved: (_saved, mode) => (mode === 'edit' ? texts.leverSaved : texts.leverAdded),
    failed: { create: texts.leverFailed, update: texts.leverFailed },
    remove: lever && {
      label: texts.leverDelete,
      question: texts.leverDeleteQuestion,
      run: () => deleteLever(request.scenarioId, lever.id),
      deleted: texts.leverDeleted,
      failed: texts.leverDeleteFailed,
    },
  });
  return (
    <EntityForm entity={entity}>
      {lever?.targetDeleted ? (
        <Alert color="orange" variant="light" title={texts.targetDeleted}>
          {texts.targetDeletedHint}
        </Alert>
      ) : null}
      <LeverFields type={type} control={entity.form.control} />
    </EntityForm>
  );
}

/** The form of one lever type (docs/scenarios.md "One scenario"): add or edit, with the delete of an edited one. */
export function openLeverDialog(request: LeverDialogRequest): Promise<unknown> {
  const type = request.mode === 'create' ? request.type : request.lever.type;
  return openDialog<unknown>({
    header: request.mode === 'create' ? texts.newLeverTitle(type) : texts.editLeverTitle(type),
    content: (dialog) => <LeverForm request={request} dialog={dialog} />,
  });
}

export { leverTypeLabels };
