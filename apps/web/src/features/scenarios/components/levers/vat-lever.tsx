import { useWatch } from 'react-hook-form';
import { cycleLabels, cycles, vatMethodLabels } from '@saldopilot/shared';
import { SwitchField } from '../../../../components/form/check-field';
import { ChoiceField } from '../../../../components/form/choice-field';
import { DateField } from '../../../../components/form/date-input';
import { PercentField } from '../../../../components/form/percent-input';
import { WholeNumberField } from '../../../../components/form/whole-number-field';
import { FieldPair, sharedLabels, type LeverFieldsProps } from './lever-fields';
import { VatCalendarFields } from './vat-calendar';

/**
 * "MWST-Wechsel" (docs/scenarios.md "VAT switch"): the organisation's VAT settings as they would be
 * from a date, and optionally its payment calendar (docs/scenarios.md "Payment calendar").
 */
export function VatLeverFields({ control }: LeverFieldsProps) {
  const enabled = useWatch({ control, name: 'setting.enabled' });
  const method = useWatch({ control, name: 'setting.method' });
  const term = useWatch({ control, name: 'setting.paymentTerm' });
  return (
    <>
      <DateField control={control} name="from" label={sharedLabels.from} required />
      <SwitchField control={control} name="setting.enabled" label="Automatische MWST-Abrechnung" />
      {enabled ? (
        <FieldPair>
          <ChoiceField
            control={control}
            name="setting.method"
            label="Abrechnungsmethode"
            data={[
              { value: 'effective' as const, label: vatMethodLabels.effective },
              { value: 'netTaxRate' as const, label: vatMethodLabels.netTaxRate },
            ]}
          />
          <ChoiceField
            control={control}
            name="setting.interval"
            label="Abrechnungsintervall"
            data={cycles.map((cycle) => ({ value: cycle, label: cycleLabels[cycle] }))}
          />
          {method === 'netTaxRate' ? (
            <PercentField control={control} name="setting.netTaxRate" label="Saldosteuersatz" required max={10} />
          ) : null}
          <DateField control={control} name="setting.billingDate" label="Rechnungszeitpunkt" required />
          <ChoiceField
            control={control}
            name="setting.paymentTerm"
            label="Zahlung"
            data={[
              { value: 'estv' as const, label: 'Nach ESTV-Frist' },
              { value: 'offset' as const, label: 'Versatz zum Rechnungszeitpunkt' },
            ]}
          />
          {term === 'offset' ? (
            <WholeNumberField
              control={control}
              name="setting.transactionMonthOffset"
              label="Versatz in Monaten"
              min={0}
            />
          ) : null}
        </FieldPair>
      ) : null}
      <VatCalendarFields control={control} />
    </>
  );
}
