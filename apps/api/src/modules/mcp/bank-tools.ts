import { z } from 'zod';
import { bankAccountSortFields, dateSchema, entryDirections, idSchema, sortOrders } from '@saldopilot/shared';
import { defineTool, sortInput, page, pagingInput, searchInput, type McpTool } from './mcp-tool.js';

/** Bank accounts and their booked entries (docs/bank-statements.md). */

export const bankTools: McpTool[] = [
  defineTool({
    name: 'list_bank_accounts',
    title: 'Bankkonten auflisten',
    description:
      'Die Bankkonten der Organisation mit Saldo (amount, in der Kontowährung), Stand per (balanceDate; null: noch unbekannt), Saldo in der Organisationswährung (convertedAmount), IBAN und Kontonummer (accountNumber); total ist das Total Bankguthaben über alle Konten.',
    route: 'GET /api/bank-accounts',
    kind: 'read',
    input: {
      ...pagingInput,
      ...searchInput,
      ...sortInput(bankAccountSortFields),
    },
    run: async (args, api) => page(await api.call('GET', '/bank-accounts', { query: args }), 'bankAccounts'),
  }),
  defineTool({
    name: 'list_bank_entries',
    title: 'Bankbewegungen eines Kontos',
    description:
      'Die gebuchten Bewegungen eines Bankkontos (aus importierten Kontoauszügen), neueste zuerst, seitenweise: Buchungsdatum, Betrag (Gutschrift positiv, Belastung negativ), Gegenpartei, Mitteilung, Referenz, Kategorie und Plan/Ist-Zustand (offen, zugeordnet, nicht geplant).',
    route: 'GET /api/bank-accounts/:id/entries',
    kind: 'read',
    input: {
      bankAccountId: idSchema.describe('Id des Bankkontos (list_bank_accounts)'),
      ...pagingInput,
      search: z.string().optional().describe('Suchtext in Mitteilung, Gegenpartei oder Referenz'),
      from: dateSchema().optional().describe('Erstes Buchungsdatum (JJJJ-MM-TT)'),
      to: dateSchema().optional().describe('Letztes Buchungsdatum (JJJJ-MM-TT)'),
      direction: z.enum(entryDirections).optional().describe('Nur Gutschriften (credit) oder nur Belastungen (debit)'),
      sortOrder: z.enum(sortOrders).optional().describe('DESC (neueste zuerst, Standard) oder ASC'),
    },
    async run({ bankAccountId, ...query }, api) {
      return page(await api.call('GET', `/bank-accounts/${bankAccountId}/entries`, { query }), 'entries');
    },
  }),
];
