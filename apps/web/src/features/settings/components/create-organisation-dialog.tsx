import { organisationCreateSchema, type Organisation, type User } from '@saldopilot/shared';
import { EntityForm } from '../../../components/form/entity-dialog';
import { useEntityForm } from '../../../components/form/use-entity-form';
import { schemaResolver } from '../../../components/form/use-schema-form';
import { openDialog, type DialogControls } from '../../../lib/dialog';
import { reloadOrganisations } from '../../../reference-data/organisations';
import { createOrganisation } from '../api/create-organisation';
import { OrganisationFields } from './organisation-form';
import { organisationTexts } from './organisation-texts';

const resolver = schemaResolver(organisationCreateSchema);

function CreateOrganisationForm({ user, dialog }: { user: User; dialog: DialogControls<Organisation | null> }) {
  const entity = useEntityForm({
    dialog,
    mode: 'create',
    titles: { create: organisationTexts.createTitle },
    resolver,
    defaultValues: { name: '', currencyId: user.currency.id },
    save: {
      create: async (input) => {
        const created = await createOrganisation(input);
        await reloadOrganisations();
        return created;
      },
    },
    saved: (created) => organisationTexts.created(created.name),
    failed: { create: organisationTexts.createFailed },
  });
  return (
    <EntityForm entity={entity}>
      <OrganisationFields form={entity.form} />
    </EntityForm>
  );
}

/** The dialog "Neue Organisation anlegen"; answers the created organisation. */
export function openCreateOrganisationDialog(user: User): Promise<Organisation | null | undefined> {
  return openDialog<Organisation | null>({
    header: organisationTexts.createTitle,
    size: 'compact',
    content: (dialog) => <CreateOrganisationForm user={user} dialog={dialog} />,
  });
}
