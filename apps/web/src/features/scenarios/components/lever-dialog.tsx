import { Alert } from '@mantine/core';
import type { Lever, LeverInput, LeverType } from '@saldopilot/shared';
import { EntityForm } from '../../../components/form/entity-dialog';
import { useEntityForm } from '../../../components/form/use-entity-form';
import { schemaResolver } from '../../../components/form/use-schema-form';
import { openDialog, type DialogControls } from '../../../lib/dialog';
import { addLever, deleteLever, updateLever } from '../api/scenario-writes';
import { leverFormSchema, leverFormValues, newLeverValues, toLeverInput } from './lever-form-values';
import { leverForms } from './levers/lever-forms';
import { scenarioTexts as texts } from './scenario-texts';

const resolver = schemaResolver(leverFormSchema);

export type LeverDialogRequest =
  | { mode: 'create'; scenarioId: number; type: LeverType; currencyId: number; firstDay: string }
  | { mode: 'edit'; scenarioId: number; lever: Lever; currencyId: number; firstDay: string };

function LeverForm({ request, dialog }: { request: LeverDialogRequest; dialog: DialogControls<unknown> }) {
  const type = request.mode === 'create' ? request.type : request.lever.type;
  const lever = request.mode === 'edit' ? request.lever : undefined;
  const defaultValues = lever
    ? leverFormValues(lever.lever, request.currencyId, request.firstDay)
    : newLeverValues(type, request.currencyId, request.firstDay);
  const Fields = leverForms[type];
  const entity = useEntityForm({
    dialog,
    mode: request.mode,
    titles: { create: texts.newLeverTitle(type), edit: texts.editLeverTitle(type) },
    resolver,
    defaultValues,
    stored: lever ? (toLeverInput(defaultValues) as Partial<LeverInput>) : undefined,
    save: {
      create: (input) => addLever(request.scenarioId, input),
      update: (_changes, input) => updateLever(request.scenarioId, lever?.id ?? 0, { lever: input }),
    },
    saved: (_saved, mode) => (mode === 'edit' ? texts.leverSaved : texts.leverAdded),
    failed: { create: texts.leverFailed, update: texts.leverFailed },
    remove: lever && {
      label: texts.leverDelete,
      question: texts.leverDeleteQuestion,
      run: () => deleteLever(request.scenarioId, lever.id),
      deleted: texts.leverDeleted,
      failed: texts.leverDeleteFailed,
    },
  });
  return (
    <EntityForm entity={entity}>
      {lever?.targetDeleted ? (
        <Alert color="orange" variant="light" title={texts.targetDeleted}>
          {texts.targetDeletedHint}
        </Alert>
      ) : null}
      <Fields control={entity.form.control} />
    </EntityForm>
  );
}

/** The form of one lever type (docs/scenarios.md "One scenario"): add or edit, with the delete of an edited one. */
export function openLeverDialog(request: LeverDialogRequest): Promise<unknown> {
  const type = request.mode === 'create' ? request.type : request.lever.type;
  return openDialog<unknown>({
    header: request.mode === 'create' ? texts.newLeverTitle(type) : texts.editLeverTitle(type),
    content: (dialog) => <LeverForm request={request} dialog={dialog} />,
  });
}
