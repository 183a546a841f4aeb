// /api-user and /api-file paths (spec §7; profile and avatar paths are ours, the spec does not show them).
export const USER_PATHS = {
  currentUser: '/api-user/users/current',
  currentMenus: '/api-user/menus/current',
  /** GET: route paths of the tenant's pages the signed-in user is not granted (the guard sends them to /401) */
  withheldRoutes: '/api-user/menus/current/withheld',
  company: (id: number | string) => `/api-user/companys/${id}`,
  profile: '/api-user/users/me',
  password: '/api-user/users/password',
  /** GET: the tenant's operation log, paged (page, limit, username, startTime, endTime), newest first */
  logs: '/api-user/logs',
  /** GET: the tenant's roles, paged (page, limit, name, code, sort, order), each with its user count */
  roles: '/api-user/roles',
  /** GET: every role of the tenant (Result of an array) */
  allRoles: '/api-user/allRoles',
  /** GET ?companyId: the roles of the caller's company (another company id: 404) */
  companyRoles: '/api-user/companyRoles',
  /** POST JSON RoleSave: no id = create */
  roleSaveOrUpdate: '/api-user/roles/saveOrUpdate',
  /** GET ?field=code|name&value&id → datas: true when taken */
  roleExist: '/api-user/roles/exist',
  /** DELETE */
  role: (id: number | string) => `/api-user/roles/${id}`,
  /** GET: the tenant's whole menu tree, each entry `checked` when granted to the role */
  roleMenus: (roleId: number | string) => `/api-user/menus/${roleId}/menus`,
  /** GET: the tenant's accounts, paged (username, nickname, mobile, enabled, roleId, sort, order) */
  users: '/api-user/users',
  /** POST JSON AccountSave: no id = create */
  userSaveOrUpdate: '/api-user/users/saveOrUpdate',
  /** GET ?field=username&value&id → datas: true when taken (in any tenant) */
  userExist: '/api-user/users/exist',
  /** GET ?id&enabled: disabling ends the account's sessions */
  userEnabled: '/api-user/users/updateEnabled',
  /** PUT {password}: administrator reset; DELETE: delete (not yourself) */
  user: (id: number | string) => `/api-user/users/${id}`,
  userPassword: (id: number | string) => `/api-user/users/${id}/password`,
  /** POST JSON {roleId, menuIds}: replaces the role's grants */
  menusGranted: '/api-user/menus/granted',
  /** GET: the tenant's menu entries, flat (name, sort, order); build the tree from parentId */
  menus: '/api-user/menus',
  /** POST JSON MenuSave: no id = create */
  menuSaveOrUpdate: '/api-user/menus/saveOrUpdate',
  /** DELETE: refused while it has children */
  menu: (id: number | string) => `/api-user/menus/${id}`,
  /** GET: the caller's company's menu tree, each entry `opened` (read-only: the parent company decides) */
  companyMenus: '/api-user/menus/company/menus',
  /** GET: a child company's menu tree with `opened` (not a child of the caller's company: 404) */
  childCompanyMenus: (companyId: number | string) => `/api-user/menus/company/${companyId}/menus`,
  /** POST JSON {menuIds}: the child company's open entries (ancestors opened too, the rest closed) */
  childCompanyOpened: (companyId: number | string) => `/api-user/menus/company/${companyId}/opened`,
} as const;

export const FILE_PATHS = {
  /** POST multipart, field `file`: an image under 2 MB */
  upload: '/api-file/files-anon',
  /** GET: the stored file */
  file: (id: string) => `/api-file/files/${id}`,
} as const;

/** Images only, under 2 MB (spec §5). SVG is refused: served from our origin it could carry script. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
