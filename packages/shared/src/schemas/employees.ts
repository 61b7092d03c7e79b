import { z } from 'zod';
import { exportFormatSchema, unpaged } from './exports.js';
import { currencySchema } from './reference.js';
import {
  changingAtLeastOneField,
  booleanQuerySchema,
  centsSchema,
  cycleSchema,
  cycles,
  dateSchema,
  idFieldSchema,
  idParamSchema,
  missingOr,
  idSchema,
  textSchema,
} from './fields.js';
import { listQuerySchema, pageQuerySchema, pageSchema } from './pagination.js';

/**
 * The employees area (docs/api.md "Areas", docs/salary-rules.md, docs/salary-costs.md): employees,
 * their salary timeline, the costs on each salary, cost labels and the Swiss presets. Amounts are
 * minor units; salary-cost percentages thousandths of a percent (5.3 % = 5300).
 */

// ---------------------------------------------------------------------------------------------
// Path parameters
// ---------------------------------------------------------------------------------------------

/** `/employees/salaries/:salaryId…` */
export const salaryParamsSchema = z.strictObject({ salaryId: idParamSchema });
/** `/employees/salaries/costs/:costId` */
export const salaryCostParamsSchema = z.strictObject({ costId: idParamSchema });

// ---------------------------------------------------------------------------------------------
// Employees
// ---------------------------------------------------------------------------------------------

export const employeeMessages = {
  notFound: 'Mitarbeitende wurde nicht gefunden.',
  birthDateInvalid: 'Ungültiges Geburtsdatum (JJJJ-MM-TT)',
  birthDateInFuture: 'Das Geburtsdatum darf nicht in der Zukunft liegen',
  birthDateRequiredForBvg: 'Geburtsdatum wird für die BVG-Berechnung benötigt',
} as const;

export const EMPLOYEE_NAME_MAX = 100;
export const HOURS_PER_MONTH_MAX = 480;
export const VACATION_DAYS_MAX = 365;

export const employeeSortFields = [
  'name',
  'hoursPerMonth',
  'salaryAmount',
  'vacationDaysPerYear',
  'fromDate',
  'toDate',
] as const;
export type EmployeeSortField = (typeof employeeSortFields)[number];

/**
 * An employee with the data of its representative salary (docs/salary-rules.md "Representative
 * salary"; all salary fields null / false when no salary qualifies). `salaryAmount` = gross +
 * employer costs per cycle ("Lohn inkl. Arbeitgeberkosten"), `grossAmount` the gross alone,
 * `employerCosts` the difference.
 */
export const employeeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  hoursPerMonth: z.number().int().nullable(),
  salaryAmount: z.number().int().nullable(),
  grossAmount: z.number().int().nullable(),
  employerCosts: z.number().int().nullable(),
  cycle: z.enum(cycles).nullable(),
  currency: currencySchema.nullable(),
  vacationDaysPerYear: z.number().int().nullable(),
  fromDate: z.string().nullable(),
  toDate: z.string().nullable(),
  /** The representative salary starts after today ("Kommende Daten"). */
  isInFuture: z.boolean(),
  /** The representative salary is a termination ("Ausgetreten"). */
  isTerminated: z.boolean(),
  /** A termination after today exists ("Austritt angesetzt"). */
  willBeTerminated: z.boolean(),
  salaryId: z.number().int().nullable(),
  /** 'YYYY-MM-DD' or null; needed for BVG by age (docs/salary-rules.md). */
  birthDate: z.string().nullable(),
});
export type Employee = z.infer<typeof employeeSchema>;

/** `GET /employees/{id}`: also how many salaries and costs a delete would take with it. */
export const employeeDetailSchema = employeeSchema.extend({
  salaryCount: z.number().int(),
  costCount: z.number().int(),
});
export type EmployeeDetail = z.infer<typeof employeeDetailSchema>;

export const employeeListSchema = pageSchema(employeeSchema);
export type EmployeeList = z.infer<typeof employeeListSchema>;

