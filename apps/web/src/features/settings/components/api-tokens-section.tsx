import { useMemo } from 'react';
import { Badge, Button, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { compareDates, zurichDateOf, type ApiToken } from '@saldopilot/shared';
import type { ListColumn } from '../../../components/list/list-table';
import { formatDate } from '../../../lib/format';
import { useServerTime } from '../../../reference-data/server-time';
import { apiTokenKeys, apiTokensQuery } from '../api/list-api-tokens';
import { revokeApiToken } from '../api/revoke-api-token';
import { AccessTable, accessColumns, lastUsedColumn, RevocableName, revokeAccess } from './access-list';
import { accessTexts as texts } from './access-texts';
import { openApiTokenDialog } from './api-token-dialog';
import { SettingsSection } from './settings-section';

function revoke(token: ApiToken) {
  return revokeAccess({
    header: texts.revokeToken,
    question: texts.revokeTokenQuestion(token.name),
    revoked: texts.tokenRevoked(token.name),
    run: () => revokeApiToken(token.id),
    listKey: apiTokenKeys.all,
  });
}

/** "Gültig bis": the last day it works, and "Abgelaufen" once that day has passed (the list keeps them). */
function ExpiresOn({ token, today }: { token: ApiToken; today: string | undefined }) {
  const expired = today !== undefined && compareDates(token.expiresOn, today) < 0;
  return (
    <Group gap={6} wrap="nowrap">
      <span>{formatDate(token.expiresOn)}</span>
      {expired ? (
        <Badge color="red" variant="light" radius="sm" tt="none">
          {texts.expired}
        </Badge>
      ) : null}
    </Group>
  );
}

/** Name, Organisation, Berechtigungen, Erstellt, Gültig bis, Zuletzt verwendet, Präfix. */
const tokenColumns = (today: string | undefined): ListColumn<ApiToken, never>[] => [
  {
    key: 'name',
    header: texts.name,
    render: (token) => <RevocableName name={token.name} label={token.name} onRevoke={() => void revoke(token)} />,
  },
  ...accessColumns<ApiToken>(texts.created),
  { key: 'expires', header: texts.expires, render: (token) => <ExpiresOn token={token} today={today} /> },
  lastUsedColumn<ApiToken>(),
  {
    key: 'prefix',
    header: texts.prefix,
    render: (token) => (
      <Text span size="xs" ff="monospace">
        {token.prefix}…
      </Text>
    ),
  },
];

/**
 * Einstellungen → Zugriff → API-Tokens (docs/web.md "Zugriff von aussen"): the user's own tokens of
 * every organisation, "Neues Token" for the current one, "Widerrufen" after asking.
 */
export function ApiTokensSection({ organisationName }: { organisationName: string | undefined }) {
  const query = useQuery(apiTokensQuery);
  // Today is the server's (Europe/Zurich), as the expiry is.
  const serverDate = useServerTime().data?.date;
  const today = serverDate ? zurichDateOf(new Date(serverDate)) : undefined;
  const columns = useMemo(() => tokenColumns(today), [today]);
  return (
    <SettingsSection
      title={texts.tokens}
      description={texts.tokensIntro}
      action={
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => void openApiTokenDialog(organisationName)}
          >
            {texts.newToken}
          </Button>
        </Group>
      }
    >
      <AccessTable
        label={texts.tokens}
        query={query}
        failed={texts.tokensFailed}
        empty={texts.noTokens}
        columns={columns}
      />
    </SettingsSection>
  );
}
