import type { LoaderFunction, Params } from 'react-router';
import { pageNotFoundError } from './route-errors';

/**
 * Route-meta validation: a loader that answers the fatal 404 of docs/product.md "Route guards" when the path parameters are
 * invalid, before the page asks the API for something that cannot exist.
 */
export function validateRoute(isValid: (params: Params) => boolean): LoaderFunction {
  return ({ params, request }) => {
    if (!isValid(params)) throw pageNotFoundError(new URL(request.url).pathname);
    return null;
  };
}

/** Ids are positive integers (docs/api.md "Format"); anything else in `:id` cannot name a record. */
export function hasPositiveIntegerId(params: Params): boolean {
  const id = params.id ?? '';
  return /^[1-9]\d*$/.test(id) && Number.isSafeInteger(Number(id));
}
