import { Kbd, List, Stack, Table, Text, Title } from '@mantine/core';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { formatServerDate } from '../../../lib/format';
import { useServerTime } from '../../../reference-data/server-time';

export const aboutTexts = {
  title: 'Über SaldoPilot',
  open: 'Informationen anzeigen',
  description: 'Version, Serverdatum und Tastaturbedienung, zum Beispiel für eine Anfrage an den Support.',
  version: 'Version',
  serverDate: 'Serverdatum',
  keyboard: 'Tastaturbedienung',
} as const;

const keyboardHints: { keys: string[]; action: string }[] = [
  { keys: ['Tab', 'Shift + Tab'], action: 'zum nächsten / vorherigen Element' },
  { keys: ['Enter', 'Leertaste'], action: 'Schaltfläche oder Menüeintrag auslösen' },
  { keys: ['↑', '↓'], action: 'in Auswahllisten blättern' },
  { keys: ['Esc'], action: 'Dialog, Menü oder Auswahlliste schliessen' },
];

/**
 * Facts a person may need for support: the running build and the server's date, plus how to use
 * the app with the keyboard. Long or wide content can be maximised; the dialog can be moved aside
 * to compare with the page behind it (docs/product.md "Overlays, toasts and dialogs": draggable, kept in the viewport).
 */
export function AboutDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { data } = useServerTime();
  const serverDate = formatServerDate(data?.date) ?? '–';
  return (
    <AppDialog opened={opened} onClose={onClose} header={aboutTexts.title} maximizable dismissableMask>
      <Stack gap="md">
        <Table variant="vertical" withTableBorder layout="fixed">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w="40%">{aboutTexts.version}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{__BUILD_ID__}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{aboutTexts.serverDate}</Table.Th>
              <Table.Td>{serverDate}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <div>
          <Title order={3} fz="md" mb="xs">
            {aboutTexts.keyboard}
          </Title>
          <List spacing={6} size="sm" listStyleType="none" pl={0}>
            {keyboardHints.map((hint) => (
              <List.Item key={hint.action}>
                <Text component="span" size="sm">
                  {hint.keys.map((key, index) => (
                    <span key={key}>
                      {index > 0 ? ' / ' : null}
                      <Kbd size="xs">{key}</Kbd>
                    </span>
                  ))}{' '}
                  {hint.action}
                </Text>
              </List.Item>
            ))}
          </List>
        </div>
      </Stack>
    </AppDialog>
  );
}
