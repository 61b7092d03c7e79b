import { memo, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { formatMonthLabel, type ForecastMonthTotals } from '@saldopilot/shared';
import { Amount } from '../../../components/money/amount';
import { formatAmount } from '../../../lib/format';
import { niceTicks } from './chart-scale';
import { forecastTexts as texts } from './forecast-texts';
import classes from './forecast-chart.module.css';

/**
 * The forecast chart (docs/web.md "Prognose"): the end balance as a line with its
 * area, revenue and expense as bars, the zero line in red, the minimum balance as a dashed line, and
 * a tooltip per month with the amounts in the organisation currency (de-CH), by pointer or arrow
 * keys. Hand-written SVG: a chart library (recharts, chart.js) would weigh 50–100 KB compressed for
 * these few shapes; this module is loaded only by the Prognose page (React.lazy).
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

function ForecastChart({
  months,
  currency,
  minimumBalance,
}: {
  months: ForecastMonthTotals[];
  currency: string;
  minimumBalance: number;
}) {
  const [frameRef, frameWidth] = useWidth();
  const [active, setActive] = useState<number | null>(null);
  const width = Math.max(frameWidth - 16, 280);
  const plotWidth = width - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const count = Math.max(months.length, 1);
  const band = plotWidth / count;

  const values = months.flatMap((month) => [month.saldo, month.revenue, month.expense]);
  const ticks = niceTicks(Math.min(0, minimumBalance, ...values), Math.max(0, minimumBalance, ...values));
  const low = ticks[0]!;
  const high = ticks[ticks.length - 1]!;
  const y = (cents: number) => MARGIN.top + ((high - cents) / (high - low)) * plotHeight;
  const x = (index: number) => MARGIN.left + band * (index + 0.5);
  const zero = y(0);
  const barWidth = Math.max(Math.min(band * 0.32, 18), 1);
  const labelEvery = Math.max(1, Math.ceil(56 / band));

  const line = months
    .map((month, index) => `${index === 0 ? 'M' : 'L'}${x(index).toFixed(1)},${y(month.saldo).toFixed(1)}`)
    .join('');
  const area = months.length
    ? `${line}L${x(months.length - 1).toFixed(1)},${zero.toFixed(1)}L${x(0).toFixed(1)},${zero.toFixed(1)}Z`
    : '';

  const pick = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const scale = width / box.width;
    const index = Math.floor(((event.clientX - box.left) * scale - MARGIN.left) / band);
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

  const current = active === null ? undefined : months[active];
  const describe = (month: ForecastMonthTotals) =>
    `${formatMonthLabel(month.month)}: ${texts.revenue} ${formatAmount(month.revenue, currency)}, ${texts.expense} ${formatAmount(month.expense, currency)}, ${texts.saldoLine} ${formatAmount(month.saldo, currency)}`;
  const tooltipLeft = active === null ? 0 : Math.min(Math.max(x(active) + 12, 0), width - 200);

  return (
    <div>
      <div
        ref={frameRef}
        className={classes.frame}
        // The months are the values of a slider: arrow keys, Home and End pick one, and the
        // screen reader reads its amounts (aria-valuetext) as the tooltip shows them.
        tabIndex={0}
        role="slider"
        aria-label={texts.chartLabel(currency)}
        aria-valuemin={1}
        aria-valuemax={Math.max(months.length, 1)}
        aria-valuenow={(active ?? 0) + 1}
        aria-valuetext={current ? describe(current) : texts.chartTitle}
        onKeyDown={onKeyDown}
        onBlur={() => setActive(null)}
      >
        <svg
          className={classes.svg}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          height={HEIGHT}
          aria-hidden
          data-testid="forecast-chart"
          onPointerMove={pick}
          onPointerLeave={() => setActive(null)}
        >
          {ticks.map((tick) => (
            <g key={tick}>
              <line className={classes.grid} x1={MARGIN.left} x2={width - MARGIN.right} y1={y(tick)} y2={y(tick)} />
              <text className={classes.tick} x={MARGIN.left - 8} y={y(tick)} dy="0.32em" textAnchor="end">
                {tickLabel(tick)}
              </text>
            </g>
          ))}
          {months.map((month, index) => (
            <g key={month.month}>
              {month.revenue !== 0 ? (
                <rect
                  className={classes.revenueBar}
                  x={x(index) - barWidth}
                  width={barWidth}
                  y={y(month.revenue)}
                  height={Math.max(zero - y(month.revenue), 0)}
                />
              ) : null}
              {month.expense !== 0 ? (
                <rect
                  className={classes.expenseBar}
                  x={x(index)}
                  width={barWidth}
                  y={zero}
                  height={Math.max(y(month.expense) - zero, 0)}
                />
              ) : null}
              {index % labelEvery === 0 ? (
                <text className={classes.tick} x={x(index)} y={HEIGHT - MARGIN.bottom + 18} textAnchor="middle">
                  {shortMonth(month.month)}
                </text>
              ) : null}
            </g>
          ))}
          <path className={classes.saldoArea} d={area} />
          <line className={classes.zero} x1={MARGIN.left} x2={width - MARGIN.right} y1={zero} y2={zero} />
          {minimumBalance !== 0 ? (
            <line
              className={classes.minimum}
              x1={MARGIN.left}
              x2={width - MARGIN.right}
              y1={y(minimumBalance)}
              y2={y(minimumBalance)}
            />
          ) : null}
          <path className={classes.saldoLine} d={line} />
          {months.map((month, index) => (
            <circle key={month.month} cx={x(index)} cy={y(month.saldo)} r={active === index ? 5 : 2.5} fill="#0b8a62" />
          ))}
          {active !== null ? (
            <line className={classes.guide} x1={x(active)} x2={x(active)} y1={MARGIN.top} y2={HEIGHT - MARGIN.bottom} />
          ) : null}
        </svg>
        <div>
          {current ? (
            <div className={classes.tooltip} style={{ left: tooltipLeft }}>
              <strong>{formatMonthLabel(current.month)}</strong>
              <div>
                {texts.revenue}: {formatAmount(current.revenue, currency)}
              </div>
              <div>
                {texts.expense}: {formatAmount(current.expense, currency)}
              </div>
              <div>
                {texts.saldoLine}: {formatAmount(current.saldo, currency)}
              </div>
            </div>
          ) : null}
        </div>
      </div>
      <div className={classes.legend} aria-hidden>
        <span>
          <span className={classes.swatch} style={{ background: '#0b8a62', height: 3 }} />
          {texts.saldoLine}
        </span>
        <span>
          <span className={`${classes.swatch} ${classes.revenueBar}`} style={{ background: '#2f9e44' }} />
          {texts.revenue}
        </span>
        <span>
          <span className={classes.swatch} style={{ background: '#e03131', opacity: 0.5 }} />
          {texts.expense}
        </span>
        <span>
          <span className={classes.swatch} style={{ background: 'var(--mantine-color-red-6)', height: 3 }} />
          Nulllinie
        </span>
        {minimumBalance !== 0 ? (
          <span>
            <span
              className={classes.swatch}
              style={{ borderTop: '2px dashed var(--mantine-color-orange-8)', height: 0 }}
            />
            {texts.minimum} (<Amount cents={minimumBalance} currency={currency} />)
          </span>
        ) : null}
      </div>
    </div>
  );
}

// Drawn again only when its figures change: the page also redraws when, say, the organisations
// arrive (the write controls depend on the role), and a 60-month chart is ~280 SVG elements.
export default memo(ForecastChart);
