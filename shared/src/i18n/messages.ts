// Messages both sides show: the form rules' texts (spec §5, verbatim in Chinese) and the server's error
// catalogue. The web client loads them into i18next; the gateway picks one by Accept-Language.
// Placeholders are `{{name}}` (i18next style).

import { complaintMessages } from '../complaint/complaintMessages.ts';
import { complaintPageMessages } from '../complaint/complaintPageMessages.ts';
import { meterKindMessages } from '../device/meterKind.ts';
import { displayMessages } from '../display/displayMessages.ts';
import { raiseMessages } from '../workorder/raiseMessages.ts';
import { workCalendarMessages } from '../workorder/workCalendarMessages.ts';
import { workOrderMessages } from '../workorder/workOrderMessages.ts';
import { workOrderPageMessages } from '../workorder/workOrderPageMessages.ts';
import { alarmMessages } from './alarmMessages.ts';
import { dmaAnalysisMessages } from './dmaAnalysisMessages.ts';
import { dmaMessages } from './dmaMessages.ts';
import { liveMessages } from './liveMessages.ts';
import { DEFAULT_LOCALE, type Locale } from './locale.ts';
import { monitoringMessages } from './monitoringMessages.ts';
import { networkMessages } from './networkMessages.ts';
import { noticeMessages } from './noticeMessages.ts';
import { totpMessages } from './totpMessages.ts';

export { LOCALES } from './locale.ts';
export { DEFAULT_LOCALE, type Locale };

