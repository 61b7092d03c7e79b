import { createTheme } from '@mantine/core';

// Mantine's default font stack is the system fonts: nothing is downloaded (first-load budget).
export const theme = createTheme({
  // The darkest teal keeps white text on filled controls above the 4.5:1 contrast of WCAG AA in
  // both colour schemes; Mantine's default shades of green and teal fall below it.
  primaryColor: 'teal',
  primaryShade: 9,
  defaultRadius: 'md',
});
