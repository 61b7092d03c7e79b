import { errorCodes, type FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { findDuplicateKey } from '../lib/duplicate-keys.js';

// Fatal: broken bytes throw instead of turning into U+FFFD, which would be stored as if typed.
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The longest key a message repeats; a longer one is cut with "…". */
const SHOWN_KEY_MAX = 60;

/** What a person reads when a JSON object names a key twice. */
export function duplicateKeyMessage(key: string): string {
  const shown = key.length > SHOWN_KEY_MAX ? `${key.slice(0, SHOWN_KEY_MAX)}…` : key;
  return `Der Schlüssel «${shown}» kommt mehrfach vor.`;
}

/**
 * JSON bodies must be UTF-8 (RFC 8259). Fastify decodes leniently, so a name sent with broken
 * bytes was stored with replacement characters; here such a body is invalid JSON (400), and
 * everything else goes to Fastify's own parser (empty body, "__proto__" poisoning refused).
 * A key named twice in one object is refused too (400 naming it and its path): the parser would
 * keep the last value silently, and a strict API refuses what it would have to guess at, as it
 * refuses unknown fields (ARCHITECTURE.md rule 7).
 */
/** Methods whose requests carry no body: for them an empty JSON body is no body, not an error. */
const BODILESS_METHODS = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS']);

export function useStrictJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    // Many HTTP clients send the JSON content type on every call: a read or delete without a body has none.
    if (body.length === 0 && BODILESS_METHODS.has(request.method)) {
      done(null, undefined);
      return;
    }
    let text: string;
    try {
      text = utf8.decode(body);
    } catch {
      done(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(), undefined);
      return;
    }
    void parseJson(request, text, (error, parsed) => {
      // Scanned once the parser accepted the text: the scanner may rely on well-formed JSON.
      const duplicate = error ? undefined : findDuplicateKey(text);
      if (duplicate) {
        const message = duplicateKeyMessage(duplicate.key);
        done(new AppError('VALIDATION_FAILED', message, { fields: { [duplicate.path]: message } }), undefined);
        return;
      }
      done(error, parsed);
    });
  });
}
