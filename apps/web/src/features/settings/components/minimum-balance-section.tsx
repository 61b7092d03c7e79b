import { Group } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { hasRole, minimumBalanceSchema, type Organisation } from '@saldopilot/shared';
import { AmountField } from '../../../components/form/amount-input';
import { Form } from '../../../components/form/form';
import { InlineMessage, useInlineMessage } from '../../../components/form/inline-message';
import { SubmitButton } from '../../../components/form/submit-button';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { ApiError } from '../../../lib/api-error';
import { updateOrganisation } from '../api/update-organisation';
import { forecastSettingsTexts as texts } from './forecast-settings-texts';
import { SettingsSection } from './settings-section';

const schema = z.strictObject({ minimumBalance: minimumBalanceSchema });

/** "Mindestliquidität": the runway's threshold (issue 12 ★), set by owners and admins. */
export function MinimumBalanceSection({
  organisation,
  queryKey,
}: {
  organisation: Organisation;
  queryKey: readonly unknown[];
}) {
  const queryClient = useQueryClient();
  const [message, showMessage] = useInlineMessage();
  const editable = hasRole(organisation.role, 'admin');
  const { control, handleSubmit, reset } = useSchemaForm(schema, {
    values: { minimumBalance: organisation.minimumBalance },
    resetOptions: { keepDirtyValues: true },
  });

  return (
    <SettingsSection title={texts.minimumTitle} description={editable ? texts.minimumDescription : texts.readOnlyHint}>
      <Form
        aria-label={texts.minimumTitle}
        onSubmit={handleSubmit(async ({ minimumBalance }) => {
          try {
            const updated = await updateOrganisation(organisation.id, { minimumBalance });
            queryClient.setQueryData(queryKey, updated);
            // The runway of the forecast depends on it.
            await queryClient.invalidateQueries({ queryKey: ['forecasts'] });
            reset({ minimumBalance: updated.minimumBalance });
            showMessage({ severity: 'success', text: texts.minimumSaved });
          } catch (error) {
            showMessage({
              severity: 'error',
              text: texts.minimumFailed,
              detail: error instanceof ApiError ? error.message : undefined,
            });
          }
        })}
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
        {editable ? (
          <Group>
            <SubmitButton control={control} icon={<IconDeviceFloppy size={18} aria-hidden />}>
              {texts.minimumSave}
            </SubmitButton>
          </Group>
        ) : null}
        <InlineMessage message={message} />
      </Form>
    </SettingsSection>
  );
}
