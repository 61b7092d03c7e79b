import '@mantine/core/styles/Switch.css';
import { Alert, Skeleton } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { hasRole, vatSettingUpdateSchema, type Organisation, type VatSetting } from '@saldopilot/shared';
import { Form } from '../../../components/form/form';
import { useInlineMessage } from '../../../components/form/inline-message';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { vatFormValues } from '../../../components/vat-settings/vat-form-values';
import { VatSettingFields } from '../../../components/vat-settings/vat-setting-fields';
import { ApiError } from '../../../lib/api-error';
import { invalidatePlanQueries } from '../../../lib/query-keys';
import { getVatSettings, vatSettingKeys } from '../api/get-vat-settings';
import { saveVatSettings } from '../api/save-vat-settings';
import { forecastSettingsTexts as texts } from './forecast-settings-texts';
import { SettingsSave } from './settings-save';
import { SettingsSection } from './settings-section';

function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

function VatSettingsForm({
  saved,
  editable,
  organisationId,
}: {
  saved: VatSetting | null;
  editable: boolean;
  organisationId: number;
}) {
  const queryClient = useQueryClient();
  const [message, showMessage] = useInlineMessage();
  const values = vatFormValues(saved, today());
  const { control, handleSubmit, reset } = useSchemaForm(vatSettingUpdateSchema, {
    values,
    resetOptions: { keepDirtyValues: true },
  });

  return (
    <Form
      aria-label={texts.vatTitle}
      onSubmit={handleSubmit(async (input) => {
        try {
          const updated = await saveVatSettings(input);
          queryClient.setQueryData(vatSettingKeys.current(organisationId), updated);
          // The settlement is planned: the forecast and Plan/Ist follow.
          await invalidatePlanQueries();
          reset(updated);
          showMessage({ severity: 'success', text: texts.vatSaved });
        } catch (error) {
          showMessage({
            severity: 'error',
            text: texts.vatFailed,
            detail: error instanceof ApiError ? error.message : undefined,
          });
        }
      })}
    >
      <VatSettingFields control={control} root="" editable={editable} />
      <SettingsSave editable={editable} control={control} label={texts.vatSave} message={message} />
    </Form>
  );
}

/**
 * "Automatische MWST-Abrechnung" (docs/web.md "Organisation"): the settings live with the
 * organisation in the session (docs/api.md "Areas"), so they are shown for the active organisation
 * only.
 */
export function VatSettingsSection({ organisation, current }: { organisation: Organisation; current: boolean }) {
  const editable = hasRole(organisation.role, 'admin');
  const query = useQuery({
    queryKey: vatSettingKeys.current(organisation.id),
    queryFn: getVatSettings,
    enabled: current,
  });
  return (
    <SettingsSection title={texts.vatTitle} description={editable ? texts.vatDescription : texts.readOnlyHint}>
      {!current ? (
        <Alert variant="light" color="blue">
          {texts.vatOtherOrganisation}
        </Alert>
      ) : query.isPending ? (
        <Skeleton h={40} radius="md" />
      ) : query.isError ? (
        <Alert variant="light" color="red" role="alert" title={texts.vatLoadFailed}>
          {query.error instanceof ApiError ? query.error.message : null}
        </Alert>
      ) : (
        <VatSettingsForm saved={query.data} editable={editable} organisationId={organisation.id} />
      )}
    </SettingsSection>
  );
}
