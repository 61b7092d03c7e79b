import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { bankAccountTexts as texts } from './bank-account-texts';

/**
 * A new organisation's first visit (docs/web.md "Bankkonten"): what to do, and the button to do it.
 */
export function EmptyState({ canEdit, action }: { canEdit: boolean; action: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm" ta="center">
        <IconBuildingBank size={40} stroke={1.5} aria-hidden />
        <Title order={2} fz="h3">
          {canEdit ? texts.emptyTitle : texts.emptyReadOnly}
        </Title>
        {canEdit ? (
          <>
            <Text c="dimmed" maw="32rem">
              {texts.emptyHint}
            </Text>
            {action}
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
