import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import type { Vat } from '@saldopilot/shared';
import { IdSelectField } from '../../../components/form/id-select-field';
import { vatsQuery } from '../api/list-vats';
import { EntryButtons, withSideButtons } from './category-field';
import type { TransactionControl, TransactionSetValue } from './transaction-form-values';
import { transactionTexts, vatTexts } from './transaction-texts';
import { deleteVatAfterConfirm, openVatDialog } from './vat-dialogs';

/**
 * "Mehrwertsteuer" (docs/web.md "Transaktionen"): optional; "Hinzufügen" creates a rate and selects
 * it; the selected own rate can be changed or deleted; a preset says why it cannot.
 */
export function VatField({
  control,
  setValue,
  error,
}: {
  control: TransactionControl;
  setValue: TransactionSetValue;
  error: string | undefined;
}) {
  const { data: vats = [], isPending, isError } = useQuery(vatsQuery);
  const selectedId = useWatch({ control, name: 'vatId' });
  const selected: Vat | undefined = vats.find((vat) => vat.id === selectedId);
  const choose = (id: number | null) => {
    setValue('vatId', id, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
    if (id === null) setValue('vatIncluded', false, { shouldDirty: true });
  };

  const add = async () => {
    const created = await openVatDialog();
    if (created) choose(created.id);
  };
  const edit = async (vat: Vat) => {
    const saved = await openVatDialog(vat);
    if (saved) choose(saved.id);
  };
  const remove = async (vat: Vat) => {
    // docs/web.md "Transaktionen": deleting the selected rate clears the selection.
    if (await deleteVatAfterConfirm(vat)) choose(null);
  };

  const buttons = (
    <EntryButtons
      addLabel={vatTexts.addVat}
      onAdd={() => void add()}
      selected={
        selected?.canEdit
          ? {
              own: true,
              editLabel: vatTexts.edit(selected.formattedValue),
              removeLabel: vatTexts.remove(selected.formattedValue),
              onEdit: () => void edit(selected),
              onRemove: () => void remove(selected),
            }
          : selected && { own: false, systemHint: vatTexts.preset }
      }
    />
  );

  return (
    <IdSelectField
      control={control}
      name="vatId"
      label={transactionTexts.fields.vat}
      allowDeselect
      placeholder={isPending ? transactionTexts.loading : transactionTexts.chooseOptional}
      nothingFoundMessage={transactionTexts.noVats}
      data={vats.map((vat) => ({ value: vat.id, label: vat.formattedValue }))}
      onChange={(id) => {
        if (id === null) setValue('vatIncluded', false, { shouldDirty: true });
      }}
      clearButtonProps={{ 'aria-label': 'Mehrwertsteuer entfernen' }}
      inputContainer={withSideButtons(buttons)}
      error={isError ? transactionTexts.vatsFailed : error}
    />
  );
}
