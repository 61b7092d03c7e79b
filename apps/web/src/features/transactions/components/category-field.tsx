import type { ReactNode } from 'react';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconLock, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useWatch } from 'react-hook-form';
import type { Category } from '@saldopilot/shared';
import { IdSelectField } from '../../../components/form/id-select-field';
import { useCategories } from '../../../reference-data/categories';
import { deleteCategoryWithReplacement, openCategoryDialog } from './category-dialogs';
import { InfoTip } from './info-tip';
import type { TransactionControl, TransactionSetValue } from './transaction-form-values';
import { categoryTexts, transactionTexts } from './transaction-texts';

/** A small icon button with its label as tooltip, beside a select. */
export function SideButton({
  label,
  color,
  onClick,
  children,
}: {
  label: string;
  color?: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color={color} size="input-sm" aria-label={label} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * The buttons beside a managed select (categories, VAT rates): add always; edit and delete for the
 * selected own entry; for a selected system entry the hint why it cannot be changed.
 */
export function EntryButtons({
  addLabel,
  onAdd,
  selected,
}: {
  addLabel: string;
  onAdd: () => void;
  selected?:
    | { own: true; editLabel: string; removeLabel: string; onEdit: () => void; onRemove: () => void }
    | { own: false; systemHint: string };
}) {
  return (
    <>
      <SideButton label={addLabel} onClick={onAdd}>
        <IconPlus size={18} aria-hidden />
      </SideButton>
      {selected?.own ? (
        <>
          <SideButton label={selected.editLabel} onClick={selected.onEdit}>
            <IconPencil size={18} aria-hidden />
          </SideButton>
          <SideButton label={selected.removeLabel} color="red" onClick={selected.onRemove}>
            <IconTrash size={18} aria-hidden />
          </SideButton>
        </>
      ) : selected ? (
        <InfoTip text={selected.systemHint} />
      ) : null}
    </>
  );
}

/**
 * Beside a select: the buttons that act on it. They sit next to the list, not inside its options:
 * a button inside an option is out of keyboard reach (the arrow keys move between options) and
 * breaks the listbox for screen readers.
 */
export function withSideButtons(buttons: ReactNode) {
  return (input: ReactNode) => (
    <Group gap={2} wrap="nowrap" align="center">
      <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
      {buttons}
    </Group>
  );
}

/**
 * "Kategorie *" (docs/web.md "Transaktionen"): the categories of the app; "Hinzufügen" creates one
 * and selects it; the selected own category can be renamed or deleted (deleting one in use moves
 * its transactions to a replacement first); a system category says why it cannot.
 */
export function CategoryField({
  control,
  setValue,
  error,
}: {
  control: TransactionControl;
  setValue: TransactionSetValue;
  error: string | undefined;
}) {
  const { data: categories = [], isPending } = useCategories();
  const selectedId = useWatch({ control, name: 'categoryId' });
  const selected: Category | undefined = categories.find((category) => category.id === selectedId);
  const choose = (id: number | undefined) =>
    setValue('categoryId', id, { shouldDirty: true, shouldTouch: true, shouldValidate: true });

  const add = async () => {
    const created = await openCategoryDialog();
    if (created) choose(created.id);
  };
  const remove = async (category: Category) => {
    const result = await deleteCategoryWithReplacement(category);
    // Its transactions now belong to the replacement; so does this one once saved.
    if (result.deleted) choose(result.replacementId);
  };

  const buttons = (
    <EntryButtons
      addLabel={categoryTexts.addCategory}
      onAdd={() => void add()}
      selected={
        selected?.canEdit
          ? {
              own: true,
              editLabel: categoryTexts.edit(selected.name),
              removeLabel: categoryTexts.remove(selected.name),
              onEdit: () => void openCategoryDialog(selected),
              onRemove: () => void remove(selected),
            }
          : selected && { own: false, systemHint: categoryTexts.system }
      }
    />
  );

  return (
    <IdSelectField
      control={control}
      name="categoryId"
      label={transactionTexts.fields.category}
      required
      searchable
      placeholder={isPending ? transactionTexts.loading : transactionTexts.pleaseChoose}
      nothingFoundMessage={transactionTexts.noCategories}
      data={categories.map((category) => ({ value: category.id, label: category.name }))}
      renderOption={({ option }) => {
        const system = !categories.find((category) => String(category.id) === option.value)?.canEdit;
        return (
          <Group gap={6} wrap="nowrap">
            {option.label}
            {system ? <IconLock size={14} aria-hidden style={{ opacity: 0.6 }} /> : null}
          </Group>
        );
      }}
      inputContainer={withSideButtons(buttons)}
      error={error}
    />
  );
}
