import { useQueries, useQuery } from '@tanstack/react-query';
import type { Lever } from '@saldopilot/shared';
import { useCurrencies } from '../../../reference-data/currencies';
import { allCategoriesQuery, targetQuery, type TargetKind } from '../api/list-targets';
import type { LeverNames } from './lever-summary';

/** The ids of `field` the levers name, each once. */
function idsOf(levers: readonly Lever[], field: 'transactionId' | 'employeeId'): number[] {
  const ids = levers.map((lever) => (lever.lever as Record<string, unknown>)[field]);
  return [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
}

/** The names of the rows of one kind the levers name, each read by its id (any of all the rows). */
function useTargetNames(kind: TargetKind, ids: readonly number[]) {
  const rows = useQueries({ queries: ids.map((id) => targetQuery(kind, id)) });
  const map = new Map(rows.flatMap((row) => (row.data ? [[row.data.id, row.data.name] as const] : [])));
  return (id: number) => map.get(id);
}

/**
 * The names the lever sentences need: currencies, categories, and the transactions and employees
 * the levers name — read by id, so a lever on the 9,000th transaction reads as well as on the first.
 */
export function useLeverNames(levers: readonly Lever[]): LeverNames {
  const currencies = useCurrencies();
  const categories = useQuery(allCategoriesQuery);
  const currencyCodes = new Map((currencies.data ?? []).map((row) => [row.id, row.code]));
  const categoryNames = new Map((categories.data ?? []).map((row) => [row.id, row.name]));
  return {
    currency: (id) => currencyCodes.get(id),
    category: (id) => categoryNames.get(id),
    transaction: useTargetNames('transactions', idsOf(levers, 'transactionId')),
    employee: useTargetNames('employees', idsOf(levers, 'employeeId')),
  };
}