export const employeeListQuerySchema = listQuerySchema({
  defaultLimit: 20,
  sortBy: employeeSortFields,
  filters: { hideTerminated: booleanQuerySchema.optional() },
});
export type EmployeeListQuery = z.infer<typeof employeeListQuerySchema>;
/** `GET …/export`: the list's query without paging, and the file format (docs/reports.md "Lists"). */
export const employeeExportQuerySchema = employeeListQuerySchema.omit(unpaged).extend({ format: exportFormatSchema });

export const employeeNameSchema = textSchema({ max: EMPLOYEE_NAME_MAX, required: 'Name wird benötigt' });
/** A birth date: a calendar date from 1900 on (not after today: the service checks, it knows the day). */
export const birthDateSchema = dateSchema(employeeMessages.birthDateInvalid);
export const employeeCreateSchema = z.strictObject({
  name: employeeNameSchema,
  birthDate: birthDateSchema.nullable().optional(),
});
/** A true partial update: absent = unchanged, `birthDate: null` removes it. */
export const employeeUpdateSchema = changingAtLeastOneField(employeeCreateSchema.partial());
export type EmployeeCreate = z.infer<typeof employeeCreateSchema>;
export type EmployeeUpdate = z.infer<typeof employeeUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Salaries
// ---------------------------------------------------------------------------------------------

export const salaryMessages = {
  hoursRequired: 'Arbeitsstunden werden benötigt',
  hours: `Die Arbeitsstunden müssen zwischen 0 und ${HOURS_PER_MONTH_MAX} liegen`,
  vacationRequired: 'Ferientage werden benötigt',
  vacation: `Die Ferientage müssen zwischen 0 und ${VACATION_DAYS_MAX} liegen`,
  amountRequired: 'Lohn wird benötigt',
  amountNegative: 'Der Lohn darf nicht negativ sein',
  cycleRequired: 'Zahlungs-Zyklus wird benötigt',
  currencyRequired: 'Währung wird benötigt',
  invalidCurrency: 'Ungültige Währung',
  fromRequired: 'Von wird benötigt',
  toBeforeFrom: 'Bis darf nicht vor Von liegen',
  terminationHasNoEnd: 'Ein Austritt hat kein Bis-Datum',
  duplicateFrom: 'Für dieses Datum besteht bereits ein Lohn',
  notFound: 'Der Lohn wurde nicht gefunden.',
  thirteenthMonth: 'Der 13. Monatslohn wird im November (11) oder Dezember (12) ausbezahlt',
  thirteenthNeedsMonthly: 'Ein 13. Monatslohn setzt einen monatlichen Lohn voraus',
} as const;

/** The months a 13th salary can be paid with: November or December. */
export const thirteenthSalaryMonths = [11, 12] as const;

function wholeNumberField(min: number, max: number, required: string, invalid: string) {
  return z
    .number({ error: missingOr(required, invalid) })
    .int(invalid)
    .min(min, invalid)
    .max(max, invalid);
}

export const hoursPerMonthSchema = wholeNumberField(
  0,
  HOURS_PER_MONTH_MAX,
  salaryMessages.hoursRequired,
  salaryMessages.hours,
);
export const vacationDaysSchema = wholeNumberField(
  0,
  VACATION_DAYS_MAX,
  salaryMessages.vacationRequired,
  salaryMessages.vacation,
);
export const salaryAmountSchema = centsSchema.refine((cents) => cents >= 0, salaryMessages.amountNegative);

