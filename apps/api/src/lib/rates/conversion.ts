import { convertToBase, type Cents } from '@saldopilot/shared';
import type { RatesService } from './rates-service.js';

/**
 * Converts amounts of any currency into `base` with the stored rates, each amount rounded once
 * (`convertToBase`, as the forecast does). A currency without a rate counts 1:1 (docs/design.md "Currencies") and is
 * remembered, so the answer can name it (`missingRates`) instead of silently mixing currencies.
 */
export function converterTo(rates: RatesService, base: string) {
  const table = rates.rateTable(base) ?? {};
  const missing = new Set<string>();
  return {
    convert(cents: number, code: string): Cents {
      if (code === base) return convertToBase(cents, undefined);
      const rate = table[code];
      if (rate === undefined) missing.add(code);
      return convertToBase(cents, rate);
    },
    /** The codes met without a rate, alphabetically. */
    missingRates: (): string[] => [...missing].sort(),
  };
}

export type Converter = ReturnType<typeof converterTo>;
