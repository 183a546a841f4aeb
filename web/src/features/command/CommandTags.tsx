// How a command reads on screen: its state as a coloured tag (the reason in its tooltip), and its name.
import { Intent, Tag, Tooltip } from '@blueprintjs/core';
import type { CommandBatch, CommandStateName } from '@waterops/shared/command';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../app/i18n.ts';

const INTENT: Record<CommandStateName, Intent> = {
  created: Intent.NONE,
  executing: Intent.PRIMARY,
  success: Intent.SUCCESS,
  failed: Intent.DANGER,
  cancelled: Intent.WARNING,
};

type CommandStateTagProps = {
  /** the command's state */
  state: CommandStateName;
  /** why it failed or was cancelled, already in the user's language */
  message?: string | null;
};

/** created / executing / success / failed / cancelled, with the reason on hover. */
export function CommandStateTag({ state, message }: CommandStateTagProps) {
  const { t } = useTranslation();
  const tag = (
    <Tag minimal={state !== 'failed'} intent={INTENT[state]} icon={state === 'executing' ? 'refresh' : undefined}>
      {t(`command.states.${state}`)}
    </Tag>
  );
  return message ? (
    <Tooltip content={message} compact>
      {tag}
    </Tooltip>
  ) : (
    tag
  );
}

/** A command's name in the user's language (valveOpen → 开阀). */
export const commandText = (command: string): string => i18n.t(`command.names.${command}`, { defaultValue: command });

/** What a send did, for a toast: how many were sent, and how many were cancelled at once and why. */
export const batchSummary = (batch: CommandBatch): { text: string; allSent: boolean } => {
  const cancelled = batch.commands.filter((c) => c.state === 'cancelled');
  const sent = batch.commands.length - cancelled.length;
  const reasons = [...new Set(cancelled.map((c) => c.message ?? ''))].filter(Boolean).join('; ');
  return {
    text: cancelled.length
      ? i18n.t('command.sentSome', { sent, cancelled: cancelled.length, reasons })
      : i18n.t('command.sentAll', { sent }),
    allSent: cancelled.length === 0,
  };
};
