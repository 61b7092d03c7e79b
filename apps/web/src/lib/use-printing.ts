import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the page is being printed (docs/web.md "Print view"): the print media query (print
 * preview, Chromium's print emulation), or the moments between `beforeprint` and `afterprint`. The
 * print-only parts render only then, so the screen never carries them; `beforeprint` renders them
 * synchronously, before the browser lays the pages out.
 */
export function usePrinting(): boolean {
  const printMedia = useMediaQuery('print', false, { getInitialValueInEffect: false });
  const [printEvent, setPrintEvent] = useState(false);
  useEffect(() => {
    const before = () => flushSync(() => setPrintEvent(true));
    const after = () => setPrintEvent(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  return printMedia || printEvent;
}
