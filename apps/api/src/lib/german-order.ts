import { sql, type Column, type SQL } from 'drizzle-orm';

/**
 * Orders text as German readers expect ("Übriges" with U, "apfel" before "Zebra"), the order of
 * `Intl.Collator('de-CH')`. The ICU root collation ("und-x-icu") has exactly that order for German
 * (CLDR's German tailoring only adds the phonebook variant) and, unlike "de-CH-x-icu", exists in
 * PGlite as well as in PostgreSQL built with ICU, so both databases sort alike.
 */
export function germanOrder(text: Column | SQL): SQL {
  return sql`${text} collate "und-x-icu"`;
}
