import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import { z } from 'zod';
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { sortOrders, type ApiErrorBody } from '@saldopilot/shared';
import { INVALID_FIELDS } from '../../lib/app-error.js';
import { withAmounts } from './mcp-amounts.js';

/**
 * One MCP tool: what a person does in SaldoPilot, done by calling the REST API itself with the
 * caller's own `Authorization` header. So the role gate, the token's scopes, validation, tenancy,
 * realtime events and the audit log apply to a tool exactly as to the API (docs/access.md).
 */

/** What a tool does, for its annotations (MCP `ToolAnnotations` are hints for the client). */
export type ToolKind = 'read' | 'create' | 'update' | 'delete' | 'set';

export interface McpTool<Shape extends z.ZodRawShape = z.ZodRawShape> {
  /** snake_case English, as MCP clients show and models call them. */
  name: string;
  /** German, for people (the client's confirmation dialog). */
  title: string;
  /** German: what the tool does and answers, for the model. */
  description: string;
  /**
   * The API route the tool calls (`METHOD /api/…`, Fastify's pattern): the scopes the gate demands
   * there decide whether a token's `tools/list` names the tool (`plugins/token-scopes.ts`); the
   * gate checks them again on every call.
   */
  route: string;
  kind: ToolKind;
  /** The arguments, every field described in German; validated before `run`. */
  input: Shape;
  /**
   * Does the work through `api`; answers the object the model gets (amounts still in minor units:
   * {@link toolAnswer} adds the formatted ones). `args` are the arguments as the caller sent them,
   * so the API sees and judges exactly that.
   */
  run(args: z.input<z.ZodObject<Shape>>, api: ToolApi): Promise<Record<string, unknown>>;
}

/** A tool's definition, typed by its input shape (so `run` knows its arguments). */
export function defineTool<Shape extends z.ZodRawShape>(tool: McpTool<Shape>): McpTool {
  return tool as unknown as McpTool;
}

const annotationsByKind: Record<ToolKind, Omit<ToolAnnotations, 'title'>> = {
  read: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  create: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  // A change overwrites what was stored: destructive in MCP's sense, the same call twice changes nothing more.
  update: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  delete: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  // Setting or lifting exclusions: nothing is lost, the same call twice changes nothing more.
  set: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
};

export function annotationsOf(tool: McpTool): ToolAnnotations {
  return { title: tool.title, ...annotationsByKind[tool.kind] };
}

/** A refusal of the API (any status from 400 on): its German error body becomes the tool's error. */
export class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.error);
    this.name = 'ApiRefusal';
  }
}

export type QueryValue = string | number | boolean | readonly string[] | undefined;

/** The REST API as the caller: `/api<path>` with their own Authorization header. */
export interface ToolApi {
  /** Answers the parsed body of a 2xx answer (null for 204); throws {@link ApiRefusal} otherwise. */
  call(
    method: HTTPMethods,
    path: string,
    options?: { query?: Record<string, QueryValue>; body?: unknown },
  ): Promise<unknown>;
  /** Today in Zurich (the app's clock). */
  today(): string;
}

function queryString(query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of typeof value === 'object' ? value : [value]) params.append(name, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The Idempotency-Key of one write of one tool call (docs/access.md "The MCP server"): the same
 * caller (its bearer secret), JSON-RPC request id, tool, arguments and inner write give the same
 * key, so a client that sends a call again after a lost answer gets the first answer instead of a
 * second create; the secret itself is only hashed.
 */
export function toolCallKey(
  authorization: string | undefined,
  call: { requestId: string | number; tool: string; args: unknown },
  write: string,
): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([authorization ?? '', call.requestId, call.tool, canonicalJson(call.args), write]))
    .digest('base64url');
  return `mcp-${digest}`;
}

/** JSON with object keys sorted: the same arguments in another key order are the same call. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The API for one tool call: every call goes through the whole `/api` stack (`app.inject`), with
 * the MCP request's `Authorization` header and client address and nothing else of it; each write
 * carries the Idempotency-Key derived from the tool call (`toolCallKey`).
 */