/** A salary step of an employee's timeline ("Lohnverlauf"); amounts per salary cycle. */
export const salarySchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  hoursPerMonth: z.number().int(),
  /** Gross ("Brutto") per cycle. */
  amount: z.number().int(),
  cycle: z.enum(cycles),
  currency: currencySchema,
  vacationDaysPerYear: z.number().int(),
  fromDate: z.string(),
  /** Last payment day; null = "Dauerhaft". Kept consistent with the neighbours by the API. */
  toDate: z.string().nullable(),
  isTermination: z.boolean(),
  isDisabled: z.boolean(),
  hasSeparateCostsDefined: z.boolean(),
  /** Next payment day on/after today within the end; null when none. */
  nextExecutionDate: z.string().nullable(),
  /**
   * Deductions from the gross per cycle (costs borne by the employee, docs/salary-costs.md
   * "Deductions and employer costs").
   */
  employeeDeductions: z.number().int(),
  /** Employer costs on top per cycle. */
  employerCosts: z.number().int(),
  /** "Netto": amount − employeeDeductions (signed). */
  netAmount: z.number().int(),
  /** "Gesamtkosten": amount + employerCosts. */
  totalCost: z.number().int(),
  /** "13. Monatslohn": a twelfth of the year's salary, paid with the salary of `thirteenthSalaryMonth`. */
  hasThirteenthSalary: z.boolean(),
  thirteenthSalaryMonth: z.number().int(),
});
export type Salary = z.infer<typeof salarySchema>;

export const salaryListSchema = pageSchema(salarySchema);
export type SalaryList = z.infer<typeof salaryListSchema>;
/** `GET /employees/{id}/salaries`: newest first (fromDate descending). */
export const salaryListQuerySchema = pageQuerySchema(100);
export type SalaryListQuery = z.infer<typeof salaryListQuerySchema>;

const salaryFields = {
  hoursPerMonth: hoursPerMonthSchema,
  amount: salaryAmountSchema,
  cycle: cycleSchema,
  currencyId: idFieldSchema(salaryMessages.invalidCurrency, salaryMessages.currencyRequired),
  vacationDaysPerYear: vacationDaysSchema,
  fromDate: dateSchema(salaryMessages.fromRequired),
  toDate: dateSchema().nullable().optional(),
  hasThirteenthSalary: z.boolean({ error: 'Ungültiger Wert: Ja/Nein-Wert erwartet' }),
  thirteenthSalaryMonth: z.union(
    thirteenthSalaryMonths.map((month) => z.literal(month)),
    { error: salaryMessages.thirteenthMonth },
  ),
};

/** The rules across fields of a salary (create, and the stored row merged with an update). */
export function salaryShapeErrors(values: {
  fromDate: string;
  toDate?: string | null | undefined;
  isTermination?: boolean | undefined;
  cycle?: string | undefined;
  hasThirteenthSalary?: boolean | undefined;
}): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.isTermination && values.toDate) errors.toDate = salaryMessages.terminationHasNoEnd;
  else if (values.toDate && values.toDate < values.fromDate) errors.toDate = salaryMessages.toBeforeFrom;
  if (values.hasThirteenthSalary && (values.cycle ?? 'monthly') !== 'monthly') {
    errors.hasThirteenthSalary = salaryMessages.thirteenthNeedsMonthly;
  }
  return errors;
}

/**
 * Create: every field for a salary; a termination (`isTermination: true`, "Austritt") needs only
 * `fromDate` — amount, hours and vacation are stored as 0, the currency defaults to the
 * organisation's and the cycle to monthly.
 */
export const salaryCreateSchema = z
  .strictObject({
    hoursPerMonth: salaryFields.hoursPerMonth.optional(),
    amount: salaryFields.amount.optional(),
    cycle: salaryFields.cycle.optional(),
    currencyId: salaryFields.currencyId.optional(),
    vacationDaysPerYear: salaryFields.vacationDaysPerYear.optional(),
    fromDate: salaryFields.fromDate,
    toDate: salaryFields.toDate,
    isTermination: z.boolean({ error: 'Ungültiger Wert' }).optional(),
    hasThirteenthSalary: salaryFields.hasThirteenthSalary.optional(),
    thirteenthSalaryMonth: salaryFields.thirteenthSalaryMonth.optional(),
  })
  .superRefine((value, context) => {
    if (!value.isTermination) {
      const required = {
        hoursPerMonth: salaryMessages.hoursRequired,
        amount: salaryMessages.amountRequired,
        cycle: salaryMessages.cycleRequired,
        currencyId: salaryMessages.currencyRequired,
        vacationDaysPerYear: salaryMessages.vacationRequired,
      } as const;
      for (const [field, message] of Object.entries(required)) {
        if (value[field as keyof typeof required] === undefined) {
          context.addIssue({ code: 'custom', path: [field], message });
        }
      }
    }
    for (const [field, message] of Object.entries(salaryShapeErrors(value))) {
      context.addIssue({ code: 'custom', path: [field], message });
    }
  });
