import { useQueries } from '@tanstack/react-query';
import { COMPARE_SCENARIOS_MAX, type CompareEntry, type Scenario } from '@saldopilot/shared';
import { usePreference } from '../../../lib/preferences';
import { compareQuery } from '../api/compare-scenarios';

/**
 * The KPIs of every scenario against the base, for the list (docs/scenarios.md "The web"): one
 * comparison per four scenarios (the most one comparison holds), each with the base, over the
 * Prognose's remembered Zeitraum and Performance.
 */
export function useScenarioKpis(scenarios: readonly Scenario[] | undefined) {
  const [months] = usePreference('forecastMonths');
  const [performance] = usePreference('forecastPerformance');
  const groups: number[][] = [];
  const ids = (scenarios ?? []).map((scenario) => scenario.id);
  for (let start = 0; start < ids.length; start += COMPARE_SCENARIOS_MAX) {
    groups.push(ids.slice(start, start + COMPARE_SCENARIOS_MAX));
  }
  if (groups.length === 0) groups.push([]);
  const answers = useQueries({
    queries: groups.map((group) =>
      compareQuery({ ids: ['base', ...group].join(','), months, performance }, scenarios !== undefined),
    ),
  });
  const byId = new Map<number | 'base', CompareEntry>();
  let currency = '';
  for (const answer of answers) {
    if (!answer.data) continue;
    currency = answer.data.currency;
    for (const entry of answer.data.entries) byId.set(entry.scenarioId ?? 'base', entry);
  }
  return {
    entry: (id: number | 'base') => byId.get(id),
    currency,
    loading: answers.some((answer) => answer.isPending),
    failed: answers.find((answer) => answer.isError)?.error,
  };
}
