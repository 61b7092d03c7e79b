import type { FastifyInstance } from 'fastify';

export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every route of the app as "METHOD /path", read from Fastify's route tree (present and future). */
export function routesOf(server: FastifyInstance): string[] {
  const routes: string[] = [];
  const pathAtDepth: string[] = [];
  for (const line of server.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+) \(([^)]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (depth > 0 ? pathAtDepth[depth - 1]! : '') + match[2]!;
    pathAtDepth[depth] = path;
    for (const method of match[3]!.split(', ')) routes.push(`${method} ${path}`);
  }
  return routes;
}

/** Fills a route's `:params` from `ids` (1 where none is given). */
export function fillPath(path: string, ids: Record<string, number | string>): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => String(ids[name] ?? 1));
}
