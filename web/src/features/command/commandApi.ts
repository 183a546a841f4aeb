// Device command calls: the valve page's meters, the command history (pages and drawers), and sending valve,
// read-now and concentrator / collector commands. A send refreshes every list that shows commands.
import type { PageResult, Result } from '@waterops/shared/api';
import {
  COMMAND_PATHS,
  type CollectorCommandRequest,
  type CommandBatch,
  type ConcentratorCommandRequest,
  type DeviceCommand,
  type ValveMeter,
  type ValveRequest,
} from '@waterops/shared/command';
import { baseApi } from '../../api/baseApi.ts';

export const VALVE_CONTROL_RESOURCE = 'command.valveControl';
export const COMMAND_RESOURCE = 'command.history';

/** While a shown command waits for its device, its list is asked again this often (ms). */
export const COMMAND_POLL_MS = 2000;

const tags = [
  { type: 'Resource' as const, id: VALVE_CONTROL_RESOURCE },
  { type: 'Resource' as const, id: COMMAND_RESOURCE },
];

export type DeviceCommandSend =
  | { kind: 'concentrator'; id: number; body: ConcentratorCommandRequest }
  | { kind: 'collector'; id: number; body: CollectorCommandRequest };

export const commandApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    valveMeters: build.query<PageResult<ValveMeter>, Record<string, unknown>>({
      query: (params) => ({ url: COMMAND_PATHS.valveMeters, params }),
      providesTags: tags,
    }),
    commands: build.query<PageResult<DeviceCommand>, Record<string, unknown>>({
      query: (params) => ({ url: COMMAND_PATHS.list, params }),
      providesTags: tags,
    }),
    sendValve: build.mutation<CommandBatch, ValveRequest>({
      query: (data) => ({ url: COMMAND_PATHS.valve, method: 'POST', data }),
      transformResponse: (r: Result<CommandBatch>) => r.datas,
      invalidatesTags: tags,
    }),
    sendMeterRead: build.mutation<CommandBatch, { meterIds: number[] }>({
      query: (data) => ({ url: COMMAND_PATHS.meterRead, method: 'POST', data }),
      transformResponse: (r: Result<CommandBatch>) => r.datas,
      invalidatesTags: tags,
    }),
    sendDeviceCommand: build.mutation<CommandBatch, DeviceCommandSend>({
      query: (c) => ({
        url: c.kind === 'concentrator' ? COMMAND_PATHS.concentratorCommand(c.id) : COMMAND_PATHS.collectorCommand(c.id),
        method: 'POST',
        data: c.body,
      }),
      transformResponse: (r: Result<CommandBatch>) => r.datas,
      invalidatesTags: tags,
    }),
  }),
});

export const {
  useValveMetersQuery,
  useCommandsQuery,
  useSendValveMutation,
  useSendMeterReadMutation,
  useSendDeviceCommandMutation,
} = commandApi;
