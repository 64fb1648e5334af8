// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useLatchkey } from '../hooks/useLatchkey.ts';
import { LatchkeyLogin } from '../LatchkeyLogin/LatchkeyLogin.tsx';
import { LatchkeyProvider } from './LatchkeyProvider.tsx';

function Status() {
  const { ready, authenticated } = useLatchkey();
  return <p>{!ready ? 'loading' : authenticated ? 'authenticated' : 'unauthenticated'}</p>;
}

describe('server rendering (user-needs theme 1)', () => {
  it('renders without window, document or localStorage, in the loading state', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
    const html = renderToString(
      <LatchkeyProvider appId="latchkeytest0000000000000" apiUrl="http://api.test">
        <Status />
        <LatchkeyLogin />
      </LatchkeyProvider>,
    );
    expect(html).toBe('<p>loading</p>');
  });
});
