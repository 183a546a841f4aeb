// Server messages of the district analysis (issue 7, H-ANALYSIS): water balance, night flow and the inlet-flow
// import. Spread into the shared catalogue (messages.ts).
import type { Locale } from './locale.ts';

export const dmaAnalysisMessages = {
  'dmaAnalysis.noInlet': { 'zh-CN': '该分区没有进水表', en: 'The district has no inlet meter' },
  'dmaAnalysis.chooseInlet': {
    'zh-CN': '该分区有多个进水表,请选择水表或在文件中填写表号',
    en: 'The district has several inlet meters: choose one, or give the meter code in the file',
  },
  'dmaAnalysis.rangeTooLong': {
    'zh-CN': '日期范围不能超过 {{days}} 天',
    en: 'The date range cannot be longer than {{days}} days',
  },
  'dmaAnalysis.baselineTooShort': {
    'zh-CN': '基线时段至少 {{days}} 天',
    en: 'The baseline period must be at least {{days}} days',
  },
  'dmaAnalysis.tooManyDays': { 'zh-CN': '最多选择 {{days}} 天', en: 'Choose at most {{days}} days' },
  'dmaAnalysis.import.tooLarge': {
    'zh-CN': '文件过大:不能超过 64 MB、1000000 行或 3000000 个流量值,请分成几个文件导入',
    en: 'The file is too large: at most 64 MB, 1,000,000 lines or 3,000,000 flow values; split it into several files',
  },
  'dmaAnalysis.import.empty': { 'zh-CN': '文件中没有数据行', en: 'The file has no data lines' },
  'dmaAnalysis.import.nothingRead': {
    'zh-CN': '没有一行数据能读取({{count}} 行出错)。第 {{line}} 行:{{reason}}',
    en: 'No data line could be read ({{count}} lines failed). Line {{line}}: {{reason}}',
  },
  'dmaAnalysis.import.badTime': { 'zh-CN': '时间格式不对:{{value}}', en: 'Wrong time format: {{value}}' },
  'dmaAnalysis.import.noSuchTime': {
    'zh-CN': '时间 {{value}} 在时区 {{zone}} 中不存在(夏令时切换)',
    en: 'The time {{value}} does not exist in {{zone}} (clock change)',
  },
  'dmaAnalysis.import.badFlow': {
    'zh-CN': '流量不是有效数字:{{value}}',
    en: 'The flow is not a valid number: {{value}}',
  },
  'dmaAnalysis.import.badFlowIn': {
    'zh-CN': '列 {{column}} 的流量不是有效数字:{{value}}',
    en: 'The flow in column {{column}} is not a valid number: {{value}}',
  },
  'dmaAnalysis.import.missingFlow': {
    'zh-CN': '列 {{column}} 没有流量',
    en: 'Column {{column}} has no flow',
  },
  'dmaAnalysis.import.badColumns': {
    'zh-CN': '每行应为 时间,流量[,表号]',
    en: 'Each line must be time,flow[,meterCode]',
  },
  'dmaAnalysis.import.badColumnCount': {
    'zh-CN': '该行有 {{count}} 列,表头有 {{expected}} 列',
    en: 'The line has {{count}} columns, the header {{expected}}',
  },
  'dmaAnalysis.import.wrongSeparator': {
    'zh-CN': '第 {{line}} 行只有一列:各列应以逗号、分号或制表符分隔',
    en: 'Line {{line}} has a single column: columns must be separated by commas, semicolons or tabs',
  },
  'dmaAnalysis.import.noTimeColumn': {
    'zh-CN': '第 {{line}} 行找不到时间列(按"{{separator}}"分列:{{value}})。时间应如 2018-01-01 00:05',
    en: 'No time column found on line {{line}} (split at "{{separator}}": {{value}}). Times look like 2018-01-01 00:05',
  },
  'dmaAnalysis.import.decimalComma': {
    'zh-CN': '第 {{line}} 行:文件以逗号分列,数值又用逗号作小数点(如 75,13)。请以分号分列,或用小数点',
    en: 'Line {{line}}: the file separates columns with commas and also writes decimal commas (like 75,13). Use ; as the separator, or decimal points',
  },
  'dmaAnalysis.import.noHeader': {
    'zh-CN': '第 {{line}} 行有多个流量列,但文件没有表头:请在第一行写明各列的水表编号',
    en: 'Line {{line}} has several flow columns but the file has no header: name each column’s meter on the first line',
  },
  'dmaAnalysis.import.unmappedColumn': {
    'zh-CN': '列"{{column}}"没有对应该分区的进水或出水表:请为它选择水表,或跳过该列',
    en: 'Column "{{column}}" is not mapped to an inlet or outlet meter of the district: choose its meter or skip it',
  },
  'dmaAnalysis.import.columnTwice': {
    'zh-CN': '列"{{column}}"和列"{{other}}"对应了同一个水表',
    en: 'Columns "{{other}}" and "{{column}}" are mapped to the same meter',
  },
  'dmaAnalysis.import.noColumns': {
    'zh-CN': '所有流量列都被跳过,没有可导入的数据',
    en: 'Every flow column is skipped: there is nothing to import',
  },
  'dmaAnalysis.import.badZone': {
    'zh-CN': '未知的时区:{{zone}}(请用 IANA 时区名,如 Asia/Shanghai 或 UTC)',
    en: 'Unknown time zone: {{zone}} (use an IANA name such as Asia/Shanghai or UTC)',
  },
  'dmaAnalysis.import.noMeter': {
    'zh-CN': '表号 {{code}} 不是该分区的进水或出水表',
    en: 'Meter {{code}} is not an inlet or outlet meter of the district',
  },
  'dmaAnalysis.import.duplicate': { 'zh-CN': '时间重复:{{value}}', en: 'Duplicate time: {{value}}' },
  'dmaAnalysis.import.badInterval': {
    'zh-CN': '数据间隔应为 1–60 分钟,文件中为 {{minutes}} 分钟',
    en: 'The data interval must be 1–60 minutes; the file has {{minutes}} minutes',
  },
  'oplog.dmaNightFlowAnalyse': { 'zh-CN': '重新分析夜间流量', en: 'Re-analyse night flow' },
  'oplog.dmaNightFlowBaseline': { 'zh-CN': '设置夜间流量基线时段', en: 'Set the night-flow baseline period' },
  'oplog.dmaInletFlowImport': { 'zh-CN': '导入进水流量', en: 'Import inlet flow' },
} as const satisfies Record<string, Record<Locale, string>>;
