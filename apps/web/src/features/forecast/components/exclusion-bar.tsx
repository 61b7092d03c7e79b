import { ActionIcon, Group, Paper, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { forecastTexts as texts } from './forecast-texts';

/**
 * The floating "unsaved exclusions" bar (docs/web.md "Prognose"): save the batch or discard it.
 * Shown while drafts exist; the table and chart already show their effect.
 */
export function ExclusionBar({
  count,
  saving,
  onSave,
  onDiscard,
}: {
  count: number;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
}) {
  return (
    <Paper
      component="section"
      aria-label={texts.saveQuestion}
      shadow="lg"
      radius="xl"
      withBorder
      px="lg"
      py="xs"
      style={{ position: 'fixed', bottom: 24, left: '50%', transform: 'translateX(-50%)', zIndex: 150 }}
    >
      <Group gap="md" wrap="nowrap">
        <div>
          <Text fw={600} size="sm">
            {texts.saveQuestion}
          </Text>
          <Text size="xs" c="dimmed">
            {texts.changeCount(count)}
          </Text>
        </div>
        <ActionIcon
          variant="default"
          radius="xl"
          size="lg"
          aria-label={texts.discardChanges}
          onClick={onDiscard}
          disabled={saving}
        >
          <IconX size={18} aria-hidden />
        </ActionIcon>
        <ActionIcon radius="xl" size="lg" aria-label={texts.saveChanges} onClick={onSave} loading={saving}>
          <IconCheck size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
