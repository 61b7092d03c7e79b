import { z } from 'zod';
import { hasRole, minimumBalanceSchema, type Organisation } from '@saldopilot/shared';
import { AmountField } from '../../../components/form/amount-input';
import { Form } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { queryClient } from '../../../lib/query-client';
import { planQueryRoots } from '../../../lib/query-keys';
import { forecastSettingsTexts as texts } from './forecast-settings-texts';
import { useOrganisationSave } from './organisation-save';
import { SettingsSave } from './settings-save';
import { SettingsSection } from './settings-section';

const schema = z.strictObject({ minimumBalance: minimumBalanceSchema });

/** "Mindestliquidität": the runway's threshold (docs/forecast.md "Runway"), set by owners and admins. */
export function MinimumBalanceSection({
  organisation,
  queryKey,
}: {
  organisation: Organisation;
  queryKey: readonly unknown[];
}) {
  const editable = hasRole(organisation.role, 'admin');
  const { control, handleSubmit, reset } = useSchemaForm(schema, {
    values: { minimumBalance: organisation.minimumBalance },
    resetOptions: { keepDirtyValues: true },
  });
  const [message, save] = useOrganisationSave(organisation, queryKey, {
    saved: texts.minimumSaved,
    failed: texts.minimumFailed,
    // The runway of the forecast depends on it.
    reload: () => queryClient.invalidateQueries({ queryKey: planQueryRoots.forecasts }),
  });

  return (
    <SettingsSection title={texts.minimumTitle} description={editable ? texts.minimumDescription : texts.readOnlyHint}>
      <Form
        aria-label={texts.minimumTitle}
        onSubmit={handleSubmit(({ minimumBalance }) =>
          save({ minimumBalance }, (updated) => reset({ minimumBalance: updated.minimumBalance })),
        )}
      >
        <AmountField
          control={control}
          name="minimumBalance"
          label={texts.minimumLabel}
          currency={organisation.currency.code}
          readOnly={!editable}
          variant={editable ? 'default' : 'filled'}
          maw={280}
        />
        <SettingsSave editable={editable} control={control} label={texts.minimumSave} message={message} />
      </Form>
    </SettingsSection>
  );
}
