// A command list that keeps itself current: while any command it shows waits for its device (created or
// executing), it is asked again every COMMAND_POLL_MS; polling stops once every one has finished.
import { COMMAND_STATE, type CommandStateName, isOpenState } from '@waterops/shared/command';
import { useEffect, useState } from 'react';
import { COMMAND_POLL_MS } from './commandApi.ts';

/** Whether a command in this state still waits for its device. */
export const waiting = (state: CommandStateName | undefined | null): boolean =>
  state !== undefined && state !== null && isOpenState(COMMAND_STATE[state]);

/**
 * The polling interval for a list (0: none) and the function that follows the states it shows. Used as
 * `const [ms, follow] = usePollWhileWaiting(); const r = useXQuery(args, { pollingInterval: ms }); follow(states)`.
 */
export const usePollWhileWaiting = (): [number, (states: readonly (CommandStateName | null | undefined)[]) => void] => {
  const [interval, setPollInterval] = useState(0);
  const useFollow = (states: readonly (CommandStateName | null | undefined)[]) => {
    const anyWaiting = states.some(waiting);
    useEffect(() => setPollInterval(anyWaiting ? COMMAND_POLL_MS : 0), [anyWaiting]);
  };
  return [interval, useFollow];
};
