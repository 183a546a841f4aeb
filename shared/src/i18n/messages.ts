// Messages both sides show: the form rules' texts (spec §5, verbatim in Chinese) and the server's error
// catalogue. The web client loads them into i18next; the gateway picks one by Accept-Language.
// Placeholders are `{{name}}` (i18next style).

export type Locale = 'zh-CN' | 'en';
export const LOCALES: readonly Locale[] = ['zh-CN', 'en'];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

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
