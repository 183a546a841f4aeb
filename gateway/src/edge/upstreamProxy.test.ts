import { describe, expect, it } from 'vitest';
import { upstreamFailureStatus } from './upstreamProxy.ts';

const err = (code: string, cause?: Error) => Object.assign(new Error(code), { code, cause });

describe('upstreamFailureStatus', () => {
  it.each([
    ['ECONNREFUSED', 502],
    ['ECONNRESET', 502],
    ['UND_ERR_SOCKET', 502],
    ['ENOTFOUND', 502],
    ['UND_ERR_CONNECT_TIMEOUT', 502],
    ['UND_ERR_HEADERS_TIMEOUT', 504],
    ['UND_ERR_BODY_TIMEOUT', 504],
  ])('%s → %i', (code, status) => {
    expect(upstreamFailureStatus(err(code))).toBe(status);
  });

  it('looks through wrapping errors (reply-from wraps the undici error as its cause)', () => {
    expect(upstreamFailureStatus(err('FST_REPLY_FROM_INTERNAL_SERVER_ERROR', err('UND_ERR_HEADERS_TIMEOUT')))).toBe(
      504,
    );
    expect(upstreamFailureStatus(err('FST_REPLY_FROM_INTERNAL_SERVER_ERROR', err('ECONNREFUSED')))).toBe(502);
  });
});
