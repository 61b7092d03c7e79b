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
  focusable = false,
  children,
}: {
  caption: string;
  className: string | undefined;
  /** Shows the last months first (a look back): scrolled to the right end whenever this key changes. */
  endKey?: string;
  /**
   * A table without buttons in its cells: the scrolling box takes the focus itself, so a keyboard can
   * scroll it (axe "scrollable-region-focusable"); it is named by the caption.
   */
  focusable?: boolean;
  children: ReactNode;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (endKey !== undefined && element) element.scrollLeft = element.scrollWidth;
  }, [endKey]);
  return (
    <div
      className={classes.scroller}
      ref={scroller}
      {...(focusable ? { tabIndex: 0, role: 'region', 'aria-label': caption } : {})}
    >
      <table className={className}>
        <caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </caption>
        {children}
      </table>
    </div>
  );
}
