import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { SELECT } from '@saldopilot/shared';
import { scenarioChoicesQuery } from '../api/list-scenario-choices';
import { forecastTexts as texts } from './forecast-texts';

const BASE = 'base';

/**
 * "Szenario" (docs/scenarios.md "The web"): the base or one scenario; the choice lives in the address
 * (`?scenario=<id>`), so a link opens the same forecast for every member. Shown once there is a
 * scenario, or while the address names one.
 */
export function ScenarioSelect({
  className,
  scenario,
  onChange,
}: {
  className?: string;
  scenario: number | undefined;
  onChange: (scenario: number | undefined) => void;
}) {
  const choices = useQuery(scenarioChoicesQuery());
  const scenarios = choices.data ?? [];
  if (scenarios.length === 0 && scenario === undefined) return null;
  return (
    <Select
      className={className}
      label={texts.scenario}
      w={280}
      maxDropdownHeight={SELECT.dropdownMaxHeight}
      allowDeselect={false}
      data={[
        { value: BASE, label: texts.scenarioBase },
        ...scenarios.map((entry) => ({ value: String(entry.id), label: entry.name })),
      ]}
      value={scenario === undefined ? BASE : String(scenario)}
      onChange={(value) => onChange(value === null || value === BASE ? undefined : Number(value))}
    />
  );
}
