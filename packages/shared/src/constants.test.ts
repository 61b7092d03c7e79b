import { describe, expect, it } from 'vitest';
import {
  BASE_CURRENCY,
  BASE_LOCALE,
  FORECAST_DEFAULTS,
  FORECAST_LIMITS,
  LOADING_BAR,
  LOADING_OVERLAY_DELAY_MS,
  MESSAGE_LIFE_MS,
  PAGINATION,
  PREFERENCE_COOKIE,
  PRODUCT_NAME,
  RELOAD_GUARD_MS,
  TIME_ZONE,
  TOAST,
  DIALOG,
} from './constants.js';

// The values docs/product.md ("Remembered preferences", "Constants") and docs/design.md fix; a change here is a change of the product.
describe('product constants', () => {
  it.each([
    ['PRODUCT_NAME', PRODUCT_NAME, 'SaldoPilot'],
    ['BASE_CURRENCY', BASE_CURRENCY, 'CHF'],
    ['BASE_LOCALE', BASE_LOCALE, 'de-CH'],
    ['TIME_ZONE', TIME_ZONE, 'Europe/Zurich'],
    ['forecast default performance', FORECAST_DEFAULTS.performance, 100],
    ['forecast default months', FORECAST_DEFAULTS.months, 13],
    ['forecast min months', FORECAST_LIMITS.minMonths, 1],
    ['forecast max months', FORECAST_LIMITS.maxMonths, 60],
    ['forecast min performance', FORECAST_LIMITS.minPerformance, 0],
    ['forecast max performance', FORECAST_LIMITS.maxPerformance, 200],
    ['organisations page', PAGINATION.organisations.page, 1],
    ['organisations limit', PAGINATION.organisations.limit, 20],
    ['categories page', PAGINATION.categories.page, 1],
    ['categories limit', PAGINATION.categories.limit, 100],
    ['max limit', PAGINATION.maxLimit, 100],
    ['toast default life', TOAST.lifeMs.default, 6000],
    ['toast medium life', TOAST.lifeMs.medium, 2000],
    ['toast short life', TOAST.lifeMs.short, 1000],
    ['message life', MESSAGE_LIFE_MS, 3000],
    ['overlay delay', LOADING_OVERLAY_DELAY_MS, 300],
    ['loading bar height', LOADING_BAR.heightPx, 4],
    ['loading bar throttle', LOADING_BAR.throttleMs, 1000],
    ['reload guard', RELOAD_GUARD_MS, 10_000],
    ['dialog breakpoint', DIALOG.breakpointPx, 639],
    ['preference cookie lifetime (s)', PREFERENCE_COOKIE.maxAgeSeconds, 31_536_000],
  ])('%s = %j', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('keeps the defaults within the limits and page sizes within the maximum', () => {
    expect(FORECAST_DEFAULTS.months).toBeGreaterThanOrEqual(FORECAST_LIMITS.minMonths);
    expect(FORECAST_DEFAULTS.months).toBeLessThanOrEqual(FORECAST_LIMITS.maxMonths);
    expect(FORECAST_DEFAULTS.performance).toBeGreaterThanOrEqual(FORECAST_LIMITS.minPerformance);
    expect(FORECAST_DEFAULTS.performance).toBeLessThanOrEqual(FORECAST_LIMITS.maxPerformance);
    expect(PAGINATION.organisations.limit).toBeLessThanOrEqual(PAGINATION.maxLimit);
    expect(PAGINATION.categories.limit).toBeLessThanOrEqual(PAGINATION.maxLimit);
  });
});
