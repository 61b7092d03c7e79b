import { Badge } from '@mantine/core';
import { roleLabels, type Role } from '@saldopilot/shared';

const roleColors: Record<Role, string> = { owner: 'orange', admin: 'blue', editor: 'green', 'read-only': 'gray' };

/** A role in the product's words (one wording everywhere, docs/web.md "Texts"). */
export function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge color={roleColors[role]} variant="light" radius="sm" tt="none">
      {roleLabels[role]}
    </Badge>
  );
}
