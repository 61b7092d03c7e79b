import type { FastifySerializerCompiler } from 'fastify';
import fastJsonStringify from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type ResponseSchema = z.ZodType | { properties: z.ZodType };

function zodSchemaOf(schema: ResponseSchema): z.ZodType {
  return schema instanceof z.ZodType ? schema : schema.properties;
}

/**
 * Writes every answer that has a response schema. The route's zod schema is turned into JSON
 * Schema (as for the OpenAPI document) once, and fast-json-stringify compiles a writer from it that
 * writes exactly the schema's properties: a field a mapper adds by mistake, or a column it passes
 * on, is never written. The answers are our own mapped values, so production does not validate
 * them with zod again: that cost more than JSON.stringify itself (a 50-row transaction list: about
 * 250 µs against 90 µs, measured for `npm run bench`).
 *
 * `check` (test apps): each answer must also pass its zod schema, and the writer's text must be
 * exactly what zod's output would give through JSON.stringify; otherwise the answer is a 500, so
 * the API suite proves the writers for every route it calls.
 */
/**
 * The writer of `schema`'s answers: compiled by fast-json-stringify at its first use (Fastify asks
 * for every route's writers at start, and compiling them all there would lengthen every cold start).
 * Also for answers written ahead of the request (the forecast's cached details).
 */
export function compileResponseWriter(schema: z.ZodType): (data: unknown) => string {
  let compiled: ((data: unknown) => string) | undefined;
  return (data) =>
    (compiled ??= fastJsonStringify(
      z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }) as object,
    ))(data);
}

export function responseSerializerCompiler(
  options: { check?: boolean } = {},
): FastifySerializerCompiler<ResponseSchema> {
  return ({ schema, method, url }) => {
    const zodSchema = zodSchemaOf(schema);
    const write = compileResponseWriter(zodSchema);
    if (!options.check) return write;
    return (data) => {
      const result = zodSchema.safeParse(data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      const text = write(data);
      const expected = JSON.stringify(result.data);
      if (text !== expected) {
        throw new Error(`${method} ${url}: the response writer wrote ${text}, zod's output is ${expected}`);
      }
      return text;
    };
  };
}
