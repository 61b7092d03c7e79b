/** A name of the registry of areas in camelCase, as a type: `bank-accounts` → `bankAccounts`. */
export type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/**
 * The web names the areas and query roots of packages/shared/src/areas.ts in camelCase
 * (`changeKinds.bankAccounts`, `areaQueryRoots.vatSettings`): `bank-accounts` → `bankAccounts`.
 */
export function camelCase<S extends string>(name: S): CamelCase<S> {
  return name.replace(/-(.)/g, (_dash, letter: string) => letter.toUpperCase()) as CamelCase<S>;
}

/** Names under their camelCase spelling: `['bank-accounts']` → `{ bankAccounts: 'bank-accounts' }`. */
export function byCamelCase<const T extends readonly string[]>(
  names: T,
): { readonly [N in T[number] as CamelCase<N>]: N } {
  // TypeScript cannot follow Object.fromEntries: the type above says what it builds.
  return Object.fromEntries(names.map((name) => [camelCase(name), name])) as never;
}
