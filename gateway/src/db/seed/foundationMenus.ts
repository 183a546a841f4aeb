// The menu entries every tenant starts with: the pages that exist now, the external API docs link, and one
// permission entry (type 2) per permission code. Roles are granted entries by `key`.
import { PERMISSIONS } from '@waterops/shared/auth';
import { MENU_TYPE } from '../tables.ts';

export type MenuSeed = {
  /** stable name for grants in this file; not stored */
  key: string;
  name: string;
  nameEn: string;
  type: number;
  path?: string;
  url?: string;
  css?: string;
  permission?: string;
  hidden?: boolean;
  affix?: boolean;
  badge?: string;
  target?: '_blank';
  children?: MenuSeed[];
};

const permission = (key: string, code: string, name: string, nameEn: string): MenuSeed => ({
  key,
  name,
  nameEn,
  type: MENU_TYPE.permission,
  permission: code,
});

export const FOUNDATION_MENUS: MenuSeed[] = [
  {
    key: 'home',
    name: '首页',
    nameEn: 'Home',
    type: MENU_TYPE.page,
    path: 'home/HomePage',
    url: '/index',
    css: 'home',
    affix: true,
  },
  {
    key: 'personalCenter',
    name: '个人中心',
    nameEn: 'Personal center',
    type: MENU_TYPE.page,
    path: 'user/PersonalCenterPage',
    url: '/personalCenter',
    css: 'user',
    children: [
      permission('profileView', PERMISSIONS.profileView, '查看个人信息', 'View own profile'),
      permission('profileEdit', PERMISSIONS.profileEdit, '修改个人信息', 'Edit own profile'),
      permission('passwordEdit', PERMISSIONS.passwordEdit, '修改密码', 'Change own password'),
      permission('fileUpload', PERMISSIONS.fileUpload, '上传图片', 'Upload images'),
    ],
  },
  {
    key: 'system',
    name: '系统管理',
    nameEn: 'System',
    type: MENU_TYPE.menu,
    path: 'Layout',
    url: '/system',
    css: 'cog',
    children: [
      // The account and role pages: migration m0004 adds them to tenants created before it and moves the
      // permission entries m0002 added under them.
      {
        key: 'accounts',
        name: '账号管理',
        nameEn: 'Accounts',
        type: MENU_TYPE.page,
        path: 'system/AccountPage',
        url: '/system/account',
        css: 'people',
        children: [
          permission('sysUserView', PERMISSIONS.sysUserView, '查看账号', 'View accounts'),
          permission('sysUserEdit', PERMISSIONS.sysUserEdit, '编辑账号', 'Edit accounts'),
        ],
      },
      {
        key: 'roles',
        name: '角色管理',
        nameEn: 'Roles',
        type: MENU_TYPE.page,
        path: 'system/RolePage',
        url: '/system/role',
        css: 'shield',
        children: [
          permission('sysRoleView', PERMISSIONS.sysRoleView, '查看角色', 'View roles'),
          permission('sysRoleEdit', PERMISSIONS.sysRoleEdit, '编辑角色和授权', 'Edit roles and grants'),
        ],
      },
      {
        key: 'operationLog',
        name: '操作日志',
        nameEn: 'Operation log',
        type: MENU_TYPE.page,
        path: 'system/OperationLogPage',
        url: '/system/operationLog',
        css: 'history',
        children: [permission('sysLogView', PERMISSIONS.sysLogView, '查看操作日志', 'View the operation log')],
      },
      // The built-in SMS sender's outbox (registration codes); migration m0005 adds it to tenants created before it.
      {
        key: 'smsOutbox',
        name: '短信发件箱',
        nameEn: 'SMS outbox',
        type: MENU_TYPE.page,
        path: 'system/SmsOutboxPage',
        url: '/system/smsOutbox',
        css: 'envelope',
        children: [permission('sysSmsView', PERMISSIONS.sysSmsView, '查看短信发件箱', 'View the SMS outbox')],
      },
      // Menu administration has no page yet; migration m0004 adds these to tenants created before it.
      permission('sysMenuView', PERMISSIONS.sysMenuView, '查看菜单', 'View menus'),
      permission('sysMenuEdit', PERMISSIONS.sysMenuEdit, '编辑菜单', 'Edit menus'),
    ],
  },
  {
    key: 'apiDocs',
    name: '接口文档',
    nameEn: 'API docs',
    type: MENU_TYPE.page,
    path: '',
    url: '/docs',
    css: 'document-open',
    badge: 'API',
    target: '_blank',
  },
  permission('admin', PERMISSIONS.admin, '超级管理员(全部权限)', 'Administrator (every permission)'),
];

/** The operator role: the shell pages and their own profile, password and avatar; no system pages, no log. */
export const OPERATOR_MENU_KEYS = [
  'home',
  'personalCenter',
  'apiDocs',
  'profileView',
  'profileEdit',
  'passwordEdit',
  'fileUpload',
] as const;