export type SalaryCreate = z.infer<typeof salaryCreateSchema>;

/**
 * A true partial update (absent = unchanged, `toDate: null` = "Dauerhaft"); `isDisabled` toggles
 * the salary. `isTermination` cannot be changed (unknown field). The service checks Bis ≥ Von on
 * the merged row; a later salary overrides the end (docs/salary-rules.md "Salary timeline").
 */
export const salaryUpdateSchema = changingAtLeastOneField(
  z.strictObject({ ...salaryFields, isDisabled: z.boolean({ error: 'Ungültiger Wert' }) }).partial(),
);
export type SalaryUpdate = z.infer<typeof salaryUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Salary costs
// ---------------------------------------------------------------------------------------------

export const costCycles = ['once', 'monthly', 'quarterly', 'biannually', 'yearly'] as const;
export type CostCycle = (typeof costCycles)[number];
export const costCycleLabels: Record<CostCycle, string> = {
  once: 'Einmalig',
  monthly: 'Monatlich',
  quarterly: 'Vierteljährlich',
  biannually: 'Halbjährlich',
  yearly: 'Jährlich',
};

/**
 * `bvgMinimum`: the legal BVG minimum by age, `amount` the risk and administration rate
 * (docs/salary-rules.md).
 */
export const amountTypes = ['fixed', 'percentage', 'bvgMinimum'] as const;
export type AmountType = (typeof amountTypes)[number];

export const distributionTypes = ['employee', 'employer', 'both'] as const;
export type DistributionType = (typeof distributionTypes)[number];
export const distributionTypeLabels: Record<DistributionType, string> = {
  employee: 'AN',
  employer: 'AG',
  both: 'AG & AN',
};

/**
 * Who a salary cost is paid to (docs/payment-calendar.md "Funds"): `direct` is paid with each salary
 * as the cost's own schedule says; the others follow the fund's rhythm of the payment calendar when
 * the organisation has one for that fund, else they are paid as `direct`.
 */
export const salaryCostFunds = ['direct', 'ahv', 'bvg', 'uvg', 'ktg', 'withholdingTax'] as const;
export type SalaryCostFund = (typeof salaryCostFunds)[number];
export const salaryCostFundLabels: Record<SalaryCostFund, string> = {
  direct: 'Direkt',
  ahv: 'Ausgleichskasse',
  bvg: 'Pensionskasse',
  uvg: 'UVG-Versicherer',
  ktg: 'KTG-Versicherer',
  withholdingTax: 'Kanton (Quellensteuer)',
};

/** 100 % in thousandths of a percent. */
export const PERCENTAGE_MAX = 100_000;
/** Most base costs one percentage cost may name. */
export const BASE_COSTS_MAX = 100;
/** Most costs one copy request may name. */
export const COST_COPY_MAX = 500;
export const RELATIVE_OFFSET_MAX = 120;

export const salaryCostMessages = {
  cycleRequired: 'Zyklus wird benötigt',
  amountTypeRequired: 'Betragsart wird benötigt',
  distributionRequired: 'Verteilung wird benötigt',
  fundInvalid: 'Ungültige Zahlstelle',
  amountRequired: 'Betrag wird benötigt',
  amountNegative: 'Der Betrag darf nicht negativ sein',
  percentageTooLarge: 'Der Prozentsatz darf höchstens 100 % sein',
  offset: `Der Versatz muss zwischen 1 und ${RELATIVE_OFFSET_MAX} liegen`,
  targetDateRequired: 'Für einmalige Lohnkosten wird ein Datum benötigt',
  basesOnlyPercentage: 'Nur prozentuale Lohnkosten können auf anderen Lohnkosten basieren',
  duplicateBases: 'Doppelte Auswahl nicht erlaubt',
  invalidLabel: 'Ungültiges Label',
  terminationHasNoCosts: 'Einem Austritt können keine Lohnkosten zugeordnet werden',
  notFound: 'Die Lohnkosten wurden nicht gefunden.',
  nothingToCopy: 'Es wurden keine Lohnkosten zum Kopieren ausgewählt',
  copyEitherOr: 'Bitte entweder Lohnkosten oder einen Lohn als Quelle wählen',
  copyFromItself: 'Die Lohnkosten können nicht vom selben Lohn kopiert werden',
} as const;

