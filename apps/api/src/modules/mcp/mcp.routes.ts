import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createMcpServer } from './mcp-server.js';

/** A JSON-RPC answer (the MCP messages are the SDK's to check). */
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
 * `/api/mcp`: the MCP server (Streamable HTTP, stateless, JSON answers; docs/access.md). Every
 * member may connect (`role: 'any'`): what each tool may do is decided by the API route it calls.
 * Left out of the OpenAPI document (`hide`): it speaks MCP's JSON-RPC, errors included, not the
 * REST API's shapes; the MCP protocol and `tools/list` describe it.
 */
export const mcpRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/mcp',
    {
      config: { role: 'any' },
      schema: {
        hide: true,
        response: {
          200: z.union([jsonRpcAnswer, z.array(jsonRpcAnswer)]),
          202: z.undefined().describe('A notification or answer was accepted; no body.'),
          406: jsonRpcError,
        },
      },
    },
    async (request, reply) => {
      const server = createMcpServer(app, request);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      reply.hijack();
      const raw = reply.raw;
      // What the hooks set so far (the security headers, a renewed session's cookies) goes along.
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
      config: { role: 'any' },
      schema: { hide: true, response: { 405: jsonRpcError } },
      handler: async (_request, reply) => reply.code(405).header('allow', 'POST').send(METHOD_NOT_ALLOWED),
    });
  }
};
