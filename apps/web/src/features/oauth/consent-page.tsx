import { useState } from 'react';
import { Alert, Button, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { accessMessages, Z_INDEX, type AuthorizationPrompt, type AuthorizationRequest } from '@saldopilot/shared';
import { ScopeCheckboxes } from '../../components/form/scope-checkboxes';
import { messageOf } from '../../lib/api-error';
import type { RouteHandle } from '../../lib/document-title';
import { decideAuthorization } from './api/decide-authorization';
import { getAuthorizationPrompt } from './api/get-authorization-prompt';
import { authorizationRequestOf, organisationChoices } from './components/authorization-request';
import { consentTexts as texts } from './components/consent-texts';

export const handle = { title: texts.title, noindex: true } satisfies RouteHandle;

function Heading({ children }: { children: string }) {
  return (
    <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Title>
  );
}

/** The prompt: what the assistant asks for, the organisation, where the answer goes, the two buttons. */
function Consent({ prompt, request }: { prompt: AuthorizationPrompt; request: AuthorizationRequest }) {
  const [scopes, setScopes] = useState(prompt.scopes);
  const [organisationId, setOrganisationId] = useState(prompt.organisation.id);
  const [sending, setSending] = useState<'approve' | 'deny' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const organisations = organisationChoices(prompt.organisation, prompt.organisations);
  const organisation = organisations.find(({ id }) => id === organisationId) ?? prompt.organisation;

  // The answer leads away from the app, to the client's redirect URI with `code` (or the refusal).
  const decide = async (approve: boolean) => {
    setSending(approve ? 'approve' : 'deny');
    setFailure(null);
    try {
      const { redirectTo } = await decideAuthorization(
        approve ? { request, organisationId, approve, scopes } : { request, organisationId, approve },
      );
      window.location.assign(redirectTo);
    } catch (error) {
      setFailure(messageOf(error, texts.failed));
      setSending(null);
    }
  };

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Heading>{texts.heading(prompt.client.name, organisation.name)}</Heading>
        <Text size="sm" c="dimmed">
          {texts.intro}
        </Text>
      </Stack>
      <ScopeCheckboxes
        label={texts.scopes}
        offered={prompt.scopes}
        value={scopes}
        onChange={setScopes}
        error={scopes.length === 0 ? accessMessages.scopes : undefined}
      />
      {organisations.length > 1 ? (
        <Select
          label={texts.organisation}
          data={organisations.map(({ id, name }) => ({ value: String(id), label: name }))}
          value={String(organisationId)}
          onChange={(value) => value && setOrganisationId(Number(value))}
          allowDeselect={false}
          comboboxProps={{ zIndex: Z_INDEX.menu }}
        />
      ) : null}
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {texts.redirect} {prompt.redirectUri}
      </Text>
      {failure ? (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button
          variant="default"
          onClick={() => void decide(false)}
          loading={sending === 'deny'}
          disabled={sending === 'approve'}
        >
          {texts.deny}
        </Button>
        <Button
          leftSection={<IconCheck size={18} aria-hidden />}
          onClick={() => void decide(true)}
          loading={sending === 'approve'}
          disabled={scopes.length === 0 || sending === 'deny'}
        >
          {texts.approve}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The consent page (`/oauth/authorize`, docs/web.md "Zugriff von aussen"): the OAuth authorization
 * endpoint an assistant sends the browser to. The signed-in user sees what the client asks for and
 * allows it (with the scopes kept and the organisation chosen) or refuses; either way the browser
 * goes on to the client's redirect URI. A request the server refuses shows its message, no buttons.
 */
export function Component() {
  const { search } = useLocation();
  const prompt = useQuery({
    queryKey: ['oauth-authorization', search],
    queryFn: ({ signal }) => getAuthorizationPrompt(search, signal),
    staleTime: Infinity,
    gcTime: 0,
  });

  if (prompt.isPending) {
    return (
      <Group gap="sm" py="md" role="status">
        <Loader size="sm" aria-hidden />
        <Text>{texts.checking}</Text>
      </Group>
    );
  }
  if (prompt.isError) {
    return (
      <Stack gap="lg">
        <Heading>{texts.invalid}</Heading>
        <Alert color="red" variant="light" role="alert">
          {messageOf(prompt.error, texts.loadFailed)}
        </Alert>
      </Stack>
    );
  }
  return <Consent prompt={prompt.data} request={authorizationRequestOf(search)} />;
}
