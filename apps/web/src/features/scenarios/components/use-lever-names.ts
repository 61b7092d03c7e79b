import { useQuery } from '@tanstack/react-query';
import { useCategories } from '../../../reference-data/categories';
import { useCurrencies } from '../../../reference-data/currencies';
import { employeeChoicesQuery, transactionChoicesQuery } from '../api/list-targets';
import type { LeverNames } from './lever-summary';

/** The names the lever sentences need: currencies, categories, transactions and employees by id. */
export function useLeverNames(): LeverNames {
  const currencies = useCurrencies();
  const categories = useCategories();
  const transactions = useQuery(transactionChoicesQuery());
  const employees = useQuery(employeeChoicesQuery());
  const lookup = <Row extends { id: number }>(rows: readonly Row[] | undefined, text: (row: Row) => string) => {
    const map = new Map((rows ?? []).map((row) => [row.id, text(row)]));
    return (id: number) => map.get(id);
  };
  return {
    currency: lookup(currencies.data, (row) => row.code),
    category: lookup(categories.data, (row) => row.name),
    transaction: lookup(transactions.data?.data, (row) => row.name),
    employee: lookup(employees.data?.data, (row) => row.name),
  };
}
