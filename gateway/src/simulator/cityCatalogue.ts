// The device catalogue of the simulated city as its head-end hands it over: the makers, the meter models (表型) by
// calibre and valve, and the collector types, so the registry's 厂家 / 表型 lists are filled and each meter names its
// model. Fictional company names.
import type { Archives } from '@waterops/shared/reading';

const HOUSEHOLD_MAKER = '江南水表有限公司';
const IOT_MAKER = '华东智能仪表股份有限公司';
const FLOW_MAKER = '恒流仪表有限公司';
/** makes the concentrators and collectors */
export const NETWORK_MAKER = '北方物联科技有限公司';

/** Calibres (DN) of household and business meters, and of the district inlet and outlet meters. */
const HOUSEHOLD_CALIBRES = [15, 20, 25, 40, 50] as const;
const DISTRICT_CALIBRES = [100, 150, 200] as const;

/** The model of a meter: a district flow meter, an NB-IoT valve meter or a wired remote-reading meter, by calibre. */
export const meterModelName = (caliber: number, valveControl: boolean, districtMeter: boolean): string =>
  districtMeter
    ? `UFM-${caliber} 超声波流量计`
    : valveControl
      ? `NB-${caliber}V 物联网阀控水表`
      : `LXSY-${caliber}E 远传水表`;

export const COLLECTOR_TYPE = { 1: 'CJ-M 有线采集器', 2: 'CJ-L 无线采集器' } as const;

/** The catalogue section of the first archive call. */
export const cityCatalogue = (): Pick<Archives, 'manufacturers' | 'meterModels' | 'collectorTypes'> => ({
  manufacturers: [
    { name: HOUSEHOLD_MAKER, contact: '周经理', phone: '0574-86120001' },
    { name: IOT_MAKER, contact: '陈工', phone: '021-58880002' },
    { name: FLOW_MAKER, contact: '刘工', phone: '0411-84990003' },
    { name: NETWORK_MAKER, contact: '王经理', phone: '010-62550004' },
  ],
  meterModels: [
    ...HOUSEHOLD_CALIBRES.flatMap((caliber) => [
      { name: meterModelName(caliber, false, false), manufacturer: HOUSEHOLD_MAKER, meterKind: 2, caliber },
      {
        name: meterModelName(caliber, true, false),
        manufacturer: IOT_MAKER,
        meterKind: 4,
        caliber,
        valveControl: true,
      },
    ]),
    ...DISTRICT_CALIBRES.map((caliber) => ({
      name: meterModelName(caliber, false, true),
      manufacturer: FLOW_MAKER,
      meterKind: 3,
      caliber,
    })),
  ],
  collectorTypes: [
    { name: COLLECTOR_TYPE[1], manufacturer: NETWORK_MAKER, linkKind: 1 as const },
    { name: COLLECTOR_TYPE[2], manufacturer: NETWORK_MAKER, linkKind: 2 as const },
  ],
});
