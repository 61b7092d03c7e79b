import { pathTo } from '../../config/routes';

/** The comparison of the base with these scenarios (docs/scenarios.md "The web"): `/scenarios/compare?ids=base,3,7`. */
export function compareLink(ids: readonly number[]): string {
  return `${pathTo('scenarios-compare')}?ids=${['base', ...ids].join(',')}`;
}

/** The Prognose of a scenario: the scenario is chosen by the address, never remembered per user. */
export function forecastLink(id: number): string {
  return `${pathTo('index')}?scenario=${id}`;
}
