import type { FastifyReply, FastifyRequest } from 'fastify';

/** What an answered write changed, read off its route (docs/realtime.md "The stream"). */
export interface WriteTarget {
  /** The first part of the route's path: `transactions`, `employees`, `forecasts`, … */
  area: string;
  /** The path's parts before the first parameter: what kind of row `id` names. */
  collection: string;
  id: number | null;
  action: 'created' | 'updated' | 'deleted';
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The target of a write request (undefined for reads and unknown paths). */
export function writeTargetOf(request: FastifyRequest, reply: FastifyReply): WriteTarget | undefined {
  const { method, routeOptions } = request;
  if (!WRITES.has(method) || !routeOptions.url) return undefined;
  const parts = routeOptions.url.split('/').slice(2);
  const area = parts[0];
  if (!area) return undefined;
  // The first parameter names the row; the parts before it name what kind of row it is.
  const first = parts.findIndex((part) => part.startsWith(':'));
  const collection = (first < 0 ? [area] : parts.slice(0, first)).join('/');
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  const idText = first < 0 ? undefined : params[(parts[first] as string).slice(1)];
  const id = idText !== undefined && /^[0-9]{1,10}$/.test(idText) ? Number(idText) : null;
  const action = method === 'DELETE' ? 'deleted' : reply.statusCode === 201 ? 'created' : 'updated';
  return { area, collection, id, action };
}
