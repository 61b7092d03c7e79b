import { paymentTermDaysSchema, PAYMENT_TERM_LIMITS, type Organisation } from '@saldopilot/shared';
import { WholeNumberField } from '../../../components/form/whole-number-field';
import { forecastSettingsTexts as texts } from './forecast-settings-texts';
import { SingleSettingSection } from './single-setting-section';

/**
 * "Zahlungsfrist (Tage)": a QR-bill whose terms name no due date is due the upload day plus these
 * days (docs/qr-bills.md "Due date"). Owners and admins set it; nothing else depends on it, so no
 * query is reloaded (the next upload reads it).
 */
export function PaymentTermSection({
  organisation,
  queryKey,
}: {
  organisation: Organisation;
  queryKey: readonly unknown[];
}) {
  return (
    <SingleSettingSection
      organisation={organisation}
      queryKey={queryKey}
      setting="paymentTermDays"
      schema={paymentTermDaysSchema}
      texts={{
        title: texts.paymentTermTitle,
        description: texts.paymentTermDescription,
        saved: texts.paymentTermSaved,
        failed: texts.paymentTermFailed,
        save: texts.paymentTermSave,
      }}
      reload={() => Promise.resolve()}
    >
      {(field) => (
        <WholeNumberField
          {...field}
          label={texts.paymentTermLabel}
          description={texts.paymentTermHint}
          min={0}
          max={PAYMENT_TERM_LIMITS.maxDays}
          w={260}
        />
      )}
    </SingleSettingSection>
  );
}
