// The server's refusal of what a form sent (the state changed meanwhile, a number taken, a 400 naming a field),
// shown inside the form, which stays open so the user can correct it and send again.
import { Callout, Intent } from '@blueprintjs/core';
import { useCallback, useState } from 'react';
import type { RequestFailure } from '../api/request.ts';

export type RefusalProps = {
  /** the server's message, already in the user's language; none: nothing is shown */
  text: string | null;
};

export function Refusal({ text }: RefusalProps) {
  return text ? (
    <Callout intent={Intent.DANGER} icon="error" role="alert" className="wo-refusal">
      {text}
    </Callout>
  ) : null;
}

/**
 * A form's request and its refusal: `send` runs the request and hands its answer to `onAnswer` (say it is done,
 * close); a failed request keeps its message in `refusal` for the form to show.
 */
export const useRefusal = () => {
  const [refusal, setRefusal] = useState<string | null>(null);
  const clearRefusal = useCallback(() => setRefusal(null), []);
  const send = useCallback(async <T,>(request: () => Promise<T>, onAnswer: (answer: T) => void): Promise<void> => {
    let answer: T;
    try {
      answer = await request();
    } catch (error) {
      setRefusal((error as RequestFailure).message);
      return;
    }
    onAnswer(answer);
  }, []);
  return { refusal, clearRefusal, send };
};
