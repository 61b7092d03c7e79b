import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cookieColorSchemeManager } from '../lib/color-scheme';
import { queryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

const colorSchemeManager = cookieColorSchemeManager();

/** Everything the whole app shares, outside the router so that route error pages are themed too. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
    >
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
