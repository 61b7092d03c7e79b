import { memo } from 'react';
import { formatMonthLabel, type ForecastMonthTotals } from '@saldopilot/shared';
import { LegendEntry, LevelLine, linePath, MonthChart, ZeroLine } from '../../../components/chart/month-chart';
import { Amount } from '../../../components/money/amount';
import { formatAmount } from '../../../lib/format';
import { forecastTexts as texts } from './forecast-texts';
import classes from './forecast-chart.module.css';

/**
 * The forecast chart (docs/web.md "Prognose"): the end balance as a line with its area, revenue and
 * expense as bars, the zero line in red, the minimum balance as a dashed line, and a tooltip per
 * month with the amounts in the organisation currency (de-CH), by pointer or arrow keys (the frame:
 * components/chart/month-chart.tsx). Part of the Prognose page's chunk only.
 */
function ForecastChart({
  months,
  currency,
  minimumBalance,
  band,
}: {
  months: ForecastMonthTotals[];
  currency: string;
  minimumBalance: number;
  /**
   * Per month the half-width of the band around the end balance (docs/plan-actual.md "Accuracy
   * per horizon"), from the errors measured so far; absent while too few snapshots are kept.
   */
  band?: readonly number[] | undefined;
}) {
  const rangeText = (index: number) => {
    const width = band?.[index];
    if (width === undefined) return '';
    const saldo = months[index]!.saldo;
    return texts.bandRange(formatAmount(saldo - width, currency), formatAmount(saldo + width, currency));
  };
  const describe = (month: ForecastMonthTotals, index: number) =>
    `${formatMonthLabel(month.month)}: ${texts.revenue} ${formatAmount(month.revenue, currency)}, ${texts.expense} ${formatAmount(month.expense, currency)}, ${texts.saldoLine} ${formatAmount(month.saldo, currency)}${band ? `, ${rangeText(index)}` : ''}`;
  const bandValues = band
    ? months.flatMap((month, index) => [month.saldo - band[index]!, month.saldo + band[index]!])
    : [];

  return (
    <MonthChart
      months={months.map((month) => month.month)}
      values={[
        minimumBalance,
        ...months.flatMap((month) => [month.saldo, month.revenue, month.expense]),
        ...bandValues,
      ]}
      label={texts.chartLabel(currency)}
      idleText={texts.chartTitle}
      describe={(index) => describe(months[index]!, index)}
      tooltip={(index) => {
        const current = months[index]!;
        return (
          <>
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
            {band ? <div>{rangeText(index)}</div> : null}
          </>
        );
      }}
      testId="forecast-chart"
      legend={
        <>
          <LegendEntry swatch={{ background: '#0b8a62', height: 3 }}>{texts.saldoLine}</LegendEntry>
          {band ? (
            <LegendEntry swatch={{ background: '#1c7ed6', opacity: 0.25 }}>{texts.bandLegend}</LegendEntry>
          ) : null}
          <LegendEntry swatch={{ background: '#2f9e44', opacity: 0.55 }}>{texts.revenue}</LegendEntry>
          <LegendEntry swatch={{ background: '#e03131', opacity: 0.5 }}>{texts.expense}</LegendEntry>
          <LegendEntry swatch={{ background: 'var(--mantine-color-red-6)', height: 3 }}>Nulllinie</LegendEntry>
          {minimumBalance !== 0 ? (
            <LegendEntry swatch={{ borderTop: '2px dashed var(--mantine-color-orange-8)', height: 0 }}>
              {texts.minimum} (<Amount cents={minimumBalance} currency={currency} />)
            </LegendEntry>
          ) : null}
        </>
      }
    >
      {(scale, active) => {
        const { x, y, zero } = scale;
        const barWidth = Math.max(Math.min(scale.band * 0.32, 18), 1);
        const line = linePath(
          scale,
          months.map((month) => month.saldo),
        );
        const area = months.length
          ? `${line}L${x(months.length - 1).toFixed(1)},${zero.toFixed(1)}L${x(0).toFixed(1)},${zero.toFixed(1)}Z`
          : '';
        return (
          <>
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
              </g>
            ))}
            <path className={classes.saldoArea} d={area} />
            {band ? (
              <path className={classes.band} d={bandPath(scale, months, band)} data-testid="forecast-band" />
            ) : null}
            <ZeroLine scale={scale} />
            {minimumBalance !== 0 ? (
              <LevelLine scale={scale} cents={minimumBalance} className={classes.minimum} />
            ) : null}
            <path className={classes.saldoLine} d={line} />
            {months.map((month, index) => (
              <circle
                key={month.month}
                cx={x(index)}
                cy={y(month.saldo)}
                r={active === index ? 5 : 2.5}
                fill="#0b8a62"
              />
            ))}
          </>
        );
      }}
    </MonthChart>
  );
}

/** The band as one closed shape: the upper edge left to right, the lower edge back. */
function bandPath(
  scale: { x: (index: number) => number; y: (cents: number) => number },
  months: readonly ForecastMonthTotals[],
  band: readonly number[],
): string {
  const upper = months.map(
    (month, index) => `${scale.x(index).toFixed(1)},${scale.y(month.saldo + band[index]!).toFixed(1)}`,
  );
  const lower = months.map(
    (month, index) => `${scale.x(index).toFixed(1)},${scale.y(month.saldo - band[index]!).toFixed(1)}`,
  );
  return upper.length ? `M${upper.join('L')}L${lower.reverse().join('L')}Z` : '';
}

// Drawn again only when its figures change: the page also redraws when, say, the organisations
// arrive (the write controls depend on the role), and a 60-month chart is ~280 SVG elements.
export default memo(ForecastChart);
