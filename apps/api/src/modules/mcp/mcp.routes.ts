import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AccessScope, apiErrorBodySchema } from '@saldopilot/shared';
import { scopesForRoute } from '../../plugins/token-scopes.js';
import type { McpTool } from './mcp-tool.js';

const loadSdk = () =>
  Promise.all([import('./mcp-server.js'), import('@modelcontextprotocol/sdk/server/streamableHttp.js')]).then(
    ([tools, { StreamableHTTPServerTransport }]) => ({ ...tools, StreamableHTTPServerTransport }),
  );
let sdk: ReturnType<typeof loadSdk> | undefined;

/**
 * The MCP SDK and our tools, loaded with the first MCP call (docs/access.md "The MCP server"): the SDK
 * is a noticeable part of the server's start, and most servers never get an MCP call.
 */
function mcpSdk(): ReturnType<typeof loadSdk> {
  sdk ??= loadSdk();
  return sdk;
}

/** A JSON-RPC message (the MCP messages themselves are the SDK's to check). */
const jsonRpcMessage = z.looseObject({ jsonrpc: z.literal('2.0') }).describe('JSON-RPC 2.0 message (MCP)');
/** A JSON-RPC answer. */
const jsonRpcAnswer = z.looseObject({ jsonrpc: z.literal('2.0') }).describe('JSON-RPC 2.0 answer (MCP)');
const jsonRpcError = z
  .object({
    jsonrpc: z.literal('2.0'),
    error: z.object({ code: z.number().int(), message: z.string() }),
    id: z.null(),
  })
  .describe('JSON-RPC 2.0 error');

/** What the stateless transport answers a GET or DELETE: there is no session to stream or end. */
const METHOD_NOT_ALLOWED = {
  jsonrpc: '2.0',
  error: { code: -32000, message: 'Method not allowed.' },
  id: null,
} as const;

/**
 * The scopes a token needs for the tool: those the gate demands on its API route; undefined when
 * the route is closed to tokens.
 */
export function scopesOfTool(tool: McpTool): AccessScope[] | undefined {
  const [method = '', url = ''] = tool.route.split(' ');
  return scopesForRoute(method, url);
}

/** Whether `tools/list` names the tool for this request: its token holds every scope the tool needs. */
function listed(tool: McpTool, request: FastifyRequest): boolean {
  const needed = scopesOfTool(tool);
  const held = request.access?.scopes;
  return needed !== undefined && (held === undefined || needed.every((scope) => held.includes(scope)));
}

/**
 * `/api/mcp`: the MCP server (Streamable HTTP, stateless, JSON answers; docs/access.md). Only bearer
 * secrets (a personal API token or an assistant's access token; without one 401 with
 * `WWW-Authenticate`), every member (`role: 'any'`): what each tool may do is decided by the API
 * route it calls with the same secret.
 * The OpenAPI document lists the POST with JSON-RPC bodies and answers (the transport's own refusals
 * are JSON-RPC errors: 400 beside the API's own, 406); `tools/list` describes the tools. GET and
 * DELETE, which only answer 405, are left out of it.
 */
export const mcpRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/mcp',
    {
      config: { role: 'any', bearerOnly: true },
      schema: {
        body: z.union([jsonRpcMessage, z.array(jsonRpcMessage).max(100)]),
        response: {
          200: z.union([jsonRpcAnswer, z.array(jsonRpcAnswer)]),
          202: z.undefined().describe('A notification or answer was accepted; no body.'),
          400: z.union([jsonRpcError, apiErrorBodySchema]),
          406: jsonRpcError,
        },
      },
    },
    async (request, reply) => {
      const { createMcpServer, mcpTools, StreamableHTTPServerTransport } = await mcpSdk();
      const server = createMcpServer(
        app,
        request,
        mcpTools.filter((tool) => listed(tool, request)),
      );
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      reply.hijack();
      const raw = reply.raw;
      // What the hooks set so far (the security headers) goes along.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) raw.setHeader(name, value);
      }
      raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      try {
        await server.connect(transport);
        await transport.handleRequest(request.raw, raw, request.body);
      } catch (error) {
        request.log.error({ err: error }, 'the MCP request failed');
        if (!raw.headersSent) {
          raw.writeHead(500, { 'content-type': 'application/json' });
          raw.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null }));
        }
      }
    },
  );

  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: '/mcp',
      config: { role: 'any', bearerOnly: true },
      schema: { hide: true, response: { 405: jsonRpcError } },
      handler: async (_request, reply) => reply.code(405).header('allow', 'POST').send(METHOD_NOT_ALLOWED),
    });
  }
};

/** The MCP endpoint under /api: app.ts registers each area with one call. */
export async function registerMcp(api: FastifyInstance): Promise<void> {
  await api.register(mcpRoutes);
}
