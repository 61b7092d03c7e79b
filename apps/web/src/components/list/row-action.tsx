import { ActionIcon, Tooltip } from '@mantine/core';
import { IconCopy, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { Z_INDEX } from '@saldopilot/shared';

/**
 * The things a card or table row offers: clone is purple (docs/web.md "Shell"), delete and revoke
 * red, edit the primary colour. Mantine picks a lighter shade of each for the dark scheme, so a fixed
 * shade ("grape.9") must not be given here: it fell to 1.9:1 on a dark card.
 */
const kinds = {
  clone: { Icon: IconCopy, color: 'violet' },
  edit: { Icon: IconPencil, color: undefined },
  delete: { Icon: IconTrash, color: 'red' },
  /** Ends an access (an API token, an assistant's connection): red like delete, the invitations' cross. */
  revoke: { Icon: IconX, color: 'red' },
} as const;

/**
 * A round icon button of a card (size md, outlined) or of a table row (size sm, subtle). The
 * tooltip says what it does; `label` also names the item, so that a screen reader can tell the
 * buttons of a list apart ("Transaktion "Miete" bearbeiten").
 */
export function RowAction({
  kind,
  tooltip,
  label,
  size = 'md',
  filled = false,
  inDialog = false,
  onClick,
}: {
  kind: keyof typeof kinds;
  tooltip: string;
  label: string;
  size?: 'sm' | 'md';
  /** The main action of a card that stands out among others (the salary card's edit). */
  filled?: boolean;
  /** Above the dialog it is shown in. */
  inDialog?: boolean;
  onClick: () => void;
}) {
  const { Icon, color } = kinds[kind];
  const variant = filled ? 'filled' : size === 'md' ? 'outline' : 'subtle';
  return (
    <Tooltip label={tooltip} zIndex={Z_INDEX.tooltip + (inDialog ? 20 : 0)}>
      <ActionIcon variant={variant} color={color} radius="xl" size={size} aria-label={label} onClick={onClick}>
        <Icon size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
