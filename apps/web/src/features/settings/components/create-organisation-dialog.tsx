import { useState } from 'react';
import type { Organisation, User } from '@saldopilot/shared';
import { InlineMessage, type InlineMessageValue } from '../../../components/form/inline-message';
import { ApiError } from '../../../lib/api-error';
import { openDialog } from '../../../lib/dialog';
import { showToast } from '../../../lib/toast';
import { reloadOrganisations } from '../../../reference-data/organisations';
import { createOrganisation } from '../api/create-organisation';
import { OrganisationForm } from './organisation-form';
import { organisationTexts } from './organisation-texts';

function CreateOrganisationForm({ user, close }: { user: User; close: (created?: Organisation) => void }) {
  const [message, setMessage] = useState<InlineMessageValue | null>(null);
  return (
    <OrganisationForm
      label={organisationTexts.createTitle}
      values={{ name: '', currencyId: user.currency.id }}
      onCancel={() => close()}
      onSubmit={async (input) => {
        try {
          const created = await createOrganisation(input);
          await reloadOrganisations();
          showToast({
            severity: 'success',
            summary: organisationTexts.success,
            detail: organisationTexts.created(created.name),
          });
          close(created);
        } catch (error) {
          setMessage({
            severity: 'error',
            text: organisationTexts.createFailed,
            detail: error instanceof ApiError ? error.message : undefined,
          });
        }
      }}
    >
      <InlineMessage message={message} />
    </OrganisationForm>
  );
}

/** The dialog "Neue Organisation anlegen"; answers the created organisation. */
export function openCreateOrganisationDialog(user: User): Promise<Organisation | undefined> {
  return openDialog<Organisation>({
    header: organisationTexts.createTitle,
    size: 'compact',
    content: ({ close }) => <CreateOrganisationForm user={user} close={close} />,
  });
}
