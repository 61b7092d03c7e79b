import type { FastifyInstance, FastifyRequest } from 'fastify';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { bankTools } from './bank-tools.js';
import { employeeTools } from './employee-tools.js';
import { forecastTools } from './forecast-tools.js';
import { annotationsOf, runTool, toolApi, toolError, type McpTool } from './mcp-tool.js';
import { transactionTools } from './transaction-tools.js';
import { scenarioTools } from './scenario-tools.js';
import { portfolioTools } from './portfolio-tools.js';

/** Every tool of the MCP server, in the order `tools/list` answers them. */
export const mcpTools: readonly McpTool[] = [
  ...forecastTools,
  ...transactionTools,
  ...bankTools,
  ...employeeTools,
  ...scenarioTools,
  ...portfolioTools,
];
const toolsByName = new Map(mcpTools.map((tool) => [tool.name, tool]));

export const mcpMessages = {
  unknownTool: (name: string) => `Unbekanntes Werkzeug «${name}».`,
} as const;

const INSTRUCTIONS =
  'SaldoPilot ist eine Liquiditätsplanung für Schweizer KMU. Die Werkzeuge lesen und ändern die Daten der ' +
  'Organisation, für die der Zugang erteilt wurde, mit den Rechten der Person, die ihn erteilt hat. Beträge ' +
  'sind ganze Rappen (cents: 123450 = 1234.50); Antworten nennen jeden Betrag als { cents, formatted }. ' +
  'Daten als JJJJ-MM-TT, Monate als JJJJ-MM. Fehlermeldungen sind deutsch und nennen die betroffenen Felder.';

/**
 * A new MCP server for one request (stateless: nothing is kept between requests, so any instance
 * answers any request). `tools/list` names the `listed` tools (those the token's scopes allow);
 * `tools/call` runs any tool, whose API calls the gate then refuses (403) when a scope is missing.
 * The call handler is ours rather than McpServer's: arguments are checked with the shared German
 * schemas and refused in the API's own words (`fields` per argument) where McpServer would answer
 * "Input validation error: …", and no refusal becomes a protocol error.
 */
export function createMcpServer(app: FastifyInstance, request: FastifyRequest, listed: readonly McpTool[]): McpServer {
  const server = new McpServer(
    { name: 'saldopilot', title: 'SaldoPilot', version: '1.0.0' },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  for (const tool of listed) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: z.strictObject(tool.input),
        annotations: annotationsOf(tool),
      },
      () => {
        throw new Error('tools/call is answered by the handler below');
      },
    );
  }
  server.server.setRequestHandler(CallToolRequestSchema, async ({ params }, { requestId }) => {
    const tool = toolsByName.get(params.name);
    if (!tool) return toolError(404, { error: mcpMessages.unknownTool(params.name), code: 'NOT_FOUND' });
    const api = toolApi(app, request, { requestId, tool: tool.name, args: params.arguments ?? {} });
    return runTool(tool, params.arguments, api);
  });
  return server;
}
