import { useEffect, useState } from 'react';
import { sharedAreas, type ReceivedChangeEvent, type SharedArea } from '@saldopilot/shared';
import { byCamelCase } from './area-names';

/**
 * Another member's changes as the open dialogs hear them (docs/web.md "Realtime"). The stream
 * (lib/realtime.ts, in the app shell's chunk) tells them; this part is what every page with an
 * entity dialog carries, so it holds no stream code.
 */

/**
 * The areas (`kind`) of the change events this app knows: the first part of the write's path, for
 * each area whose writes the members share (packages/shared/src/areas.ts), by its camelCase name.
 */
export const changeKinds = byCamelCase(sharedAreas);
export type ChangeKind = SharedArea;

/**
 * What a change's id names when it is not a row of the area itself (docs/realtime.md): the rows
 * written under /employees. Every other dialog's item is its area's own row (`changeKinds`).
 */
export const changeCollections = {
  salaries: 'employees/salaries',
  salaryCosts: 'employees/salaries/costs',
  salaryCostLabels: 'employees/salaries/costs/labels',
} as const;
export type ChangeCollection = ChangeKind | (typeof changeCollections)[keyof typeof changeCollections];

const changeListeners = new Set<(change: ReceivedChangeEvent) => void>();

/** Calls `listener` with every change another tab made; answers the unsubscribe. */
export function onRemoteChange(listener: (change: ReceivedChangeEvent) => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** Tells the listeners of a change the stream delivered (lib/realtime.ts). */
export function tellRemoteChange(change: ReceivedChangeEvent): void {
  for (const listener of changeListeners) listener(change);
}

/**
 * The latest change another member made to one item (what its id names, and the id), or null: an
 * open edit dialog shows it and keeps the input. Without a target (create, clone) always null.
 */
export function useRemoteChange(
  target: { collection: ChangeCollection; id: number } | undefined,
): ReceivedChangeEvent | null {
  const [change, setChange] = useState<ReceivedChangeEvent | null>(null);
  const collection = target?.collection;
  const id = target?.id;
  useEffect(() => {
    if (collection === undefined || id === undefined) return undefined;
    return onRemoteChange((event) => {
      if (event.collection === collection && event.id === id) setChange(event);
    });
  }, [collection, id]);
  return change;
}
