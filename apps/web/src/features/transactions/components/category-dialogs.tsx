import { Select, Text, TextInput } from '@mantine/core';
import { IconArrowsExchange, IconDeviceFloppy } from '@tabler/icons-react';
import { Controller } from 'react-hook-form';
import {
  categoryCreateSchema,
  categoryReassignSchema,
  SELECT,
  Z_INDEX,
  type Category,
  type CategoryCreate,
} from '@saldopilot/shared';
import { Form } from '../../../components/form/form';
import { useInlineMessage } from '../../../components/form/inline-message';
import { DialogFormActions } from '../../../components/form/dialog-form-actions';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { ApiError } from '../../../lib/api-error';
import { openDialog } from '../../../lib/dialog';
import { showToast } from '../../../lib/toast';
import { confirmDestructive } from '../../../lib/user-action';
import { queryClient } from '../../../lib/query-client';
import { categoriesQuery } from '../../../reference-data/categories';
import { createCategory } from '../api/create-category';
import { deleteCategory } from '../api/delete-category';
import { replaceCategory } from '../api/replace-category';
import { updateCategory } from '../api/update-category';
import { categoryTexts as texts, transactionTexts } from './transaction-texts';

// Selects inside a dialog open their list above it.
const inDialog = { zIndex: Z_INDEX.modal + 10 };

function errorDetail(error: unknown): string | undefined {
  return error instanceof ApiError ? error.message : undefined;
}

function CategoryForm({ category, close }: { category?: Category; close: (saved?: Category) => void }) {
  const [message, showMessage] = useInlineMessage();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useSchemaForm(categoryCreateSchema, { defaultValues: { name: category?.name ?? '' } });

  const onSubmit = handleSubmit(async (input: CategoryCreate) => {
    try {
      const saved = category ? await updateCategory(category.id, input) : await createCategory(input);
      showToast({
        severity: 'success',
        summary: transactionTexts.success,
        detail: category ? texts.updated : texts.created(saved.name),
      });
      close(saved);
    } catch (error) {
      showMessage({
        severity: 'error',
        text: category ? texts.updateFailed : texts.createFailed,
        detail: errorDetail(error),
      });
    }
  });

  return (
    <Form onSubmit={onSubmit} aria-label={category ? texts.editTitle : texts.createTitle}>
      <TextInput
        label={texts.name}
        placeholder={texts.namePlaceholder}
        required
        autoComplete="off"
        data-autofocus
        error={errors.name?.message}
        {...register('name')}
      />
      <DialogFormActions
        control={control}
        onCancel={() => close()}
        cancelLabel={transactionTexts.cancel}
        submitLabel={transactionTexts.save}
        icon={<IconDeviceFloppy size={18} aria-hidden />}
        message={message}
      />
    </Form>
  );
}

/**
 * "Neue Kategorie" / "Kategorie bearbeiten" (docs/web.md "Transaktionen"); answers the saved
 * category.
 */
export function openCategoryDialog(category?: Category): Promise<Category | undefined> {
  return openDialog<Category>({
    header: category ? texts.editTitle : texts.createTitle,
    size: 'compact',
    content: ({ close }) => <CategoryForm category={category} close={close} />,
  });
}

function ReassignForm({
  category,
  categories,
  close,
}: {
  category: Category;
  categories: Category[];
  close: (targetId?: number) => void;
}) {
  const [message, showMessage] = useInlineMessage();
  const {
    handleSubmit,
    control,
    formState: { errors },
  } = useSchemaForm(categoryReassignSchema, { defaultValues: {} });
  const others = categories.filter((candidate) => candidate.id !== category.id);

  const onSubmit = handleSubmit(async ({ targetId }) => {
    try {
      const { affected } = await replaceCategory(category.id, targetId);
      showToast({
        severity: 'success',
        summary: transactionTexts.success,
        detail: texts.reassigned(affected, category.name),
      });
      close(targetId);
    } catch (error) {
      showMessage({ severity: 'error', text: texts.reassignFailed, detail: errorDetail(error) });
    }
  });

  return (
    <Form onSubmit={onSubmit} aria-label={texts.reassignTitle}>
      <Text mb="sm">{texts.reassignText(category.name)}</Text>
      <Controller
        control={control}
        name="targetId"
        render={({ field }) => (
          <Select
            label={texts.replacement}
            required
            searchable
            placeholder={transactionTexts.pleaseChoose}
            nothingFoundMessage={transactionTexts.noResults}
            data={others.map((other) => ({ value: String(other.id), label: other.name }))}
            value={field.value ? String(field.value) : null}
            onChange={(value) => field.onChange(value ? Number(value) : undefined)}
            onBlur={field.onBlur}
            allowDeselect={false}
            maxDropdownHeight={SELECT.dropdownMaxHeight}
            comboboxProps={inDialog}
            error={errors.targetId?.message}
            data-autofocus
          />
        )}
      />
      <DialogFormActions
        control={control}
        onCancel={() => close()}
        cancelLabel={transactionTexts.cancel}
        submitLabel={texts.reassignButton}
        icon={<IconArrowsExchange size={18} aria-hidden />}
        color="red"
        message={message}
      />
    </Form>
  );
}

/** "Kategorie ersetzen und löschen"; answers the replacement's id once done. */
function openReassignDialog(category: Category, categories: Category[]): Promise<number | undefined> {
  return openDialog<number>({
    header: texts.reassignTitle,
    size: 'compact',
    content: ({ close }) => <ReassignForm category={category} categories={categories} close={close} />,
  });
}

/** How a category deletion ended: gone (its transactions moved to `replacementId`), or kept. */
export type CategoryDeletion = { deleted: true; replacementId?: number } | { deleted: false };

/**
 * Deletes an own category (docs/web.md "Transaktionen"): one no transaction uses after "Löschen" /
 * "Kategorie … vollständig löschen?"; one in use (known from `inUse`, or learnt from the server's
 * 409 when another user assigned it meanwhile) through the reassign dialog.
 */
export async function deleteCategoryWithReplacement(category: Category): Promise<CategoryDeletion> {
  const categories = (await queryClient.ensureQueryData(categoriesQuery).catch(() => undefined)) ?? [category];
  const reassign = async (): Promise<CategoryDeletion> => {
    const replacementId = await openReassignDialog(category, categories);
    return replacementId === undefined ? { deleted: false } : { deleted: true, replacementId };
  };
  if (category.inUse) return reassign();

  const confirmed = await confirmDestructive({
    header: transactionTexts.delete,
    message: texts.deleteQuestion(category.name),
  });
  if (!confirmed) return { deleted: false };
  try {
    await deleteCategory(category.id);
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      // Used after all: the list was older than the data. Move its transactions first.
      await queryClient.invalidateQueries({ queryKey: categoriesQuery.queryKey });
      return reassign();
    }
    showToast({
      severity: 'error',
      summary: transactionTexts.error,
      detail:
        error instanceof ApiError
          ? `${texts.deleteFailed(category.name)}: ${error.message}`
          : texts.deleteFailed(category.name),
    });
    return { deleted: false };
  }
  showToast({ severity: 'success', summary: transactionTexts.success, detail: texts.deleted(category.name) });
  return { deleted: true };
}
