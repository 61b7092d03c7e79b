import type { FastifyContextConfig, FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route that takes a file as its raw body (not JSON): the content types it reads and its body
     * limit. The OpenAPI document lists the types; the error answers name the limit and the types.
     */
    rawBody?: {
      contentTypes: readonly string[];
      limitBytes: number;
      accepted: string;
      /**
       * A file over the limit is a German 400 (VALIDATION_FAILED) instead of 413: the QR-bill upload
       * answers every bad file with 400 (docs/qr-bills.md "Files").
       */
      tooLargeIsInvalid?: boolean;
    };
  }
}

/**
 * Reads the given content types as raw bytes in this scope only (the routes registered in it), and
 * no JSON: everywhere else the app keeps its JSON-only bodies of at most 1 MB (ARCHITECTURE.md rule 7).
 */
export function useRawBodies(scope: FastifyInstance, contentTypes: readonly string[], limitBytes: number): void {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser(
    [...contentTypes],
    { parseAs: 'buffer', bodyLimit: limitBytes },
    (_request, body, done) => {
      done(null, body);
    },
  );
}

/** The German texts of a refused body of a raw-body route (too large, another type), or undefined for JSON routes. */
export function rawBodyMessages(config: FastifyContextConfig | undefined) {
  const raw = config?.rawBody;
  if (!raw) return undefined;
  return {
    tooLarge: `Die Datei ist zu gross (höchstens ${raw.limitBytes / 1024 / 1024} MB).`,
    tooLargeIsInvalid: raw.tooLargeIsInvalid === true,
    unsupportedMediaType: `Dieses Dateiformat wird nicht unterstützt. Bitte senden Sie ${raw.accepted}.`,
  };
}
