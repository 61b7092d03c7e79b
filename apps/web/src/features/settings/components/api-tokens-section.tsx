import { Button, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ApiToken } from '@saldopilot/shared';
import type { ListColumn } from '../../../components/list/list-table';
import { formatDate } from '../../../lib/format';
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

/** Name, Organisation, Berechtigungen, Erstellt, Gültig bis, Zuletzt verwendet, Präfix. */
const columns: ListColumn<ApiToken, never>[] = [
  {
    key: 'name',
    header: texts.name,
    render: (token) => <RevocableName name={token.name} label={token.name} onRevoke={() => void revoke(token)} />,
  },
  ...accessColumns<ApiToken>(texts.created),
  { key: 'expires', header: texts.expires, render: (token) => formatDate(token.expiresOn) },
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
