// The providers around the app: Redux, Blueprint, the hash router and the top-level error boundary.
import { BlueprintProvider } from '@blueprintjs/core';
import { useEffect } from 'react';
import { Provider } from 'react-redux';
import { HashRouter } from 'react-router-dom';
import { ErrorBoundary } from '../shell/ErrorBoundary.tsx';
import { AppRoutes } from './router/AppRoutes.tsx';
import { settings } from './settings.ts';
import type { AppStore } from './store.ts';

export type AppProps = {
  /** the store made at start-up */
  store: AppStore;
};

/** Another tab signed in or out: the stored token changed under us, so start over (spec §2). */
function useReloadOnTokenChange() {
  useEffect(() => {
    const handleStorage = (event: StorageEvent) => {
      if (event.key === settings.tokenName || event.key === null) window.location.reload();
    };
    window.addEventListener('storage', handleStorage);
    return () => window.removeEventListener('storage', handleStorage);
  }, []);
}

export function App({ store }: AppProps) {
  useReloadOnTokenChange();
  return (
    <Provider store={store}>
      <BlueprintProvider>
        <HashRouter>
          <ErrorBoundary>
            <AppRoutes />
          </ErrorBoundary>
        </HashRouter>
      </BlueprintProvider>
    </Provider>
  );
}
