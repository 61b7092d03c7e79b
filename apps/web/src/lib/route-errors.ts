import { isRouteErrorResponse } from 'react-router';

/**
 * An error a route throws on purpose (a loader or route-meta validation). Thrown errors reach the
 * root error boundary and replace the whole app with the error page: they are the "fatal" ones of docs/product.md "Route guards"
 * errors. The non-fatal 404 (docs/product.md "Route guards") for unknown routes is not thrown; the catch-all route renders it.
 */
export class RouteError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'RouteError';
  }
}

/** The fatal 404 of a failed route-meta validation (docs/product.md "Route guards", message verbatim). */
export function pageNotFoundError(path: string): RouteError {
  return new RouteError(404, `Page Not Found: ${path}`);
}

/** The message of the non-fatal 404 for a path no route matches (docs/product.md "Route guards", verbatim). */
export function unknownRouteMessage(path: string): string {
  return `Page not found: ${path}`;
}

/** Status and message (when it has one of its own) of anything a route threw. */
export function describeRouteError(error: unknown): { status: number; message?: string } {
  if (error instanceof RouteError) return { status: error.status, message: error.message };
  if (isRouteErrorResponse(error)) return { status: error.status };
  return { status: 500 };
}
