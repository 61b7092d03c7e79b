import { get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';
import { isIP } from 'node:net';
import { checkedLookup, InternalAddressError, isPublicAddress } from '../../lib/public-address.js';

/**
 * What SaldoPilot accepts of a client's description — registered (RFC 7591) or published as a
 * client ID metadata document — and how such a document is fetched: both come from outside and
 * are hostile until checked (docs/access.md "OAuth").
 */

const messages = { notPublic: 'Die Adresse der Client-ID ist nicht öffentlich erreichbar.' } as const;

export class ClientMetadataError extends Error {
  constructor(
    /** RFC 7591 error code: invalid_redirect_uri | invalid_client_metadata. */
    readonly code: 'invalid_redirect_uri' | 'invalid_client_metadata',
    message: string,
  ) {
    super(message);
  }
}

export interface ClientDescription {
  name: string;
  clientUri: string | null;
  redirectUris: string[];
}

const MAX_REDIRECT_URIS = 10;
const MAX_URI_LENGTH = 2_000;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
/**
 * A private-use scheme in reverse-domain form (RFC 8252 §7.1: `com.example.app`): at least one dot,
 * so browser and system schemes (`chrome:`, `javascript:`, `file:`) never qualify.
 */
const REVERSE_DOMAIN_SCHEME = /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+:$/;

export function isLoopback(url: URL): boolean {
  return LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * A redirect URI a client may register (docs/access.md "OAuth"): exactly one address, no
 * wildcard, no fragment (not even an empty `#`), no user name; https to a host, http only to this
 * machine's loopback with any port (native apps, RFC 8252 §7.3), or a private-use scheme in
 * reverse-domain form (`com.example.app:/callback`, RFC 8252 §7.1).
 */
export function checkRedirectUri(text: unknown): string {
  if (typeof text !== 'string' || text.length > MAX_URI_LENGTH || !URL.canParse(text)) {
    throw new ClientMetadataError('invalid_redirect_uri', 'Die Weiterleitungsadresse ist keine gültige Adresse.');
  }
  const url = new URL(text);
  if (text.includes('#'))
    throw new ClientMetadataError('invalid_redirect_uri', 'Die Weiterleitungsadresse darf kein # enthalten.');
  if (text.includes('*')) {
    throw new ClientMetadataError(
      'invalid_redirect_uri',
      'Die Weiterleitungsadresse muss genau angegeben sein, ohne Platzhalter (*).',
    );
  }
  const allowed =
    (url.protocol === 'https:' && url.hostname !== '') ||
    (url.protocol === 'http:' && isLoopback(url)) ||
    REVERSE_DOMAIN_SCHEME.test(url.protocol);
  if (!allowed || url.username || url.password) {
    throw new ClientMetadataError(
      'invalid_redirect_uri',
      'Weiterleitungen sind nur an https-Adressen, an http://localhost (127.0.0.1, [::1]) oder an das eigene Schema einer App in umgekehrter Domain-Schreibweise (com.example.app:/callback) erlaubt.',
    );
  }
  return text;
}

/** The client's description from registration or its metadata document. */
export function describeClient(metadata: unknown, fallbackName: string): ClientDescription {
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) {
    throw new ClientMetadataError('invalid_client_metadata', 'Die Beschreibung des Clients ist kein JSON-Objekt.');
  }
  const { client_name: name, client_uri: clientUri, redirect_uris: redirectUris } = metadata as Record<string, unknown>;
  if (!Array.isArray(redirectUris) || redirectUris.length === 0 || redirectUris.length > MAX_REDIRECT_URIS) {
    throw new ClientMetadataError(
      'invalid_redirect_uri',
      `Der Client muss 1 bis ${MAX_REDIRECT_URIS} Weiterleitungsadressen (redirect_uris) nennen.`,
    );
  }
  if (name !== undefined && (typeof name !== 'string' || name.trim().length === 0 || name.length > 200)) {
    throw new ClientMetadataError(
      'invalid_client_metadata',
      'Der Name des Clients (client_name) hat 1 bis 200 Zeichen.',
    );
  }
  if (
    clientUri !== undefined &&
    (typeof clientUri !== 'string' || !/^https?:\/\//.test(clientUri) || !URL.canParse(clientUri))
  ) {
    throw new ClientMetadataError('invalid_client_metadata', 'Die Adresse des Clients (client_uri) ist ungültig.');
  }
  return {
    // Control characters would break the consent page's sentence; the name is shown, never run.
    name: (typeof name === 'string' ? name : fallbackName)
      .replace(/[\p{Cc}\p{Cf}]/gu, '')
      .trim()
      .slice(0, 200),
    clientUri: typeof clientUri === 'string' ? clientUri : null,
    redirectUris: [...new Set(redirectUris.map(checkRedirectUri))],
  };
}

/** Whether `clientId` names a metadata document (an URL) rather than a registered client. */
export function isMetadataDocumentId(clientId: string): boolean {
  return clientId.startsWith('https://') || clientId.startsWith('http://');
}

const DOCUMENT_MAX_BYTES = 64 * 1024;
const DOCUMENT_TIMEOUT_MS = 5_000;

/**
 * Fetches and checks a client ID metadata document. Its address must be https with a path (http to
 * loopback only where `allowLoopback`, i.e. outside production) and, in production, resolve to
 * public addresses only: the server must not be made to call into its own network. At most 64 KB,
 * 5 s, no redirects; the document must name itself as `client_id`.
 */
export async function fetchClientMetadataDocument(
  clientId: string,
  allowLoopback: boolean,
): Promise<ClientDescription> {
  const invalid = (message: string) => new ClientMetadataError('invalid_client_metadata', message);
  if (clientId.length > MAX_URI_LENGTH || !URL.canParse(clientId))
    throw invalid('Die Client-ID ist keine gültige Adresse.');
  const url = new URL(clientId);
  const loopbackHttp = allowLoopback && url.protocol === 'http:' && isLoopback(url);
  if (
    (url.protocol !== 'https:' && !loopbackHttp) ||
    url.pathname === '/' ||
    url.hash ||
    url.username ||
    url.password
  ) {
    throw invalid('Die Client-ID muss eine https-Adresse mit Pfad sein.');
  }
  let response: DocumentResponse;
  try {
    response = await getDocument(url, allowLoopback ? () => true : isPublicAddress);
  } catch (error) {
    if (error instanceof InternalAddressError) throw invalid(messages.notPublic);
    throw invalid('Die Beschreibung des Clients konnte nicht geladen werden.');
  }
  if (response.status < 200 || response.status > 299)
    throw invalid(`Die Beschreibung des Clients konnte nicht geladen werden (HTTP ${response.status}).`);
  if (response.text === undefined) throw invalid('Die Beschreibung des Clients ist grösser als 64 KB.');
  const { text } = response;
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw invalid('Die Beschreibung des Clients ist kein gültiges JSON.');
  }
  if ((document as { client_id?: unknown } | null)?.client_id !== clientId) {
    throw invalid('Die Beschreibung des Clients nennt eine andere Client-ID.');
  }
  return describeClient(document, url.hostname);
}

interface DocumentResponse {
  status: number;
  /** The body, or undefined when it passed DOCUMENT_MAX_BYTES (read no further). */
  text: string | undefined;
}

/**
 * GET of the document, connecting only to an address `allowed` accepted: an address in the URL is
 * checked as written (canonically), a name is resolved once by the connection's own lookup, which
 * refuses it unless every address passes; TLS still checks the certificate against the name. No
 * redirects are followed (a 3xx is not ok); the whole exchange ends after DOCUMENT_TIMEOUT_MS.
 */
function getDocument(url: URL, allowed: (address: string) => boolean): Promise<DocumentResponse> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !allowed(host)) return Promise.reject(new InternalAddressError(host));
  const get = url.protocol === 'https:' ? httpsGet : httpGet;
  return new Promise((resolve, reject) => {
    const request = get(
      url,
      {
        agent: false,
        lookup: checkedLookup(allowed),
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(DOCUMENT_TIMEOUT_MS),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.byteLength;
          if (size > DOCUMENT_MAX_BYTES) {
            response.destroy();
            resolve({ status: response.statusCode ?? 0, text: undefined });
          } else chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            text: new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks)),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}
