// Server messages of the network services (issue 7): spread into the shared catalogue (messages.ts).
import type { Locale } from './locale.ts';

export const networkMessages = {
  // form rules of pipelines and wells
  'rules.pipeCode.required': { 'zh-CN': '请输入管线编码', en: 'Please enter the pipeline code' },
  'rules.pipeWells.same': { 'zh-CN': '起点井和终点井不能相同', en: 'The start and end wells must differ' },
  'rules.pipeMeters.same': { 'zh-CN': '起点水表和终点水表不能相同', en: 'The start and end meters must differ' },
  'rules.wellCode.required': { 'zh-CN': '请输入井编码', en: 'Please enter the well code' },
  'rules.wellPosition.half': {
    'zh-CN': '经度和纬度需同时填写',
    en: 'Enter both the longitude and the latitude',
  },
  'resource.pipeCode.exists': { 'zh-CN': '管线编码已存在', en: 'The pipeline code must be unique' },
  'resource.wellCode.exists': { 'zh-CN': '井编码已存在', en: 'The well code must be unique' },
  'network.well.inUse': {
    'zh-CN': '有 {{count}} 条管线连接此井,不能删除',
    en: '{{count}} pipeline(s) end at this well: it cannot be deleted',
  },
  // EPANET import
  'network.import.noFile': { 'zh-CN': '请选择 EPANET .inp 文件', en: 'Please choose an EPANET .inp file' },
  'network.import.tooLarge': {
    'zh-CN': 'EPANET 文件不能超过 20MB',
    en: 'The EPANET file cannot exceed 20 MB',
  },
  'network.import.notText': { 'zh-CN': '文件不是文本格式的 .inp 文件', en: 'The file is not a text .inp file' },
  'network.import.errors': {
    'zh-CN': 'EPANET 文件有 {{count}} 处错误(第 {{lines}} 行):{{first}}',
    en: 'The EPANET file has {{count}} error(s) (lines {{lines}}): {{first}}',
  },
  'network.import.codeClash': {
    'zh-CN': '以下编码已存在,未导入任何数据:{{codes}}',
    en: 'These codes already exist, nothing was imported: {{codes}}',
  },
  'network.import.tooManyPoints': {
    'zh-CN': '管线 {{id}} 的折点过多(超过 {{max}} 个)',
    en: 'Pipe {{id}} has too many points (more than {{max}})',
  },
  'network.import.codeTooLong': {
    'zh-CN': '编码 {{code}} 超过 {{max}} 个字符',
    en: 'The code {{code}} is longer than {{max}} characters',
  },
  'network.inp.noPipes': { 'zh-CN': '文件中没有管道 [PIPES]', en: 'The file has no pipes [PIPES]' },
  'network.inp.noCoordinates': {
    'zh-CN': '文件中没有节点坐标 [COORDINATES]',
    en: 'The file has no node coordinates [COORDINATES]',
  },
  'network.inp.tooFewFields': {
    'zh-CN': '字段不足(需要 {{expected}} 个,只有 {{found}} 个)',
    en: 'Too few fields ({{expected}} needed, {{found}} found)',
  },
  'network.inp.badNumber': { 'zh-CN': '{{field}} 不是数字:{{value}}', en: '{{field}} is not a number: {{value}}' },
  'network.inp.notPositive': {
    'zh-CN': '{{field}} 必须大于 0:{{value}}',
    en: '{{field}} must be greater than 0: {{value}}',
  },
  'network.inp.badStatus': { 'zh-CN': '未知状态:{{value}}', en: 'Unknown status: {{value}}' },
  'network.inp.badValveType': { 'zh-CN': '未知阀门类型:{{value}}', en: 'Unknown valve type: {{value}}' },
  'network.inp.badUnits': { 'zh-CN': '未知流量单位:{{value}}', en: 'Unknown flow units: {{value}}' },
  'network.inp.badHeadloss': { 'zh-CN': '未知水头损失公式:{{value}}', en: 'Unknown head-loss formula: {{value}}' },
  'network.inp.duplicateNode': { 'zh-CN': '节点 {{id}} 重复', en: 'Node {{id}} is repeated' },
  'network.inp.duplicateLink': { 'zh-CN': '管段 {{id}} 重复', en: 'Link {{id}} is repeated' },
  'network.inp.unknownNode': {
    'zh-CN': '管段 {{link}} 连接了不存在的节点 {{node}}',
    en: 'Link {{link}} joins an unknown node {{node}}',
  },
  'network.inp.sameNodes': {
    'zh-CN': '管段 {{id}} 的两端是同一节点 {{node}}',
    en: 'Both ends of link {{id}} are node {{node}}',
  },
  'network.inp.nodeWithoutCoordinates': {
    'zh-CN': '节点 {{node}} 没有坐标',
    en: 'Node {{node}} has no coordinates',
  },
  'network.inp.linkWithoutCoordinates': {
    'zh-CN': '管段 {{link}} 无法绘制(节点 {{node}} 没有坐标)',
    en: 'Link {{link}} cannot be drawn (node {{node}} has no coordinates)',
  },
  'network.inp.coordinatesForUnknownNode': {
    'zh-CN': '坐标属于不存在的节点 {{node}}',
    en: 'Coordinates of an unknown node {{node}}',
  },
  'network.inp.verticesForUnknownLink': {
    'zh-CN': '折点属于不存在的管段 {{link}}',
    en: 'Vertices of an unknown link {{link}}',
  },
  'network.inp.statusForUnknownLink': {
    'zh-CN': '状态属于不存在的管段 {{link}}',
    en: 'Status of an unknown link {{link}}',
  },
  'network.inp.lineOutsideSection': { 'zh-CN': '该行不在任何段落中', en: 'This line is outside any section' },
  'network.inp.unitsDefaulted': {
    'zh-CN': '未指定流量单位,按 {{units}} 读取',
    en: 'No flow units given: read as {{units}}',
  },
  'network.inp.pumpSkipped': { 'zh-CN': '水泵 {{id}} 未导入', en: 'Pump {{id}} was not imported' },
  // operation log
  'oplog.pipelineCreate': { 'zh-CN': '新增管线', en: 'Create pipeline' },
  'oplog.pipelineUpdate': { 'zh-CN': '修改管线', en: 'Update pipeline' },
  'oplog.pipelineDelete': { 'zh-CN': '删除管线', en: 'Delete pipeline' },
  'oplog.wellCreate': { 'zh-CN': '新增管井', en: 'Create well' },
  'oplog.wellUpdate': { 'zh-CN': '修改管井', en: 'Update well' },
  'oplog.wellDelete': { 'zh-CN': '删除管井', en: 'Delete well' },
  'oplog.epanetImport': { 'zh-CN': '导入 EPANET 管网', en: 'Import EPANET network' },
} as const satisfies Record<string, Record<Locale, string>>;
