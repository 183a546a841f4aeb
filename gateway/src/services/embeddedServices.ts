// Which embedded modules serve each API prefix. A prefix missing here (revenue, ops: later
// issues) has no embedded routes yet: its calls get the JSON 404 unless an upstream is configured for it.
import type { ApiPrefix } from '@waterops/shared/api';
import type { ServicePlugin } from '../plugins/typeBoxProvider.ts';
import { accountRoutes } from './account/accountRoutes.ts';
import { alarmRoutes } from './alarm/alarmRoutes.ts';
import { alarmRuleRoutes } from './alarm/alarmRuleRoutes.ts';
import { blacklistRoutes } from './blacklist/blacklistRoutes.ts';
import { catalogueRoutes } from './catalogue/catalogueRoutes.ts';
import { codeRuleRoutes } from './codeRule/codeRuleRoutes.ts';
import { commandRoutes } from './command/commandRoutes.ts';
import { companyRoutes } from './company/companyRoutes.ts';
import { complaintRoutes } from './complaint/complaintRoutes.ts';
import { residentMeterRoutes } from './customer/residentMeterRoutes.ts';
import { residentRoutes } from './customer/residentRoutes.ts';
import { dashboardRoutes } from './dashboard/dashboardRoutes.ts';
import { departmentRoutes } from './department/departmentRoutes.ts';
import { collectorRoutes } from './device/collectorRoutes.ts';
import { concentratorRoutes } from './device/concentratorRoutes.ts';
import { meterRoutes } from './device/meterRoutes.ts';
import { valveRoutes } from './device/valveRoutes.ts';
import { deviceStatusRoutes } from './deviceStatus/deviceStatusRoutes.ts';
import { displayRoutes } from './display/displayRoutes.ts';
import { districtPositionRoutes } from './dma/districtPositionRoutes.ts';
import { districtRoutes } from './dma/districtRoutes.ts';
import { inletFlowRoutes } from './dma/inletFlowRoutes.ts';
import { mapConfigRoutes } from './dma/mapConfigRoutes.ts';
import { mapDistrictRoutes } from './dma/mapDistrictRoutes.ts';
import { mapMeterRoutes } from './dma/mapMeterRoutes.ts';
import { nightFlowRoutes } from './dma/nightFlowRoutes.ts';
import { waterStatisticsRoutes } from './dma/waterStatisticsRoutes.ts';
import { fileRoutes } from './file/fileRoutes.ts';
import { ingestKeyRoutes } from './ingest/ingestKeyRoutes.ts';
import { ingestRoutes } from './ingest/ingestRoutes.ts';
import { logRoutes } from './log/logRoutes.ts';
import { companyMenuRoutes } from './menu/companyMenuRoutes.ts';
import { menuRoutes } from './menu/menuRoutes.ts';
import { monitoringRoutes } from './monitoring/monitoringRoutes.ts';
import { epanetImportRoutes } from './network/epanetImportRoutes.ts';
import { networkMonitoringRoutes } from './network/networkMonitoringRoutes.ts';
import { pipelineRoutes } from './network/pipelineRoutes.ts';
import { wellRoutes } from './network/wellRoutes.ts';
import { noticeRoutes } from './notice/noticeRoutes.ts';
import { paramConfigRoutes } from './paramConfig/paramConfigRoutes.ts';
import { placeExtrasRoutes } from './place/placeExtrasRoutes.ts';
import { placeRoutes } from './place/placeRoutes.ts';
import { userRegionAreaRoutes } from './place/userRegionAreaRoutes.ts';
import { dataCheckRoutes } from './reading/dataCheckRoutes.ts';
import { meterBaseRoutes } from './reading/meterBase/meterBaseRoutes.ts';
import { meterReplacementRoutes } from './reading/meterBase/meterReplacementRoutes.ts';
import { readingRateRoutes } from './reading/readingRateRoutes.ts';
import { readingRecordRoutes } from './reading/readingRecordRoutes.ts';
import { voltageHistoryRoutes } from './reading/voltageHistoryRoutes.ts';
import { registrationRoutes } from './registration/registrationRoutes.ts';
import { smsOutboxRoutes } from './registration/smsOutboxRoutes.ts';
import { roleRoutes } from './role/roleRoutes.ts';
import type { ServiceOptions } from './serviceOptions.ts';
import { uaaRoutes } from './uaa/uaaRoutes.ts';
import { totpRoutes } from './user/totpRoutes.ts';
import { userRoutes } from './user/userRoutes.ts';
import { meterBaseWorkOrderRoutes } from './workorder/meterBaseWorkOrderRoutes.ts';
import { workCalendarRoutes } from './workorder/workCalendarRoutes.ts';
import { workOrderContextRoutes } from './workorder/workOrderContextRoutes.ts';
import { workOrderRaiseRoutes } from './workorder/workOrderRaiseRoutes.ts';
import { workOrderRoutes } from './workorder/workOrderRoutes.ts';

