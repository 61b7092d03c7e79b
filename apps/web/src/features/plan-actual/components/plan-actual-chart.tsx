import { memo } from 'react';
import { formatMonthLabel } from '@saldopilot/shared';
import { LegendEntry, linePath, MonthChart, ZeroLine } from '../../../components/chart/month-chart';
import { formatAmount, NO_FIGURE } from '../../../lib/format';
import { planActualTexts as texts } from './plan-actual-texts';
import classes from './plan-actual-chart.module.css';

interface BalancePoint {
  month: string;
  plan: number;
  actual: number | null;
}

/**
 * The planned and the actual end balance per month (docs/web.md "Plan/Ist"): two lines in the frame
 * of the Prognose's chart; the actual line starts with the first month that has bank entries.
 */
function PlanActualChart({ points, currency }: { points: BalancePoint[]; currency: string }) {
  const describe = (point: BalancePoint) =>
    `${formatMonthLabel(point.month)}: ${texts.planLine} ${formatAmount(point.plan, currency)}, ${texts.actualLine} ${
      point.actual === null ? NO_FIGURE : formatAmount(point.actual, currency)
    }`;
  return (
    <MonthChart
      months={points.map((point) => point.month)}
      values={points.flatMap((point) => (point.actual === null ? [point.plan] : [point.plan, point.actual]))}
      label={texts.chartLabel(currency)}
      idleText={texts.chartTitle}
      describe={(index) => describe(points[index]!)}
      tooltip={(index) => {
        const point = points[index]!;
        return (
          <>
            <strong>{formatMonthLabel(point.month)}</strong>
            <div>
              {texts.planLine}: {formatAmount(point.plan, currency)}
            </div>
            <div>
              {texts.actualLine}: {point.actual === null ? NO_FIGURE : formatAmount(point.actual, currency)}
            </div>
          </>
        );
      }}
      testId="plan-actual-chart"
      legend={
        <>
          <LegendEntry swatch={{ borderTop: '3px dashed #1c7ed6', height: 0 }}>{texts.planLine}</LegendEntry>
          <LegendEntry swatch={{ background: '#0b8a62', height: 3 }}>{texts.actualLine}</LegendEntry>
        </>
      }
    >
      {(scale, active) => (
        <>
          <ZeroLine scale={scale} />
          <path
            className={classes.planLine}
            d={linePath(
              scale,
              points.map((point) => point.plan),
            )}
          />
          <path
            className={classes.actualLine}
            d={linePath(
              scale,
              points.map((point) => point.actual),
            )}
          />
          {points.map((point, index) =>
            point.actual === null ? null : (
              <circle
                key={point.month}
                cx={scale.x(index)}
                cy={scale.y(point.actual)}
                r={active === index ? 5 : 2.5}
                fill="#0b8a62"
              />
            ),
          )}
        </>
      )}
    </MonthChart>
  );
}

export default memo(PlanActualChart);