/** One payment of a cost's schedule (docs/salary-costs.md "Payment schedule"). */
export const salaryCostDetailSchema = z.object({
  month: z.string(),
  amount: z.number().int(),
  divider: z.number().int(),
  isExtraMonth: z.boolean(),
});

export const salaryCostLabelSchema = z.object({ id: z.number().int(), name: z.string() });
export type SalaryCostLabel = z.infer<typeof salaryCostLabelSchema>;

/** A cost on a salary with its calculated fields (skip-previous, `?includePast=true` include-previous). */
export const salaryCostSchema = z.object({
  id: z.number().int(),
  salaryId: z.number().int(),
  label: salaryCostLabelSchema.nullable(),
  cycle: z.enum(costCycles),
  amountType: z.enum(amountTypes),
  /** Fixed: minor units per step; percentage: thousandths of a percent. */
  amount: z.number().int(),
  distributionType: z.enum(distributionTypes),
  /** Who it is paid to (docs/payment-calendar.md "Funds"). */
  fund: z.enum(salaryCostFunds),
  relativeOffset: z.number().int(),
  targetDate: z.string().nullable(),
  baseSalaryCostIDs: z.array(z.number().int()),
  calculatedAmount: z.number().int(),
  calculatedNextCost: z.number().int(),
  calculatedNextExecutionDate: z.string().nullable(),
  calculatedPreviousExecutionDate: z.string().nullable(),
  calculatedCostDetails: z.array(salaryCostDetailSchema),
});
export type SalaryCost = z.infer<typeof salaryCostSchema>;

export const salaryCostListSchema = pageSchema(salaryCostSchema);
export type SalaryCostList = z.infer<typeof salaryCostListSchema>;

const includePast = { includePast: booleanQuerySchema.optional() };
/** `GET /employees/salaries/{salaryId}/costs`: by label name, then distribution. */
export const salaryCostListQuerySchema = pageQuerySchema(100).extend(includePast);
export type SalaryCostListQuery = z.infer<typeof salaryCostListQuerySchema>;
export const salaryCostQuerySchema = z.strictObject(includePast);

const salaryCostFields = {
  cycle: z.enum(costCycles, { error: salaryCostMessages.cycleRequired }),
  amountType: z.enum(amountTypes, { error: salaryCostMessages.amountTypeRequired }),
  amount: centsSchema.refine((value) => value >= 0, salaryCostMessages.amountNegative),
  distributionType: z.enum(distributionTypes, { error: salaryCostMessages.distributionRequired }),
  fund: z.enum(salaryCostFunds, { error: salaryCostMessages.fundInvalid }).optional(),
  relativeOffset: z
    .number({ error: salaryCostMessages.offset })
    .int(salaryCostMessages.offset)
    .min(1, salaryCostMessages.offset)
    .max(RELATIVE_OFFSET_MAX, salaryCostMessages.offset),
  targetDate: dateSchema().nullable().optional(),
  labelId: idFieldSchema(salaryCostMessages.invalidLabel).nullable().optional(),
  baseSalaryCostIDs: z
    .array(idSchema, { error: 'Ungültige Berechnungsgrundlage' })
    .max(BASE_COSTS_MAX, `Höchstens ${BASE_COSTS_MAX} Einträge erlaubt`)
    .refine((ids) => new Set(ids).size === ids.length, salaryCostMessages.duplicateBases)
    .optional(),
};

/** The fields whose combination the rules below judge. */
export interface SalaryCostShape {
  cycle: CostCycle;
  amountType: AmountType;
  amount: number;
  targetDate?: string | null | undefined;
  baseSalaryCostIDs?: readonly number[] | undefined;
}

