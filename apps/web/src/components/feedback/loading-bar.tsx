import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { LOADING_BAR } from '@saldopilot/shared';
import classes from './loading-bar.module.css';

/**
 * The top loading bar of page changes (docs/design.md "Web conventions", docs/product.md "Constants"): 4 px, green, shown only when loading the next
 * page takes longer than the 1000 ms throttle, so ordinary navigation shows nothing.
 */
export function LoadingBar() {
  const loading = useNavigation().state !== 'idle';
  // Loading has taken longer than the throttle (and the bar has not finished fading out yet).
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    if (loading) {
      const timer = setTimeout(() => setSlow(true), LOADING_BAR.throttleMs);
      return () => clearTimeout(timer);
    }
    // Done: the bar fills up and fades, then goes.
    const timer = setTimeout(() => setSlow(false), 300);
    return () => clearTimeout(timer);
  }, [loading]);

  if (!slow) return null;
  return (
    <div
      className={classes.bar}
      data-phase={loading ? 'running' : 'done'}
      style={{ height: LOADING_BAR.heightPx }}
      role="progressbar"
      aria-label="Seite wird geladen"
    />
  );
}
