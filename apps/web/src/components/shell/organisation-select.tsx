import { useState } from 'react';
import { Select } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { SELECT, Z_INDEX } from '@saldopilot/shared';
import { useOrganisations } from '../../reference-data/organisations';
import { useSignedInUser } from '../../reference-data/profile';
import { switchOrganisation } from './organisation-switch';

/** The organisation dropdown of the navigation (docs/product.md "Navigation", "Organisation switch"): lists the user's organisations by name. */
export function OrganisationSelect() {
  const user = useSignedInUser();
  const { data: organisations = [], isPending } = useOrganisations();
  // The pick waiting for the question's answer; null shows the current organisation.
  const [picked, setPicked] = useState<string | null>(null);
  const current = user.currentOrganisationId === null ? null : String(user.currentOrganisationId);

  const onChange = async (value: string | null) => {
    const target = organisations.find((organisation) => String(organisation.id) === value);
    if (!target || target.id === user.currentOrganisationId) return;
    setPicked(value);
    const switched = await switchOrganisation(target, user.currentOrganisationId);
    if (!switched) setPicked(null);
  };

  return (
    <Select
      label="Organisation"
      placeholder={isPending ? 'Wird geladen …' : 'Organisation wählen'}
      leftSection={<IconBuilding size={16} aria-hidden />}
      data={organisations.map((organisation) => ({ value: String(organisation.id), label: organisation.name }))}
      value={picked ?? current}
      onChange={onChange}
      allowDeselect={false}
      nothingFoundMessage="Keine Organisationen gefunden"
      maxDropdownHeight={SELECT.dropdownMaxHeight}
      comboboxProps={{ zIndex: Z_INDEX.menu }}
      w="100%"
    />
  );
}
