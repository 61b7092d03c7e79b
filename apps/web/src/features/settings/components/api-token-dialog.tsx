import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy, IconKey } from '@tabler/icons-react';
import { Controller } from 'react-hook-form';
import {
  accessScopes,
  apiTokenCreateSchema,
  tokenLifetimes,
  type ApiToken,
  type ApiTokenCreated,
} from '@saldopilot/shared';
import { DialogFooter } from '../../../components/form/dialog-footer';
import { EntityForm } from '../../../components/form/entity-dialog';
import { IdSelectField } from '../../../components/form/id-select-field';
import { ScopeCheckboxes } from '../../../components/form/scope-checkboxes';
import { useDialogDirty, useEntityForm } from '../../../components/form/use-entity-form';
import { schemaResolver } from '../../../components/form/use-schema-form';
import { openDialog, type DialogControls } from '../../../lib/dialog';
import { queryClient } from '../../../lib/query-client';
import { showToast } from '../../../lib/toast';
import { createApiToken } from '../api/create-api-token';
import { apiTokenKeys } from '../api/list-api-tokens';
import { accessTexts as texts, lifetimeLabel } from './access-texts';

const resolver = schemaResolver(apiTokenCreateSchema);
const lifetimes = tokenLifetimes.map((days) => ({ value: days, label: lifetimeLabel(days) }));

function TokenForm({
  dialog,
  organisationName,
}: {
  dialog: DialogControls<ApiTokenCreated | null>;
  organisationName: string | undefined;
}) {
  const entity = useEntityForm({
    dialog,
    mode: 'create',
    titles: { create: texts.createTitle },
    resolver,
    defaultValues: { name: '', scopes: [], expiresInDays: 90 },
    save: {
      create: async (token) => {
        const created = await createApiToken(token);
        // The list behind the dialog shows the new token while its secret is on screen.
        void queryClient.invalidateQueries({ queryKey: apiTokenKeys.all });
        return created;
      },
    },
    saved: (created) => texts.tokenCreated(created.token.name),
    failed: { create: texts.createFailed },
  });
  const {
    register,
    control,
    formState: { errors },
  } = entity.form;

  return (
    <EntityForm entity={entity} submit={{ label: texts.create, icon: <IconKey size={16} aria-hidden /> }}>
      {organisationName ? (
        <Text size="sm" c="dimmed">
          {texts.organisationNote(organisationName)}
        </Text>
      ) : null}
      <TextInput
        label={texts.name}
        required
        autoComplete="off"
        data-autofocus
        error={errors.name?.message}
        {...register('name')}
      />
      <Controller
        control={control}
        name="scopes"
        render={({ field, fieldState }) => (
          <ScopeCheckboxes
            label={texts.scopes}
            required
            offered={accessScopes}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      <IdSelectField
        control={control}
        name="expiresInDays"
        label={texts.lifetime}
        required
        data={lifetimes}
        maw={240}
      />
    </EntityForm>
  );
}

/** The new token's secret, shown this once, with "Kopieren"; closing leads back to the list. */
function TokenSecret({ created, dialog }: { created: ApiTokenCreated; dialog: DialogControls<ApiToken | null> }) {
  // Nothing typed is left to lose: the dialog closes without asking.
  useDialogDirty(dialog, false);
  const input = useRef<HTMLInputElement>(null);

  // The form that had the focus is gone: the secret takes it, selected, ready to be copied.
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const copy = async () => {
    input.current?.select();
    try {
      await navigator.clipboard.writeText(created.secret);
      showToast({ severity: 'success', summary: texts.success, detail: texts.copied, life: 'medium' });
    } catch {
      showToast({ severity: 'error', summary: 'Fehler', detail: texts.copyFailed });
    }
  };

  return (
    <Stack gap="md">
      <Alert variant="light" color="blue">
        {texts.secretHint}
      </Alert>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          ref={input}
          label={texts.secret}
          value={created.secret}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          style={{ flex: 1 }}
          miw={0}
        />
        <Button variant="light" leftSection={<IconCopy size={16} aria-hidden />} onClick={() => void copy()}>
          {texts.copy}
        </Button>
      </Group>
      <DialogFooter onCancel={() => dialog.close(created.token)} cancelLabel={texts.close} />
    </Stack>
  );
}

/** The form first; once saved, the same dialog shows the secret instead of closing. */
function CreateTokenDialog({
  dialog,
  organisationName,
}: {
  dialog: DialogControls<ApiToken | null>;
  organisationName: string | undefined;
}) {
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const formDialog = useMemo<DialogControls<ApiTokenCreated | null>>(
    () => ({ ...dialog, close: (result) => (result ? setCreated(result) : dialog.close(null)) }),
    [dialog],
  );
  if (created) return <TokenSecret created={created} dialog={dialog} />;
  return <TokenForm dialog={formDialog} organisationName={organisationName} />;
}

/**
 * The dialog "API-Token erstellen" (docs/web.md "Zugriff von aussen"): name, scopes and lifetime of
 * a token for the current organisation, then its secret once. Answers the token, undefined when left
 * before saving.
 */
export function openApiTokenDialog(organisationName: string | undefined): Promise<ApiToken | null | undefined> {
  return openDialog<ApiToken | null>({
    header: texts.createTitle,
    content: (dialog) => <CreateTokenDialog dialog={dialog} organisationName={organisationName} />,
  });
}
