import { DateField } from '../../../../components/form/date-input';
import { VatSettingFields } from '../../../../components/vat-settings/vat-setting-fields';
import { sharedLabels, type LeverFieldsProps } from './lever-fields';
import { VatCalendarFields } from './vat-calendar';

/**
 * "MWST-Wechsel" (docs/scenarios.md "VAT switch"): the organisation's VAT settings as they would be
 * from a date — the same fields as the settings' section — and optionally its payment calendar (docs/scenarios.md "Payment calendar").
 */
export function VatLeverFields({ control }: LeverFieldsProps) {
  return (
    <>
      <DateField control={control} name="from" label={sharedLabels.from} required />
      <VatSettingFields control={control} root="setting." editable />
      <VatCalendarFields control={control} />
    </>
  );
}
