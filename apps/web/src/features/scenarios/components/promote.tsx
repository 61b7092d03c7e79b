import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/RadioIndicator.css';
import { useState } from 'react';
import { Button, Radio, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { promoteConflictAnswerSchema, type PromoteConflict } from '@saldopilot/shared';
import { DialogFooter } from '../../../components/form/dialog-footer';
import { ApiError } from '../../../lib/api-error';
import { openDialog } from '../../../lib/dialog';
import { confirm } from '../../../lib/confirm';
import { showToast } from '../../../lib/toast';
import { promoteScenario } from '../api/scenario-writes';
import { conflictFieldLabel, conflictValue } from './conflict-values';
import { scenarioTexts as texts } from './scenario-texts';

type Choice = 'base' | 'scenario';

/** The conflicts side by side (original / base now / scenario), a choice per conflict (docs/scenarios.md "One scenario"). */
function ConflictForm({
  conflicts,
  done,
  cancel,
}: {
  conflicts: PromoteConflict[];
  done: (choices: Choice[]) => void;
  cancel: () => void;
}) {
  const [choices, setChoices] = useState<Choice[]>(conflicts.map(() => 'base'));
  return (
    <Stack gap="md">
      <Text>{texts.conflictsIntro}</Text>
      <Table withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Feld</Table.Th>
            <Table.Th scope="col">{texts.conflictOriginal}</Table.Th>
            <Table.Th scope="col">{texts.conflictBase}</Table.Th>
            <Table.Th scope="col">{texts.conflictScenario}</Table.Th>
            <Table.Th scope="col">Wahl</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {conflicts.map((conflict, index) => (
            <Table.Tr key={`${conflict.leverId}:${conflict.field}`}>
              <Table.Th scope="row">{conflictFieldLabel(conflict.field)}</Table.Th>
              <Table.Td>{conflictValue(conflict.field, conflict.original)}</Table.Td>
              <Table.Td>{conflictValue(conflict.field, conflict.base)}</Table.Td>
              <Table.Td>{conflictValue(conflict.field, conflict.scenario)}</Table.Td>
              <Table.Td>
                <Radio.Group
                  // The group's name comes from its label (an aria-label would name only the wrapper).
                  label={<VisuallyHidden>{`Wahl für ${conflictFieldLabel(conflict.field)}`}</VisuallyHidden>}
                  value={choices[index]}
                  onChange={(value) =>
                    setChoices((current) => current.map((choice, at) => (at === index ? (value as Choice) : choice)))
                  }
                >
                  <Stack gap={4}>
                    <Radio value="base" label={texts.keepBase} />
                    <Radio value="scenario" label={texts.takeScenario} />
                  </Stack>
                </Radio.Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <DialogFooter onCancel={cancel}>
        <Button leftSection={<IconCheck size={18} aria-hidden />} onClick={() => done(choices)}>
          {texts.promote}
        </Button>
      </DialogFooter>
    </Stack>
  );
}

/** Why the promote was refused: the server's messages per field (a lever it cannot promote yet), or its text. */
function refusal(error: unknown): string {
  if (!(error instanceof ApiError)) return texts.promoteFailed;
  const fields = Object.values(error.fields ?? {});
  return fields.length > 0 ? fields.join(' ') : (error.detail ?? error.message);
}

/**
 * "In die Basis übernehmen" (admins and owners): asks, promotes every lever; when the base changed a
 * field a lever also sets, the conflicts are shown side by side and promoted again with the choices.
 * Answers whether the scenario was promoted.
 */
export async function promoteWithConflicts(scenarioId: number): Promise<boolean> {
  if (!(await confirm({ header: texts.promote, message: texts.promoteQuestion, icon: 'warning' }))) return false;
  let resolutions: { leverId: number; field: string; choice: Choice }[] | undefined;
  for (;;) {
    try {
      const result = await promoteScenario(scenarioId, resolutions ? { resolutions } : {});
      showToast({ severity: 'success', summary: 'Erfolg', detail: texts.promoted(result.promoted.length) });
      return true;
    } catch (error) {
      const answer =
        error instanceof ApiError && error.status === 409
          ? promoteConflictAnswerSchema.safeParse(error.body)
          : undefined;
      if (!answer?.success || resolutions) {
        showToast({ severity: 'error', summary: 'Fehler', detail: refusal(error) });
        return false;
      }
      const conflicts = answer.data.conflicts;
      const choices = await openDialog<Choice[]>({
        header: texts.conflictsTitle,
        content: (dialog) => (
          <ConflictForm conflicts={conflicts} done={(chosen) => dialog.close(chosen)} cancel={dialog.dismiss} />
        ),
      });
      if (!choices) return false;
      resolutions = conflicts.map((conflict, index) => ({
        leverId: conflict.leverId,
        field: conflict.field,
        choice: choices[index] ?? 'base',
      }));
    }
  }
}
