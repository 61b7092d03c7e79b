import {
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { formatAmount } from '../../lib/format';
import { niceTicks } from './chart-scale';
import classes from './month-chart.module.css';

/**
 * The frame of the month charts (Prognose, Plan/Ist): hand-written SVG — a chart library (recharts,
 * chart.js) would weigh 50–100 KB compressed for these few shapes. The value axis with round ticks,
 * the month labels, a guide and a tooltip per month by pointer or arrow keys (the months are the
 * values of a slider whose `aria-valuetext` reads what the tooltip shows). Each chart draws its own
 * series from the scale.
 */

const HEIGHT = 320;
const MARGIN = { top: 16, right: 16, bottom: 36, left: 88 };

const shortMonths = ['Jan', 'Feb', 'Mär', 'Apr', 'Mai', 'Jun', 'Jul', 'Aug', 'Sep', 'Okt', 'Nov', 'Dez'];

function shortMonth(month: string): string {
  return `${shortMonths[Number(month.slice(5, 7)) - 1]} ${month.slice(2, 4)}`;
}

function tickLabel(cents: number): string {
  return formatAmount(Math.round(cents / 100) * 100).replace(/\.00$/, '');
}

function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(800);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // No clientWidth read here: that forces a layout of the whole page (a 61-column table) in the
    // middle of the first render, ~50 ms on the 2-core machine. The observer reports the first
    // width itself, after the browser's own layout and before the frame is painted.
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** Where a chart draws: the month `index`'s centre, an amount's height, the zero line and the plot's ends. */
export interface MonthScale {
  x: (index: number) => number;
  y: (cents: number) => number;
  zero: number;
  band: number;
  left: number;
  right: number;
}

/** The horizontal line of an amount across the plot (the zero line, the minimum balance). */
export function LevelLine({
  scale,
  cents,
  className,
}: {
  scale: MonthScale;
  cents: number;
  className: string | undefined;
}) {
  return <line className={className} x1={scale.left} x2={scale.right} y1={scale.y(cents)} y2={scale.y(cents)} />;
}

/** The red zero line. */
export function ZeroLine({ scale }: { scale: MonthScale }) {
  return <LevelLine scale={scale} cents={0} className={classes.zero} />;
}

/** A path through the months' points; a null point breaks it (a month without a figure). */
export function linePath(scale: MonthScale, values: readonly (number | null)[]): string {
  let path = '';
  let open = false;
  values.forEach((value, index) => {
    if (value === null) {
      open = false;
      return;
    }
    path += `${open ? 'L' : 'M'}${scale.x(index).toFixed(1)},${scale.y(value).toFixed(1)}`;
    open = true;
  });
  return path;
}

/** A legend entry: its swatch (styled by the chart) and its text. */
export function LegendEntry({ swatch, children }: { swatch: CSSProperties; children: ReactNode }) {
  return (
    <span>
      <span className={classes.swatch} style={swatch} />
      {children}
    </span>
  );
}

export function MonthChart({
  months,
  values,
  label,
  idleText,
  describe,
  tooltip,
  testId,
  legend,
  children,
}: {
  /** 'YYYY-MM', one per band. */
  months: readonly string[];
  /** Every amount the value axis must hold (0 is always in). */
  values: readonly number[];
  /** The slider's accessible name: what the chart shows and that arrow keys choose the month. */
  label: string;
  /** The slider's text while no month is chosen. */
  idleText: string;
  /** What a month's tooltip says, read out as the slider's value. */
  describe: (index: number) => string;
  tooltip: (index: number) => ReactNode;
  testId: string;
  legend: ReactNode;
  /** The series, drawn over the axes and under the guide. */
  children: (scale: MonthScale, active: number | null) => ReactNode;
}) {
  const [frameRef, frameWidth] = useWidth();
  const [active, setActive] = useState<number | null>(null);
  const width = Math.max(frameWidth - 16, 280);
  const plotWidth = width - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const count = Math.max(months.length, 1);
  const band = plotWidth / count;

  const ticks = niceTicks(Math.min(0, ...values), Math.max(0, ...values));
  const low = ticks[0]!;
  const high = ticks[ticks.length - 1]!;
  const y = (cents: number) => MARGIN.top + ((high - cents) / (high - low)) * plotHeight;
  const x = (index: number) => MARGIN.left + band * (index + 0.5);
  const scale: MonthScale = { x, y, zero: y(0), band, left: MARGIN.left, right: width - MARGIN.right };
  const labelEvery = Math.max(1, Math.ceil(56 / band));

  const pick = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const ratio = width / box.width;
    const index = Math.floor(((event.clientX - box.left) * ratio - MARGIN.left) / band);
    setActive(index >= 0 && index < months.length ? index : null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = months.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: Math.min((active ?? -1) + 1, last),
      ArrowLeft: Math.max((active ?? 1) - 1, 0),
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
  };
  const tooltipLeft = active === null ? 0 : Math.min(Math.max(x(active) + 12, 0), width - 200);

  return (
    <div>
      <div
        ref={frameRef}
        className={classes.frame}
        tabIndex={0}
        role="slider"
        aria-label={label}
        aria-valuemin={1}
        aria-valuemax={count}
        aria-valuenow={(active ?? 0) + 1}
        aria-valuetext={active === null ? idleText : describe(active)}
        onKeyDown={onKeyDown}
        onBlur={() => setActive(null)}
      >
        <svg
          className={classes.svg}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          height={HEIGHT}
          aria-hidden
          data-testid={testId}
          onPointerMove={pick}
          onPointerLeave={() => setActive(null)}
        >
          {ticks.map((tick) => (
            <g key={tick}>
              <LevelLine scale={scale} cents={tick} className={classes.grid} />
              <text className={classes.tick} x={MARGIN.left - 8} y={y(tick)} dy="0.32em" textAnchor="end">
                {tickLabel(tick)}
              </text>
            </g>
          ))}
          {months.map((month, index) =>
            index % labelEvery === 0 ? (
              <text
                key={month}
                className={classes.tick}
                x={x(index)}
                y={HEIGHT - MARGIN.bottom + 18}
                textAnchor="middle"
              >
                {shortMonth(month)}
              </text>
            ) : null,
          )}
          {children(scale, active)}
          {active !== null ? (
            <line className={classes.guide} x1={x(active)} x2={x(active)} y1={MARGIN.top} y2={HEIGHT - MARGIN.bottom} />
          ) : null}
        </svg>
        <div>
          {active !== null ? (
            <div className={classes.tooltip} style={{ left: tooltipLeft }}>
              {tooltip(active)}
            </div>
          ) : null}
        </div>
      </div>
      <div className={classes.legend} aria-hidden>
        {legend}
      </div>
    </div>
  );
}
