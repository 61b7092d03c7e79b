import { z } from 'zod';
import { hasRole, paymentTermDaysSchema, PAYMENT_TERM_LIMITS, type Organisation } from '@saldopilot/shared';
import { Form } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { WholeNumberField } from '../../../components/form/whole-number-field';
import { forecastSettingsTexts as texts } from './forecast-settings-texts';
import { useOrganisationSave } from './organisation-save';
import { SettingsSave } from './settings-save';
import { SettingsSection } from './settings-section';

const schema = z.strictObject({ paymentTermDays: paymentTermDaysSchema });

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
  const editable = hasRole(organisation.role, 'admin');
  const { control, handleSubmit, reset } = useSchemaForm(schema, {
    values: { paymentTermDays: organisation.paymentTermDays },
    resetOptions: { keepDirtyValues: true },
  });
  const [message, save] = useOrganisationSave(organisation, queryKey, {
    saved: texts.paymentTermSaved,
    failed: texts.paymentTermFailed,
    reload: () => Promise.resolve(),
  });
  return (
    <SettingsSection
      title={texts.paymentTermTitle}
      description={editable ? texts.paymentTermDescription : texts.readOnlyHint}
    >
      <Form
        aria-label={texts.paymentTermTitle}
        onSubmit={handleSubmit(({ paymentTermDays }) =>
          save({ paymentTermDays }, (updated) => reset({ paymentTermDays: updated.paymentTermDays })),
        )}
      >
        <WholeNumberField
          control={control}
          name="paymentTermDays"
          label={texts.paymentTermLabel}
          description={texts.paymentTermHint}
          min={0}
          max={PAYMENT_TERM_LIMITS.maxDays}
          readOnly={!editable}
          variant={editable ? 'default' : 'filled'}
          w={260}
        />
        <SettingsSave editable={editable} control={control} label={texts.paymentTermSave} message={message} />
      </Form>
    </SettingsSection>
  );
}
