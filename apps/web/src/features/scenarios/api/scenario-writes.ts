import type {
  LeverInput,
  LeverUpdate,
  PromoteRequest,
  PromoteResult,
  ScenarioCreate,
  ScenarioDetail,
  ScenarioUpdate,
} from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { invalidatePlanQueries, organisationQueries } from '../../../lib/query-keys';
import { scenarioKeys } from './list-scenarios';

/** After a write: the scenarios and every forecast (a scenario's forecast and the comparison) load again. */
async function reload(): Promise<void> {
  await Promise.all([queryClient.invalidateQueries({ queryKey: scenarioKeys.all }), invalidatePlanQueries()]);
}

async function changed<Answer>(request: Promise<Answer>): Promise<Answer> {
  const answer = await request;
  await reload();
  return answer;
}

export function createScenario(input: ScenarioCreate): Promise<ScenarioDetail> {
  return changed(api.post<ScenarioDetail>('/api/scenarios', input));
}

export function updateScenario(id: number, changes: ScenarioUpdate): Promise<ScenarioDetail> {
  return changed(api.patch<ScenarioDetail>(`/api/scenarios/${id}`, changes));
}

export function deleteScenario(id: number): Promise<void> {
  return changed(api.delete(`/api/scenarios/${id}`));
}

export function addLever(scenarioId: number, lever: LeverInput): Promise<unknown> {
  return changed(api.post(`/api/scenarios/${scenarioId}/levers`, lever));
}

export function updateLever(scenarioId: number, leverId: number, update: LeverUpdate): Promise<unknown> {
  return changed(api.patch(`/api/scenarios/${scenarioId}/levers/${leverId}`, update));
}

export function deleteLever(scenarioId: number, leverId: number): Promise<void> {
  return changed(api.delete(`/api/scenarios/${scenarioId}/levers/${leverId}`));
}

/**
 * Makes the scenario's levers real base rows (docs/scenarios.md "One scenario"); a 409 names the
 * conflicts, answered again with a choice per conflict. Every area's lists load again.
 */
export async function promoteScenario(scenarioId: number, request: PromoteRequest): Promise<PromoteResult> {
  const result = await api.post<PromoteResult>(`/api/scenarios/${scenarioId}/promote`, request);
  await queryClient.invalidateQueries(organisationQueries);
  return result;
}
