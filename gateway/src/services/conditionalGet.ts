// Conditional GET for the lists the live layer polls (alarm list, the bell's showNotice, the status board): each
// route computes a cheap tag, and an unchanged list is answered 304 without being read.
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Whether an If-None-Match header names the tag: `*`, or one of a comma-separated list, weak or strong (weak
 * comparison, RFC 9110). */
export const etagMatches = (ifNoneMatch: string | undefined, etag: string): boolean => {
  if (!ifNoneMatch) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  const wanted = bare(etag);
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || bare(t) === wanted);
};

/**
 * Tags the answer — private: it is the caller's own view; no-cache: always revalidate (a browser then sends
 * If-None-Match); it varies with the token and the language — and says whether the caller already holds it (answer
 * 304 then).
 */
export const alreadyHeld = (request: FastifyRequest, reply: FastifyReply, etag: string): boolean => {
  reply
    .header('etag', etag)
    .header('cache-control', 'private, no-cache')
    .header('vary', 'Authorization, Accept-Language');
  return etagMatches(request.headers['if-none-match'], etag);
};
