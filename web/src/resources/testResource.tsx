// A small descriptor and fake server for the framework's tests: water meters with a code, a name and a note
// (hidden by default), one batch action and permissions on every action.
import { checkMobile } from '@waterops/shared/user';
import { vi } from 'vitest';
import { demoUser, fakeUserServer } from '../test/renderDialog.tsx';
import { renderWithStore } from '../test/renderWithStore.tsx';
import { ResourceListPage } from './ResourceListPage.tsx';
import { required } from './rules.ts';
import type { ResourceDescriptor } from './types.ts';

export type Meter = { id: number; code: string; name: string; mobile: string; note: string };
export type MeterFilters = { code: string };

export const meter = (id: number): Meter => ({
  id,
  code: `M${String(id).padStart(4, '0')}`,
  name: `表 ${id}`,
  mobile: '13800000000',
  note: `备注 ${id}`,
});

export const batchRun = vi.fn();

export const meterResource: ResourceDescriptor<Meter, MeterFilters> = {
  id: 'test.meters',
  titleKey: 'log.title',
  list: { path: '/api-test/meters' },
  rowKey: (row) => row.id,
  initialFilters: { code: '' },
  filters: [{ kind: 'text', key: 'code', labelKey: 'log.username', placeholderKey: 'log.usernamePlaceholder' }],
  columns: [
    { key: 'code', titleKey: 'log.username', sortable: true },
    { key: 'name', titleKey: 'log.ip' },
    { key: 'note', titleKey: 'log.detail', hiddenByDefault: true },
  ],
  form: {
    itemKey: 'resourceItem.meter',
    fields: [
      {
        key: 'code',
        labelKey: 'log.username',
        rules: [required('rules.username.required')],
        exist: (code) => ({ url: '/api-test/meters/exist', params: { code } }),
      },
      { key: 'mobile', labelKey: 'profile.mobile', rules: [checkMobile] },
    ],
    save: (values, editing) => ({
      url: editing ? '/api-test/meters/update' : '/api-test/meters/save',
      method: 'POST',
      data: editing ? { ...values, id: editing.id } : values,
    }),
    createPermissions: ['meter:edit'],
    editPermissions: ['meter:edit'],
  },
  remove: {
    request: (row) => ({ url: `/api-test/meters/${row.id}`, method: 'DELETE' }),
    permissions: ['meter:delete'],
  },
  batchActions: [{ id: 'untie', labelKey: 'common.confirm', permissions: ['meter:edit'], onClick: batchRun }],
};

export type MeterServer = {
  /** the rows of a list call */
  rows?: (params: URLSearchParams) => Meter[];
  count?: number;
  /** whether the exist call finds the code */
  taken?: boolean;
  /** the answer to save */
  save?: unknown;
};

/** Renders the meters page signed in with `permissions`, over a fake server. */
export const renderMeters = (permissions: string[] = ['admin'], server: MeterServer = {}) => {
  const calls = fakeUserServer(demoUser({ permissions }), (url) => {
    const [path, query] = url.split('?');
    const params = new URLSearchParams(query);
    if (path?.endsWith('/api-test/meters')) {
      const rows = server.rows ? server.rows(params) : [meter(1), meter(2), meter(3)];
      return { code: 0, msg: 'ok', count: server.count ?? rows.length, data: rows };
    }
    if (path?.endsWith('/exist')) return { resp_code: 0, resp_msg: 'ok', datas: server.taken ?? false };
    if (path?.endsWith('/save') || path?.endsWith('/update')) return server.save;
    return undefined;
  });
  const view = renderWithStore(<ResourceListPage descriptor={meterResource} />, { session: { signedIn: true } });
  const lists = () =>
    calls
      .filter((c) => c.url.split('?')[0]?.endsWith('/api-test/meters'))
      .map((c) => new URLSearchParams(c.url.split('?')[1]));
  return { ...view, calls, lists };
};
