import { createTheme, darken, PasswordInput, type CSSVariablesResolver } from '@mantine/core';

// Mantine's default font stack is the system fonts: nothing is downloaded (first-load budget).
export const theme = createTheme({
  // The darkest teal keeps white text on filled controls above the 4.5:1 contrast of WCAG AA in
  // both colour schemes; Mantine's default shades of green and teal fall below it.
  primaryColor: 'teal',
  primaryShade: 9,
  defaultRadius: 'md',
  components: {
    // Mantine's own label is English.
    PasswordInput: PasswordInput.extend({
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Passwort anzeigen oder verbergen' } },
    }),
  },
});

/**
 * Contrast fixes for WCAG AA (axe finds no serious issue, docs/design.md "Web conventions").
 * Mantine's "dimmed" grey, its error red and the text of its light variants (badges, light buttons,
 * the active navigation entry) fall just below 4.5:1 in the light scheme; its dimmed grey and error
 * red also in the dark one.
 */
export const cssVariablesResolver: CSSVariablesResolver = (current) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(
      Object.entries(current.colors).flatMap(([name, shades]) => [
        [`--mantine-color-${name}-light`, `var(--mantine-color-${name}-0)`],
        [`--mantine-color-${name}-light-hover`, `var(--mantine-color-${name}-1)`],
        [`--mantine-color-${name}-light-color`, darken(shades[9], 0.2)],
      ]),
    ),
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});
