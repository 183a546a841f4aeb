// Window errors and unhandled promise rejections go to the error log (the panel in the top bar lists them).
import type { AppDispatch } from '../app/store.ts';
import { errorCaught } from './errorLogSlice.ts';

const routeUrl = () => window.location.hash.slice(1) || '/';

export const captureErrors = (dispatch: AppDispatch): (() => void) => {
  const handleError = (event: ErrorEvent) => {
    // Resource load errors (img, script) carry no message and are not code errors.
    if (!event.message) return;
    dispatch(
      errorCaught({
        url: routeUrl(),
        message: event.message,
        details: event.error instanceof Error ? (event.error.stack ?? '') : `${event.filename}:${event.lineno}`,
        time: Date.now(),
      }),
    );
  };
  const handleRejection = (event: PromiseRejectionEvent) => {
    const reason: unknown = event.reason;
    // Request failures were already shown to the user by the request layer; they are not code errors.
    if (reason && typeof reason === 'object' && 'failure' in reason) return;
    dispatch(
      errorCaught({
        url: routeUrl(),
        message: reason instanceof Error ? reason.message : String(reason),
        details: reason instanceof Error ? (reason.stack ?? '') : '',
        time: Date.now(),
      }),
    );
  };
  window.addEventListener('error', handleError);
  window.addEventListener('unhandledrejection', handleRejection);
  return () => {
    window.removeEventListener('error', handleError);
    window.removeEventListener('unhandledrejection', handleRejection);
  };
};
