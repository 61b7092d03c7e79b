import { minimumBalanceSchema } from '@saldopilot/shared';
import { AmountField } from '../../../components/form/amount-input';
import { queryClient } from '../../../lib/query-client';
import { planQueryRoots } from '../../../lib/query-keys';
import { forecastSettingsTexts as texts } from './forecast-settings-texts';
import { SingleSettingSection, type OrganisationSettingProps } from './single-setting-section';

/** "Mindestliquidität": the runway's threshold (docs/forecast.md "Runway"), set by owners and admins. */
export function MinimumBalanceSection({ organisation, queryKey }: OrganisationSettingProps) {
  return (
    <SingleSettingSection
      organisation={organisation}
      queryKey={queryKey}
      setting="minimumBalance"
      schema={minimumBalanceSchema}
      texts={texts.minimum}
      // The runway of the forecast depends on it.
      reload={() => queryClient.invalidateQueries({ queryKey: planQueryRoots.forecasts })}
    >
      {(field) => (
        <AmountField {...field} label={texts.minimum.label} currency={organisation.currency.code} maw={280} />
      )}
    </SingleSettingSection>
  );
}
