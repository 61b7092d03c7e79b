import { authorizationRequestSchema, type AuthorizationRequest } from '@saldopilot/shared';

const requestKeys: ReadonlySet<string> = new Set(Object.keys(authorizationRequestSchema.shape));

/**
 * The authorization request as the consent page sends it back with the user's answer: the query's
 * parameters of the OAuth request as an object (a repeated one counts once, the last). Parameters
 * the request does not know are left out; the server checks the rest as it did for the prompt.
 */
export function authorizationRequestOf(search: string): AuthorizationRequest {
  const entries = [...new URLSearchParams(search)].filter(([key]) => requestKeys.has(key));
  return Object.fromEntries(entries) as AuthorizationRequest;
}

/** The organisations to choose from: the proposed one first, then the others, each once. */
export function organisationChoices<Organisation extends { id: number }>(
  proposed: Organisation,
  organisations: readonly Organisation[],
): Organisation[] {
  return [proposed, ...organisations.filter((organisation) => organisation.id !== proposed.id)];
}
