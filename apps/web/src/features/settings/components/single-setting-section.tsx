import type { ReactNode } from 'react';
import type { Control } from 'react-hook-form';
import { z } from 'zod';
import { hasRole, type Organisation, type OrganisationUpdate } from '@saldopilot/shared';
import { Form } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { forecastSettingsTexts } from './forecast-settings-texts';
import { useOrganisationSave } from './organisation-save';
import { SettingsSave } from './settings-save';
import { SettingsSection } from './settings-section';

/** The organisation settings that are one field with their own section and save. */
type SingleSetting = 'minimumBalance' | 'paymentTermDays';

/** What a section of the organisation's settings gets: the organisation and its query's key. */
export interface OrganisationSettingProps {
  organisation: Organisation;
  queryKey: readonly unknown[];
}

/** What the section hands its field: the form's control, the field's name and whether it can be edited. */
export interface SingleSettingField<Value> {
  control: Control<{ value: Value }>;
  name: 'value';
  readOnly: boolean;
  variant: 'default' | 'filled';
}

/**
 * A settings section of one organisation field (Mindestliquidität, Zahlungsfrist): owners and
 * admins edit and save it, everyone else reads it; the save keeps the answer as the page's
 * organisation, then `reload` lets what depends on the setting load again.
 */
export function SingleSettingSection<Setting extends SingleSetting>({
  organisation,
  queryKey,
  setting,
  schema,
  texts,
  reload,
  children,
}: OrganisationSettingProps & {
  setting: Setting;
  schema: z.ZodType<Organisation[Setting], Organisation[Setting]>;
  texts: { title: string; description: string; saved: string; failed: string; save: string };
  reload: () => Promise<void>;
  children: (field: SingleSettingField<Organisation[Setting]>) => ReactNode;
}) {
  const editable = hasRole(organisation.role, 'admin');
  const { control, handleSubmit, reset } = useSchemaForm(z.strictObject({ value: schema }), {
    values: { value: organisation[setting] },
    resetOptions: { keepDirtyValues: true },
  });
  const [message, save] = useOrganisationSave(organisation, queryKey, {
    saved: texts.saved,
    failed: texts.failed,
    reload,
  });
  const field = {
    control,
    name: 'value' as const,
    readOnly: !editable,
    variant: editable ? ('default' as const) : ('filled' as const),
  };
  return (
    <SettingsSection
      title={texts.title}
      description={editable ? texts.description : forecastSettingsTexts.readOnlyHint}
    >
      <Form
        aria-label={texts.title}
        onSubmit={handleSubmit(({ value }) =>
          save({ [setting]: value } as OrganisationUpdate, (updated) => reset({ value: updated[setting] })),
        )}
      >
        {children(field)}
        <SettingsSave editable={editable} control={control} label={texts.save} message={message} />
      </Form>
    </SettingsSection>
  );
}
