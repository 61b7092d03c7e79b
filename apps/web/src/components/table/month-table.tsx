import type { ReactNode } from 'react';
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
  children,
}: {
  caption: string;
  className: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={classes.scroller}>
      <table className={className}>
        <caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </caption>
        {children}
      </table>
    </div>
  );
}
