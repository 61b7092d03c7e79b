import type { ReactNode } from 'react';
import { ActionIcon, Alert, Button, Group, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { DialogFooter } from '../../../components/form/dialog-footer';
import { openDialog } from '../../../lib/dialog';
import { categoriesMessages, useCategories } from '../../../reference-data/categories';
import { vatsQuery } from '../api/list-vats';
import { deleteCategoryWithReplacement, openCategoryDialog } from './category-dialogs';
import { InfoTip } from './info-tip';
import { categoryTexts, transactionTexts, vatTexts } from './transaction-texts';
import { deleteVatAfterConfirm, openVatDialog } from './vat-dialogs';

function RowActions({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
}: {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={editLabel}>
        <ActionIcon variant="subtle" aria-label={editLabel} onClick={onEdit}>
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={deleteLabel}>
        <ActionIcon variant="subtle" color="red" aria-label={deleteLabel} onClick={onDelete}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function NamedList({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} c="dimmed">
        {title}
      </Text>
      {children.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }} aria-label={title}>
          {children}
        </Stack>
      )}
    </Stack>
  );
}

function Row({ children }: { children: ReactNode }) {
  return (
    <Group component="li" justify="space-between" gap="xs" wrap="nowrap" mih={32}>
      {children}
    </Group>
  );
}

function CategoriesSection() {
  const { data: categories, isPending, isError } = useCategories();
  const own = categories?.filter((category) => category.canEdit) ?? [];
  const system = categories?.filter((category) => !category.canEdit) ?? [];
  return (
    <Stack component="section" gap="sm" aria-labelledby="manage-categories">
      <Group justify="space-between" gap="sm">
        <Title order={3} fz="h4" id="manage-categories">
          {categoryTexts.heading}
        </Title>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => void openCategoryDialog()}
        >
          {categoryTexts.addCategory}
        </Button>
      </Group>
      {isError ? (
        <Alert color="red" variant="light" role="alert">
          {categoriesMessages.loadFailed}
        </Alert>
      ) : isPending ? (
        <Skeleton h={64} radius="md" />
      ) : (
        <>
          <NamedList title={categoryTexts.own} empty={categoryTexts.noOwn}>
            {own.map((category) => (
              <Row key={category.id}>
                <Text truncate>{category.name}</Text>
                <RowActions
                  editLabel={categoryTexts.edit(category.name)}
                  deleteLabel={categoryTexts.remove(category.name)}
                  onEdit={() => void openCategoryDialog(category)}
                  onDelete={() => void deleteCategoryWithReplacement(category)}
                />
              </Row>
            ))}
          </NamedList>
          <NamedList title={categoryTexts.systemList} empty="">
            {system.map((category) => (
              <Row key={category.id}>
                <Text truncate>{category.name}</Text>
                <InfoTip text={categoryTexts.system} />
              </Row>
            ))}
          </NamedList>
        </>
      )}
    </Stack>
  );
}

function VatsSection() {
  const { data: vats, isPending, isError } = useQuery(vatsQuery);
  const own = vats?.filter((vat) => vat.canEdit) ?? [];
  const presets = vats?.filter((vat) => !vat.canEdit) ?? [];
  return (
    <Stack component="section" gap="sm" aria-labelledby="manage-vats">
      <Group justify="space-between" gap="sm">
        <Title order={3} fz="h4" id="manage-vats">
          {vatTexts.heading}
        </Title>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => void openVatDialog()}
        >
          {vatTexts.addVat}
        </Button>
      </Group>
      {isError ? (
        <Alert color="red" variant="light" role="alert">
          {transactionTexts.vatsFailed}
        </Alert>
      ) : isPending ? (
        <Skeleton h={64} radius="md" />
      ) : (
        <>
          <NamedList title={vatTexts.own} empty={vatTexts.noOwn}>
            {own.map((vat) => (
              <Row key={vat.id}>
                <Text>{vat.formattedValue}</Text>
                <RowActions
                  editLabel={vatTexts.edit(vat.formattedValue)}
                  deleteLabel={vatTexts.remove(vat.formattedValue)}
                  onEdit={() => void openVatDialog(vat)}
                  onDelete={() => void deleteVatAfterConfirm(vat)}
                />
              </Row>
            ))}
          </NamedList>
          <NamedList title={vatTexts.presets} empty="">
            {presets.map((vat) => (
              <Row key={vat.id}>
                <Text>{vat.formattedValue}</Text>
                <InfoTip text={vatTexts.preset} />
              </Row>
            ))}
          </NamedList>
        </>
      )}
    </Stack>
  );
}

/** "Kategorien & MWST" (ours): the organisation's categories and VAT rates in one place. */
export function openManageDialog(): Promise<undefined> {
  return openDialog({
    header: transactionTexts.manage,
    content: ({ close }) => (
      <Stack gap="lg">
        <CategoriesSection />
        <VatsSection />
        <DialogFooter onCancel={() => close()} cancelLabel={transactionTexts.close} />
      </Stack>
    ),
  });
}
