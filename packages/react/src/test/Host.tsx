import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach } from 'vitest';
import type { LatchkeyClientConfig } from '../config/config.ts';
import { useLatchkey } from '../hooks/useLatchkey.ts';
import { LatchkeyProvider } from '../LatchkeyProvider/LatchkeyProvider.tsx';
import { APP_ID, createFakeClient, type FakeClientOptions } from './fakeClient.ts';

afterEach(() => {
  cleanup();
});

/** A host page: status, a Log in button and a Log out button. */
export function Host({ children }: { children?: ReactNode }) {
  const { ready, authenticated, user, login, logout } = useLatchkey();
  return (
    <div>
      <span data-testid="status">
        {!ready ? 'loading' : authenticated ? 'authenticated' : 'unauthenticated'}
      </span>
      <span data-testid="email">{user?.email?.address ?? ''}</span>
      <button type="button" onClick={login}>
        Log in
      </button>
      <button type="button" onClick={() => void logout()}>
        Log out
      </button>
      {children}
    </div>
  );
}

/** Renders `<Host>` inside a provider with a fake client. */
export function renderHost(
  options: { config?: LatchkeyClientConfig; client?: FakeClientOptions; children?: ReactNode } = {},
) {
  const fake = createFakeClient(options.client);
  const view = render(
    <LatchkeyProvider
      appId={APP_ID}
      apiUrl="http://api.test"
      client={fake.client}
      config={options.config}
    >
      <Host>{options.children}</Host>
    </LatchkeyProvider>,
  );
  return { ...view, ...fake };
}
