// Toast messages (Blueprint OverlayToaster), shown for settings.messageDuration (3 s, spec §9).
import { Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';
import { settings } from '../app/settings.ts';

let toaster: Promise<Toaster> | undefined;
const getToaster = (): Promise<Toaster> => {
  toaster ??= OverlayToaster.createAsync({ position: Position.TOP, maxToasts: 4, className: 'wo-toaster' });
  return toaster;
};

export type MessageKind = 'error' | 'success' | 'info' | 'warning';

const intentOf: Record<MessageKind, Intent> = {
  error: Intent.DANGER,
  success: Intent.SUCCESS,
  info: Intent.PRIMARY,
  warning: Intent.WARNING,
};
const iconOf = { error: 'error', success: 'tick-circle', info: 'info-sign', warning: 'warning-sign' } as const;

export const showMessage = (text: string, kind: MessageKind = 'error'): void => {
  void getToaster().then((t) =>
    t.show({ message: text, intent: intentOf[kind], icon: iconOf[kind], timeout: settings.messageDuration }),
  );
};
