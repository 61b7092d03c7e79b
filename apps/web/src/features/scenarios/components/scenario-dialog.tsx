import '@mantine/core/styles/ColorInput.css';
import '@mantine/core/styles/ColorPicker.css';
import { ColorInput, Textarea, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { scenarioCreateSchema, type Scenario, type ScenarioDetail } from '@saldopilot/shared';
import { EntityForm } from '../../../components/form/entity-dialog';
import { useEntityForm } from '../../../components/form/use-entity-form';
import { schemaResolver } from '../../../components/form/use-schema-form';
import { openDialog, type DialogControls } from '../../../lib/dialog';
import { createScenario, deleteScenario, updateScenario } from '../api/scenario-writes';
import { scenarioTexts as texts } from './scenario-texts';

/** The colours offered first: distinct from the base's grey and from each other in the chart. */
export const SCENARIO_SWATCHES = ['#1c7ed6', '#e8590c', '#2f9e44', '#ae3ec9', '#c92a2a', '#0c8599', '#f08c00'];

const resolver = schemaResolver(scenarioCreateSchema.omit({ levers: true }));
const titles = { create: texts.createTitle, edit: texts.editTitle } as const;

function stored(scenario: Scenario) {
  return { name: scenario.name, description: scenario.description, color: scenario.color };
}

function ScenarioForm({
  scenario,
  suggestedColor,
  dialog,
}: {
  scenario: Scenario | undefined;
  suggestedColor: string;
  dialog: DialogControls<ScenarioDetail | null>;
}) {
  const entity = useEntityForm({
    dialog,
    mode: scenario ? 'edit' : 'create',
    titles,
    resolver,
    defaultValues: scenario ? stored(scenario) : { name: '', description: '', color: suggestedColor },
    stored: scenario && stored(scenario),
    save: {
      create: createScenario,
      update: (changes) => updateScenario(scenario?.id ?? 0, changes),
    },
    saved: (saved, mode) => (mode === 'edit' ? texts.updated(saved.name) : texts.created(saved.name)),
    failed: { create: texts.createFailed, update: texts.updateFailed },
    remove: scenario && {
      label: texts.delete,
      question: texts.deleteQuestion,
      run: () => deleteScenario(scenario.id),
      deleted: texts.deleted(scenario.name),
      failed: texts.deleteFailed,
    },
  });
  const {
    register,
    control,
    formState: { errors },
  } = entity.form;
  return (
    <EntityForm entity={entity}>
      <TextInput label={texts.name} required data-autofocus error={errors.name?.message} {...register('name')} />
      <Textarea
        label={texts.description}
        autosize
        minRows={2}
        maxRows={6}
        error={errors.description?.message}
        {...register('description')}
      />
      <Controller
        control={control}
        name="color"
        render={({ field, fieldState }) => (
          <ColorInput
            label={texts.color}
            description={texts.colorHint}
            format="hex"
            swatches={SCENARIO_SWATCHES}
            swatchesPerRow={7}
            withEyeDropper={false}
            name={field.name}
            ref={field.ref}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
    </EntityForm>
  );
}

/** "Neues Szenario anlegen" / "Szenario bearbeiten"; answers the saved scenario, null once deleted. */
export function openScenarioDialog(
  scenario: Scenario | undefined,
  suggestedColor = SCENARIO_SWATCHES[0]!,
): Promise<ScenarioDetail | null | undefined> {
  return openDialog<ScenarioDetail | null>({
    header: scenario ? titles.edit : titles.create,
    size: 'compact',
    content: (dialog) => <ScenarioForm scenario={scenario} suggestedColor={suggestedColor} dialog={dialog} />,
  });
}
