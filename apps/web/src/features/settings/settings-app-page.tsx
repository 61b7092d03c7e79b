import { useState } from 'react';
import { Button, Checkbox, SegmentedControl, Stack, Text, useMantineColorScheme } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { fromMantineScheme, toMantineScheme } from '../../lib/color-scheme';
import type { RouteHandle } from '../../lib/document-title';
import { usePreference, type PreferenceValue } from '../../lib/preferences';
import { showToast } from '../../lib/toast';
import { AboutDialog, aboutTexts } from './components/about-dialog';
import { SettingsSection } from './components/settings-section';

export const handle = { title: 'App Einstellungen' } satisfies RouteHandle;

export const appSettingsTexts = {
  note: 'Hinweis: Diese Einstellungen werden pro Browser gespeichert',
  colorScheme: 'Farbmodus',
  skipSwitchQuestion: 'Nicht nachfragen beim Wechseln der Organisation',
  savedSummary: 'Erfolg',
  savedDetail: 'Einstellung gespeichert',
} as const;

const schemes: { value: PreferenceValue<'colorScheme'>; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'dark', label: 'Dunkel' },
  { value: 'light', label: 'Hell' },
];

function saved() {
  showToast({
    id: 'app-setting-saved',
    severity: 'info',
    summary: appSettingsTexts.savedSummary,
    detail: appSettingsTexts.savedDetail,
    life: 'short',
  });
}

/** Settings → App (docs/web.md "Einstellungen"): colour mode and the organisation switch question. */
export function Component() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const [skipQuestion, setSkipQuestion] = usePreference('skipOrganisationSwitchQuestion');
  const [aboutOpened, setAboutOpened] = useState(false);

  return (
    <Stack gap="lg" maw="40rem">
      <SettingsSection title="App Einstellungen" description={appSettingsTexts.note}>
        <Stack gap={6}>
          <Text component="span" id="colour-scheme-label" fw={500} size="sm">
            {appSettingsTexts.colorScheme}
          </Text>
          <SegmentedControl
            aria-labelledby="colour-scheme-label"
            data={schemes}
            value={fromMantineScheme(colorScheme)}
            onChange={(value) => {
              setColorScheme(toMantineScheme(value as PreferenceValue<'colorScheme'>));
              saved();
            }}
            w="fit-content"
          />
        </Stack>
        <Checkbox
          label={appSettingsTexts.skipSwitchQuestion}
          checked={skipQuestion}
          onChange={(event) => {
            setSkipQuestion(event.currentTarget.checked);
            saved();
          }}
        />
      </SettingsSection>
      <SettingsSection title={aboutTexts.title} description={aboutTexts.description}>
        <Button
          variant="light"
          w="fit-content"
          leftSection={<IconInfoCircle size={18} aria-hidden />}
          onClick={() => setAboutOpened(true)}
        >
          {aboutTexts.open}
        </Button>
      </SettingsSection>
      <AboutDialog opened={aboutOpened} onClose={() => setAboutOpened(false)} />
    </Stack>
  );
}