/**
 * The rules across fields of a cost, German messages per field: a percentage is at most 100 %,
 * a one-off cost needs a date, only percentages have base costs. The API applies them to a create
 * and to the stored cost merged with an update; forms to what is typed. (Base costs of another
 * salary, self references and circles are checked by the API with `baseCostErrors`.)
 */
export function salaryCostShapeErrors(values: SalaryCostShape): Record<string, string> {
  const errors: Record<string, string> = {};
  // A percentage and the BVG minimum's risk rate are both rates: at most 100 %.
  if (values.amountType !== 'fixed' && values.amount > PERCENTAGE_MAX) {
    errors.amount = salaryCostMessages.percentageTooLarge;
  }
  if (values.cycle === 'once' && !values.targetDate) errors.targetDate = salaryCostMessages.targetDateRequired;
  if (values.amountType !== 'percentage' && (values.baseSalaryCostIDs?.length ?? 0) > 0) {
    errors.baseSalaryCostIDs = salaryCostMessages.basesOnlyPercentage;
  }
  return errors;
}

export const salaryCostCreateSchema = z.strictObject(salaryCostFields).superRefine((value, context) => {
  for (const [field, message] of Object.entries(salaryCostShapeErrors(value))) {
    context.addIssue({ code: 'custom', path: [field], message });
  }
});
export type SalaryCostCreate = z.infer<typeof salaryCostCreateSchema>;

/** A true partial update; the rules across fields are checked on the merged cost by the service. */
export const salaryCostUpdateSchema = changingAtLeastOneField(z.strictObject(salaryCostFields).partial());
export type SalaryCostUpdate = z.infer<typeof salaryCostUpdateSchema>;

/**
 * `POST /employees/salaries/{salaryId}/costs/copy`: `{ ids }` appends copies of these costs (any
 * salary of the organisation); `{ sourceSalaryId }` replaces the salary's costs by copies of that
 * salary's. Base links among the copied costs are remapped, links to costs not copied dropped.
 */
export const salaryCostCopySchema = z
  .strictObject({
    ids: z
      .array(idSchema, { error: salaryCostMessages.nothingToCopy })
      .min(1, salaryCostMessages.nothingToCopy)
      .max(COST_COPY_MAX, `Höchstens ${COST_COPY_MAX} Einträge erlaubt`)
      .refine((ids) => new Set(ids).size === ids.length, 'Doppelte Auswahl nicht erlaubt')
      .optional(),
    sourceSalaryId: idFieldSchema('Ungültiger Lohn').optional(),
  })
  .superRefine((value, context) => {
    if (value.ids === undefined && value.sourceSalaryId === undefined) {
      context.addIssue({ code: 'custom', path: ['ids'], message: salaryCostMessages.nothingToCopy });
    }
    if (value.ids !== undefined && value.sourceSalaryId !== undefined) {
      context.addIssue({ code: 'custom', path: ['sourceSalaryId'], message: salaryCostMessages.copyEitherOr });
    }
  });
export type SalaryCostCopy = z.infer<typeof salaryCostCopySchema>;

/** The answer of copy and presets (201): the created costs, plus notes for the person (presets). */
export const salaryCostsCreatedSchema = z.object({
  costs: z.array(salaryCostSchema),
  notes: z.array(z.string()),
});
export type SalaryCostsCreated = z.infer<typeof salaryCostsCreatedSchema>;

// ---------------------------------------------------------------------------------------------
// Labels
// ---------------------------------------------------------------------------------------------

export const salaryCostLabelMessages = {
  duplicate: 'Dieses Label existiert bereits',
  notFound: 'Das Label wurde nicht gefunden.',
} as const;

