import { describe, expect, it } from 'vitest';
import { type AnsweredRequest, failureReason, requestLine } from './failedAttempt.ts';

const answer = (over: Partial<AnsweredRequest>): AnsweredRequest => ({
  method: 'POST',
  declaresPermission: true,
  declaresOperation: false,
  statusCode: 200,
  payload: JSON.stringify({ resp_code: 0, resp_msg: '操作成功', datas: null }),
  ...over,
});

const body = (o: object) => JSON.stringify(o);

describe('failureReason', () => {
  it.each([
    [
      'a 400 with its message',
      { statusCode: 400, payload: body({ resp_code: 400, resp_msg: '请求参数 x 不正确' }) },
      '请求参数 x 不正确',
    ],
    [
      'a 403',
      { method: 'DELETE', statusCode: 403, payload: body({ resp_code: 403, resp_msg: '没有权限访问' }) },
      '没有权限访问',
    ],
    [
      'a 404',
      { method: 'PUT', statusCode: 404, payload: body({ resp_code: 404, resp_msg: '记录不存在' }) },
      '记录不存在',
    ],
    [
      'a business refusal',
      { payload: body({ resp_code: 1, resp_msg: '角色编码已存在', datas: null }) },
      '角色编码已存在',
    ],
    ['a refusal as a Buffer', { payload: Buffer.from(body({ resp_code: 1, resp_msg: 'taken' })) }, 'taken'],
    ['a 500 without a body', { statusCode: 500, payload: '' }, 'HTTP 500'],
    [
      'a refused read that names its operation',
      { method: 'GET', declaresOperation: true, payload: body({ resp_code: 1, resp_msg: 'self' }) },
      'self',
    ],
  ] as const)('logs %s', (_, over, reason) => {
    expect(failureReason(answer(over))).toBe(reason);
  });

  it.each([
    ['a success', {}],
    ['a page of a list', { payload: body({ code: 0, msg: 'ok', count: 0, data: [] }) }],
    ['a 401 (no known user)', { statusCode: 401, payload: body({ resp_code: 401, resp_msg: '登录过期,请重新登录' }) }],
    [
      'a public route',
      { declaresPermission: false, statusCode: 400, payload: body({ resp_code: 400, resp_msg: 'x' }) },
    ],
    ['a read', { method: 'GET', statusCode: 404, payload: body({ resp_code: 404, resp_msg: '记录不存在' }) }],
    ['a body that is not JSON', { payload: 'resp_code: 1' }],
    ['a stream or download', { payload: { pipe: () => undefined } }],
  ] as const)('ignores %s', (_, over) => {
    expect(failureReason(answer(over))).toBeNull();
  });
});

describe('requestLine', () => {
  it('names the method and path, never the query string', () => {
    expect(requestLine('post', '/api-user/users/saveOrUpdate?token=secret')).toBe('POST /api-user/users/saveOrUpdate');
    expect(requestLine('DELETE', '/api-user/roles/7')).toBe('DELETE /api-user/roles/7');
  });
});
