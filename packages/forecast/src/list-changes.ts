/**
 * Which items a list changed against an earlier list it was made from (docs/forecast.md "After a
 * write"): whoever makes a list by replacing, adding or deleting the items of a few ids in another
 * (the API's parts after a write, the salary steps of its input) records those ids here, so that
 * `ForecastModel.update` visits only them instead of walking the thousands of unchanged items.
 *
 * The same records name the changed ids of other things made anew from an earlier one (the API's
 * cost lists by salary, its past figures): their items are then of no interest, only the ids.
 *
 * The record is a promise by its maker: every item of the new list whose id is not recorded is the
 * same object, at any place, as in the list it was made from. A list without a record is compared
 * item by item, as before.
 */

interface Derivation {
  /** Weak: a record must not keep every earlier list alive; a collected one breaks the chain (compare instead). */
  from: WeakRef<object>;
  /** The new item of each changed id; undefined: deleted. */
  items: ReadonlyMap<number, unknown>;
}

const derivations = new WeakMap<object, Derivation>();

/** How many records a model follows back, at most, before comparing the lists item by item. */
const MOST_STEPS = 16;
/** Beyond this many changed ids, walking the list is as quick. */
const MOST_CHANGED = 2_000;

/**
 * Records that `list` is `from` with the items of `changed` replaced (undefined: deleted, or never
 * there); any other item of `list` must be the same object as in `from`. Answers `list`.
 */
export function recordChanges<L extends object, T>(
  list: L,
  from: object,
  changed: ReadonlyMap<number, T | undefined>,
): L {
  if (list !== from) derivations.set(list, { from: new WeakRef(from), items: changed });
  return list;
}

/**
 * The items by id in which `to` differs from `from` (undefined: deleted), following the records back
 * from `to` to `from`; undefined when no unbroken chain of records leads there (the lists must then
 * be compared item by item). An id absent from the answer names the same object in both lists.
 */
export function changesBetween<T>(from: object, to: readonly T[] | object): Map<number, T | undefined> | undefined {
  const changes = new Map<number, T | undefined>();
  let list: object | undefined = to;
  for (let step = 0; list !== from; step++) {
    const derivation: Derivation | undefined = list === undefined ? undefined : derivations.get(list);
    if (derivation === undefined || step >= MOST_STEPS) return undefined;
    // The newest record of an id wins: walk from `to` backwards, keep the first seen.
    for (const [id, item] of derivation.items) if (!changes.has(id)) changes.set(id, item as T | undefined);
    if (changes.size > MOST_CHANGED) return undefined;
    list = derivation.from.deref();
  }
  return changes;
}
