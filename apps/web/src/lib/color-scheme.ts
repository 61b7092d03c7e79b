import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { readPreference, writePreference, type PreferenceValue } from './preferences';

type ColourPreference = PreferenceValue<'colorScheme'>;

/** The colour preference (system, dark, light; docs/product.md "Entities") in Mantine's words (auto, dark, light). */
export function toMantineScheme(preference: ColourPreference): MantineColorScheme {
  return preference === 'system' ? 'auto' : preference;
}

export function fromMantineScheme(scheme: MantineColorScheme): ColourPreference {
  return scheme === 'auto' ? 'system' : scheme;
}

/** Keeps Mantine's colour scheme in the preference cookie, like every other remembered preference. */
export function cookieColorSchemeManager(): MantineColorSchemeManager {
  return {
    get: () => toMantineScheme(readPreference('colorScheme')),
    set: (value) => writePreference('colorScheme', fromMantineScheme(value)),
    subscribe: () => undefined,
    unsubscribe: () => undefined,
    clear: () => writePreference('colorScheme', 'system'),
  };
}
