import { paymentTermDaysSchema, PAYMENT_TERM_LIMITS } from '@saldopilot/shared';
import { WholeNumberField } from '../../../components/form/whole-number-field';
import { forecastSettingsTexts as texts } from './forecast-settings-texts';
import { SingleSettingSection, type OrganisationSettingProps } from './single-setting-section';

/**
 * "Zahlungsfrist (Tage)": a QR-bill whose terms name no due date is due the upload day plus these
 * days (docs/qr-bills.md "Due date"). Owners and admins set it; nothing else depends on it, so no
 * query is reloaded (the next upload reads it).
 */
export function PaymentTermSection({ organisation, queryKey }: OrganisationSettingProps) {
  return (
    <SingleSettingSection
      organisation={organisation}
      queryKey={queryKey}
      setting="paymentTermDays"
      schema={paymentTermDaysSchema}
      texts={texts.paymentTerm}
      reload={() => Promise.resolve()}
    >
      {(field) => (
        <WholeNumberField
          {...field}
          label={texts.paymentTerm.label}
          description={texts.paymentTerm.hint}
          min={0}
          max={PAYMENT_TERM_LIMITS.maxDays}
          w={260}
        />
      )}
    </SingleSettingSection>
  );
}
