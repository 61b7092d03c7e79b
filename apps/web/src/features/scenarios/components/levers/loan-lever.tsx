import { ChoiceField } from '../../../../components/form/choice-field';
import { DateField } from '../../../../components/form/date-input';
import { NumberField } from '../../../../components/form/number-field';
import { WholeNumberField } from '../../../../components/form/whole-number-field';
import { loanCycleChoices } from '../lever-summary';
import { FieldPair, MoneyFields, NameField, type LeverFieldsProps } from './lever-fields';

/**
 * "Darlehen" (docs/scenarios.md "Loan"): the disbursement, then annuity or linear repayments with
 * interest, optionally interest only at the start.
 */
export function LoanLeverFields({ control }: LeverFieldsProps) {
  return (
    <>
      <NameField control={control} />
      <FieldPair>
        <DateField control={control} name="date" label="Auszahlung am" required />
        <MoneyFields control={control} label="Darlehensbetrag" signed={false} />
        <NumberField
          control={control}
          name="ratePercent"
          label="Zinssatz pro Jahr in %"
          description="z. B. 4.5"
          required
          decimalScale={4}
          min={0}
        />
        <ChoiceField
          control={control}
          name="repayment"
          label="Amortisation"
          data={[
            { value: 'annuity' as const, label: 'Annuität (gleiche Raten)' },
            { value: 'linear' as const, label: 'Linear (gleiche Amortisation)' },
          ]}
        />
        <ChoiceField control={control} name="loanCycle" label="Raten" data={loanCycleChoices} />
        <WholeNumberField control={control} name="payments" label="Anzahl Raten" required min={1} />
        <WholeNumberField control={control} name="interestOnlyPayments" label="Davon zuerst nur Zins (Raten)" min={0} />
      </FieldPair>
    </>
  );
}
