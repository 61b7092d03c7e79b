import { Checkbox, Stack, Text } from '@mantine/core';
import { accessScopeLabels, type AccessScope } from '@saldopilot/shared';

/** The scopes checked among `offered`, in the order offered (the order of `accessScopes`). */
export function checkedScopes(offered: readonly AccessScope[], values: readonly string[]): AccessScope[] {
  return offered.filter((scope) => values.includes(scope));
}

/**
 * The scopes of an access as one checkbox each, labelled in German with the scope's id small beside
 * it (docs/web.md "Zugriff von aussen"): the API token dialog and the consent page. A group named
 * by `label`; `error` says when none is checked.
 */
export function ScopeCheckboxes({
  label,
  offered,
  value,
  onChange,
  onBlur,
  error,
  required = false,
}: {
  label: string;
  offered: readonly AccessScope[];
  value: readonly AccessScope[];
  onChange: (scopes: AccessScope[]) => void;
  onBlur?: () => void;
  error?: string | undefined;
  required?: boolean;
}) {
  return (
    <Checkbox.Group
      label={label}
      required={required}
      value={[...value]}
      onChange={(values) => onChange(checkedScopes(offered, values))}
      onBlur={onBlur}
      error={error}
    >
      <Stack gap="xs" mt={6}>
        {offered.map((scope) => (
          <Checkbox
            key={scope}
            value={scope}
            label={
              <>
                {accessScopeLabels[scope]}{' '}
                <Text span size="xs" c="dimmed" ff="monospace">
                  {scope}
                </Text>
              </>
            }
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
