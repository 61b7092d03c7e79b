import { ActionIcon, Badge, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconTrash } from '@tabler/icons-react';
import { leverTypeLabels, type Lever } from '@saldopilot/shared';
import { scenarioTexts as texts } from './scenario-texts';

export interface LeverActions {
  edit: (lever: Lever) => void;
  remove: (lever: Lever) => void;
  move: (lever: Lever, position: number) => void;
}

/**
 * One lever as a card (docs/scenarios.md "The web"): its type, its sentence, "Ziel gelöscht" when
 * the row it targets is gone; editors edit, delete and reorder it (levers compose in their order).
 */
export function LeverCard({
  lever,
  summary,
  last,
  actions,
}: {
  lever: Lever;
  summary: string;
  last: boolean;
  actions: LeverActions | undefined;
}) {
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      aria-label={summary}
      data-target-deleted={lever.targetDeleted || undefined}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Group gap="xs" mb={4}>
            <Badge variant="light" color="blue">
              {leverTypeLabels[lever.type]}
            </Badge>
            {lever.targetDeleted ? (
              <Tooltip label={texts.targetDeletedHint} multiline w={260}>
                <Badge variant="filled" color="red.9" tabIndex={0}>
                  {texts.targetDeleted}
                </Badge>
              </Tooltip>
            ) : null}
          </Group>
          <Text td={lever.targetDeleted ? 'line-through' : undefined}>{summary}</Text>
        </div>
        {actions ? (
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={texts.moveUp(summary)}
              disabled={lever.position === 0}
              onClick={() => actions.move(lever, lever.position - 1)}
            >
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={texts.moveDown(summary)}
              disabled={last}
              onClick={() => actions.move(lever, lever.position + 1)}
            >
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="subtle" aria-label={texts.leverEdit(summary)} onClick={() => actions.edit(lever)}>
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={texts.leverRemove(summary)}
              onClick={() => actions.remove(lever)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ) : null}
      </Group>
    </Paper>
  );
}
