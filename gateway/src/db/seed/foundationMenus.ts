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
      // Residents and their categories (issue 4); migration m0011 adds them to older tenants.
      {
        key: 'residents',
        name: '用户档案',
        nameEn: 'Residents',
        type: MENU_TYPE.page,
        path: 'customer/ResidentPage',
        url: '/registry/resident',
        css: 'person',
        children: [
          permission('dataResidentView', PERMISSIONS.dataResidentView, '查看用户档案', 'View residents'),
          permission('dataResidentEdit', PERMISSIONS.dataResidentEdit, '编辑用户档案', 'Edit residents'),
        ],
      },
      {
        key: 'residentCategories',
        name: '用户类别',
        nameEn: 'Resident categories',
        type: MENU_TYPE.page,
        path: 'catalogue/ResidentCategoryPage',
        url: '/registry/residentCategory',
        css: 'tag',
        children: [
          permission(
            'dataResidentCategoryView',
            PERMISSIONS.dataResidentCategoryView,
            '查看用户类别',
            'View resident categories',
          ),
          permission(
            'dataResidentCategoryEdit',
            PERMISSIONS.dataResidentCategoryEdit,
            '编辑用户类别',
            'Edit resident categories',
          ),
        ],
      },
    ],
  },
  // Devices and their catalogues (issue 4); migration m0011 adds them to older tenants.
  {
    key: 'devices',
    name: '设备管理',
    nameEn: 'Devices',
    type: MENU_TYPE.menu,
    path: 'Layout',
    url: '/device',
    css: 'mobile-phone',
    children: [
      {
        key: 'concentrators',
        name: '集中器管理',
        nameEn: 'Concentrators',
        type: MENU_TYPE.page,
        path: 'device/ConcentratorPage',
        url: '/device/concentrator',
        css: 'satellite',
        children: [
          permission('deviceConcentratorView', PERMISSIONS.deviceConcentratorView, '查看集中器', 'View concentrators'),
          permission('deviceConcentratorEdit', PERMISSIONS.deviceConcentratorEdit, '编辑集中器', 'Edit concentrators'),
        ],
      },
      {
        key: 'collectors',
        name: '采集器管理',
        nameEn: 'Collectors',
        type: MENU_TYPE.page,
        path: 'device/CollectorPage',
        url: '/device/collector',
        css: 'exchange',
        children: [
          permission('deviceCollectorView', PERMISSIONS.deviceCollectorView, '查看采集器', 'View collectors'),
          permission('deviceCollectorEdit', PERMISSIONS.deviceCollectorEdit, '编辑采集器', 'Edit collectors'),
        ],
      },
      {
        key: 'meters',
        name: '水表管理',
        nameEn: 'Water meters',
        type: MENU_TYPE.page,
        path: 'device/MeterPage',
        url: '/device/meter',
        css: 'dashboard',
        children: [
          permission('deviceMeterView', PERMISSIONS.deviceMeterView, '查看水表', 'View water meters'),
          permission('deviceMeterEdit', PERMISSIONS.deviceMeterEdit, '编辑水表', 'Edit water meters'),
        ],
      },
      {
        key: 'valves',
        name: '阀门管理',
        nameEn: 'Valves',
        type: MENU_TYPE.page,
        path: 'device/ValvePage',
        url: '/device/valve',
        css: 'git-merge',
        children: [
          permission('deviceValveView', PERMISSIONS.deviceValveView, '查看阀门', 'View valves'),
          permission('deviceValveEdit', PERMISSIONS.deviceValveEdit, '编辑阀门', 'Edit valves'),
        ],
      },
      {
        key: 'meterModels',
        name: '表型管理',
        nameEn: 'Meter models',
        type: MENU_TYPE.page,
        path: 'catalogue/MeterModelPage',
        url: '/device/meterModel',
        css: 'box',
        children: [
          permission('deviceMeterModelView', PERMISSIONS.deviceMeterModelView, '查看表型', 'View meter models'),
          permission('deviceMeterModelEdit', PERMISSIONS.deviceMeterModelEdit, '编辑表型', 'Edit meter models'),
        ],
      },
      {
        key: 'collectorTypes',
        name: '采集器类型',
        nameEn: 'Collector types',
        type: MENU_TYPE.page,
        path: 'catalogue/CollectorTypePage',
        url: '/device/collectorType',
        css: 'tag',
        children: [
          permission(
            'deviceCollectorTypeView',
            PERMISSIONS.deviceCollectorTypeView,
            '查看采集器类型',
            'View collector types',
          ),
          permission(
            'deviceCollectorTypeEdit',
            PERMISSIONS.deviceCollectorTypeEdit,
            '编辑采集器类型',
            'Edit collector types',
          ),
        ],
      },
      {
        key: 'manufacturers',
        name: '厂家管理',
        nameEn: 'Manufacturers',
        type: MENU_TYPE.page,
        path: 'catalogue/ManufacturerPage',
        url: '/device/manufacturer',
        css: 'office',
        children: [
          permission('dataManufacturerView', PERMISSIONS.dataManufacturerView, '查看厂家', 'View manufacturers'),
          permission('dataManufacturerEdit', PERMISSIONS.dataManufacturerEdit, '编辑厂家', 'Edit manufacturers'),
        ],
      },
      // Telemetry (issue 5); migration m0013 adds them to older tenants.
      {
        key: 'valveControl',
        name: '阀门控制',
        nameEn: 'Valve control',
        type: MENU_TYPE.page,
        path: 'command/ValveControlPage',
        url: '/device/valveControl',
        css: 'key',
        children: [
          permission('valveControlView', PERMISSIONS.deviceValveControlView, '查看阀门状态', 'View valve states'),
          permission('valveControlEdit', PERMISSIONS.deviceValveControlEdit, '编辑阀门状态', 'Edit valve states'),
        ],
      },
      {
        key: 'deviceCommands',
        name: '设备命令',
        nameEn: 'Device commands',
        type: MENU_TYPE.page,
        path: 'command/CommandPage',
        url: '/device/command',
        css: 'console',
        children: [
          permission('deviceCommandsView', PERMISSIONS.deviceCommandView, '查看设备命令', 'View device commands'),
          permission('deviceCommandsEdit', PERMISSIONS.deviceCommandEdit, '编辑设备命令', 'Edit device commands'),
        ],
      },
      {
        key: 'deviceStatus',
        name: '设备状态',
        nameEn: 'Device status',
        type: MENU_TYPE.page,
        path: 'device/DeviceStatusPage',
        url: '/device/status',
        css: 'pulse',
        children: [permission('deviceStatusView', PERMISSIONS.deviceStatusView, '查看设备状态', 'View device status')],
      },
      {
        key: 'ingestKeys',
        name: '接入密钥',
        nameEn: 'Ingestion keys',
        type: MENU_TYPE.page,
        path: 'device/IngestKeyPage',
        url: '/device/ingestKey',
        css: 'key',
        children: [
          permission('ingestKeysView', PERMISSIONS.deviceIngestKeyView, '查看接入密钥', 'View ingestion keys'),
          permission('ingestKeysEdit', PERMISSIONS.deviceIngestKeyEdit, '编辑接入密钥', 'Edit ingestion keys'),
        ],
      },
      {
        key: 'blacklists',
        name: '黑名单',
        nameEn: 'Blacklists',
        type: MENU_TYPE.page,
        path: 'device/BlacklistPage',
        url: '/device/blacklist',
        css: 'blocked-person',
        children: [
          permission('blacklistsView', PERMISSIONS.deviceBlacklistView, '查看黑名单', 'View blacklists'),
          permission('blacklistsEdit', PERMISSIONS.deviceBlacklistEdit, '编辑黑名单', 'Edit blacklists'),
        ],
      },
    ],
  },
  // Meter reading (issue 5); migration m0013 adds it to older tenants.
  {
    key: 'reading',
    name: '抄表管理',
    nameEn: 'Meter reading',
    type: MENU_TYPE.menu,
    path: 'Layout',
    url: '/reading',
    css: 'th-list',
    children: [
      {
        key: 'meterBases',
        name: '抄表底数',
        nameEn: 'Meter bases',
        type: MENU_TYPE.page,
        path: 'reading/MeterBasePage',
        url: '/reading/meterBase',
        css: 'book',
        children: [
          permission('meterBasesView', PERMISSIONS.readingMeterBaseView, '查看抄表底数', 'View meter bases'),
          permission('meterBasesEdit', PERMISSIONS.readingMeterBaseEdit, '编辑抄表底数', 'Edit meter bases'),
        ],
      },
      {
        key: 'baseCheck',
        name: '底数核对与导入',
        nameEn: 'Base check',
        type: MENU_TYPE.page,
        path: 'reading/BaseCheckPage',
        url: '/reading/baseCheck',
        css: 'tick-circle',
        children: [
          permission('baseCheckView', PERMISSIONS.readingBaseCheckView, '查看底数核对', 'View the base check'),
          permission('baseCheckEdit', PERMISSIONS.readingBaseCheckEdit, '编辑底数核对', 'Edit the base check'),
        ],
      },
      {
        key: 'readingRecords',
        name: '抄表记录',
        nameEn: 'Reading records',
        type: MENU_TYPE.page,
        path: 'reading/ReadingRecordPage',
        url: '/reading/record',
        css: 'history',
        children: [
          permission('readingRecordsView', PERMISSIONS.readingRecordView, '查看抄表记录', 'View reading records'),
          permission('readingRecordsEdit', PERMISSIONS.readingRecordEdit, '编辑抄表记录', 'Edit reading records'),
        ],
      },
      {
        key: 'dataCheck',
        name: '数据校验',
        nameEn: 'Data check',
        type: MENU_TYPE.page,
        path: 'reading/DataCheckPage',
        url: '/reading/dataCheck',
        css: 'confirm',
        children: [
          permission('dataCheckView', PERMISSIONS.readingDataCheckView, '查看数据校验', 'View the data check'),
          permission('dataCheckEdit', PERMISSIONS.readingDataCheckEdit, '编辑数据校验', 'Edit the data check'),
        ],
      },
      {
        key: 'readingRate',
        name: '抄表率',
        nameEn: 'Reading rate',
        type: MENU_TYPE.page,
        path: 'reading/ReadingRatePage',
        url: '/reading/rate',
        css: 'percentage',
        children: [permission('readingRateView', PERMISSIONS.readingRateView, '查看抄表率', 'View reading rates')],
      },
    ],
  },
  // Monitoring (issue 6: the alarm console, status board, statistics, usage exceptions, alarm rules); migration
  // m0014 adds it to older tenants. The statistics' entries sit under the usage-exception page (its edit is used
  // there); the status board and the overview need the same view permission.
  {
    key: 'monitoring',
    name: '监控中心',
    nameEn: 'Monitoring',
    type: MENU_TYPE.menu,
    path: 'Layout',
    url: '/monitoring',
    css: 'pulse',
    children: [
      {
        key: 'alarmConsole',
        name: '告警控制台',
        nameEn: 'Alarm console',
        type: MENU_TYPE.page,
        path: 'monitoring/AlarmConsolePage',
        url: '/monitoring/alarms',
        css: 'notifications',
        children: [
          permission('alarmView', PERMISSIONS.monitoringAlarmView, '查看告警', 'View alarms'),
          permission('alarmEdit', PERMISSIONS.monitoringAlarmEdit, '编辑告警', 'Edit alarms'),
        ],
      },
      {
        key: 'statusBoard',
        name: '设备状态看板',
        nameEn: 'Status board',
        type: MENU_TYPE.page,
        path: 'monitoring/StatusBoardPage',
        url: '/monitoring/statusBoard',
        css: 'grid-view',
      },
      {
        key: 'monitoringOverview',
        name: '监控统计',
        nameEn: 'Monitoring overview',
        type: MENU_TYPE.page,
        path: 'monitoring/MonitoringOverviewPage',
        url: '/monitoring/overview',
        css: 'timeline-bar-chart',
      },
      {
        key: 'useWaterException',
        name: '用水异常',
        nameEn: 'Usage exceptions',
        type: MENU_TYPE.page,
        path: 'monitoring/UseWaterExceptionPage',
        url: '/monitoring/useWaterException',
        css: 'warning-sign',
        children: [
          permission('statsView', PERMISSIONS.monitoringStatsView, '查看监控统计', 'View monitoring statistics'),
          permission('statsEdit', PERMISSIONS.monitoringStatsEdit, '编辑监控统计', 'Edit monitoring statistics'),
        ],
      },
      {
        key: 'warningRules',
        name: '告警规则',
        nameEn: 'Alarm rules',
        type: MENU_TYPE.page,
        path: 'monitoring/WarningRulesPage',
        url: '/monitoring/rules',
        css: 'settings',
        children: [
          permission('ruleView', PERMISSIONS.monitoringRuleView, '查看告警规则', 'View alarm rules'),
          permission('ruleEdit', PERMISSIONS.monitoringRuleEdit, '编辑告警规则', 'Edit alarm rules'),
        ],
      },
    ],
  },
  // Work orders and complaints (issue 15); migration m0018 adds them to older tenants. 我的工单 is the field crew's
  // page (their own orders); the dispatch page holds the queue, the crew and the duty roster.
  {
    key: 'workOrders',
    name: '工单中心',
    nameEn: 'Work orders',
    type: MENU_TYPE.menu,
    path: 'Layout',
    url: '/workorders',
    css: 'clipboard',
    children: [
      {
        key: 'workOrderDispatch',
        name: '工单调度',
        nameEn: 'Dispatch',
        type: MENU_TYPE.page,
        path: 'workorder/WorkOrderPage',
        url: '/workorder',
        css: 'clipboard',
        children: [
          permission('workOrderView', PERMISSIONS.workOrderView, '查看工单', 'View work orders'),
          permission('workOrderCreate', PERMISSIONS.workOrderCreate, '新建工单', 'Create work orders'),
          permission('workOrderAssign', PERMISSIONS.workOrderAssign, '派单', 'Assign work orders'),
          permission('workOrderClose', PERMISSIONS.workOrderClose, '审核关闭工单', 'Review and close work orders'),
        ],
      },
      {
        key: 'myWorkOrders',
        name: '我的工单',
        nameEn: 'My work orders',
        type: MENU_TYPE.page,
        path: 'workorder/MyWorkOrdersPage',
        url: '/workorder/mine',
        css: 'person',
        children: [permission('workOrderComplete', PERMISSIONS.workOrderComplete, '处理工单', 'Work on own orders')],
      },
      {
        key: 'complaints',
        name: '投诉管理',
        nameEn: 'Complaints',
        type: MENU_TYPE.page,
        path: 'complaint/ComplaintPage',
        url: '/complaint',
        css: 'chat',
        children: [
          permission('complaintView', PERMISSIONS.complaintView, '查看投诉', 'View complaints'),
          permission('complaintEdit', PERMISSIONS.complaintEdit, '受理投诉', 'Take and handle complaints'),
        ],
      },
      {
        key: 'workCalendar',
        name: '工作日历',
        nameEn: 'Work calendar',
        type: MENU_TYPE.page,
        path: 'workorder/WorkCalendarPage',
        url: '/workorder/calendar',
        css: 'calendar',
        children: [
          permission(
            'workCalendarView',
            PERMISSIONS.workOrderCalendarView,
            '查看工作日历和时限',
            'View the work calendar and deadlines',
          ),
          permission(
            'workCalendarEdit',
            PERMISSIONS.workOrderCalendarEdit,
            '编辑工作日历和时限',
            'Edit the work calendar and deadlines',
          ),
        ],
      },
    ],
  },
  // District metering and the pipe network (issue 7); migration m0016 adds them to older tenants. The map shares
  // the districts' permissions, the night flow the analysis', the network monitoring the pipelines'.
  {
    key: 'dma',
    name: '分区计量',
    nameEn: 'District metering',
    type: MENU_TYPE.menu,
    path: 'Layout',
    url: '/dma',
    css: 'layout-auto',
    children: [
      {
        key: 'operationsMap',
        name: '运营地图',
        nameEn: 'Operations map',
        type: MENU_TYPE.page,
        path: 'dma/OperationsMapPage',
        url: '/dma/map',
        css: 'map',
      },
      {
        key: 'districts',
        name: '分区管理',
        nameEn: 'Districts',
        type: MENU_TYPE.page,
        path: 'dma/DistrictPage',
        url: '/dma/district',
        css: 'polygon-filter',
        children: [
          permission('dmaDistrictView', PERMISSIONS.dmaDistrictView, '查看分区', 'View districts'),
          permission('dmaDistrictEdit', PERMISSIONS.dmaDistrictEdit, '编辑分区', 'Edit districts'),
        ],
      },
      {
        key: 'waterBalance',
        name: '产销差分析',
        nameEn: 'Water balance',
        type: MENU_TYPE.page,
        path: 'dma/WaterBalancePage',
        url: '/dma/waterBalance',
        css: 'percentage',
        children: [
          permission('dmaAnalysisView', PERMISSIONS.dmaAnalysisView, '查看分区分析', 'View district analysis'),
          permission('dmaAnalysisEdit', PERMISSIONS.dmaAnalysisEdit, '编辑分区分析', 'Edit district analysis'),
        ],
      },
      {
        key: 'nightFlow',
        name: '夜间流量',
        nameEn: 'Night flow',
        type: MENU_TYPE.page,
        path: 'dma/NightFlowPage',
        url: '/dma/nightFlow',
        css: 'moon',
      },
    ],
  },
  {
    key: 'network',
    name: '管网管理',
    nameEn: 'Pipe network',
    type: MENU_TYPE.menu,
    path: 'Layout',
    url: '/network',
    css: 'flows',
    children: [
      {
        key: 'pipelines',
        name: '管线管理',
        nameEn: 'Pipelines',
        type: MENU_TYPE.page,
        path: 'network/PipelinePage',
        url: '/network/pipeline',
        css: 'flows',
        children: [
          permission('networkPipelineView', PERMISSIONS.networkPipelineView, '查看管线', 'View pipelines'),
          permission('networkPipelineEdit', PERMISSIONS.networkPipelineEdit, '编辑管线', 'Edit pipelines'),
        ],
      },
      {
        key: 'wells',
        name: '管井管理',
        nameEn: 'Wells',
        type: MENU_TYPE.page,
        path: 'network/WellPage',
        url: '/network/well',
        css: 'circle',
        children: [
          permission('networkWellView', PERMISSIONS.networkWellView, '查看管井', 'View wells'),
          permission('networkWellEdit', PERMISSIONS.networkWellEdit, '编辑管井', 'Edit wells'),
        ],
      },
      {
        key: 'networkMonitoring',
        name: '管网监测',
        nameEn: 'Network monitoring',
        type: MENU_TYPE.page,
        path: 'network/NetworkMonitoringPage',
        url: '/network/monitoring',
        css: 'pulse',
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
      // Parameter config (issue 4); migration m0011 adds it to older tenants.
      {
        key: 'paramConfig',
        name: '参数配置',
        nameEn: 'Parameters',
        type: MENU_TYPE.page,
        path: 'catalogue/ParamConfigPage',
        url: '/system/paramConfig',
        css: 'settings',
        children: [
          permission('sysParamView', PERMISSIONS.sysParamView, '查看参数配置', 'View parameters'),
          permission('sysParamEdit', PERMISSIONS.sysParamEdit, '编辑参数配置', 'Edit parameters'),
        ],
      },
      // Notices (issue 6, H-NOTICE); migration m0015 adds it to older tenants. The bell itself needs only profileView.
      {
        key: 'notices',
        name: '通知公告',
        nameEn: 'Notices',
        type: MENU_TYPE.page,
        path: 'notice/NoticePage',
        url: '/notice',
        css: 'notifications',
        children: [
          permission('noticeView', PERMISSIONS.noticeView, '查看通知公告', 'View notices'),
          permission('noticeEdit', PERMISSIONS.noticeEdit, '编辑通知公告', 'Edit notices'),
        ],
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
      // Display tokens for wall screens (issue 18); migration m0024 adds the page to older tenants.
      {
        key: 'displays',
        name: '大屏终端',
        nameEn: 'Display screens',
        type: MENU_TYPE.page,
        path: 'system/DisplayPage',
        url: '/system/display',
        css: 'desktop',
        children: [
          permission('sysDisplayView', PERMISSIONS.sysDisplayView, '查看大屏终端', 'View display screens'),
          permission('sysDisplayEdit', PERMISSIONS.sysDisplayEdit, '编辑大屏终端', 'Edit display screens'),
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
  // the control room watches devices and readings and may open or close valves
  'devices',
  'deviceStatus',
  'deviceStatusView',
  'valveControl',
  'valveControlView',
  'valveControlEdit',
  'deviceCommands',
  'deviceCommandsView',
  'reading',
  'readingRecords',
  'readingRecordsView',
  'dataCheck',
  'dataCheckView',
  'readingRate',
  'readingRateView',
  // the control room's monitoring: alarms (acknowledge, shelve), statistics and the rules (read only)
  'monitoring',
  'alarmConsole',
  'alarmView',
  'alarmEdit',
  'statusBoard',
  'monitoringOverview',
  'useWaterException',
  'statsView',
  'warningRules',
  'ruleView',
  // the operations map and the night flow, read only
  'dma',
  'operationsMap',
  'dmaDistrictView',
  'nightFlow',
  'dmaAnalysisView',
  // the control room sees the work-order queue, raises orders from alarms and reads complaints
  'workOrders',
  'workOrderDispatch',
  'workOrderView',
  'workOrderCreate',
  'complaints',
  'complaintView',
] as const;

/** Every signed-in user's own pages: home, the personal center with profile, password and photo uploads. */
const OWN_KEYS = ['home', 'personalCenter', 'profileView', 'profileEdit', 'passwordEdit', 'fileUpload'] as const;

/** The dispatcher (role type 2): the queue, assigning, reviewing, complaints, and the calendar (read). */
export const DISPATCHER_MENU_KEYS = [
  ...OWN_KEYS,
  // what raises orders, read only: the alarm console, the operations map and the night flow
  'monitoring',
  'alarmConsole',
  'alarmView',
  'dma',
  'operationsMap',
  'dmaDistrictView',
  'nightFlow',
  'dmaAnalysisView',
  'workOrders',
  'workOrderDispatch',
  'workOrderView',
  'workOrderCreate',
  'workOrderAssign',
  'workOrderClose',
  'myWorkOrders',
  'workOrderComplete',
  'complaints',
  'complaintView',
  'complaintEdit',
  'workCalendar',
  'workCalendarView',
] as const;

/** The field crew (role type 3): their own orders, on a phone. */
export const CREW_MENU_KEYS = [...OWN_KEYS, 'workOrders', 'myWorkOrders', 'workOrderComplete'] as const;

/** Customer service (role type 4): complaints, and the orders they raise from them. */
export const SERVICE_MENU_KEYS = [
  ...OWN_KEYS,
  'workOrders',
  'complaints',
  'complaintView',
  'complaintEdit',
  'workOrderDispatch',
  'workOrderView',
  'workOrderCreate',
] as const;
