import { Text, TextInput } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { categoryCreateSchema, categoryReassignSchema, type Category } from '@saldopilot/shared';
import { EntityForm } from '../../../components/form/entity-dialog';
import { IdSelectField } from '../../../components/form/id-select-field';
import { useEntityForm } from '../../../components/form/use-entity-form';
import { schemaResolver } from '../../../components/form/use-schema-form';
import { ApiError } from '../../../lib/api-error';
import { changeKinds } from '../../../lib/remote-changes';
import { openDialog, type DialogControls } from '../../../lib/dialog';
import { showToast } from '../../../lib/toast';
import { confirmDestructive } from '../../../lib/user-action';
import { queryClient } from '../../../lib/query-client';
import { categoriesQuery } from '../../../reference-data/categories';
import { createCategory } from '../api/create-category';
import { deleteCategory } from '../api/delete-category';
import { replaceCategory } from '../api/replace-category';
import { updateCategory } from '../api/update-category';
import { categoryTexts as texts, transactionTexts } from './transaction-texts';

const categoryResolver = schemaResolver(categoryCreateSchema);
const reassignResolver = schemaResolver(categoryReassignSchema);
const titles = { create: texts.createTitle, edit: texts.editTitle } as const;

function CategoryForm({ category, dialog }: { category?: Category; dialog: DialogControls<Category | null> }) {
  const entity = useEntityForm({
    dialog,
    mode: category ? 'edit' : 'create',
    live: category && { collection: changeKinds.categories, id: category.id },
    titles,
    resolver: categoryResolver,
    defaultValues: { name: category?.name ?? '' },
    save: {
      create: createCategory,
      update: (_changes, request) => updateCategory(category?.id ?? 0, request),
    },
    saved: (saved, mode) => (mode === 'edit' ? texts.updated : texts.created(saved.name)),
    failed: { create: texts.createFailed, update: texts.updateFailed },
  });
  const {
    register,
    formState: { errors },
  } = entity.form;

  return (
    <EntityForm entity={entity}>
      <TextInput
        label={texts.name}
        placeholder={texts.namePlaceholder}
        required
        autoComplete="off"
        data-autofocus
        error={errors.name?.message}
        {...register('name')}
      />
    </EntityForm>
  );
}

/**
 * "Neue Kategorie" / "Kategorie bearbeiten" (docs/web.md "Transaktionen"); answers the saved
 * category.
 */
export function openCategoryDialog(category?: Category): Promise<Category | null | undefined> {
  return openDialog<Category | null>({
    header: category ? texts.editTitle : texts.createTitle,
    size: 'compact',
    content: (dialog) => <CategoryForm category={category} dialog={dialog} />,
  });
}

function ReassignForm({
  category,
  categories,
  dialog,
}: {
  category: Category;
  categories: Category[];
  dialog: DialogControls<{ targetId: number } | null>;
}) {
  const entity = useEntityForm({
    dialog,
    mode: 'create',
    titles: { create: texts.reassignTitle },
    resolver: reassignResolver,
    defaultValues: {},
    save: {
      create: async ({ targetId }) => ({ targetId, ...(await replaceCategory(category.id, targetId)) }),
    },
    saved: ({ affected }) => texts.reassigned(affected, category.name),
    failed: { create: texts.reassignFailed },
  });
  const { control } = entity.form;
  const others = categories.filter((candidate) => candidate.id !== category.id);

  return (
    <EntityForm
      entity={entity}
      submit={{ label: texts.reassignButton, icon: <IconArrowsExchange size={18} aria-hidden />, color: 'red' }}
    >
      <Text mb="sm">{texts.reassignText(category.name)}</Text>
      <IdSelectField
        control={control}
        name="targetId"
        label={texts.replacement}
        required
        searchable
        placeholder={transactionTexts.pleaseChoose}
        nothingFoundMessage={transactionTexts.noResults}
        data={others.map((other) => ({ value: other.id, label: other.name }))}
        data-autofocus
      />
    </EntityForm>
  );
}

/** "Kategorie ersetzen und löschen"; answers the replacement's id once done. */
async function openReassignDialog(category: Category, categories: Category[]): Promise<number | undefined> {
  const done = await openDialog<{ targetId: number } | null>({
    header: texts.reassignTitle,
    size: 'compact',
    content: (dialog) => <ReassignForm category={category} categories={categories} dialog={dialog} />,
  });
  return done?.targetId;
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
