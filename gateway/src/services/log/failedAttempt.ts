// Which answers are failed attempts worth an operation-log entry, and the message the caller was given: the pure
// half of failureLog.ts, so the rule can be read and tested without a server.

/** What the failure log knows about an answered request. */
export type AnsweredRequest = {
  method: string;
  /** the route declares a permission (so the caller is a known user), as opposed to a public route */
  declaresPermission: boolean;
  /** the route names its operation in `config.operation` */
  declaresOperation: boolean;
  statusCode: number;
  /** the serialized body, as Fastify's onSend hook sees it */
  payload: unknown;
};

// Larger answers are lists or downloads, never the envelope of a refused change.
const MAX_PAYLOAD = 64 * 1024;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

const envelopeOf = (payload: unknown): Record<string, unknown> | null => {
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
  if (text === null || text.length > MAX_PAYLOAD || !text.startsWith('{')) return null;
  try {
    const body: unknown = JSON.parse(text);
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

const messageOf = (body: Record<string, unknown> | null): string | null => {
  const msg = body?.resp_msg ?? body?.msg;
  return typeof msg === 'string' ? msg : null;
};

/**
 * The message of a failed attempt, or null when the answer is not one to log: a change (any method but a read, or a
 * read that names its operation, e.g. GET updateEnabled) on a route that declares a permission, answered HTTP ≥ 400
 * other than 401 (no known user), or 200 with a resp_code other than 0 (a business refusal).
 */
export const failureReason = (r: AnsweredRequest): string | null => {
  if (!r.declaresPermission) return null;
  if (READS.has(r.method.toUpperCase()) && !r.declaresOperation) return null;
  if (r.statusCode === 401) return null;
  if (r.statusCode >= 400) return messageOf(envelopeOf(r.payload)) ?? `HTTP ${r.statusCode}`;
  const body = envelopeOf(r.payload);
  const code = body?.resp_code;
  if (typeof code !== 'number' || code === 0) return null;
  return messageOf(body) ?? `resp_code ${code}`;
};

/** `METHOD /path` of a request, without its query string (which may carry values the log should not hold). */
export const requestLine = (method: string, url: string): string => `${method.toUpperCase()} ${url.split('?')[0]}`;