const catalogue = {
  // Profile form (spec §5)
  'rules.nickname.required': { 'zh-CN': '请输入昵称', en: 'Please enter a nickname' },
  'rules.mobile.required': { 'zh-CN': '请输入手机号码', en: 'Please enter a mobile number' },
  'rules.mobile.format': { 'zh-CN': '手机号码格式不对', en: 'The mobile number format is wrong' },
  // Password form (spec §5)
  'rules.oldPassword.required': { 'zh-CN': '请输入旧密码', en: 'Please enter the old password' },
  'rules.newPassword.required': { 'zh-CN': '请输入新密码', en: 'Please enter the new password' },
  'rules.newPassword.format': { 'zh-CN': '密码格式不对!', en: 'The password format is wrong!' },
  'rules.rePassword.required': { 'zh-CN': '请再次输入新密码', en: 'Please enter the new password again' },
  'rules.rePassword.mismatch': { 'zh-CN': '两次输入密码不一致!', en: 'The two passwords do not match!' },
  // Sign-in form
  'rules.username.required': { 'zh-CN': '用户名不能为空', en: 'The user name cannot be empty' },
  'rules.password.required': { 'zh-CN': '请输入密码', en: 'Please enter the password' },
  'rules.validCode.required': { 'zh-CN': '请输入验证码', en: 'Please enter the verification code' },
  // Upload (spec §5)
  'rules.upload.tooLarge': {
    'zh-CN': '上传图片大小不能超过 2MB!',
    en: 'The size of the uploaded picture cannot exceed 2MB!',
  },
  'rules.upload.notImage': { 'zh-CN': '只能上传图片文件', en: 'Only image files can be uploaded' },
  // Any free text longer than its schema's maxLength (spec §5 "label at most 20 characters"): the forms check it and
  // the server answers it for a request that breaks the limit (plugins/errors.ts), under the field it names
  'rules.text.tooLong': { 'zh-CN': '长度不能超过 {{max}} 个字符', en: 'At most {{max}} characters' },
  // a number outside its schema's range (an import cell), said as the bound it passed
  'rules.number.min': { 'zh-CN': '不能小于 {{min}}', en: 'Cannot be less than {{min}}' },
  'rules.number.max': { 'zh-CN': '不能大于 {{max}}', en: 'Cannot be more than {{max}}' },

  // Server error catalogue
  'errors.badRequest': { 'zh-CN': '请求参数 {{field}} 不正确', en: 'The request field {{field}} is invalid' },
  'errors.unauthorized': { 'zh-CN': '登录过期,请重新登录', en: 'Your sign-in has expired, please sign in again' },
  'errors.forbidden': { 'zh-CN': '没有权限访问', en: 'You do not have permission for this' },
  'errors.notFound': { 'zh-CN': '记录不存在', en: 'The record does not exist' },
  'errors.routeNotFound': { 'zh-CN': '接口不存在', en: 'No such API' },
  'errors.internal': { 'zh-CN': '服务器内部错误', en: 'Internal server error' },
  'errors.tooManyRequests': { 'zh-CN': '请求过于频繁,请稍后再试', en: 'Too many requests, please try again later' },
  'errors.upstreamDown': { 'zh-CN': '后端接口连接异常', en: 'The back-end service cannot be reached' },
  'errors.upstreamTimeout': { 'zh-CN': '后端接口请求超时', en: 'The back-end service timed out' },
  // Bad input the schemas refuse in every route (gateway plugins/typeBoxProvider.ts, errors.ts; issue 17.2)
  'errors.nulByte': {
    'zh-CN': '请求参数 {{field}} 含有不允许的控制字符(NUL)',
    en: 'The request field {{field}} contains a control character (NUL) that is not allowed',
  },
  'errors.tooSmall': {
    'zh-CN': '请求参数 {{field}} 不能小于 {{limit}}',
    en: 'The request field {{field}} cannot be less than {{limit}}',
  },
  'errors.tooLarge': {
    'zh-CN': '请求参数 {{field}} 不能大于 {{limit}}',
    en: 'The request field {{field}} cannot be greater than {{limit}}',
  },
  'errors.nullNotAllowed': {
    'zh-CN': '请求参数 {{field}} 不能为空',
    en: 'The request field {{field}} cannot be empty',
  },
  'errors.badValue': {
    'zh-CN': '请求中有无法保存的值(超出范围或含有非法字符)',
    en: 'The request holds a value that cannot be stored (out of range or with an invalid character)',
  },
  'errors.badUpload': {
    'zh-CN': '上传的文件数据不完整或格式错误,请重新上传',
    en: 'The upload is incomplete or malformed: please upload the file again',
  },
  'errors.databaseDown': {
    'zh-CN': '数据库暂时无法连接,请稍后再试',
    en: 'The database cannot be reached right now, please try again shortly',
  },
  'edge.webNotBuilt': {
    'zh-CN': 'Web 应用尚未构建,请先运行 npm run build',
    en: 'The web app is not built yet: run npm run build',
  },
  'auth.badClient': { 'zh-CN': '客户端认证失败', en: 'Client authentication failed' },
  'auth.unsupportedGrant': { 'zh-CN': '不支持的授权类型', en: 'Unsupported grant type' },
  'auth.badCredentials': { 'zh-CN': '用户名或密码错误', en: 'Wrong user name or password' },
  'auth.userDisabled': { 'zh-CN': '用户已被禁用', en: 'This account is disabled' },
  'auth.captchaRequired': { 'zh-CN': '请输入验证码', en: 'Please enter the verification code' },
  'auth.captchaWrong': { 'zh-CN': '验证码错误', en: 'Wrong verification code' },
  'auth.captchaExpired': { 'zh-CN': '验证码已过期,请刷新', en: 'The verification code has expired, please refresh it' },
  'auth.tooManyAttempts': {
    'zh-CN': '登录失败次数过多,请 {{minutes}} 分钟后再试',
    en: 'Too many failed sign-ins, try again in {{minutes}} minutes',
  },
  'auth.oldPasswordWrong': { 'zh-CN': '旧密码错误', en: 'The old password is wrong' },
  'auth.samePassword': { 'zh-CN': '新密码不能与旧密码相同', en: 'The new password must differ from the old one' },
  'errors.invalidRequest': { 'zh-CN': '请求无效', en: 'The request is invalid' },
  'common.success': { 'zh-CN': '操作成功', en: 'Done' },
  // Operation log: names of the operations (shared/src/user/operationLog.ts OPERATIONS)
  'oplog.signIn': { 'zh-CN': '登录', en: 'Sign in' },
  'oplog.signOut': { 'zh-CN': '退出登录', en: 'Sign out' },
  'oplog.profileUpdate': { 'zh-CN': '修改个人信息', en: 'Update profile' },
  'oplog.passwordChange': { 'zh-CN': '修改密码', en: 'Change password' },
  'oplog.fileUpload': { 'zh-CN': '上传文件', en: 'Upload file' },
  'oplog.roleCreate': { 'zh-CN': '新增角色', en: 'Create role' },
  'oplog.roleUpdate': { 'zh-CN': '修改角色', en: 'Update role' },
  'oplog.roleDelete': { 'zh-CN': '删除角色', en: 'Delete role' },
  'oplog.roleGrant': { 'zh-CN': '角色授权菜单', en: 'Grant menus to role' },
  'oplog.userCreate': { 'zh-CN': '新增账号', en: 'Create account' },
  'oplog.userUpdate': { 'zh-CN': '修改账号', en: 'Update account' },
  'oplog.userDelete': { 'zh-CN': '删除账号', en: 'Delete account' },
  'oplog.userEnable': { 'zh-CN': '启用账号', en: 'Enable account' },
  'oplog.userDisable': { 'zh-CN': '禁用账号', en: 'Disable account' },
  'oplog.userPasswordReset': { 'zh-CN': '重置密码', en: 'Reset password' },
  'oplog.menuCreate': { 'zh-CN': '新增菜单', en: 'Create menu entry' },
  'oplog.menuUpdate': { 'zh-CN': '修改菜单', en: 'Update menu entry' },
  'oplog.menuDelete': { 'zh-CN': '删除菜单', en: 'Delete menu entry' },
  'oplog.companyMenusOpen': { 'zh-CN': '设置公司开通菜单', en: 'Set the menus open for a company' },
  // Operation log: a refused change on a route that names no operation of its own
  'oplog.request': { 'zh-CN': '接口请求', en: 'API request' },
  'oplog.companyCreate': { 'zh-CN': '新增公司', en: 'Create company' },
  'oplog.companyUpdate': { 'zh-CN': '修改公司', en: 'Update company' },
  'oplog.companyEnable': { 'zh-CN': '启用公司', en: 'Enable company' },
  'oplog.companyDisable': { 'zh-CN': '禁用公司', en: 'Disable company' },
  'oplog.companyProfileUpdate': { 'zh-CN': '修改公司信息', en: 'Update company profile' },
  'oplog.codeRuleSave': { 'zh-CN': '保存编码规则', en: 'Save code rules' },
  // Resources: uniqueness and business refusals (spec §5: codes and names must be unique; role name not empty)
  'rules.roleName.required': { 'zh-CN': '角色名称不能为空', en: 'The role name cannot be empty' },
  'rules.roleCode.required': { 'zh-CN': '角色编码不能为空', en: 'The role code cannot be empty' },
  'resource.roleCode.exists': { 'zh-CN': '角色编码已存在', en: 'The role code already exists' },
  'resource.roleName.exists': { 'zh-CN': '角色名称已存在', en: 'The role name already exists' },
  'resource.role.hasUsers': {
    'zh-CN': '该角色下还有 {{count}} 个用户,不能删除',
    en: 'This role still has {{count}} users and cannot be deleted',
  },
  'resource.role.builtIn': {
    'zh-CN': '系统内置的管理员角色不能删除或修改编码',
    en: 'The built-in administrator role cannot be deleted or recoded',
  },
  'resource.menu.notGrantable': {
    'zh-CN': '不能授予自己没有的权限',
    en: 'You cannot grant a permission you do not hold',
  },
  'resource.username.exists': { 'zh-CN': '用户名已存在', en: 'The user name already exists' },
  'resource.user.self': { 'zh-CN': '不能删除或禁用自己的账号', en: 'You cannot delete or disable your own account' },
  'rules.menuName.required': { 'zh-CN': '菜单名称不能为空', en: 'The menu name cannot be empty' },
  'rules.menuPermission.required': {
    'zh-CN': '权限标识不能为空',
    en: 'The permission code cannot be empty',
  },
  'resource.menu.hasChildren': {
    'zh-CN': '该菜单下还有子菜单,不能删除',
    en: 'This menu entry still has children and cannot be deleted',
  },
  'resource.menuPermission.exists': {
    'zh-CN': '权限标识已存在',
    en: 'The permission code already exists',
  },
  'resource.menu.badParent': { 'zh-CN': '上级菜单无效', en: 'The parent menu entry is invalid' },
  'resource.menu.unknownPermission': { 'zh-CN': '未知的权限标识', en: 'Unknown permission code' },
  // Menus open / not open per company (H4)
  'resource.companyMenus.unknownMenu': {
    'zh-CN': '菜单不属于该公司',
    en: 'A menu entry does not belong to this company',
  },
  'resource.menu.notOpened': {
    'zh-CN': '该菜单尚未开通,不能修改或删除',
    en: 'This menu entry is not open for your company and cannot be changed or deleted',
  },
  'rules.accountPassword.format': { 'zh-CN': '密码长度至少为6位', en: 'The password must be at least 6 characters' },
  // Every password set (issue 17): common passwords, runs, repeats and the user name are guessed first
  'rules.password.common': {
    'zh-CN': '密码太常见,容易被猜中,请换一个',
    en: 'This password is too common and easy to guess; please choose another',
  },
  // Self-registration and SMS codes (shared/src/registration)
  'rules.username.format': {
    'zh-CN': '用户名只能包含字母、数字和 _ . @ -',
    en: 'The user name may only hold letters, digits and _ . @ -',
  },
  'rules.smsCode.required': { 'zh-CN': '请输入短信验证码', en: 'Please enter the SMS code' },
  'rules.smsCode.format': { 'zh-CN': '短信验证码为6位数字', en: 'The SMS code is 6 digits' },
  'sms.registerText': {
    'zh-CN': '【WaterOps】您的注册验证码为 {{code}},{{minutes}} 分钟内有效。如非本人操作,请忽略本短信。',
    en: '[WaterOps] Your registration code is {{code}}, valid for {{minutes}} minutes. If you did not ask for it, ignore this message.',
  },
  'sms.codeSent': { 'zh-CN': '验证码已发送', en: 'The code has been sent' },
  'sms.tooSoon': {
    'zh-CN': '验证码发送过于频繁,请 {{seconds}} 秒后再试',
    en: 'A code was sent just now, try again in {{seconds}} seconds',
  },
  'sms.dailyLimit': {
    'zh-CN': '该手机号码获取验证码次数已达上限,请 {{hours}} 小时后再试',
    en: 'This mobile number has had too many codes, try again in {{hours}} hours',
  },
  'sms.ipLimit': {
    'zh-CN': '获取验证码过于频繁,请 {{minutes}} 分钟后再试',
    en: 'Too many codes asked for from here, try again in {{minutes}} minutes',
  },
  'sms.sendFailed': { 'zh-CN': '短信发送失败,请稍后再试', en: 'The SMS could not be sent, please try again later' },
  'sms.codeWrong': { 'zh-CN': '短信验证码错误', en: 'Wrong SMS code' },
  'sms.codeInvalid': {
    'zh-CN': '短信验证码已失效,请重新获取',
    en: 'The SMS code is no longer valid, please get a new one',
  },
  'registration.closed': {
    'zh-CN': '暂未开放注册,请联系管理员',
    en: 'Registration is closed, please contact the administrator',
  },
  'registration.mobileTaken': { 'zh-CN': '该手机号码已注册', en: 'This mobile number is already registered' },
  'registration.success': { 'zh-CN': '注册成功,请登录', en: 'Registered, please sign in' },
  'oplog.userRegister': { 'zh-CN': '注册账号', en: 'Register account' },
  'oplog.smsCodeSend': { 'zh-CN': '发送短信验证码', en: 'Send SMS code' },
  // Companies and code rules (issue 3: companies administration, company profile, code rules)
  'rules.companyName.required': { 'zh-CN': '请输入公司名称', en: 'Please enter the company name' },
  'rules.companyCode.required': { 'zh-CN': '请输入公司编码', en: 'Please enter the company code' },
  'rules.companyCode.format': {
    'zh-CN': '公司编码只能是2-20位字母或数字',
    en: 'The company code must be 2-20 letters or digits',
  },
  'rules.logoImg.format': { 'zh-CN': '公司Logo图片地址不正确', en: 'The logo image address is invalid' },
  'resource.companyName.exists': { 'zh-CN': '公司名称已存在', en: 'The company name already exists' },
  'resource.companyCode.exists': { 'zh-CN': '公司编码已存在', en: 'The company code already exists' },
  'resource.company.self': { 'zh-CN': '不能禁用自己的公司', en: 'You cannot disable your own company' },
  'auth.companyDisabled': {
    'zh-CN': '所属公司已被禁用,请联系管理员',
    en: 'Your company has been disabled, please contact the administrator',
  },
  'rules.codePrefix.format': { 'zh-CN': '前缀最多20位字母或数字', en: 'The prefix is at most 20 letters or digits' },
  'rules.codeSeqLength.range': { 'zh-CN': '流水号长度为3到10位', en: 'The sequence length is 3 to 10 digits' },
  'rules.codeNextSeq.range': {
    'zh-CN': '下一个流水号必须大于0且不超过流水号长度',
    en: 'The next sequence must be above 0 and fit the sequence length',
  },
  'rules.codeKind.duplicate': { 'zh-CN': '编码类型重复', en: 'The code kind appears twice' },
  // Spreadsheet export and import of resource lists (shared/src/api/importJob.ts; spec §8 export failure and
  // "import failed with failed list downloaded")
  'oplog.dataExport': { 'zh-CN': '导出数据', en: 'Export data' },
  'oplog.dataImport': { 'zh-CN': '导入数据', en: 'Import data' },
  'export.failed': { 'zh-CN': '导出失败', en: 'Export failed' },
  'export.tooMany': {
    'zh-CN': '符合条件的数据超过 {{max}} 条,请缩小查询范围后再导出',
    en: 'More than {{max}} rows match: narrow the filters and export again',
  },
  'import.failed': {
    'zh-CN': '导入失败,失败列表已下载',
    en: 'Import failed; the list of failed rows has been downloaded',
  },
  'import.notXlsx': { 'zh-CN': '只能导入 .xlsx 格式的文件', en: 'Only .xlsx files can be imported' },
  'import.tooLarge': { 'zh-CN': '导入文件大小不能超过 5MB', en: 'The import file cannot exceed 5MB' },
  'import.tooManyRows': {
    'zh-CN': '导入数据不能超过 {{max}} 行',
    en: 'An import cannot hold more than {{max}} rows',
  },
  'import.noRows': { 'zh-CN': '文件中没有可导入的数据', en: 'The file holds no rows to import' },
  'import.unreadable': {
    'zh-CN': '文件无法读取,请使用导入模板',
    en: 'The file could not be read; please use the import template',
  },
  'import.missingColumns': {
    'zh-CN': '缺少列:{{columns}},请使用导入模板',
    en: 'Missing columns: {{columns}}; please use the import template',
  },
  'import.interrupted': {
    'zh-CN': '导入因服务重启而中断,请重新导入',
    en: 'The import was interrupted by a server restart; please import again',
  },
  'import.badNumber': { 'zh-CN': '{{column}}应为数字', en: '{{column}} must be a number' },
  'import.badBoolean': { 'zh-CN': '{{column}}应为 是 或 否', en: '{{column}} must be yes or no' },
  'import.badValue': { 'zh-CN': '{{column}}格式不正确', en: 'The {{column}} value is invalid' },
  // a cell that breaks a limit: the column, then the limit's own message (as the form and the API say it)
  'import.columnProblem': { 'zh-CN': '{{column}}:{{reason}}', en: '{{column}}: {{reason}}' },
  'import.unknownRole': { 'zh-CN': '角色不存在:{{name}}', en: 'No such role: {{name}}' },
  'sheet.reason': { 'zh-CN': '失败原因', en: 'Reason' },
  'sheet.notes': { 'zh-CN': '填写说明', en: 'Notes' },
  'sheet.template': { 'zh-CN': '导入模板', en: 'import template' },
  'sheet.failures': { 'zh-CN': '导入失败数据', en: 'failed rows' },
  'sheet.column': { 'zh-CN': '列', en: 'Column' },
  'sheet.note': { 'zh-CN': '说明', en: 'Note' },
  'sheet.yes': { 'zh-CN': '是', en: 'Yes' },
  'sheet.no': { 'zh-CN': '否', en: 'No' },
  'sheet.user.file': { 'zh-CN': '账号', en: 'accounts' },
  'sheet.user.username': { 'zh-CN': '用户名', en: 'User name' },
  'sheet.user.nickname': { 'zh-CN': '昵称', en: 'Nickname' },
  'sheet.user.mobile': { 'zh-CN': '手机号码', en: 'Mobile' },
  'sheet.user.roles': { 'zh-CN': '角色', en: 'Roles' },
  'sheet.user.enabled': { 'zh-CN': '状态', en: 'State' },
  'sheet.user.createTime': { 'zh-CN': '创建时间', en: 'Created' },
  'sheet.user.password': { 'zh-CN': '初始密码', en: 'Initial password' },
  'sheet.user.stateEnabled': { 'zh-CN': '启用', en: 'Enabled' },
  'sheet.user.stateDisabled': { 'zh-CN': '禁用', en: 'Disabled' },
  'sheet.user.usernameNote': {
    'zh-CN': '必填;字母、数字和 _ . @ -;全平台唯一',
    en: 'Required; letters, digits and _ . @ -; unique on the whole platform',
  },
  'sheet.user.nicknameNote': { 'zh-CN': '必填', en: 'Required' },
  'sheet.user.mobileNote': {
    'zh-CN': '选填;11 位手机号码',
    en: 'Optional; an 11-digit mobile number',
  },
  'sheet.user.rolesNote': {
    'zh-CN': '角色名称,多个用逗号分隔',
    en: 'Role names, several separated by commas',
  },
  'sheet.user.passwordNote': { 'zh-CN': '必填;至少 6 位', en: 'Required; at least 6 characters' },
  'sheet.role.file': { 'zh-CN': '角色', en: 'roles' },
  'sheet.role.code': { 'zh-CN': '角色编码', en: 'Code' },
  'sheet.role.name': { 'zh-CN': '角色名称', en: 'Name' },
  'sheet.role.nameEn': { 'zh-CN': '英文名称', en: 'English name' },
  'sheet.role.userCount': { 'zh-CN': '用户数', en: 'Users' },
  'sheet.role.createTime': { 'zh-CN': '创建时间', en: 'Created' },
  // Places and data scope (regions 片区, residential areas 小区, departments, account scope)
  'rules.regionName.required': { 'zh-CN': '片区名称不能为空', en: 'The region name cannot be empty' },
  'rules.areaName.required': { 'zh-CN': '小区名称不能为空', en: 'The residential area name cannot be empty' },
  'rules.areaRegion.required': { 'zh-CN': '请选择片区', en: 'Please choose a region' },
  'rules.longitude.format': { 'zh-CN': '经度格式不对', en: 'The longitude is not valid' },
  'rules.latitude.format': { 'zh-CN': '纬度格式不对', en: 'The latitude is not valid' },
  'rules.departmentName.required': { 'zh-CN': '部门名称不能为空', en: 'The department name cannot be empty' },
  'resource.regionName.exists': { 'zh-CN': '片区名称已存在', en: 'The region name already exists' },
  'resource.areaName.exists': { 'zh-CN': '小区名称已存在', en: 'The residential area name already exists' },
  'resource.departmentName.exists': {
    'zh-CN': '同级部门中已存在该名称',
    en: 'A department of the same parent already has this name',
  },
  'resource.region.hasAreas': {
    'zh-CN': '该片区下还有 {{count}} 个小区,不能删除',
    en: 'This region still has {{count}} residential areas and cannot be deleted',
  },
  'resource.place.inScope': {
    'zh-CN': '该记录已分配给账号的数据权限,不能删除',
    en: "This record is part of an account's data scope and cannot be deleted",
  },
  'resource.department.hasChildren': {
    'zh-CN': '该部门下还有下级部门,不能删除',
    en: 'This department still has sub-departments and cannot be deleted',
  },
  'resource.department.hasUsers': {
    'zh-CN': '该部门下还有 {{count}} 个账号,不能删除',
    en: 'This department still has {{count}} accounts and cannot be deleted',
  },
  'resource.scope.outside': { 'zh-CN': '超出数据权限范围', en: 'Outside your data scope' },
  'oplog.regionCreate': { 'zh-CN': '新增片区', en: 'Create region' },
  'oplog.regionUpdate': { 'zh-CN': '修改片区', en: 'Update region' },
  'oplog.regionDelete': { 'zh-CN': '删除片区', en: 'Delete region' },
  'oplog.areaCreate': { 'zh-CN': '新增小区', en: 'Create residential area' },
  'oplog.areaUpdate': { 'zh-CN': '修改小区', en: 'Update residential area' },
  'oplog.areaDelete': { 'zh-CN': '删除小区', en: 'Delete residential area' },
  'oplog.departmentCreate': { 'zh-CN': '新增部门', en: 'Create department' },
  'oplog.departmentUpdate': { 'zh-CN': '修改部门', en: 'Update department' },
  'oplog.departmentDelete': { 'zh-CN': '删除部门', en: 'Delete department' },
  'oplog.userScopeSave': { 'zh-CN': '设置账号数据权限', en: "Set an account's data scope" },
  'oplog.userScopeDelete': { 'zh-CN': '清除账号数据权限', en: "Clear an account's data scope" },
  // Concentrators and collectors (shared/src/device/concentrators.ts, collectors.ts)
  'rules.concentratorCode.required': { 'zh-CN': '请输入集中器编号', en: 'Please enter the concentrator code' },
  'rules.collectorCode.required': { 'zh-CN': '请输入采集器编号', en: 'Please enter the collector code' },
  'rules.collectorLinkKind.required': { 'zh-CN': '请选择有线或无线', en: 'Please choose wired or wireless' },
  'rules.deviceArea.required': { 'zh-CN': '请选择小区', en: 'Please choose a residential area' },
  'rules.deviceRate.range': {
    'zh-CN': '频率应为1到1440分钟的整数',
    en: 'The frequency must be a whole number of minutes from 1 to 1440',
  },
  'rules.ip.required': { 'zh-CN': '请输入IP地址', en: 'Please enter the IP address' },
  'rules.port.required': { 'zh-CN': '请输入端口', en: 'Please enter the port' },
  'resource.concentratorCode.exists': { 'zh-CN': '集中器编号不能重复', en: 'The code must be unique' },
  'resource.collectorCode.exists': { 'zh-CN': '采集器编号不能重复', en: 'The code must be unique' },
  'resource.concentrator.hasDevices': {
    'zh-CN': '该集中器下还有 {{collectors}} 个采集器、{{meters}} 块水表,不能删除',
    en: 'This concentrator still has {{collectors}} collectors and {{meters}} meters and cannot be deleted',
  },
  'resource.collector.hasMeters': {
    'zh-CN': '采集器 {{code}} 下还有 {{count}} 块水表,不能删除',
    en: 'The collector {{code}} still has {{count}} meters and cannot be deleted',
  },
  'resource.device.unknownConcentrator': { 'zh-CN': '集中器不存在', en: 'No such concentrator' },
  'resource.device.unknownCollectorType': { 'zh-CN': '采集器类型不存在', en: 'No such collector type' },
  'resource.device.unknownManufacturer': { 'zh-CN': '厂家不存在', en: 'No such manufacturer' },
  'resource.device.unknownArea': { 'zh-CN': '小区不存在', en: 'No such residential area' },
  'resource.collector.unknownMeters': {
    'zh-CN': '以下表身号不存在: {{codes}}',
    en: 'No meter has these body codes: {{codes}}',
  },
  'oplog.concentratorCreate': { 'zh-CN': '新增集中器', en: 'Create concentrator' },
  'oplog.concentratorUpdate': { 'zh-CN': '修改集中器', en: 'Update concentrator' },
  'oplog.concentratorDelete': { 'zh-CN': '删除集中器', en: 'Delete concentrator' },
  'oplog.concentratorSettings': { 'zh-CN': '设置集中器参数', en: 'Set concentrator parameters' },
  'oplog.collectorCreate': { 'zh-CN': '新增采集器', en: 'Create collector' },
  'oplog.collectorUpdate': { 'zh-CN': '修改采集器', en: 'Update collector' },
  'oplog.collectorDelete': { 'zh-CN': '删除采集器', en: 'Delete collector' },
  'oplog.collectorSettings': { 'zh-CN': '设置采集器参数', en: 'Set collector parameters' },
  'oplog.collectorArchives': { 'zh-CN': '设置采集器档案', en: "Set a collector's meters" },
  'sheet.concentrator.file': { 'zh-CN': '集中器', en: 'concentrators' },
  'sheet.concentrator.code': { 'zh-CN': '集中器编号', en: 'Concentrator code' },
  'sheet.concentrator.name': { 'zh-CN': '名称', en: 'Name' },
  'sheet.device.area': { 'zh-CN': '小区', en: 'Residential area' },
  'sheet.device.address': { 'zh-CN': '安装地址', en: 'Address' },
  'sheet.device.ip': { 'zh-CN': 'IP地址', en: 'IP address' },
  'sheet.device.port': { 'zh-CN': '端口', en: 'Port' },
  'sheet.device.online': { 'zh-CN': '在线状态', en: 'Online' },
  'sheet.device.onlineYes': { 'zh-CN': '在线', en: 'Online' },
  'sheet.device.onlineNo': { 'zh-CN': '离线', en: 'Offline' },
  'sheet.device.lastReport': { 'zh-CN': '最后上报时间', en: 'Last report' },
  'sheet.device.installDate': { 'zh-CN': '安装日期', en: 'Install date' },
  'sheet.device.remark': { 'zh-CN': '备注', en: 'Remark' },
  'sheet.device.areaNote': {
    'zh-CN': '必填;小区名称,须已存在',
    en: 'Required; the name of an existing residential area',
  },
  'sheet.device.codeNote': { 'zh-CN': '必填;不能重复', en: 'Required; must be unique' },
  'sheet.device.dateNote': { 'zh-CN': '格式 YYYY-MM-DD', en: 'Format YYYY-MM-DD' },
  'sheet.concentrator.simCard': { 'zh-CN': 'SIM卡号', en: 'SIM card' },
  'sheet.concentrator.reportRate': { 'zh-CN': '上报频率(分钟)', en: 'Report rate (minutes)' },
  'sheet.concentrator.collectorCount': { 'zh-CN': '采集器数', en: 'Collectors' },
  'sheet.concentrator.meterCount': { 'zh-CN': '水表数', en: 'Meters' },
  'sheet.collector.file': { 'zh-CN': '采集器', en: 'collectors' },
  'sheet.collector.code': { 'zh-CN': '采集器编号', en: 'Collector code' },
  'sheet.collector.linkKind': { 'zh-CN': '类型', en: 'Link' },
  'sheet.collector.wired': { 'zh-CN': '有线', en: 'Wired' },
  'sheet.collector.wireless': { 'zh-CN': '无线', en: 'Wireless' },
  'sheet.collector.linkKindNote': { 'zh-CN': '必填;有线或无线', en: 'Required; wired or wireless' },
  'sheet.collector.concentrator': { 'zh-CN': '集中器编号', en: 'Concentrator code' },
  'sheet.collector.concentratorNote': {
    'zh-CN': '选填;须为已存在的集中器编号',
    en: 'Optional; the code of an existing concentrator',
  },
  'sheet.collector.uploadFrequency': { 'zh-CN': '上传频率(分钟)', en: 'Upload frequency (minutes)' },
  'sheet.collector.channel': { 'zh-CN': '通道', en: 'Channel' },
  'sheet.collector.meterCount': { 'zh-CN': '水表数', en: 'Meters' },
  'import.device.unknownArea': { 'zh-CN': '小区 {{name}} 不存在', en: 'No residential area named {{name}}' },
  'import.device.unknownConcentrator': {
    'zh-CN': '集中器 {{code}} 不存在',
    en: 'No concentrator with the code {{code}}',
  },
  'import.device.badLinkKind': {
    'zh-CN': '类型 {{value}} 应为有线或无线',
    en: 'The link {{value}} must be wired or wireless',
  },
  // Water meters and valves (shared/src/device/meters.ts, valves.ts)
  'rules.meterCode.required': { 'zh-CN': '请输入表身号', en: 'Please enter the body code' },
  'rules.meterArea.required': { 'zh-CN': '请选择小区', en: 'Please choose a residential area' },
  'rules.maxReading.number': {
    'zh-CN': '最大读数必须为不小于0的数字',
    en: 'The max reading must be a number, 0 or more',
  },
  'rules.baseReading.number': { 'zh-CN': '底数必须为数字', en: 'The base must be a number' },
  // spec §5 "value not less than … 0": a number below 0 is not "not a number"
  'rules.baseReading.negative': { 'zh-CN': '底数不能小于0', en: 'The base cannot be less than 0' },
  'rules.baseReading.aboveMax': { 'zh-CN': '底数不能大于最大读数', en: 'The base cannot be above the max reading' },
  'rules.installDate.format': { 'zh-CN': '安装日期格式不对', en: 'The install date is not valid' },
  'rules.parentMeter.self': {
    'zh-CN': '上级监管表不能是本表',
    en: 'A meter cannot be its own parent supervision meter',
  },
  'rules.valveCode.required': { 'zh-CN': '请输入阀门编号', en: 'Please enter the valve code' },
  'rules.valveArea.required': { 'zh-CN': '请选择小区', en: 'Please choose a residential area' },
  'resource.meterCode.exists': { 'zh-CN': '表身号不能重复', en: 'The body code must be unique' },
  'resource.valveCode.exists': { 'zh-CN': '阀门编号不能重复', en: 'The valve code must be unique' },
  'resource.meter.parentCycle': {
    'zh-CN': '上级监管表不能是本表的下级表',
    en: "The parent supervision meter cannot be one of this meter's own sub-meters",
  },
  'resource.meter.collectorConcentrator': {
    'zh-CN': '采集器不属于所选集中器',
    en: 'The collector does not belong to the chosen concentrator',
  },
  'resource.meter.bound': {
    'zh-CN': '水表 {{code}} 已绑定用户,请先解绑',
    en: 'Meter {{code}} is bound to a resident; unbind it first',
  },
  'resource.meter.unknown': { 'zh-CN': '水表不存在:{{ids}}', en: 'No such meters: {{ids}}' },
  'resource.meter.inUse': {
    'zh-CN': '水表 {{code}} 有绑定记录、下级表或阀门,不能删除',
    en: 'Meter {{code}} has binding history, sub-meters or valves and cannot be deleted',
  },
  'import.meter.duplicateCode': {
    'zh-CN': '表身号 {{value}} 在文件中重复',
    en: 'The body code {{value}} appears more than once in the file',
  },
  'import.meter.unknownCollector': { 'zh-CN': '采集器不存在:{{value}}', en: 'No such collector: {{value}}' },
  'import.meter.unknownConcentrator': { 'zh-CN': '集中器不存在:{{value}}', en: 'No such concentrator: {{value}}' },
  'import.meter.unknownManufacturer': { 'zh-CN': '厂家不存在:{{value}}', en: 'No such manufacturer: {{value}}' },
  'import.meter.unknownModel': { 'zh-CN': '表型不存在:{{value}}', en: 'No such meter type: {{value}}' },
  'import.meter.unknownArea': { 'zh-CN': '小区不存在:{{value}}', en: 'No such residential area: {{value}}' },
  'oplog.meterCreate': { 'zh-CN': '新增水表', en: 'Create water meter' },
  'oplog.meterUpdate': { 'zh-CN': '修改水表', en: 'Update water meter' },
  'oplog.meterDelete': { 'zh-CN': '删除水表', en: 'Delete water meter' },
  'oplog.meterUntie': { 'zh-CN': '水表解除采集器关联', en: 'Detach water meters from collectors' },
  'oplog.valveCreate': { 'zh-CN': '新增阀门', en: 'Create valve' },
  'oplog.valveUpdate': { 'zh-CN': '修改阀门', en: 'Update valve' },
  'oplog.valveDelete': { 'zh-CN': '删除阀门', en: 'Delete valve' },
  'sheet.meter.file': { 'zh-CN': '水表', en: 'water meters' },
  'sheet.meter.meterCode': { 'zh-CN': '表身号', en: 'Body code' },
  'sheet.meter.remoteCode': { 'zh-CN': '远传号', en: 'Remote code' },
  'sheet.meter.collector': { 'zh-CN': '采集器', en: 'Collector' },
  'sheet.meter.concentrator': { 'zh-CN': '集中器', en: 'Concentrator' },
  'sheet.meter.manufacturer': { 'zh-CN': '厂家', en: 'Manufacturer' },
  'sheet.meter.model': { 'zh-CN': '表型', en: 'Meter type' },
  'sheet.meter.caliber': { 'zh-CN': '口径', en: 'Caliber' },
  'sheet.meter.valveControl': { 'zh-CN': '阀控', en: 'Valve control' },
  'sheet.meter.steelSeal': { 'zh-CN': '钢印号', en: 'Steel seal' },
  'sheet.meter.maxReading': { 'zh-CN': '最大读数', en: 'Max reading' },
  'sheet.meter.baseReading': { 'zh-CN': '底数', en: 'Base' },
  'sheet.meter.leadSealNo': { 'zh-CN': '铅封号', en: 'Lead seal number' },
  'sheet.meter.precision': { 'zh-CN': '精度', en: 'Precision' },
  'sheet.meter.parentMeter': { 'zh-CN': '上级监管表', en: 'Parent supervision meter' },
  'sheet.meter.area': { 'zh-CN': '小区', en: 'Residential area' },
  'sheet.meter.address': { 'zh-CN': '安装地址', en: 'Address' },
  'sheet.meter.installDate': { 'zh-CN': '安装日期', en: 'Install date' },
  'sheet.meter.operationYears': { 'zh-CN': '运行年限', en: 'Operation years' },
  'sheet.meter.lng': { 'zh-CN': '经度', en: 'Longitude' },
  'sheet.meter.lat': { 'zh-CN': '纬度', en: 'Latitude' },
  'sheet.meter.online': { 'zh-CN': '在线', en: 'Online' },
  'sheet.meter.resident': { 'zh-CN': '绑定用户', en: 'Resident' },
  'sheet.meter.createTime': { 'zh-CN': '创建时间', en: 'Created' },
  'sheet.meter.codeNote': {
    'zh-CN': '必填;不能与已有水表或本文件其他行重复',
    en: 'Required; unique among meters and in this file',
  },
  'sheet.meter.refNote': { 'zh-CN': '填写编号或名称', en: 'Its code or its name' },
  'sheet.meter.areaNote': {
    'zh-CN': '户表必填;小区名称',
    en: 'Required for household meters; the residential area name',
  },
  'sheet.meter.baseNote': { 'zh-CN': '不小于0且不大于最大读数', en: '0 or more and not above the max reading' },
  'sheet.meter.dateNote': { 'zh-CN': '格式 YYYY-MM-DD', en: 'As YYYY-MM-DD' },
  'sheet.meter.yearsNote': { 'zh-CN': '0到20的整数', en: 'A whole number from 0 to 20' },
  'sheet.valve.file': { 'zh-CN': '阀门', en: 'valves' },
  'sheet.valve.valveCode': { 'zh-CN': '阀门编号', en: 'Valve code' },
  'sheet.valve.name': { 'zh-CN': '名称', en: 'Name' },
  'sheet.valve.kind': { 'zh-CN': '类型', en: 'Kind' },
  'sheet.valve.state': { 'zh-CN': '状态', en: 'State' },
  'sheet.valve.kind1': { 'zh-CN': '闸阀', en: 'Gate' },
  'sheet.valve.kind2': { 'zh-CN': '蝶阀', en: 'Butterfly' },
  'sheet.valve.kind3': { 'zh-CN': '球阀', en: 'Ball' },
  'sheet.valve.kind4': { 'zh-CN': '减压阀', en: 'Pressure-reducing' },
  'sheet.valve.kind5': { 'zh-CN': '其他', en: 'Other' },
  'sheet.valve.open': { 'zh-CN': '开', en: 'Open' },
  'sheet.valve.closed': { 'zh-CN': '关', en: 'Closed' },
  // Local validators of spec §5 (shared/src/rules); longitude and latitude are above with the places
  'rules.idCard.format': { 'zh-CN': '身份证号码格式不对', en: 'The ID card number is not valid' },
  'rules.ip.format': { 'zh-CN': 'IP地址格式不对', en: 'The IP address is not valid' },
  'rules.port.format': { 'zh-CN': '端口应为1到65535的整数', en: 'The port must be a whole number from 1 to 65535' },
  'rules.url.format': {
    'zh-CN': '网址格式不对,应以 http:// 或 https:// 开头',
    en: 'The web address is not valid; it starts with http:// or https://',
  },
  'rules.rtsp.format': {
    'zh-CN': 'RTSP地址格式不对,应为 rtsp://主机[:端口]/路径',
    en: 'The RTSP address is not valid; it reads rtsp://host[:port]/path',
  },
  'rules.amount.format': {
    'zh-CN': '金额应为不小于0的数字,最多两位小数',
    en: 'The amount must be 0 or more with at most two decimals',
  },
  'rules.email.format': { 'zh-CN': '邮箱格式不对', en: 'The e-mail address is not valid' },
  'rules.phone.format': {
    'zh-CN': '电话号码格式不对,请输入手机号码或带区号的固定电话',
    en: 'The phone number is not valid: a mobile number or a landline with its area code',
  },
  'rules.operationYears.range': {
    'zh-CN': '运行年限应为0到20的整数',
    en: 'The operation years must be a whole number from 0 to 20',
  },
  'rules.codes.duplicate': {
    'zh-CN': '编码 {{code}} 重复,多个编码请用空格分隔',
    en: 'The code {{code}} appears twice; separate several codes by spaces',
  },
  // Catalogues: manufacturers, meter models, collector types, resident categories, parameter config (H1)
  'rules.manufacturerName.required': { 'zh-CN': '厂家名称不能为空', en: 'The manufacturer name cannot be empty' },
  'rules.typeName.required': { 'zh-CN': '类型名称不能为空', en: 'The type name cannot be empty' },
  'rules.maxReading.positive': {
    'zh-CN': '最大读数应为大于0且不超过99999999999的数字',
    en: 'The maximum reading must be above 0 and at most 99999999999',
  },
  'rules.caliber.range': { 'zh-CN': '口径应为1到3000的整数', en: 'The caliber must be a whole number from 1 to 3000' },
  'rules.precision.range': { 'zh-CN': '小数位数应为0到3', en: 'The decimals must be 0 to 3' },
  'resource.manufacturerName.exists': { 'zh-CN': '厂家名称已存在', en: 'The manufacturer name already exists' },
  'resource.manufacturerCode.exists': { 'zh-CN': '编码已存在', en: 'The code already exists' },
  'resource.typeName.exists': { 'zh-CN': '类型名称已存在', en: 'The type name already exists' },
  'resource.manufacturer.inUse': {
    'zh-CN': '该厂家已被 {{count}} 个表型、采集器类型或设备使用,不能删除',
    en: 'This manufacturer is used by {{count}} meter models, collector types or devices and cannot be deleted',
  },
  'resource.meterModel.inUse': {
    'zh-CN': '该表型已被 {{count}} 块水表使用,不能删除',
    en: 'This meter model is used by {{count}} water meters and cannot be deleted',
  },
  'resource.collectorType.inUse': {
    'zh-CN': '该采集器类型已被 {{count}} 个采集器使用,不能删除',
    en: 'This collector type is used by {{count}} collectors and cannot be deleted',
  },
  'resource.residentCategory.inUse': {
    'zh-CN': '该用户类别已被 {{count}} 个用户使用,不能删除',
    en: 'This resident category is used by {{count}} residents and cannot be deleted',
  },
  'rules.paramKeyType.required': { 'zh-CN': '参数分组不能为空', en: 'The parameter group cannot be empty' },
  'rules.paramCode.required': { 'zh-CN': '参数编码不能为空', en: 'The parameter code cannot be empty' },
  'rules.paramName.required': { 'zh-CN': '参数名称不能为空', en: 'The parameter name cannot be empty' },
  'rules.paramValues.required': { 'zh-CN': '至少设置一个值再保存', en: 'Set at least one value to save' },
  'resource.paramCode.exists': {
    'zh-CN': '参数编码 {{code}} 在该分组中已存在',
    en: 'The parameter code {{code}} already exists in its group',
  },
  'oplog.manufacturerCreate': { 'zh-CN': '新增厂家', en: 'Create manufacturer' },
  'oplog.manufacturerUpdate': { 'zh-CN': '修改厂家', en: 'Update manufacturer' },
  'oplog.manufacturerDelete': { 'zh-CN': '删除厂家', en: 'Delete manufacturer' },
  'oplog.meterModelCreate': { 'zh-CN': '新增表型', en: 'Create meter model' },
  'oplog.meterModelUpdate': { 'zh-CN': '修改表型', en: 'Update meter model' },
  'oplog.meterModelDelete': { 'zh-CN': '删除表型', en: 'Delete meter model' },
  'oplog.collectorTypeCreate': { 'zh-CN': '新增采集器类型', en: 'Create collector type' },
  'oplog.collectorTypeUpdate': { 'zh-CN': '修改采集器类型', en: 'Update collector type' },
  'oplog.collectorTypeDelete': { 'zh-CN': '删除采集器类型', en: 'Delete collector type' },
  'oplog.residentCategoryCreate': { 'zh-CN': '新增用户类别', en: 'Create resident category' },
  'oplog.residentCategoryUpdate': { 'zh-CN': '修改用户类别', en: 'Update resident category' },
  'oplog.residentCategoryDelete': { 'zh-CN': '删除用户类别', en: 'Delete resident category' },
  'oplog.paramConfigSave': { 'zh-CN': '保存参数配置', en: 'Save parameters' },
  'oplog.paramConfigEnable': { 'zh-CN': '启用或停用参数', en: 'Enable or disable a parameter' },
  'oplog.paramConfigDelete': { 'zh-CN': '删除参数', en: 'Delete parameter' },
  'oplog.areaLocate': { 'zh-CN': '设置小区位置', en: 'Place residential area' },
  'oplog.areaBatchEdit': { 'zh-CN': '批量修改小区片区', en: 'Move residential areas to a region' },
  'sheet.manufacturer.file': { 'zh-CN': '厂家', en: 'manufacturers' },
  'sheet.meterModel.file': { 'zh-CN': '表型', en: 'meter models' },
  'sheet.collectorType.file': { 'zh-CN': '采集器类型', en: 'collector types' },
  'sheet.residentCategory.file': { 'zh-CN': '用户类别', en: 'resident categories' },
  'sheet.catalogue.name': { 'zh-CN': '厂家名称', en: 'Name' },
  'sheet.catalogue.code': { 'zh-CN': '编码', en: 'Code' },
  'sheet.catalogue.contact': { 'zh-CN': '联系人', en: 'Contact' },
  'sheet.catalogue.phone': { 'zh-CN': '联系电话', en: 'Phone' },
  'sheet.catalogue.address': { 'zh-CN': '地址', en: 'Address' },
  'sheet.catalogue.remark': { 'zh-CN': '备注', en: 'Remark' },
  'sheet.catalogue.createTime': { 'zh-CN': '创建时间', en: 'Created' },
  'sheet.catalogue.typeName': { 'zh-CN': '类型名称', en: 'Type name' },
  'sheet.catalogue.manufacturer': { 'zh-CN': '厂家', en: 'Manufacturer' },
  'sheet.catalogue.meterKind': { 'zh-CN': '水表种类', en: 'Kind' },
  'sheet.catalogue.caliber': { 'zh-CN': '口径(DN)', en: 'Caliber (DN)' },
  'sheet.catalogue.maxReading': { 'zh-CN': '最大读数', en: 'Maximum reading' },
  'sheet.catalogue.precision': { 'zh-CN': '小数位数', en: 'Decimals' },
  'sheet.catalogue.valveControl': { 'zh-CN': '阀控', en: 'Valve control' },
  'sheet.catalogue.linkKind': { 'zh-CN': '通讯方式', en: 'Link' },
  'sheet.catalogue.residentCount': { 'zh-CN': '用户数', en: 'Residents' },
  'catalogue.meterKind.1': { 'zh-CN': '机械表', en: 'Mechanical' },
  'catalogue.meterKind.2': { 'zh-CN': '有线远传表', en: 'Wired remote' },
  'catalogue.meterKind.3': { 'zh-CN': '无线远传表', en: 'Wireless remote' },
  'catalogue.meterKind.4': { 'zh-CN': 'NB-IoT表', en: 'NB-IoT' },
  'catalogue.meterKind.5': { 'zh-CN': 'IC卡预付费表', en: 'Prepaid IC card' },
  'catalogue.linkKind.1': { 'zh-CN': '有线', en: 'Wired' },
  'catalogue.linkKind.2': { 'zh-CN': '无线', en: 'Wireless' },
  // end of catalogue messages (H1)
  // Residents (用户档案) and the resident–meter binding (H4)
  'rules.residentName.required': { 'zh-CN': '用户名称不能为空', en: 'The resident name cannot be empty' },
  'rules.residentArea.required': { 'zh-CN': '请选择小区', en: 'Please choose a residential area' },
  'rules.chargeFee.required': { 'zh-CN': '请选择收费或免费', en: 'Please choose fee-free or charged' },
  'rules.openDate.format': { 'zh-CN': '开户日期格式不对', en: 'The open date is not valid' },
  'resource.residentCode.exists': { 'zh-CN': '用户编号不能重复', en: 'The user code must be unique' },
  'resource.resident.hasMeters': {
    'zh-CN': '用户 {{code}} 还绑定着 {{count}} 块水表,不能删除',
    en: 'Resident {{code}} still has {{count}} bound meters and cannot be deleted',
  },
  'resource.resident.hasHistory': {
    'zh-CN': '用户 {{code}} 有水表绑定记录,不能删除,请使用销户',
    en: 'Resident {{code}} has a meter binding history and cannot be deleted; close it instead',
  },
  'resource.resident.closeBound': {
    'zh-CN': '用户 {{code}} 还绑定着 {{count}} 块水表,请使用销户清算',
    en: 'Resident {{code}} still has {{count}} bound meters; close it by clearance',
  },
  'resource.resident.closed': {
    'zh-CN': '用户 {{code}} 已销户,不能绑定水表',
    en: 'Resident {{code}} is closed; no meter can be bound to it',
  },
  'resource.residentMeter.bound': {
    'zh-CN': '水表 {{code}} 已绑定用户 {{resident}}',
    en: 'Meter {{code}} is already bound to resident {{resident}}',
  },
  'resource.residentMeter.notBound': { 'zh-CN': '水表 {{code}} 未绑定用户', en: 'Meter {{code}} is not bound' },
  'oplog.residentCreate': { 'zh-CN': '新增用户档案', en: 'Create resident' },
  'oplog.residentUpdate': { 'zh-CN': '修改用户档案', en: 'Update resident' },
  'oplog.residentDelete': { 'zh-CN': '删除用户档案', en: 'Delete resident' },
  'oplog.residentAppAccount': { 'zh-CN': '生成用户 App 账号', en: 'Generate resident app account' },
  'oplog.meterBind': { 'zh-CN': '绑定水表', en: 'Bind meter' },
  'oplog.meterRelieve': { 'zh-CN': '解绑水表', en: 'Unbind meter' },
  'oplog.meterTakeOff': { 'zh-CN': '拆表', en: 'Take off meter' },
  'oplog.residentClearance': { 'zh-CN': '销户清算', en: 'Close resident (clearance)' },
  'sheet.resident.file': { 'zh-CN': '用户档案', en: 'residents' },
  'sheet.resident.code': { 'zh-CN': '用户编号', en: 'User code' },
  'sheet.resident.name': { 'zh-CN': '用户名称', en: 'Name' },
  'sheet.resident.address': { 'zh-CN': '地址', en: 'Address' },
  'sheet.resident.phone': { 'zh-CN': '电话', en: 'Phone' },
  'sheet.resident.idCard': { 'zh-CN': '身份证号', en: 'ID card' },
  'sheet.resident.bankCard': { 'zh-CN': '银行卡号', en: 'Bank card' },
  'sheet.resident.category': { 'zh-CN': '用户类别', en: 'User type' },
  'sheet.resident.chargeFee': { 'zh-CN': '是否收费', en: 'Charging' },
  'sheet.resident.charged': { 'zh-CN': '收费', en: 'Charged' },
  'sheet.resident.feeFree': { 'zh-CN': '免费', en: 'Fee-free' },
  'sheet.resident.taxNumber': { 'zh-CN': '税号', en: 'Tax number' },
  'sheet.resident.invoiceName': { 'zh-CN': '开票名称', en: 'Invoice name' },
  'sheet.resident.area': { 'zh-CN': '小区', en: 'Residential area' },
  'sheet.resident.floor': { 'zh-CN': '楼层', en: 'Floor' },
  'sheet.resident.residentsCount': { 'zh-CN': '人口数', en: 'Residents' },
  'sheet.resident.originalAccountNo': { 'zh-CN': '原户号', en: 'Original account no.' },
  'sheet.resident.openDate': { 'zh-CN': '开户日期', en: 'Open date' },
  'sheet.resident.status': { 'zh-CN': '状态', en: 'Status' },
  'sheet.resident.status1': { 'zh-CN': '正常', en: 'Normal' },
  'sheet.resident.status2': { 'zh-CN': '暂停', en: 'Suspended' },
  'sheet.resident.status3': { 'zh-CN': '销户', en: 'Closed' },
  'sheet.resident.meters': { 'zh-CN': '绑定水表', en: 'Bound meters' },
  'sheet.resident.remark': { 'zh-CN': '备注', en: 'Remark' },
  'sheet.resident.codeNote': {
    'zh-CN': '选填;留空时按编码规则生成;不能重复',
    en: 'Optional; generated by the code rules when empty; must be unique',
  },
  'sheet.resident.nameNote': { 'zh-CN': '必填', en: 'Required' },
  'sheet.resident.areaNote': { 'zh-CN': '必填;小区名称', en: 'Required; the residential area name' },
  'sheet.resident.categoryNote': { 'zh-CN': '选填;用户类别名称', en: 'Optional; the user type name' },
  'sheet.resident.chargeFeeNote': { 'zh-CN': '必填;收费 或 免费', en: 'Required; Charged or Fee-free' },
  'sheet.resident.openDateNote': { 'zh-CN': '选填;YYYY-MM-DD', en: 'Optional; YYYY-MM-DD' },
  'sheet.resident.statusNote': {
    'zh-CN': '选填;正常、暂停 或 销户,默认正常',
    en: 'Optional; Normal, Suspended or Closed; Normal when empty',
  },
  'import.resident.unknownArea': { 'zh-CN': '小区 {{name}} 不存在', en: 'No residential area named {{name}}' },
  'import.resident.unknownCategory': { 'zh-CN': '用户类别 {{name}} 不存在', en: 'No user type named {{name}}' },
  'import.resident.badChargeFee': {
    'zh-CN': '是否收费 应为 收费 或 免费,不是 {{value}}',
    en: 'Charging must be Charged or Fee-free, not {{value}}',
  },
  'import.resident.badStatus': {
    'zh-CN': '状态 应为 正常、暂停 或 销户,不是 {{value}}',
    en: 'Status must be Normal, Suspended or Closed, not {{value}}',
  },
  // Device status, ingestion keys and blacklists (H-STATUS)
  'rules.blacklistCode.required': { 'zh-CN': '请输入设备编号', en: 'Please enter the device code' },
  'rules.ingestKeyName.required': { 'zh-CN': '请输入密钥名称', en: 'Please enter the key name' },
  'resource.blacklist.unknownConcentrator': {
    'zh-CN': '集中器 {{code}} 不存在',
    en: 'No concentrator with code {{code}}',
  },
  'resource.blacklist.unknownCollector': { 'zh-CN': '采集器 {{code}} 不存在', en: 'No collector with code {{code}}' },
  'resource.blacklist.unknownMeter': { 'zh-CN': '水表 {{code}} 不存在', en: 'No water meter with code {{code}}' },
  'resource.blacklist.exists': {
    'zh-CN': '设备 {{code}} 已在此名单中',
    en: 'Device {{code}} is already on this list',
  },
  'resource.ingestKey.unknownConcentrator': { 'zh-CN': '集中器不存在', en: 'No such concentrator' },
  'oplog.blacklistAdd': { 'zh-CN': '加入黑名单', en: 'Add to blacklist' },
  'oplog.blacklistRemove': { 'zh-CN': '移出黑名单', en: 'Remove from blacklist' },
  'oplog.blacklistUpdate': { 'zh-CN': '修改黑名单原因', en: 'Change blacklist reason' },
  'oplog.ingestKeyCreate': { 'zh-CN': '新增接入密钥', en: 'Create ingestion key' },
  'oplog.ingestKeyEnable': { 'zh-CN': '启用/停用接入密钥', en: 'Enable or disable ingestion key' },
  'oplog.ingestKeyDelete': { 'zh-CN': '删除接入密钥', en: 'Delete ingestion key' },
  // Device commands (H-CMD)
  'command.noValveControl': { 'zh-CN': '水表 {{code}} 没有阀控功能', en: 'The meter {{code}} has no valve control' },
  'command.offlineValve': {
    'zh-CN': '设备离线，开关阀命令已取消',
    en: 'Device offline: the valve command was cancelled',
  },
  'command.offline': { 'zh-CN': '设备离线，命令已取消', en: 'Device offline: the command was cancelled' },
  'command.intercepted': {
    'zh-CN': '阀门操作被拦截，命令已取消',
    en: 'Valve operation intercepted: the command was cancelled',
  },
  'command.timeout': {
    'zh-CN': '设备未按时应答，命令失败',
    en: 'The device did not answer in time: the command failed',
  },
  'command.device': { 'zh-CN': '设备执行失败', en: 'The device reported a failure' },
  'oplog.commandValve': { 'zh-CN': '开关阀', en: 'Valve command' },
  'oplog.commandRead': { 'zh-CN': '实时抄表', en: 'Read now' },
  'oplog.commandDevice': { 'zh-CN': '下发设备命令', en: 'Send device command' },
  // Month-end bases, base check and meter swaps (H-JOBS)
  'meterBase.check.noEnd': { 'zh-CN': '缺少期末底数', en: 'No end reading' },
  'meterBase.check.negative': { 'zh-CN': '底数或用水量为负', en: 'Negative reading or consumption' },
  'meterBase.check.high': {
    'zh-CN': '用水量超过前三期平均值的3倍',
    en: 'Consumption over 3 times the mean of the previous three periods',
  },
  'meterBase.check.zero': { 'zh-CN': '本期零用水(此前有用水)', en: 'No consumption (the meter used water before)' },
  'meterBase.check.estimated': { 'zh-CN': '期末底数为估算值', en: 'The end reading is estimated' },
  'meterBase.freeze.notEnded': {
    'zh-CN': '{{period}} 尚未结束,不能冻结',
    en: '{{period}} has not ended yet and cannot be frozen',
  },
  'meterBase.freeze.done': { 'zh-CN': '{{period}} 已冻结', en: '{{period}} is already frozen' },
  'meterBase.import.noMeter': { 'zh-CN': '表身号 {{code}} 不存在', en: 'No meter with the body code {{code}}' },
  'meterBase.import.badPeriod': {
    'zh-CN': '抄表月份应为 YYYY-MM,不是 {{value}}',
    en: 'The period must be YYYY-MM, not {{value}}',
  },
  'meterBase.import.badReading': {
    'zh-CN': '期末底数应为不小于 0 的数字,不是 {{value}}',
    en: 'The end reading must be a number of 0 or more, not {{value}}',
  },
  'meterBase.replace.timeRequired': { 'zh-CN': '请选择换表时间', en: 'Please choose the replacement time' },
  'meterBase.replace.timeFuture': {
    'zh-CN': '换表时间不能晚于现在',
    en: 'The replacement time cannot be in the future',
  },
  'meterBase.replace.readingRequired': {
    'zh-CN': '请输入不小于 0 的读数',
    en: 'Please enter a reading of 0 or more',
  },
  'meterBase.replace.codeRequired': { 'zh-CN': '请输入新表身号', en: 'Please enter the new body code' },
  'sheet.meterBase.file': { 'zh-CN': '抄表底数', en: 'meter bases' },
  'sheet.meterBase.meterCode': { 'zh-CN': '表身号', en: 'Body code' },
  'sheet.meterBase.area': { 'zh-CN': '小区', en: 'Area' },
  'sheet.meterBase.period': { 'zh-CN': '抄表月份', en: 'Period' },
  'sheet.meterBase.start': { 'zh-CN': '期初底数', en: 'Start reading' },
  'sheet.meterBase.end': { 'zh-CN': '期末底数', en: 'End reading' },
  'sheet.meterBase.consumption': { 'zh-CN': '用水量', en: 'Consumption' },
  'sheet.meterBase.quality': { 'zh-CN': '质量', en: 'Quality' },
  'sheet.meterBase.check': { 'zh-CN': '核对状态', en: 'Check' },
  'sheet.meterBase.check0': { 'zh-CN': '未核对', en: 'Unchecked' },
  'sheet.meterBase.check1': { 'zh-CN': '正常', en: 'Normal' },
  'sheet.meterBase.check2': { 'zh-CN': '异常', en: 'Abnormal' },
  'sheet.meterBase.checkMessage': { 'zh-CN': '核对结果', en: 'Check result' },
  'oplog.meterBaseFreeze': { 'zh-CN': '冻结抄表底数', en: 'Freeze meter bases' },
  'oplog.meterBaseCheck': { 'zh-CN': '底数核对', en: 'Check meter bases' },
  'oplog.meterBaseUpdate': { 'zh-CN': '修改抄表底数', en: 'Correct a meter base' },
  'oplog.meterBaseImport': { 'zh-CN': '导入抄表底数', en: 'Import meter bases' },
  'oplog.meterReplace': { 'zh-CN': '换表', en: 'Replace a meter' },
  // Ingestion API (lead)
  'ingest.badKey': {
    'zh-CN': '接入密钥无效或已停用',
    en: 'The ingestion key is missing, unknown or disabled',
  },
  'ingest.reject.invalid': { 'zh-CN': '数据格式不正确', en: 'The row is not a valid object' },
  'ingest.reject.noMeter': { 'zh-CN': '缺少表身号或远传号', en: 'The row names no meter (meterCode or remoteCode)' },
  'ingest.reject.unknownMeter': { 'zh-CN': '水表 {{code}} 不存在', en: 'No meter {{code}}' },
  'ingest.reject.badTime': { 'zh-CN': '抄表时间格式不正确', en: 'The read time is not a valid ISO time' },
  'ingest.reject.future': {
    'zh-CN': '抄表时间晚于服务器时间,请校准设备时钟',
    en: 'The read time is ahead of the server clock: set the device clock',
  },
  'ingest.reject.tooEarly': {
    'zh-CN': '抄表时间早于{{earliest}},请校准设备时钟',
    en: 'The read time is before {{earliest}}: set the device clock',
  },
  'ingest.reject.badCode': {
    'zh-CN': '编号含有控制字符(如NUL),无法识别',
    en: 'The code contains control characters (such as NUL)',
  },
  'ingest.reject.badReading': {
    'zh-CN': '读数必须是不小于0且最多3位小数的数字',
    en: 'The reading must be a number ≥ 0 with at most 3 decimals',
  },
  'ingest.reject.aboveMax': {
    'zh-CN': '读数 {{value}} 超过水表最大读数 {{max}}',
    en: "The reading {{value}} is above the meter's max reading {{max}}",
  },
  'ingest.reject.badVoltage': { 'zh-CN': '电压必须在0到10V之间', en: 'The voltage must be between 0 and 10 V' },
  'ingest.reject.badCsq': { 'zh-CN': 'CSQ必须是0到31或99', en: 'CSQ must be 0–31 or 99' },
  'ingest.reject.badRsrp': { 'zh-CN': 'RSRP必须在-140到-44dBm之间', en: 'RSRP must be between −140 and −44 dBm' },
  'ingest.reject.badValveState': { 'zh-CN': '阀门状态必须是0或1', en: 'The valve state must be 0 or 1' },
  'ingest.reject.blacklisted': {
    'zh-CN': '设备 {{code}} 在数据推送黑名单中',
    en: 'The device {{code}} is on the data-push blacklist',
  },
  'ingest.reject.conflict': {
    'zh-CN': '水表 {{code}} 在该时间已有不同读数,原读数保留',
    en: 'The meter {{code}} already has a different reading at that time; the stored one is kept',
  },
  'ingest.reject.unknownDevice': { 'zh-CN': '设备 {{code}} 不存在', en: 'No device {{code}}' },
  'ingest.reject.unknownArea': { 'zh-CN': '小区 {{code}} 不存在', en: 'No residential area {{code}}' },
  'ingest.reject.unknownCategory': { 'zh-CN': '用户类别 {{code}} 不存在', en: 'No resident category {{code}}' },
  'ingest.reject.unknownCatalogue': {
    'zh-CN': '设备目录中没有 {{code}}(厂家、表型或采集器类型)',
    en: 'No manufacturer, meter model or collector type named {{code}}',
  },
  'ingest.reject.meterBound': {
    'zh-CN': '水表 {{code}} 已绑定其他用户',
    en: 'The meter {{code}} is bound to another resident',
  },
  'ingest.concentratorKeyOnly': {
    'zh-CN': '集中器密钥不能同步档案,请使用公司密钥',
    en: 'A concentrator key cannot sync archives: use a company key',
  },
  // Reading records, reading rate, voltage history (H-READ)
  'readingRecord.badDay': { 'zh-CN': '日期格式应为 YYYY-MM-DD', en: 'A date must be YYYY-MM-DD' },
  'readingRecord.rangeReversed': {
    'zh-CN': '开始日期不能晚于结束日期',
    en: 'The start date cannot be after the end date',
  },
  'readingRecord.rangeTooLong': {
    'zh-CN': '日期范围最多 {{max}} 天',
    en: 'The date range can span at most {{max}} days',
  },
  // Data verification (H-VEE)
  'dataCheck.noSelection': {
    'zh-CN': '请选择要校验的水表或小区',
    en: 'Please choose the meters or the residential area to check',
  },
  'oplog.dataCheck': { 'zh-CN': '数据校验', en: 'Data check' },
  // Live operations (issue 6): one module per feature, so parallel work does not collide here
  ...alarmMessages,
  ...monitoringMessages,
  ...noticeMessages,
  ...liveMessages,
  ...totpMessages,
  ...dmaMessages,
  ...dmaAnalysisMessages,
  ...networkMessages,
  // Work orders and complaints (issue 15): labels from the fields declared once, rules, refusals, to-dos
  ...workOrderMessages,
  ...complaintMessages,
  // each page's own texts, one module per helper so parallel work does not collide
  ...workOrderPageMessages,
  ...workCalendarMessages,
  ...raiseMessages,
  ...complaintPageMessages,
  // display tokens for wall screens (issue 18)
  ...displayMessages,
  // meter kinds: household and bulk meters (issue 19)
  ...meterKindMessages,
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof catalogue;
export const messages: Record<MessageKey, Record<Locale, string>> = catalogue;

/** Picks the locale from an Accept-Language header: 'en…' → en, anything else → zh-CN. */
export const localeFromHeader = (header: string | undefined): Locale => {
  if (!header) return DEFAULT_LOCALE;
  for (const part of header.split(',')) {
    const tag = part.trim().toLowerCase();
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en';
  }
  return DEFAULT_LOCALE;
};

/** The text of a message in a locale, with `{{name}}` placeholders filled. */
export const translate = (key: MessageKey, locale: Locale, params: Record<string, string | number> = {}): string =>
  messages[key][locale].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));

/** The catalogue of one locale as a flat object, for i18next resources. */
export const messagesFor = (locale: Locale): Record<MessageKey, string> =>
  Object.fromEntries(Object.entries(messages).map(([k, v]) => [k, v[locale]])) as Record<MessageKey, string>;
