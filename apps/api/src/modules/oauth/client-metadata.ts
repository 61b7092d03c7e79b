import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * What SaldoPilot accepts of a client's description — registered (RFC 7591) or published as a
 * client ID metadata document — and how such a document is fetched: both come from outside and
 * are hostile until checked (docs/access.md "Clients").
 */

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
/** Schemes that would run code or read files in the browser instead of reaching the client. */
const FORBIDDEN_SCHEMES = new Set([
  'javascript:',
  'data:',
  'file:',
  'vbscript:',
  'about:',
  'blob:',
  'ftp:',
  'ws:',
  'wss:',
]);

export function isLoopback(url: URL): boolean {
  return LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * A redirect URI a client may register: absolute, no fragment; https, http only to this machine's
 * loopback (native apps, RFC 8252), or an app's own scheme (`com.example.app:/callback`).
 */
export function checkRedirectUri(text: unknown): string {
  if (typeof text !== 'string' || text.length > MAX_URI_LENGTH || !URL.canParse(text)) {
    throw new ClientMetadataError('invalid_redirect_uri', 'Die Weiterleitungsadresse ist keine gültige Adresse.');
  }
  const url = new URL(text);
  if (url.hash)
    throw new ClientMetadataError('invalid_redirect_uri', 'Die Weiterleitungsadresse darf kein # enthalten.');
  if (FORBIDDEN_SCHEMES.has(url.protocol) || (url.protocol === 'http:' && !isLoopback(url))) {
    throw new ClientMetadataError(
      'invalid_redirect_uri',
      'Weiterleitungen sind nur an https-Adressen, an http://localhost oder an das eigene Schema einer App erlaubt.',
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
  if (!allowLoopback) await requirePublicHost(url.hostname);
  let response: Response;
  try {
    response = await fetch(url, {
      redirect: 'error',
      signal: AbortSignal.timeout(DOCUMENT_TIMEOUT_MS),
      headers: { accept: 'application/json' },
    });
  } catch {
    throw invalid('Die Beschreibung des Clients konnte nicht geladen werden.');
  }
  if (!response.ok)
    throw invalid(`Die Beschreibung des Clients konnte nicht geladen werden (HTTP ${response.status}).`);
  const text = await readLimited(response, DOCUMENT_MAX_BYTES);
  if (text === undefined) throw invalid('Die Beschreibung des Clients ist grösser als 64 KB.');
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

/** The body as text, or undefined once it passes `maxBytes` (read no further). */
async function readLimited(response: Response, maxBytes: number): Promise<string | undefined> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > maxBytes) return undefined;
    chunks.push(chunk);
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
}

/** Refuses a host that is, or resolves to, a loopback, private, link-local or otherwise internal address. */
async function requirePublicHost(hostname: string): Promise<void> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [host]
    : (await lookup(host, { all: true }).catch(() => [])).map((entry) => entry.address);
  if (addresses.length === 0 || addresses.some(isInternalAddress)) {
    throw new ClientMetadataError(
      'invalid_client_metadata',
      'Die Adresse der Client-ID ist nicht öffentlich erreichbar.',
    );
  }
}

export function isInternalAddress(address: string): boolean {
  if (isIP(address) === 4) {
    const [a = 0, b = 0] = address.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      a >= 224
    );
  }
  const lower = address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower)?.[1];
  if (mapped) return isInternalAddress(mapped);
  return lower === '::' || lower === '::1' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower) || lower.startsWith('ff');
}
