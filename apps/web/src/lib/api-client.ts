import { TAB_ID_HEADER, type ApiErrorBody } from '@saldopilot/shared';
import { rememberAnswerStamp } from './answer-stamps';
import { ApiError } from './api-error';
import type { DownloadedFile } from './save-file';

export type { DownloadedFile };

export { ApiError, asApiError } from './api-error';

/** Messages for failures the server could not describe itself. */
export const apiMessages = {
  network: 'Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.',
  unexpected: 'Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.',
} as const;

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Retried once when they fail with one of these (docs/product.md "API calls"); reads never. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const READ_METHODS: ReadonlySet<Method> = new Set(['GET']);
/**
 * The sign-in, registration and reset calls are sent once: without a session the server cannot
 * tie an Idempotency-Key to anyone, so a retry would send a second mail or spend another try of
 * the rate limit instead of being answered from the first.
 */
const SESSIONLESS_PATH = /^\/api\/auth\//;

export interface RequestOptions {
  /** A list repeats its key (`?a=1&a=2`); an empty list sends the key once, empty (`?a=`). */
  query?: Record<string, string | number | boolean | readonly string[] | null | undefined>;
  body?: unknown;
  /** A file sent as it is (the raw body) with its content type, instead of a JSON `body`. */
  file?: { data: Blob; contentType: string };
  signal?: AbortSignal;
}

export interface ApiClientOptions {
  fetch?: typeof fetch;
  /** Called for every answer that carries `logout: true`, before the error is thrown. */
  onLogout?: (error: ApiError) => void;
  /** Makes the `Idempotency-Key` of a write; random by default. */
  idempotencyKey?: () => string;
  /** The tab's id sent as `X-Tab-Id` with every request; the app's own tab id by default. */
  tabId?: string;
}

function randomKey(): string {
  // getRandomValues exists in every context; randomUUID only in secure ones.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * This tab's id (docs/web.md "Realtime"): the realtime stream opens with it and every request
 * carries it (`X-Tab-Id`), so the server does not send the tab its own changes back. One per page
 * load: a reload is a new tab for the server, whose stream starts afresh anyway.
 */
export const tabId = randomKey();

function withQuery(path: string, query: RequestOptions['query']): string {
  const entries = Object.entries(query ?? {}).filter(([, value]) => value !== undefined && value !== null);
  if (entries.length === 0) return path;
  const search = new URLSearchParams(
    entries.flatMap(([key, value]) =>
      Array.isArray(value)
        ? value.length === 0
          ? [[key, '']]
          : value.map((entry) => [key, entry])
        : [[key, String(value)]],
    ),
  );
  return `${path}${path.includes('?') ? '&' : '?'}${search.toString()}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The file name of a Content-Disposition header: the UTF-8 spelling (`filename*`) first. */
export function fileNameOf(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A broken escape: fall back to the plain spelling.
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? /filename=([^;]+)/i.exec(header)?.[1]?.trim();
}

function toApiError(status: number, body: unknown): ApiError {
  const shaped = (typeof body === 'object' && body !== null ? body : {}) as Partial<ApiErrorBody>;
  const message = typeof shaped.error === 'string' && shaped.error !== '' ? shaped.error : apiMessages.unexpected;
  return new ApiError(status, message, {
    code: typeof shaped.code === 'string' ? shaped.code : undefined,
    fields: typeof shaped.fields === 'object' && shaped.fields !== null ? shaped.fields : undefined,
    logout: shaped.logout === true,
    body,
  });
}

/**
 * The one way the web app talks to the API (docs/product.md "API calls"): JSON in and out, the session cookies of the
 * same origin, the tab's id on every request, answers 400–599 thrown as ApiError. Writes carry an Idempotency-Key and are sent a
 * second time, with the same key, when the first answer is one of RETRY_STATUSES; reads and the
 * sessionless auth calls are sent once.
 */
export function createApiClient(options: ApiClientOptions = {}) {
  let onLogout = options.onLogout;
  const makeKey = options.idempotencyKey ?? randomKey;
  const ownTabId = options.tabId ?? tabId;

  async function request<T>(
    method: Method,
    path: string,
    { query, body, file, signal }: RequestOptions = {},
  ): Promise<T> {
    const doFetch = options.fetch ?? ((input: string, init?: RequestInit) => globalThis.fetch(input, init));
    const headers: Record<string, string> = { Accept: 'application/json', [TAB_ID_HEADER]: ownTabId };
    if (file) headers['Content-Type'] = file.contentType;
    else if (body !== undefined) headers['Content-Type'] = 'application/json';
    const write = !READ_METHODS.has(method);
    if (write) headers['Idempotency-Key'] = makeKey();
    const retryable = write && !SESSIONLESS_PATH.test(path);
    const url = withQuery(path, query);
    const init: RequestInit = {
      method,
      headers,
      credentials: 'same-origin',
      signal,
      // A Blob can be sent again as it is, so a retried upload sends the same bytes.
      body: file ? file.data : body === undefined ? undefined : JSON.stringify(body),
    };

    for (let attempt = 0; ; attempt += 1) {
      let response: Response;
      try {
        response = await doFetch(url, init);
      } catch (cause) {
        if (signal?.aborted) throw cause;
        throw new ApiError(0, apiMessages.network);
      }
      rememberAnswerStamp(url, response.headers.get('etag'));
      const payload = await readBody(response);
      if (retryable && attempt === 0 && RETRY_STATUSES.has(response.status)) continue;
      const error = toApiError(response.status, payload);
      // docs/product.md "Session": any answer that says so ends the session, whatever its status.
      if (error.logout) onLogout?.(error);
      if (response.status < 400) return payload as T;
      throw error;
    }
  }

  /**
   * A file the server hands out (an export): its bytes and the name Content-Disposition gives.
   * Failures are ApiErrors as for every call; a download is a read and is sent once.
   */
  async function download(path: string, { query, signal }: Omit<RequestOptions, 'body'> = {}): Promise<DownloadedFile> {
    const doFetch = options.fetch ?? ((input: string, init?: RequestInit) => globalThis.fetch(input, init));
    let response: Response;
    try {
      response = await doFetch(withQuery(path, query), {
        method: 'GET',
        headers: { [TAB_ID_HEADER]: ownTabId },
        credentials: 'same-origin',
        signal,
      });
    } catch (cause) {
      if (signal?.aborted) throw cause;
      throw new ApiError(0, apiMessages.network);
    }
    if (response.status >= 400) {
      const error = toApiError(response.status, await readBody(response));
      if (error.logout) onLogout?.(error);
      throw error;
    }
    return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')) };
  }

  return {
    request,
    download,
    get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
    post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
    patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PATCH', path, { ...options, body }),
    put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
    /** POSTs a file as the raw body with its content type (a bank statement), answered as JSON. */
    postFile: <T>(path: string, file: Blob, contentType: string, options?: Omit<RequestOptions, 'body' | 'file'>) =>
      request<T>('POST', path, { ...options, file: { data: file, contentType } }),
    delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
    /** Registers what happens when the server ends the session (the app's forced logout). */
    setLogoutHandler(handler: ((error: ApiError) => void) | undefined) {
      onLogout = handler;
    },
  };
}

/** The app's client. */
export const api = createApiClient();
