/**
 * The legal BVG minimum by age (docs/salary-rules.md "BVG by age (legal minimum)"): the savings credit of the
 * person's age band plus the pension fund's risk and administration rate, on the coordinated
 * salary, half employer and half employee. Pure; the figures are in swiss-figures.ts.
 */

import {
  BVG_COORDINATION_DEDUCTION_CENTS,
  BVG_ENTRY_THRESHOLD_CENTS,
  BVG_MAX_COORDINATED_CENTS,
  BVG_MIN_COORDINATED_CENTS,
  BVG_SAVINGS_CREDITS,
} from './swiss-figures.js';

/** The age the BVG counts in a year: calendar year − birth year (Art. 13/16 BVG). */
export function bvgAge(year: number, birthDate: string): number {
  return year - Number(birthDate.slice(0, 4));
}

/** Risk cover starts in the year after the 17th birthday (age 18 in BVG counting). */
const RISK_FROM_AGE = 18;
/** The last age with BVG contributions: the reference age. */
const LAST_AGE = 65;

/** The savings credit of an age in thousandths of a percent; 0 outside the bands (before 25, after 65). */
export function bvgSavingsCredit(age: number): number {
  return BVG_SAVINGS_CREDITS.find((band) => age >= band.fromAge && age <= band.toAge)?.rate ?? 0;
}

/**
 * The coordinated salary of a yearly salary, in Rappen: 0 below the entry threshold (no BVG), else
 * yearly − coordination deduction, at least the smallest and at most the largest coordinated salary.
 * Example (2026): 72'000.00 → 45'540.00; 25'000.00 → 3'780.00; 120'000.00 → 64'260.00.
 */
export function bvgCoordinatedSalary(yearlyCents: number): number {
  if (yearlyCents < BVG_ENTRY_THRESHOLD_CENTS) return 0;
  const coordinated = yearlyCents - BVG_COORDINATION_DEDUCTION_CENTS;
  return Math.min(BVG_MAX_COORDINATED_CENTS, Math.max(BVG_MIN_COORDINATED_CENTS, coordinated));
}

/** What the BVG minimum of one cost step depends on. */
export interface BvgStepInput {
  /** The insured yearly salary in Rappen (× 12, or × 13 with a 13th salary). */
  yearlyCents: number;
  birthDate: string;
  /** The calendar year of the step: the age band is the one of that year. */
  year: number;
  /** Risk and administration on top of the savings credit, thousandths of a percent. */
  riskRate: number;
  /** Months one step of the cost's cycle covers (1 monthly … 12 yearly). */
  stepMonths: number;
}

/**
 * One side's share (employer or employee, each half) of the BVG minimum for one cost step, in
 * Rappen, floored once: coordinated × (savings credit + risk rate) × stepMonths / 12 / 2.
 * From 18 to 24 only the risk rate is due, after 65 nothing (the person has reached the reference
 * age). Example: 6'000.00 a month (72'000.00 a year), age 30, no risk rate, monthly:
 * 45'540.00 × 7 % / 12 / 2 = 132.825 → 132.82 per side.
 */
export function bvgStepAmount(input: BvgStepInput): number {
  const age = bvgAge(input.year, input.birthDate);
  if (age < RISK_FROM_AGE || age > LAST_AGE) return 0;
  const coordinated = BigInt(bvgCoordinatedSalary(input.yearlyCents));
  const rate = BigInt(bvgSavingsCredit(age) + input.riskRate);
  return Number((coordinated * rate * BigInt(input.stepMonths)) / (100_000n * 12n * 2n));
}
