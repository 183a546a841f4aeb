// Start-up: language, store, request layer wiring, error capture, then render.
import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import '@blueprintjs/select/lib/css/blueprint-select.css';
import './styles/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { showMessage } from './api/message.ts';
import { configureRequest } from './api/request.ts';
import { App } from './app/App.tsx';
import { activeLocale, i18n, setUpI18n } from './app/i18n.ts';
import { loginPathFor } from './app/router/guard.ts';
import { clearSession } from './app/signOut.ts';
import { makeStore } from './app/store.ts';
import { getToken } from './app/tokenStorage.ts';
import { captureErrors } from './shell/captureErrors.ts';

setUpI18n();
const store = makeStore({ session: { signedIn: Boolean(getToken()) } });

const currentRoute = () => {
  const hash = window.location.hash.slice(1) || '/';
  const [path = '/', query = ''] = hash.split('?');
  return { path, search: query ? `?${query}` : '' };
};

configureRequest({
  getToken,
  getLocale: activeLocale,
  translate: (key, params) => i18n.t(key, params ?? {}),
  showMessage: (text) => showMessage(text, 'error'),
  onExpired: () => {
    const { path, search } = currentRoute();
    clearSession(store.dispatch);
    if (path !== '/login') window.location.hash = loginPathFor(path, search);
  },
  onForbidden: () => {
    window.location.hash = '/401';
  },
});
captureErrors(store.dispatch);

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  );
