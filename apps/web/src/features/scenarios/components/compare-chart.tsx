import { memo } from 'react';
import { formatMonthLabel, type CompareEntry } from '@saldopilot/shared';
import { LegendEntry, LevelLine, linePath, MonthChart, ZeroLine } from '../../../components/chart/month-chart';
import { formatAmount } from '../../../lib/format';
import { scenarioTexts as texts } from './scenario-texts';
import classes from './compare-chart.module.css';

/**
 * The comparison chart (docs/scenarios.md "The web"): the end balance of the base and of each
 * scenario as a line in its colour, the zero line and the minimum balance dashed, a tooltip per month
 * with every entry's end balance (the frame: components/chart/month-chart.tsx).
 */
function CompareChart({
  months,
  entries,
  currency,
  minimumBalance,
}: {
  months: string[];
  entries: CompareEntry[];
  currency: string;
  minimumBalance: number;
}) {
  const describe = (index: number) =>
    `${formatMonthLabel(months[index]!)}: ${entries
      .map((entry) => `${entry.name} ${formatAmount(entry.months[index]?.saldo ?? 0, currency)}`)
      .join(', ')}`;
  return (
    <MonthChart
      months={months}
      values={[minimumBalance, ...entries.flatMap((entry) => entry.months.map((month) => month.saldo))]}
      label={texts.chartLabel(currency)}
      idleText={texts.chartTitle}
      describe={describe}
      tooltip={(index) => (
        <>
          <strong>{formatMonthLabel(months[index]!)}</strong>
          {entries.map((entry) => (
            <div key={entry.scenarioId ?? 'base'}>
              {entry.name}: {formatAmount(entry.months[index]?.saldo ?? 0, currency)}
            </div>
          ))}
        </>
      )}
      testId="compare-chart"
      legend={
        <>
          {entries.map((entry) => (
            <LegendEntry key={entry.scenarioId ?? 'base'} swatch={{ background: entry.color, height: 3 }}>
              {entry.name}
            </LegendEntry>
          ))}
          {minimumBalance !== 0 ? (
            <LegendEntry swatch={{ borderTop: '2px dashed var(--mantine-color-orange-8)', height: 0 }}>
              {texts.minimum} ({formatAmount(minimumBalance, currency)})
            </LegendEntry>
          ) : null}
        </>
      }
    >
      {(scale, active) => (
        <>
          <ZeroLine scale={scale} />
          {minimumBalance !== 0 ? <LevelLine scale={scale} cents={minimumBalance} className={classes.minimum} /> : null}
          {entries.map((entry) => (
            <g key={entry.scenarioId ?? 'base'} data-scenario={entry.name}>
              <path
                className={classes.line}
                stroke={entry.color}
                strokeDasharray={entry.scenarioId === null ? '6 3' : undefined}
                d={linePath(
                  scale,
                  entry.months.map((month) => month.saldo),
                )}
              />
              {active !== null && entry.months[active] ? (
                <circle cx={scale.x(active)} cy={scale.y(entry.months[active].saldo)} r={4} fill={entry.color} />
              ) : null}
            </g>
          ))}
        </>
      )}
    </MonthChart>
  );
}

export default memo(CompareChart);
