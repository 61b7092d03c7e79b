import { errorCodes, type FastifyInstance } from 'fastify';

// Fatal: broken bytes throw instead of turning into U+FFFD, which would be stored as if typed.
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * JSON bodies must be UTF-8 (RFC 8259). Fastify decodes leniently, so a name sent with broken
 * bytes was stored with replacement characters; here such a body is invalid JSON (400), and
 * everything else goes to Fastify's own parser (empty body, "__proto__" poisoning refused).
 */
export function useStrictJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    let text: string;
    try {
      text = utf8.decode(body);
    } catch {
      done(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(), undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}
