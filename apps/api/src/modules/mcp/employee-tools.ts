import { z } from 'zod';
import {
  employeeSortFields,
  idSchema,
  salaryCostCreateSchema,
  salaryCostUpdateSchema,
  salaryCreateSchema,
  salaryUpdateSchema,
  type SalaryList,
} from '@saldopilot/shared';
import { defineTool, sortInput, describedShape, page, pagingInput, searchInput, type McpTool } from './mcp-tool.js';

/** Employees, their salaries and salary costs (docs/salary-rules.md, docs/salary-costs.md). */

const salaryDescriptions = {
  hoursPerMonth: 'Arbeitsstunden pro Monat, 0 bis 480',
  amount: 'Bruttolohn pro Zyklus in Rappen (ganze Zahl, 800000 = 8000.00), nicht negativ',
  cycle: 'Zahlungs-Zyklus: monthly, quarterly, biannually oder yearly',
  currencyId: 'Id der Währung (list_currencies; die erste ist die der Organisation)',
  vacationDaysPerYear: 'Ferientage pro Jahr, 0 bis 365',
  fromDate: 'Gültig ab (JJJJ-MM-TT)',
  toDate: 'Gültig bis (JJJJ-MM-TT) oder null (dauerhaft; ein späterer Lohn beendet ihn automatisch)',
  hasThirteenthSalary: '13. Monatslohn (nur bei monatlichem Lohn)',
  thirteenthSalaryMonth: 'Monat des 13. Monatslohns: 11 (November) oder 12 (Dezember)',
} as const;

const costDescriptions = {
  cycle: 'Zyklus: once (einmalig, mit targetDate), monthly, quarterly, biannually oder yearly',
  amountType:
    'fixed (Fixbetrag in Rappen), percentage (Prozent vom Lohn) oder bvgMinimum (BVG-Minimum nach Alter, amount = Satz für Risiko und Verwaltung)',
  amount:
    'Bei fixed Rappen pro Zahlung; bei percentage und bvgMinimum Tausendstel-Prozent (5300 = 5.3 %, höchstens 100000)',
  distributionType: 'Wer trägt die Kosten: employee (AN), employer (AG) oder both (je zur Hälfte)',
  fund: 'Zahlstelle: direct (mit dem Lohn), ahv (Ausgleichskasse), bvg (Pensionskasse), uvg, ktg oder withholdingTax (Kanton); folgt dem Zahlungskalender',
  relativeOffset: 'Versatz der Zahlung in Monaten nach dem Lohn, 1 bis 120',
  targetDate: 'Datum einmaliger Lohnkosten (JJJJ-MM-TT)',
  labelId: 'Optionale Id des Labels (z. B. AHV) oder null',
  baseSalaryCostIDs:
    'Nur bei percentage: Ids anderer Lohnkosten desselben Lohns, auf deren Betrag der Prozentsatz zusätzlich rechnet',
} as const;

const salaryId = idSchema.describe('Id des Lohns (get_employee)');

