// Roles as a spreadsheet export: code, name (in the request language), English name, user count, creation time.
import type { Role } from '@waterops/shared/user';
import type { ExportSpec } from '../resource/resourceSheets.ts';
import { formatDateTime } from '../resource/sheetCells.ts';

export const roleExport: ExportSpec<Role> = {
  fileName: 'sheet.role.file',
  columns: [
    { header: 'sheet.role.code', value: (r) => r.code },
    { header: 'sheet.role.name', value: (r) => r.nameZh },
    { header: 'sheet.role.nameEn', value: (r) => r.nameEn },
    { header: 'sheet.role.userCount', value: (r) => r.userCount },
    { header: 'sheet.role.createTime', value: (r) => formatDateTime(new Date(r.createTime)) },
  ],
};
