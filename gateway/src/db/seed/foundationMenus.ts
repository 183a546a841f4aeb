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
  // The registry of places (regions 片区, residential areas 小区); migration m0009 adds it to older tenants.
  {
    key: 'registry',
    name: '档案管理',
    nameEn: 'Registry',
    type: MENU_TYPE.menu,
    path: 'Layout',
    url: '/registry',
    css: 'database',
    children: [
      {
        key: 'regions',
        name: '片区管理',
        nameEn: 'Regions',
        type: MENU_TYPE.page,
        path: 'place/RegionPage',
        url: '/registry/region',
        css: 'map',
        children: [
          permission('dataRegionView', PERMISSIONS.dataRegionView, '查看片区', 'View regions'),
          permission('dataRegionEdit', PERMISSIONS.dataRegionEdit, '编辑片区', 'Edit regions'),
        ],
      },
      {
        key: 'areas',
        name: '小区管理',
        nameEn: 'Residential areas',
        type: MENU_TYPE.page,
        path: 'place/AreaPage',
        url: '/registry/area',
        css: 'map-marker',
        children: [
          permission('dataAreaView', PERMISSIONS.dataAreaView, '查看小区', 'View residential areas'),
          permission('dataAreaEdit', PERMISSIONS.dataAreaEdit, '编辑小区', 'Edit residential areas'),
        ],
      },
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
      // Departments, administered with the accounts (sys:user:*); migration m0009 adds the page to older tenants.
      {
        key: 'departments',
        name: '部门管理',
        nameEn: 'Departments',
        type: MENU_TYPE.page,
        path: 'system/DepartmentPage',
        url: '/system/department',
        css: 'layout-hierarchy',
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
      // Companies administration and the own company's profile with its code rules; migration m0007 adds them to
      // tenants created before it.
      {
        key: 'companies',
        name: '公司管理',
        nameEn: 'Companies',
        type: MENU_TYPE.page,
        path: 'company/CompanyPage',
        url: '/system/company',
        css: 'office',
        children: [
          permission('sysCompanyView', PERMISSIONS.sysCompanyView, '查看公司', 'View companies'),
          permission(
            'sysCompanyEdit',
            PERMISSIONS.sysCompanyEdit,
            '编辑公司和编码规则',
            'Edit companies and code rules',
          ),
        ],
      },
      {
        key: 'companyProfile',
        name: '公司信息',
        nameEn: 'Company profile',
        type: MENU_TYPE.page,
        path: 'company/CompanyProfilePage',
        url: '/system/companyProfile',
        css: 'id-number',
      },
      // Menu administration: migration m0008 adds the page to tenants created before it and moves the permission
      // entries m0004 put directly under System below it.
      {
        key: 'menus',
        name: '菜单管理',
        nameEn: 'Menus',
        type: MENU_TYPE.page,
        path: 'system/MenuPage',
        url: '/system/menu',
        css: 'diagram-tree',
        children: [
          permission('sysMenuView', PERMISSIONS.sysMenuView, '查看菜单', 'View menus'),
          permission('sysMenuEdit', PERMISSIONS.sysMenuEdit, '编辑菜单', 'Edit menus'),
        ],
      },
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
