import { z } from 'zod';
import {
  idSchema,
  transactionCreateSchema,
  transactionDirections,
  transactionSortFields,
  transactionUpdateSchema,
} from '@saldopilot/shared';
import { defineTool, sortInput, describedShape, page, pagingInput, searchInput, type McpTool } from './mcp-tool.js';

/** Transactions (planned revenues and expenses) with what their forms need: categories and currencies. */

const transactionId = idSchema.describe('Id der Transaktion');

const fieldDescriptions = {
  name: 'Name, 1 bis 255 Zeichen',
  link: 'Optionale Adresse (http oder https), z. B. zum Vertrag; null oder leer entfernt sie',
  amount: 'Betrag in Rappen (ganze Zahl, 123450 = 1234.50), positiv = Einnahme, negativ = Ausgabe, nicht 0',
  type: 'single (einmalige Fälligkeit) oder repeating (wiederkehrende Zahlung)',
  cycle: 'Zahlungs-Zyklus wiederkehrender Zahlungen: monthly, quarterly, biannually oder yearly; null bei einmaligen',
  startDate: 'Erste Fälligkeit (JJJJ-MM-TT)',
  endDate: 'Letzte mögliche Fälligkeit wiederkehrender Zahlungen (JJJJ-MM-TT) oder null (unbefristet)',
  categoryId: 'Id der Kategorie (list_categories)',
  currencyId: 'Id der Währung (list_currencies; die erste ist die der Organisation)',
  employeeId: 'Optionale Id von Mitarbeitenden, zu denen die Zahlung gehört, oder null',
  vatId: 'Optionale Id des Mehrwertsteuersatzes oder null',
  vatIncluded: 'true: die Mehrwertsteuer ist im Betrag enthalten; false: sie kommt dazu',
  reference: 'Optionale QR- oder Creditor-Referenz der Zahlungen; null oder leer entfernt sie',
  bankAccountId:
    'Optionale Id des Bankkontos, über das gezahlt wird (list_bank_accounts), oder null (kein bestimmtes Konto)',
} as const;

const createShape = describedShape(transactionCreateSchema.shape, fieldDescriptions);
const updateShape = describedShape(transactionUpdateSchema.shape, {
  ...fieldDescriptions,
  isDisabled: 'true: deaktiviert (zählt nicht in der Prognose), false: wieder aktiv',
});

export const transactionTools: McpTool[] = [
  defineTool({
    name: 'list_transactions',
    title: 'Transaktionen auflisten',
    description:
      'Die geplanten Einnahmen und Ausgaben (Transaktionen) der Organisation, seitenweise, mit Suche im Namen, Filtern und Sortierung. Jede mit Betrag, Zyklus, Kategorie, Währung, MWST und nächster Fälligkeit (nextExecutionDate; null = abgelaufen).',
    route: 'GET /api/transactions',
    kind: 'read',
    input: {
      ...pagingInput,
      ...searchInput,
      ...sortInput(transactionSortFields),
      direction: z
        .enum(transactionDirections)
        .optional()
        .describe('Nur Einnahmen (revenue) oder nur Ausgaben (expense)'),
      categoryId: idSchema.optional().describe('Nur diese Kategorie'),
      hideDisabled: z.boolean().optional().describe('Deaktivierte ausblenden'),
      hideExpired: z.boolean().optional().describe('Abgelaufene (ohne weitere Fälligkeit) ausblenden'),
    },
    run: async (args, api) => page(await api.call('GET', '/transactions', { query: args }), 'transactions'),
  }),
  defineTool({
    name: 'get_transaction',
    title: 'Transaktion lesen',
    description: 'Eine Transaktion mit allen Angaben, MWST-Betrag und nächster Fälligkeit.',
    route: 'GET /api/transactions/:id',
    kind: 'read',
    input: { id: transactionId },
    run: async ({ id }, api) => ({ transaction: await api.call('GET', `/transactions/${id}`) }),
  }),
  defineTool({
    name: 'create_transaction',
    title: 'Transaktion erfassen',
    description:
      'Erfasst eine geplante Einnahme oder Ausgabe. Einmalige Zahlungen (type single) haben weder Zyklus noch Enddatum, wiederkehrende (repeating) brauchen einen Zyklus. Antwort: die gespeicherte Transaktion.',
    route: 'POST /api/transactions',
    kind: 'create',
    input: createShape,
    run: async (args, api) => ({ transaction: await api.call('POST', '/transactions', { body: args }) }),
  }),
  defineTool({
    name: 'update_transaction',
    title: 'Transaktion ändern',
    description:
      'Ändert eine Transaktion: nur die genannten Felder, die übrigen bleiben; null entfernt ein optionales Feld. Antwort: die geänderte Transaktion.',
    route: 'PATCH /api/transactions/:id',
    kind: 'update',
    input: { id: transactionId, ...updateShape },
    async run({ id, ...changes }, api) {
      return { transaction: await api.call('PATCH', `/transactions/${id}`, { body: changes }) };
    },
  }),
  defineTool({
    name: 'delete_transaction',
    title: 'Transaktion löschen',
    description:
      'Löscht eine Transaktion endgültig, mit ihren Ausschlüssen und Zuordnungen. Nicht rückgängig zu machen.',
    route: 'DELETE /api/transactions/:id',
    kind: 'delete',
    input: { id: transactionId },
    async run({ id }, api) {
      await api.call('DELETE', `/transactions/${id}`);
      return { deleted: true, id };
    },
  }),
  defineTool({
    name: 'list_categories',
    title: 'Kategorien auflisten',
    description: 'Die Kategorien für Transaktionen: die vorgegebenen und die eigenen der Organisation, seitenweise.',
    route: 'GET /api/categories',
    kind: 'read',
    input: pagingInput,
    run: async (args, api) => page(await api.call('GET', '/categories', { query: args }), 'categories'),
  }),
  defineTool({
    name: 'list_currencies',
    title: 'Währungen auflisten',
    description: 'Die Währungen mit ihren Ids; die erste ist die Währung der Organisation.',
    route: 'GET /api/currencies',
    kind: 'read',
    input: {},
    run: async (_args, api) => ({ currencies: await api.call('GET', '/currencies') }),
  }),
];
