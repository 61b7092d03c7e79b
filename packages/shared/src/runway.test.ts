import { describe, expect, it } from 'vitest';
import { runwayHeadline, runwayOf } from './runway.js';

describe('runwayOf', () => {
  const months = (...saldos: number[]) => saldos.map((saldo, i) => ({ month: `2026-0${i + 3}`, saldo }));
  it.each([
    { saldos: [500, 400, 300], minimum: 0, coveredUntil: null, lowest: { month: '2026-05', saldo: 300 } },
    { saldos: [500, 100, 50], minimum: 100, coveredUntil: '2026-04', lowest: { month: '2026-05', saldo: 50 } },
    { saldos: [500, 99, 600], minimum: 100, coveredUntil: '2026-03', lowest: { month: '2026-04', saldo: 99 } },
    { saldos: [-1, 5, 5], minimum: 0, coveredUntil: '2026-02', lowest: { month: '2026-03', saldo: -1 } },
    { saldos: [7, 3, 3], minimum: 3, coveredUntil: null, lowest: { month: '2026-04', saldo: 3 } },
  ])('$saldos with minimum $minimum: covered until $coveredUntil', ({ saldos, minimum, coveredUntil, lowest }) => {
    expect(runwayOf(months(...saldos), minimum)).toEqual({ minimumBalance: minimum, coveredUntil, lowest });
  });

  it('a horizon starting in January counts back into December', () => {
    expect(runwayOf([{ month: '2027-01', saldo: -5 }], 0).coveredUntil).toBe('2026-12');
  });

  it('needs at least one month', () => {
    expect(() => runwayOf([], 0)).toThrow(RangeError);
  });
});

describe('runwayHeadline', () => {
  it.each([
    [null, 'Über den ganzen Zeitraum gedeckt'],
    ['2027-01', 'Liquidität reicht bis Januar 2027'],
    ['2026-10', 'Liquidität liegt schon im November 2026 unter der Mindestliquidität'],
  ])('covered until %s: %s', (coveredUntil, headline) => {
    expect(runwayHeadline({ coveredUntil }, '2026-11')).toBe(headline);
  });
});
