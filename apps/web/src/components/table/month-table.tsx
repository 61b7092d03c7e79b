import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { VisuallyHidden } from '@mantine/core';
import classes from './month-table.module.css';

/**
 * A month table (Prognose, Plan/Ist): a real `<table>` with a caption for screen readers, scrolling
 * sideways in its bordered box. `className` is the table's own class, which `composes` the frame's
 * `table` (and its row headers the frame's `label`).
 */
export function MonthTable({
  caption,
  className,
  endKey,
  children,
}: {
  caption: string;
  className: string | undefined;
  /** Shows the last months first (a look back): scrolled to the right end whenever this key changes. */
  endKey?: string;
  children: ReactNode;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (endKey !== undefined && element) element.scrollLeft = element.scrollWidth;
  }, [endKey]);
  return (
    <div className={classes.scroller} ref={scroller}>
      <table className={className}>
        <caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </caption>
        {children}
      </table>
    </div>
  );
}
