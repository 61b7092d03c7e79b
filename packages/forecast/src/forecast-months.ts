import { FORECAST_LIMITS, monthOf, monthRange } from '@saldopilot/shared';

/**
 * The months a forecast covers: `months` consecutive 'YYYY-MM' months starting with the month of
 * `today` (docs/forecast.md "Months"), e.g. ('2026-11-22', 3) -> ['2026-11', '2026-12', '2027-01'].
 * `today` is a parameter because the engine never reads the clock; the server passes its Zurich date.
 * @throws RangeError when `today` is not a calendar date or `months` is not an integer within
 * FORECAST_LIMITS (1-60): the API validates first, so reaching this is a programming error.
 */
export function forecastMonths(today: string, months: number): string[] {
  if (!Number.isInteger(months) || months < FORECAST_LIMITS.minMonths || months > FORECAST_LIMITS.maxMonths) {
    throw new RangeError(
      `months must be an integer from ${FORECAST_LIMITS.minMonths} to ${FORECAST_LIMITS.maxMonths}: ${months}`,
    );
  }
  return monthRange(monthOf(today), months);
}
