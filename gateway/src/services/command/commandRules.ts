// The rules of a device command, pure: which state follows which (created → executing → success | failed;
// cancelled only at creation; a timeout fails a created or executing command) and what happens to a command at
// creation (refused, cancelled or created). The delivery SQL and the repository follow these same rules.
import type { CommandName, CommandReason, CommandStateName, DeviceKindName } from '@waterops/shared/command';
import type { MessageKey } from '@waterops/shared/i18n';

/** What can happen to a command after it was created. */
export type CommandEvent = 'sent' | 'succeeded' | 'deviceFailed' | 'timedOut';

const TRANSITIONS: Record<CommandStateName, Partial<Record<CommandEvent, CommandStateName>>> = {
  created: { sent: 'executing', timedOut: 'failed' },
  executing: { succeeded: 'success', deviceFailed: 'failed', timedOut: 'failed' },
  success: {},
  failed: {},
  cancelled: {},
};

/** The state an event leads to, or null when the event does not apply (a finished command never changes). */
export const nextCommandState = (state: CommandStateName, event: CommandEvent): CommandStateName | null =>
  TRANSITIONS[state][event] ?? null;

/** A finished command stays as it is. */
export const isFinalState = (state: CommandStateName): boolean => Object.keys(TRANSITIONS[state]).length === 0;

export const isValveCommand = (command: CommandName): boolean => command === 'valveOpen' || command === 'valveClose';

/** What the creation checks need to know about the device a command is for. */
export type CommandTarget = {
  kind: DeviceKindName;
  code: string;
  /** meters: whether the meter has a remotely controlled valve */
  valveControl?: boolean;
  /** the device's own online flag */
  online: boolean;
  /** the online flag of the concentrator that delivers the command (null: the device takes it itself) */
  concentratorOnline: boolean | null;
  /** on the device command filter (device_blacklists list_kind 3) */
  filtered: boolean;
};

export type CreationDecision =
  /** not created at all: the request is wrong for this device */
  | { outcome: 'refused'; messageKey: MessageKey; params: Record<string, string> }
  /** stored as cancelled, so the history shows the attempt and why it went nowhere */
  | { outcome: 'cancelled'; reason: CommandReason; messageKey: MessageKey }
  | { outcome: 'created' };

/** Whether the way to the device is up: the concentrator that delivers to it online, or the device itself. */
const deliverable = (target: CommandTarget): boolean =>
  target.concentratorOnline === null ? target.online : target.concentratorOnline;

/**
 * Whether a command can reach the device. Online has one definition on every page: the device's own flag (it
 * reported within its threshold; ingestion sets it, the offline job clears it). A read-now goes out whenever the way
 * to the device is up — it is how an operator checks a meter that fell silent; a valve command needs the meter
 * online as well: no valve moves on a meter every other page calls offline, with no read to confirm it.
 */
export const isReachable = (command: CommandName, target: CommandTarget): boolean =>
  deliverable(target) && (!isValveCommand(command) || target.online);

/**
 * Decides a new command's fate. Order: a meter without valve control cannot take a valve command at all; the
 * command filter intercepts valve operations whatever the device's state; an unreachable device gets nothing.
 */
export const decideCreation = (command: CommandName, target: CommandTarget): CreationDecision => {
  const valve = isValveCommand(command);
  if (valve && target.kind === 'meter' && !target.valveControl)
    return { outcome: 'refused', messageKey: 'command.noValveControl', params: { code: target.code } };
  if (valve && target.filtered)
    return { outcome: 'cancelled', reason: 'intercepted', messageKey: 'command.intercepted' };
  if (!isReachable(command, target))
    return { outcome: 'cancelled', reason: 'offline', messageKey: valve ? 'command.offlineValve' : 'command.offline' };
  return { outcome: 'created' };
};

/** The catalogue message of a failure or cancellation reason (null: no reason). */
export const reasonMessageKey = (reason: string | null, command: string): MessageKey | null => {
  switch (reason) {
    case 'offline':
      return command === 'valveOpen' || command === 'valveClose' ? 'command.offlineValve' : 'command.offline';
    case 'intercepted':
      return 'command.intercepted';
    case 'timeout':
      return 'command.timeout';
    case 'device':
      return 'command.device';
    default:
      return null;
  }
};

/** When a new command fails if nobody picks it up. */
export const commandDeadline = (createdAt: Date, timeoutSeconds: number): Date =>
  new Date(createdAt.getTime() + timeoutSeconds * 1000);
