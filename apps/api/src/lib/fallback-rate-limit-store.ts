import type { RateLimitStore } from './rate-limiter.js';

/**
 * Counts in `primary` while it is available and in `fallback` otherwise, also for a hit the primary
 * failed to count, so a login never fails or waits because the primary is gone (docs/api.md
 * "Sessions, roles, protection"). The primary reports its own outages.
 */
export function fallbackRateLimitStore(
  primary: RateLimitStore & { readonly available: boolean },
  fallback: RateLimitStore,
): RateLimitStore {
  return {
    async hit(key, windowMs, now) {
      if (primary.available) {
        try {
          const hit = await primary.hit(key, windowMs, now);
          // A refund that cannot reach the primary is lost: one success counted as a failure, no error.
          return { ...hit, refund: () => hit.refund().catch(() => undefined) };
        } catch {
          // Counted below instead.
        }
      }
      return fallback.hit(key, windowMs, now);
    },
  };
}
