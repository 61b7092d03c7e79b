import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTimeInZurich } from '@saldopilot/shared';
import { alertKeys, alertsQuery, markAlert } from '../api/alerts';

export const alertListTexts = {
  title: 'Hinweise',
  unread: (count: number) => (count === 1 ? '1 ungelesen' : `${count} ungelesen`),
  empty: 'Keine Hinweise',
  markRead: 'Als gelesen markieren',
  markUnread: 'Als ungelesen markieren',
} as const;

/** The user's "Hinweise" across their organisations, read or unread (docs/cockpit.md "Alerts"). */
export function AlertList() {
  const client = useQueryClient();
  const { data } = useQuery(alertsQuery());
  if (!data) return null;
  const toggle = async (id: number, read: boolean) => {
    await markAlert(id, read);
    await client.invalidateQueries({ queryKey: alertKeys.list });
  };
  return (
    <Stack gap="xs" component="section" aria-label={alertListTexts.title}>
      <Group gap="sm">
        <Title order={2}>{alertListTexts.title}</Title>
        {data.unread > 0 ? <Badge color="red">{alertListTexts.unread(data.unread)}</Badge> : null}
      </Group>
      {data.data.length === 0 ? <Text size="sm">{alertListTexts.empty}</Text> : null}
      <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {data.data.map((alert) => (
          <Group key={alert.id} component="li" justify="space-between" wrap="nowrap" data-testid="alert">
            <Text size="sm" fw={alert.read ? 400 : 700}>
              {formatDateTimeInZurich(alert.createdAt)} · {alert.message}
            </Text>
            <Button size="xs" variant="subtle" onClick={() => void toggle(alert.id, !alert.read)}>
              {alert.read ? alertListTexts.markUnread : alertListTexts.markRead}
            </Button>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
