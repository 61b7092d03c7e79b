import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { SalaryCostFund } from '@saldopilot/shared';
import { cycleEnum, employees } from './finance.js';
import { currencies } from './reference.js';
import { organisationOwned } from './accounts.js';
import { createdAt, cents } from './columns.js';

/**
 * One step of an employee's salary timeline (docs/salary-rules.md "Salary timeline"). A termination
 * ("Austritt") is a zero-amount row that ends the employment. `employeeDeductions` /
 * `employerCosts` (per salary cycle) and the costs' details are derived from the costs and "today";
 * `scheduleDate` is the day they were computed for, so a read on a later day knows to recompute
 * them first.
 */
export const salaries = pgTable(
  'salaries',
  {
    id: serial('id').primaryKey(),
    organisationId: organisationOwned(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    cycle: cycleEnum('cycle').notNull().default('monthly'),
    hoursPerMonth: smallint('hours_per_month').notNull(),
    amount: cents('amount').notNull(),
    vacationDaysPerYear: smallint('vacation_days_per_year').notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }),
    isTermination: boolean('is_termination').notNull().default(false),
    isDisabled: boolean('is_disabled').notNull().default(false),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    employeeDeductions: cents('employee_deductions').notNull().default(0),
    employerCosts: cents('employer_costs').notNull().default(0),
    scheduleDate: date('schedule_date', { mode: 'string' }),
    /**
     * The 13th salary (docs/salary-rules.md): paid with the salary of `thirteenthSalaryMonth` (11
     * or 12).
     */
    hasThirteenthSalary: boolean('has_thirteenth_salary').notNull().default(false),
    thirteenthSalaryMonth: smallint('thirteenth_salary_month').notNull().default(12),
    /**
     * Derived like the deductions: the months whose net payment differs from amount − deductions
     * (13th salary, BVG age bands), as 'YYYY-MM:cents' entries joined by ';' — the forecast adds them.
     */
    netAdjustments: text('net_adjustments').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('salaries_employee_from_unique').on(table.employeeId, table.fromDate),
    index('salaries_organisation_idx').on(table.organisationId, table.employeeId),
    check('salaries_amount_not_negative', sql`${table.amount} >= 0`),
    check('salaries_hours_range', sql`${table.hoursPerMonth} between 0 and 480`),
    check('salaries_vacation_range', sql`${table.vacationDaysPerYear} between 0 and 365`),
    check('salaries_thirteenth_month', sql`${table.thirteenthSalaryMonth} in (11, 12)`),
    check('salaries_to_after_from', sql`${table.toDate} is null or ${table.toDate} >= ${table.fromDate}`),
  ],
);

export const salaryCostLabels = pgTable(
  'salary_cost_labels',
  {
    id: serial('id').primaryKey(),
    organisationId: organisationOwned(),
    name: varchar('name', { length: 255 }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('salary_cost_labels_organisation_name_unique').on(table.organisationId, table.name)],
);

export const costCycleEnum = pgEnum('cost_cycle', ['once', 'monthly', 'quarterly', 'biannually', 'yearly']);
export const amountTypeEnum = pgEnum('amount_type', ['fixed', 'percentage', 'bvgMinimum']);
export const distributionTypeEnum = pgEnum('distribution_type', ['employee', 'employer', 'both']);

/**
 * A contribution on a salary: fixed minor units, or thousandths of a percent (5.3 % = 5300); for
 * `bvgMinimum` the risk and administration rate on top of the legal savings credit
 * (docs/salary-rules.md).
 */
export const salaryCosts = pgTable(
  'salary_costs',
  {
    id: serial('id').primaryKey(),
    organisationId: organisationOwned(),
    salaryId: integer('salary_id')
      .notNull()
      .references(() => salaries.id, { onDelete: 'cascade' }),
    labelId: integer('label_id').references(() => salaryCostLabels.id, { onDelete: 'set null' }),
    cycle: costCycleEnum('cycle').notNull().default('monthly'),
    amountType: amountTypeEnum('amount_type').notNull().default('fixed'),
    amount: cents('amount').notNull(),
    distributionType: distributionTypeEnum('distribution_type').notNull().default('employee'),
    /** Who it is paid to (docs/payment-calendar.md "Funds"); `direct` = with the salary, as before. */
    fund: varchar('fund', { length: 16 }).$type<SalaryCostFund>().notNull().default('direct'),
    relativeOffset: integer('relative_offset').notNull().default(1),
    targetDate: date('target_date', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('salary_costs_salary_idx').on(table.salaryId),
    index('salary_costs_organisation_idx').on(table.organisationId),
    index('salary_costs_label_idx').on(table.labelId),
    check('salary_costs_amount_not_negative', sql`${table.amount} >= 0`),
    check('salary_costs_percentage_range', sql`${table.amountType} <> 'percentage' or ${table.amount} <= 100000`),
    check('salary_costs_bvg_rate_range', sql`${table.amountType}::text <> 'bvgMinimum' or ${table.amount} <= 100000`),
    check('salary_costs_offset_positive', sql`${table.relativeOffset} >= 1`),
    check('salary_costs_fund', sql`${table.fund} in ('direct', 'ahv', 'bvg', 'uvg', 'ktg', 'withholdingTax')`),
    check('salary_costs_once_has_target', sql`${table.cycle} <> 'once' or ${table.targetDate} is not null`),
  ],
);

/** A percentage cost computed on other costs of the same salary instead of the gross. */
export const salaryCostBaseLinks = pgTable(
  'salary_cost_base_links',
  {
    costId: integer('cost_id')
      .notNull()
      .references(() => salaryCosts.id, { onDelete: 'cascade' }),
    baseCostId: integer('base_cost_id')
      .notNull()
      .references(() => salaryCosts.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.costId, table.baseCostId] }),
    index('salary_cost_base_links_base_idx').on(table.baseCostId),
    check('salary_cost_base_links_not_self', sql`${table.costId} <> ${table.baseCostId}`),
  ],
);

/**
 * The stored payment schedule of a cost (docs/salary-costs.md "Payment schedule"): one payment per
 * month.
 */
export const salaryCostDetails = pgTable(
  'salary_cost_details',
  {
    costId: integer('cost_id')
      .notNull()
      .references(() => salaryCosts.id, { onDelete: 'cascade' }),
    month: varchar('month', { length: 7 }).notNull(),
    amount: cents('amount').notNull(),
    divider: integer('divider').notNull(),
    isExtraMonth: boolean('is_extra_month').notNull(),
  },
  (table) => [primaryKey({ columns: [table.costId, table.month] })],
);
