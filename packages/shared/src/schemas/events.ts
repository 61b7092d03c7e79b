import { z } from 'zod';
import { sharedAreas } from '../areas.js';

/**
 * Realtime between members (docs/realtime.md): `GET /api/events` is a stream of server-sent events
 * of the current organisation. A tab names itself with a random id — `?tab=` on the stream and the
 * header `X-Tab-Id` on its writes — and is not sent its own changes back.
 */

/** The header a tab sends with every request: the id it opened its stream with. */
export const TAB_ID_HEADER = 'x-tab-id';

/** Query of `GET /events`: the tab's id (8–64 letters, digits or dashes). */
export const eventStreamQuerySchema = z.strictObject({
  tab: z
    .string({ error: 'Ungültige Tab-Kennung' })
    .regex(/^[A-Za-z0-9-]{8,64}$/, 'Ungültige Tab-Kennung')
    .optional(),
});

/**
 * `event: change` — a committed write: the area (the first part of the write's path: `transactions`,
 * `bank-accounts`, `bank-entries`, `employees`, `forecasts`, …, one of the areas whose writes the
 * members share: `sharedAreas` in areas.ts), the row's id when the path names one, what happened,
 * and who did it.
 */
export const changeEventSchema = z.object({
  kind: z.enum(sharedAreas),
  /**
   * What `id` names: the path's parts before it (`employees/salaries/costs` for a cost, the area
   * itself for most), so a salary's change is not taken for its employee's.
   */
  collection: z.string(),
  id: z.number().int().nullable(),
  action: z.enum(['created', 'updated', 'deleted']),
  by: z.object({ id: z.number().int(), name: z.string() }),
  /**
   * The organisation's stamp after the write (docs/realtime.md "Stamps and ETags"): a tab whose
   * forecast answers carry it already reloads none of them. Absent when it could not be read.
   */
  stamp: z.string().optional(),
  /**
   * The writing tab, as the first 16 characters of the base64url SHA-256 of its tab id (never the id
   * itself, so nobody can send writes in another's name): the tabs of one browser share one stream
   * (docs/realtime.md "One stream per browser"), and each drops its own changes by it.
   */
  origin: z.string().optional(),
});
export type ChangeEvent = z.infer<typeof changeEventSchema>;

/**
 * A change as a client reads it: of any kind, since a newer server may share an area this client
 * does not know yet; the client ignores such a kind rather than the whole event (docs/realtime.md).
 */
export const receivedChangeEventSchema = changeEventSchema.extend({ kind: z.string() });
export type ReceivedChangeEvent = z.infer<typeof receivedChangeEventSchema>;

/** Event names of the stream: a change; `reset` = changes were missed, read everything again. */
export const streamEvents = { change: 'change', reset: 'reset' } as const;

/** Seconds between the heartbeats (a comment line) that keep proxies from closing an idle stream. */
export const EVENT_HEARTBEAT_SECONDS = 25;
