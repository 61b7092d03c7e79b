import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Connection } from '@saldopilot/shared';
import type { ListColumn } from '../../../components/list/list-table';
import { connectionKeys, connectionsQuery } from '../api/list-connections';
import { revokeConnection } from '../api/revoke-connection';
import { AccessTable, accessColumns, lastUsedColumn, RevocableName, revokeAccess } from './access-list';
import { accessTexts as texts } from './access-texts';
import { SettingsSection } from './settings-section';

function revoke(connection: Connection) {
  return revokeAccess({
    header: texts.revokeConnection,
    question: texts.revokeConnectionQuestion(connection.clientName),
    revoked: texts.connectionRevoked(connection.clientName),
    run: () => revokeConnection(connection.id),
    listKey: connectionKeys.all,
  });
}

/** The client's name, a link to its page when it named a web address (opened in a new tab). */
function ClientName({ connection }: { connection: Connection }) {
  if (!connection.clientUri || !/^https?:\/\//i.test(connection.clientUri)) return connection.clientName;
  return (
    <Anchor href={connection.clientUri} target="_blank" rel="noopener noreferrer" inherit>
      {connection.clientName}
    </Anchor>
  );
}

/** Assistent, Organisation, Berechtigungen, Verbunden seit, Zuletzt verwendet. */
const columns: ListColumn<Connection, never>[] = [
  {
    key: 'client',
    header: texts.assistant,
    render: (connection) => (
      <RevocableName
        name={<ClientName connection={connection} />}
        label={connection.clientName}
        onRevoke={() => void revoke(connection)}
      />
    ),
  },
  ...accessColumns<Connection>(texts.connectedSince),
  lastUsedColumn<Connection>(),
];

/**
 * Einstellungen → Zugriff → Verbindungen (docs/web.md "Zugriff von aussen"): the assistants the user
 * connected through OAuth, each revocable at once.
 */
export function ConnectionsSection() {
  const query = useQuery(connectionsQuery);
  return (
    <SettingsSection title={texts.connections} description={texts.connectionsIntro}>
      <AccessTable
        label={texts.connections}
        query={query}
        failed={texts.connectionsFailed}
        empty={texts.noConnections}
        columns={columns}
      />
    </SettingsSection>
  );
}
