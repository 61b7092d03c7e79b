/**
 * The scenario of the Prognose's address (`?scenario=<id>`, docs/scenarios.md "The web"): a positive
 * whole number, or none (the base). A module of its own, so the route's loader takes nothing more.
 */
export function scenarioOf(search: URLSearchParams): number | undefined {
  const text = search.get('scenario');
  return text !== null && /^[1-9][0-9]{0,9}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : undefined;
}