export function toolApi(
  app: FastifyInstance,
  request: FastifyRequest,
  call: { requestId: string | number; tool: string; args: unknown },
): ToolApi {
  const { authorization } = request.headers;
  return {
    today: () => app.deps.clock.today(),
    async call(method, path, options = {}) {
      const hasBody = options.body !== undefined;
      const url = `/api${path}${queryString(options.query)}`;
      const write = method !== 'GET' && method !== 'HEAD';
      const response = await app.inject({
        method,
        url,
        remoteAddress: request.ip,
        headers: {
          ...(authorization ? { authorization } : {}),
          ...(hasBody ? { 'content-type': 'application/json' } : {}),
          ...(write ? { 'idempotency-key': toolCallKey(authorization, call, `${method} ${url}`) } : {}),
        },
        ...(hasBody ? { payload: JSON.stringify(options.body) } : {}),
      });
      const body: unknown = response.body === '' ? null : JSON.parse(response.body);
      if (response.statusCode >= 400) throw new ApiRefusal(response.statusCode, body as ApiErrorBody);
      return body;
    },
  };
}

/** The structured answer and the same JSON as text (for clients that show only text). */
export function toolAnswer(data: Record<string, unknown>): CallToolResult {
  const structuredContent = withAmounts(data) as Record<string, unknown>;
  return { structuredContent, content: [{ type: 'text', text: JSON.stringify(structuredContent) }] };
}

/**
 * A refusal as the tool's result (`isError: true`), never as a protocol error: the API's German
 * message, the fields it names, its code and status, so the model can correct its call.
 */
export function toolError(status: number, body: ApiErrorBody): CallToolResult {
  const fields = Object.entries(body.fields ?? {}).map(([field, message]) => `\n- ${field}: ${message}`);
  const structuredContent = {
    error: body.error,
    code: body.code,
    status,
    ...(body.fields ? { fields: body.fields } : {}),
  };
  return { isError: true, structuredContent, content: [{ type: 'text', text: `${body.error}${fields.join('')}` }] };
}

/**
 * The fields of invalid arguments with a German message each, as the API names them in its 400
 * (`plugins/error-handler.ts`): the path joined with dots, each unknown key by itself, the first
 * message of a field.
 */
function invalidFields(error: z.ZodError): Record<string, string> {
  const fields = new Map<string, string>();
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields.set(path ? `${path}.${key}` : key, issue.message);
      continue;
    }
    const key = path || 'arguments';
    if (!fields.has(key)) fields.set(key, issue.message);
  }
  return Object.fromEntries(fields);
}

/**
 * Runs a tool: arguments checked against its shape (a 400 in the API's words, nothing called), then
 * its work; a refusal of the API becomes the tool's error.
 */
export async function runTool(tool: McpTool, args: unknown, api: ToolApi): Promise<CallToolResult> {
  const checked = z.strictObject(tool.input).safeParse(args ?? {});
  if (!checked.success) {
    return toolError(400, { error: INVALID_FIELDS, code: 'VALIDATION_FAILED', fields: invalidFields(checked.error) });
  }
  try {
    return toolAnswer(await tool.run((args ?? {}) as never, api));
  } catch (error) {
    if (error instanceof ApiRefusal) return toolError(error.status, error.body);
    throw error;
  }
}

/** Shared schemas (German messages) with a German description per field, for the model. */
export function describedShape<Shape extends z.ZodRawShape>(
  shape: Shape,
  descriptions: { [Key in keyof Shape]: string },
): Shape {
  return Object.fromEntries(
    Object.entries(shape).map(([key, schema]) => [
      key,
      (schema as z.ZodType).describe(descriptions[key as keyof Shape]),
    ]),
  ) as unknown as Shape;
}

/** Paging of a list (the API checks the ranges: page ≥ 1, 1 ≤ limit ≤ 100). */
export const pagingInput = {
  page: z.number().int().optional().describe('Seite, ab 1 (Standard: 1)'),
  limit: z.number().int().optional().describe('Einträge pro Seite, 1 bis 100'),
};

/** Sorting of a list by one of its sort fields (the first is the API's default). */
export function sortInput<const Fields extends readonly [string, ...string[]]>(fields: Fields) {
  return {
    sortBy: z
      .enum(fields)
      .optional()
      .describe(`Sortierfeld: ${fields.join(', ')} (Standard: ${fields[0]})`),
    sortOrder: z.enum(sortOrders).optional().describe('ASC (aufsteigend, Standard) oder DESC'),
  };
}

export const searchInput = {
  search: z.string().optional().describe('Suchtext: Teil des Namens, Gross-/Kleinschreibung egal'),
};

/** The list of a paged answer, named for the model. */
export function page(list: unknown, name: string): Record<string, unknown> {
  const { data, ...rest } = list as { data: unknown[] } & Record<string, unknown>;
  return { [name]: data, ...rest };
}