export const salaryCostLabelListSchema = pageSchema(salaryCostLabelSchema);
export type SalaryCostLabelList = z.infer<typeof salaryCostLabelListSchema>;
/** Labels by name (German order), searchable. */
export const salaryCostLabelListQuerySchema = listQuerySchema({ defaultLimit: 100, sortBy: ['name'] as const });
export type SalaryCostLabelListQuery = z.infer<typeof salaryCostLabelListQuerySchema>;
export const salaryCostLabelCreateSchema = z.strictObject({
  name: textSchema({ max: 255, required: 'Name wird benötigt' }),
});
export const salaryCostLabelUpdateSchema = salaryCostLabelCreateSchema;
export type SalaryCostLabelCreate = z.infer<typeof salaryCostLabelCreateSchema>;
export type SalaryCostLabelUpdate = z.infer<typeof salaryCostLabelUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Swiss presets (the catalogue and its rules: swiss-presets.ts)
// ---------------------------------------------------------------------------------------------

export const swissPresetIds = ['ahv', 'alv', 'fak', 'uvg-nbu', 'uvg-bu', 'ktg', 'bvg'] as const;
export type SwissPresetId = (typeof swissPresetIds)[number];

export const swissPresetMessages = {
  bvgAmountOrRate: 'Entweder ein fester BVG-Betrag oder ein Satz für Risiko und Verwaltung, nicht beides',
  rateNotAmount: 'Dieser Beitrag ist ein Prozentsatz, kein fester Betrag',
  duplicatePreset: 'Jeder Beitrag kann nur einmal gewählt werden',
  nothingChosen: 'Bitte wählen Sie mindestens einen Beitrag',
  rateTooLarge: 'Der Prozentsatz darf höchstens 100 % sein',
  rateInvalid: 'Ungültiger Prozentsatz',
  ceilingNotPositive: 'Die Höchstgrenze muss grösser als 0 sein',
  ceilingNotTaken: 'Eine eigene Höchstgrenze kann nur beim KTG angegeben werden',
} as const;

/**
 * `POST /employees/salaries/{salaryId}/costs/presets`: the chosen contributions, each with its
 * rate (thousandths of a percent; default from the catalogue). BVG takes either the fixed amount
 * per salary cycle from the pension fund's statement (minor units) or, without an amount, the
 * legal minimum by age with an optional risk and administration `rate` (docs/salary-rules.md).
 * KTG optionally takes the policy's yearly insured-earnings ceiling (`ceiling`, Rappen per year;
 * docs/salary-costs.md).
 */
export const salaryCostPresetsSchema = z.strictObject({
  items: z
    .array(
      z
        .strictObject({
          preset: z.enum(swissPresetIds, { error: 'Unbekannter Beitrag' }),
          rate: z
            .number({ error: swissPresetMessages.rateInvalid })
            .int(swissPresetMessages.rateInvalid)
            .min(0, swissPresetMessages.rateInvalid)
            .max(PERCENTAGE_MAX, swissPresetMessages.rateTooLarge)
            .optional(),
          amount: centsSchema.refine((value) => value >= 0, salaryCostMessages.amountNegative).optional(),
          ceiling: centsSchema.refine((value) => value > 0, swissPresetMessages.ceilingNotPositive).optional(),
        })
        // A value the preset does not use is refused, not silently dropped.
        .superRefine((item, context) => {
          if (item.preset === 'bvg' && item.amount !== undefined && item.rate !== undefined) {
            context.addIssue({ code: 'custom', path: ['rate'], message: swissPresetMessages.bvgAmountOrRate });
          }
          if (item.preset !== 'bvg' && item.amount !== undefined) {
            context.addIssue({ code: 'custom', path: ['amount'], message: swissPresetMessages.rateNotAmount });
          }
          if (item.preset !== 'ktg' && item.ceiling !== undefined) {
            context.addIssue({ code: 'custom', path: ['ceiling'], message: swissPresetMessages.ceilingNotTaken });
          }
        }),
      { error: swissPresetMessages.nothingChosen },
    )
    .min(1, swissPresetMessages.nothingChosen)
    .max(swissPresetIds.length, swissPresetMessages.duplicatePreset)
    .refine(
      (items) => new Set(items.map((item) => item.preset)).size === items.length,
      swissPresetMessages.duplicatePreset,
    ),
});
export type SalaryCostPresets = z.infer<typeof salaryCostPresetsSchema>;
