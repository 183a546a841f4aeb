// Downloads through the request layer (spec §7 export helper, §8 export failure) against a fake fetch, and the
// export query built from the list's.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureRequest, fileNameFromDisposition, RequestError, requestFile } from '../api/request.ts';
import { exportQuery } from './resourceApi.ts';

describe('fileNameFromDisposition', () => {
  it.each([
    ['nothing', null, null],
    [
      'the UTF-8 name wins over the ASCII fallback',
      `attachment; filename="_-20240507090302.xlsx"; filename*=UTF-8''%E8%B4%A6%E5%8F%B7-20240507090302.xlsx`,
      '账号-20240507090302.xlsx',
    ],
    ['a plain quoted name', 'attachment; filename="roles.xlsx"', 'roles.xlsx'],
    ['a plain bare name', 'attachment; filename=roles.xlsx', 'roles.xlsx'],
    ['a broken escape falls back', `attachment; filename="a.xlsx"; filename*=UTF-8''%E8%ZZ.xlsx`, 'a.xlsx'],
  ])('%s', (_, header, name) => {
    expect(fileNameFromDisposition(header)).toBe(name);
  });
});

describe('exportQuery', () => {
  it('keeps the filters and sort of the list query, not its page', () => {
    expect(
      exportQuery({ username: 'ad', enabled: 'false', page: 3, limit: 50, sort: 'username', order: 'desc' }),
    ).toEqual({ username: 'ad', enabled: 'false', sort: 'username', order: 'desc' });
  });
});

describe('requestFile', () => {
  let shown: string[];
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    shown = [];
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    configureRequest({
      getToken: () => 'tok',
      getLocale: () => 'zh-CN',
      translate: (key) => ({ 'export.failed': '导出失败' })[key] ?? key,
      showMessage: (t) => shown.push(t),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the token and the params without empty values (0 and false kept) and reads the file name', async () => {
    fetchMock.mockResolvedValue(
      new Response(new Blob(['xlsx']), {
        status: 200,
        headers: { 'content-disposition': `attachment; filename="x.xlsx"; filename*=UTF-8''%E8%A7%92%E8%89%B2.xlsx` },
      }),
    );
    const file = await requestFile({
      url: '/api-user/roles/export',
      params: { name: '', code: 0, on: false, x: null },
    });
    expect(file.fileName).toBe('角色.xlsx');
    expect(await file.blob.text()).toBe('xlsx');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api-user/roles/export?code=0&on=false');
    expect((init.headers as Record<string, string>).Authorization).toBe('bearer tok');
  });

  it('shows the export-failed message with the server reason on a non-200 answer', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ resp_code: 400, resp_msg: '数据太多' }), { status: 400 }),
    );
    await expect(requestFile({ url: '/x' })).rejects.toBeInstanceOf(RequestError);
    expect(shown).toEqual(['导出失败: 数据太多']);
  });

  it('shows the export-failed message when the request itself fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(requestFile({ url: '/x' })).rejects.toBeInstanceOf(RequestError);
    expect(shown).toEqual(['导出失败']);
  });
});