export const embeddedServices: Partial<Record<ApiPrefix, ServicePlugin<ServiceOptions>[]>> = {
  '/api-uaa': [uaaRoutes, registrationRoutes],
  '/api-user': [
    userRoutes,
    logRoutes,
    roleRoutes,
    accountRoutes,
    departmentRoutes,
    menuRoutes,
    companyRoutes,
    companyMenuRoutes,
    smsOutboxRoutes,
    totpRoutes,
    // display tokens for wall screens (issue 18)
    displayRoutes,
  ],
  '/api-file': [fileRoutes],
  '/api-workbench': [
    placeRoutes,
    userRegionAreaRoutes,
    catalogueRoutes,
    placeExtrasRoutes,
    concentratorRoutes,
    collectorRoutes,
    meterRoutes,
    valveRoutes,
    residentRoutes,
    residentMeterRoutes,
    // the public ingestion API, signed with device keys (issue 5)
    ingestRoutes,
    deviceStatusRoutes,
    blacklistRoutes,
    ingestKeyRoutes,
    commandRoutes,
    // reading records, reading rate, voltage history (issue 5)
    readingRecordRoutes,
    readingRateRoutes,
    voltageHistoryRoutes,
    // data verification (issue 5, H-VEE)
    dataCheckRoutes,
    // month-end bases, base check and import, meter swaps (H-JOBS)
    meterBaseRoutes,
    meterReplacementRoutes,
    // monitoring statistics, usage exceptions, device status lists, the status board (issue 6, H-MONITOR)
    monitoringRoutes,
    // the alarm console's calls and the alarm rules (issue 6, H-ALARM)
    alarmRoutes,
    alarmRuleRoutes,
    // pipelines, wells, the EPANET import and the network monitoring (issue 7, H-NETWORK)
    pipelineRoutes,
    wellRoutes,
    epanetImportRoutes,
    networkMonitoringRoutes,
    // water balance, night flow, inlet-flow import and the map's district layer (issue 7, H-ANALYSIS)
    waterStatisticsRoutes,
    nightFlowRoutes,
    inletFlowRoutes,
    mapDistrictRoutes,
    // districts, their outlines and the map's meter layer (issue 7, H-DISTRICTS)
    districtRoutes,
    districtPositionRoutes,
    mapMeterRoutes,
    // the operations map's base-map config (issue 7, H-MAP)
    mapConfigRoutes,
    // reading-exception work orders from the meter-reading page (issue 15)
    meterBaseWorkOrderRoutes,
    // the home dashboards' statistics and each user's layout (issue 18)
    dashboardRoutes,
  ],
  '/api-business': [
    codeRuleRoutes,
    paramConfigRoutes,
    noticeRoutes,
    // work orders, dispatch and complaints (issue 15)
    workCalendarRoutes,
    workOrderRaiseRoutes,
    workOrderRoutes,
    workOrderContextRoutes,
    complaintRoutes,
  ],
};
