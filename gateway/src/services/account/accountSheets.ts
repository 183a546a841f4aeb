// Accounts as spreadsheets: the export columns (what the list shows) and the import columns (user name, nickname,
// mobile, role names, initial password). Role names are resolved to the tenant's role ids, Chinese or English name;
// an unknown one fails the row with its name.
import type { Account, AccountSave } from '@waterops/shared/user';
import type { ExportSpec, ImportSpec } from '../resource/resourceSheets.ts';
import { formatDateTime } from '../resource/sheetCells.ts';
import { allRoles } from '../role/roleRepository.ts';

export const accountExport: ExportSpec<Account> = {
  fileName: 'sheet.user.file',
  columns: [
    { header: 'sheet.user.username', value: (a) => a.username },
    { header: 'sheet.user.nickname', value: (a) => a.nickname },
    { header: 'sheet.user.mobile', value: (a) => a.mobile },
    { header: 'sheet.user.roles', value: (a) => a.roles.map((r) => r.name).join(', ') },
    {
      header: 'sheet.user.enabled',
      value: (a, t) => t(a.enabled ? 'sheet.user.stateEnabled' : 'sheet.user.stateDisabled'),
    },
    { header: 'sheet.user.createTime', value: (a) => formatDateTime(new Date(a.createTime)) },
  ],
};

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

export const accountImport: ImportSpec<AccountSave> = {
  fileName: 'sheet.user.file',
  columns: [
    { field: 'username', header: 'sheet.user.username', kind: 'text', note: 'sheet.user.usernameNote' },
    { field: 'nickname', header: 'sheet.user.nickname', kind: 'text', note: 'sheet.user.nicknameNote' },
    { field: 'mobile', header: 'sheet.user.mobile', kind: 'text', note: 'sheet.user.mobileNote' },
    { field: 'roleIds', header: 'sheet.user.roles', kind: 'list', note: 'sheet.user.rolesNote' },
    { field: 'password', header: 'sheet.user.password', kind: 'text', note: 'sheet.user.passwordNote' },
  ],
  prepare: async (db, companyId) => {
    const roles = await allRoles(db, companyId);
    const idOf = new Map<string, number>();
    for (const r of roles) idOf.set(r.name.trim().toLowerCase(), Number(r.id));
    // the Chinese name wins when an English name happens to equal another role's Chinese name
    for (const r of roles) {
      const en = r.name_en?.trim().toLowerCase();
      if (en && !idOf.has(en)) idOf.set(en, Number(r.id));
    }
    return (cells) => {
      const roleIds: number[] = [];
      for (const name of (cells.roleIds as string[] | undefined) ?? []) {
        const id = idOf.get(name.toLowerCase());
        if (id === undefined) return { refusal: { key: 'import.unknownRole', params: { name } } };
        roleIds.push(id);
      }
      // missing texts stay empty so the account form's own rules name them ('用户名不能为空', '请输入昵称'…)
      return {
        body: {
          username: text(cells.username) ?? '',
          nickname: text(cells.nickname) ?? '',
          mobile: text(cells.mobile) ?? null,
          password: text(cells.password) ?? '',
          roleIds,
        },
      };
    };
  },
};