export const employeeTools: McpTool[] = [
  defineTool({
    name: 'list_employees',
    title: 'Mitarbeitende auflisten',
    description:
      'Die Mitarbeitenden der Organisation, seitenweise, mit Suche im Namen: je mit den Daten des massgebenden Lohns (Lohn inkl. Arbeitgeberkosten salaryAmount, Brutto, Arbeitgeberkosten, Zyklus, Von/Bis) und ob ausgetreten.',
    route: 'GET /api/employees',
    kind: 'read',
    input: {
      ...pagingInput,
      ...searchInput,
      ...sortInput(employeeSortFields),
      hideTerminated: z.boolean().optional().describe('Ausgetretene ausblenden'),
    },
    run: async (args, api) => page(await api.call('GET', '/employees', { query: args }), 'employees'),
  }),
  defineTool({
    name: 'get_employee',
    title: 'Mitarbeitende mit Löhnen lesen',
    description:
      'Mitarbeitende mit allen Löhnen (neueste zuerst: Brutto, Abzüge, Netto, Arbeitgeberkosten, Gesamtkosten, Von/Bis) und den Lohnkosten jedes Lohns (mit berechnetem Betrag und nächster Zahlung).',
    route: 'GET /api/employees/:id',
    kind: 'read',
    input: { id: idSchema.describe('Id der Mitarbeitenden') },
    async run({ id }, api) {
      const employee = await api.call('GET', `/employees/${id}`);
      const salaries = (await api.call('GET', `/employees/${id}/salaries`, { query: { limit: 100 } })) as SalaryList;
      const withCosts = [];
      for (const salary of salaries.data) {
        const costs = (await api.call('GET', `/employees/salaries/${salary.id}/costs`, { query: { limit: 100 } })) as {
          data: unknown[];
        };
        withCosts.push({ ...salary, costs: costs.data });
      }
      return { employee, salaries: withCosts, salaryCount: salaries.pagination.totalCount };
    },
  }),
  defineTool({
    name: 'create_salary',
    title: 'Lohn erfassen',
    description:
      'Erfasst einen Lohn (einen Schritt im Lohnverlauf) von Mitarbeitenden; das Bis-Datum des vorherigen Lohns passt sich an. Ein Austritt (isTermination true) braucht nur fromDate. Antwort: der gespeicherte Lohn.',
    route: 'POST /api/employees/:id/salaries',
    kind: 'create',
    input: {
      employeeId: idSchema.describe('Id der Mitarbeitenden'),
      ...describedShape(salaryCreateSchema.shape, {
        ...salaryDescriptions,
        isTermination: 'true: ein Austritt ab fromDate statt eines Lohns',
      }),
    },
    async run({ employeeId, ...salary }, api) {
      return { salary: await api.call('POST', `/employees/${employeeId}/salaries`, { body: salary }) };
    },
  }),
  defineTool({
    name: 'update_salary',
    title: 'Lohn ändern',
    description:
      'Ändert einen Lohn: nur die genannten Felder, die übrigen bleiben; toDate null = dauerhaft. Antwort: der geänderte Lohn.',
    route: 'PATCH /api/employees/salaries/:salaryId',
    kind: 'update',
    input: {
      salaryId,
      ...describedShape(salaryUpdateSchema.shape, {
        ...salaryDescriptions,
        isDisabled: 'true: deaktiviert (zählt nicht in der Prognose), false: wieder aktiv',
      }),
    },
    async run({ salaryId: id, ...changes }, api) {
      return { salary: await api.call('PATCH', `/employees/salaries/${id}`, { body: changes }) };
    },
  }),
  defineTool({
    name: 'create_salary_cost',
    title: 'Lohnkosten erfassen',
    description:
      'Erfasst Lohnkosten (z. B. AHV, BVG, Versicherungen) auf einem Lohn. Antwort: die gespeicherten Lohnkosten mit berechnetem Betrag und Zahlungsplan.',
    route: 'POST /api/employees/salaries/:salaryId/costs',
    kind: 'create',
    input: { salaryId, ...describedShape(salaryCostCreateSchema.shape, costDescriptions) },
    async run({ salaryId: id, ...cost }, api) {
      return { salaryCost: await api.call('POST', `/employees/salaries/${id}/costs`, { body: cost }) };
    },
  }),
  defineTool({
    name: 'update_salary_cost',
    title: 'Lohnkosten ändern',
    description:
      'Ändert Lohnkosten: nur die genannten Felder, die übrigen bleiben. Antwort: die geänderten Lohnkosten mit berechnetem Betrag und Zahlungsplan.',
    route: 'PATCH /api/employees/salaries/costs/:costId',
    kind: 'update',
    input: {
      costId: idSchema.describe('Id der Lohnkosten (get_employee)'),
      ...describedShape(salaryCostUpdateSchema.shape, costDescriptions),
    },
    async run({ costId, ...changes }, api) {
      return { salaryCost: await api.call('PATCH', `/employees/salaries/costs/${costId}`, { body: changes }) };
    },
  }),
];
