/**
 * The provider app's own sign-in page (issue 21 item 2; spec section 2 CROSS_APP_AUTH_SCREEN,
 * provider side), rendered inside `<LatchkeyProvider>` of the provider app on the API origin:
 * - the requester it signs in to (name and icon, or its redirect origin), then
 * - the provider app's own login card (`<LatchkeyLogin/>`, every method the app enables), then
 * - the consent: what the requester gets (by the scopes asked), whether it may ask for
 *   signatures (read-only or not), who is signed in, Allow and Cancel.
 *
 * Allow is sent by the provider's wallet frame (`latchkey:crossapp:confirm`, with its DPoP key;
 * the frame answers only this page's origin), Cancel by the page (`abort`); both answer where the
 * browser goes next (the provider resumes, then redirects to the requester with a code or
 * `error=access_denied`).
 */
import {
  APP_ID_HEADER,
  CROSS_APP_ROUTES,
  type CrossAppInteraction,
  crossAppInteraction,
  crossAppInteractionResult,
  FRAME_EVENTS,
} from '@latchkey/api';
import { formatMessage } from '@latchkey/core';
import { createEmbeddedWalletBridge } from '@latchkey/core/wallet-bridge';
import { useCallback, useEffect, useRef, useState } from 'react';
import { contactOf } from '../../components/LatchkeyButton/LatchkeyButton.tsx';
import { useInternalLatchkey } from '../../hooks/useInternalLatchkey.ts';
import { useLogin } from '../../hooks/useLogin.ts';
import { LatchkeyLogin } from '../../LatchkeyLogin/LatchkeyLogin.tsx';

/** Props of {@link ProviderPage}. */
export interface ProviderPageProps {
  /** The API's public URL (the page's own origin and path prefix). */
  apiUrl: string;
  /** The provider app. */
  appId: string;
  /** The pending interaction. */
  uid: string;
  /** Sends the browser on (default `location.assign`; tests). */
  navigate?: (url: string) => void;
}

type Load =
  | { state: 'loading' }
  | { state: 'ready'; details: CrossAppInteraction }
  | { state: 'failed'; message: string };

/**
 * @throws nothing: a details call that fails shows the page's failure text, an Allow or Cancel
 *   that fails shows it under the buttons (the user may try again).
 */
export function ProviderPage({
  apiUrl,
  appId,
  uid,
  navigate = (url) => location.assign(url),
}: ProviderPageProps) {
  const { client, config, session } = useInternalLatchkey('ProviderPage');
  const m = config.messages;
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [busy, setBusy] = useState<'allow' | 'decline' | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The consent shows once the login flow has ended (after wallet creation and the success
  // state, so the `wallets` claim has the new wallet), or at once for a session restored here.
  const [loggedIn, setLoggedIn] = useState(false);
  const firstStatus = useRef<string | null>(null);
  if (firstStatus.current === null && session.status !== 'loading') {
    firstStatus.current = session.status;
  }
  useLogin({ onComplete: () => setLoggedIn(true) });
  const appName = config.appName ?? '';
  const failedText = formatMessage(m.crossAppFailed, { app: appName });

  useEffect(() => {
    let live = true;
    fetch(`${apiUrl}${CROSS_APP_ROUTES.interactionDetails(appId, uid)}`, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    })
      .then(async (res) => {
        const body: unknown = await res.json().catch(() => null);
        if (!res.ok) {
          const text = (body as { error?: unknown } | null)?.error;
          throw new Error(typeof text === 'string' ? text : res.statusText);
        }
        return crossAppInteraction.parse(body);
      })
      .then(
        (details) => live && setLoad({ state: 'ready', details }),
        (e: unknown) =>
          live && setLoad({ state: 'failed', message: e instanceof Error ? e.message : String(e) }),
      );
    return () => {
      live = false;
    };
  }, [apiUrl, appId, uid]);

  const allow = useCallback(async () => {
    setBusy('allow');
    setError(null);
    try {
      const bridge = client.sharedWalletBridge(createEmbeddedWalletBridge);
      if (!bridge.call) throw new Error(failedText);
      const answer = await bridge.call(FRAME_EVENTS.crossAppConfirm, { uid });
      navigate(crossAppInteractionResult.parse(answer).redirect_to);
    } catch {
      setError(failedText);
      setBusy(null);
    }
  }, [client, uid, navigate, failedText]);

  const decline = useCallback(async () => {
    setBusy('decline');
    setError(null);
    try {
      const res = await fetch(`${apiUrl}${CROSS_APP_ROUTES.interactionAbort(appId, uid)}`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { accept: 'application/json', [APP_ID_HEADER]: appId },
      });
      if (!res.ok) throw new Error(res.statusText);
      navigate(crossAppInteractionResult.parse(await res.json()).redirect_to);
    } catch {
      setError(failedText);
      setBusy(null);
    }
  }, [apiUrl, appId, uid, navigate, failedText]);

  if (load.state === 'loading') {
    return <main className="lk-xapp" aria-busy="true" />;
  }
  if (load.state === 'failed') {
    return (
      <main className="lk-xapp">
        <section className="lk-xapp-card" role="alert">
          <h1 className="lk-xapp-title">{failedText}</h1>
          <p className="lk-xapp-detail">{load.message}</p>
        </section>
      </main>
    );
  }

  const { details } = load;
  const requester = details.client.name ?? details.redirect_origin;
  const app = details.provider_app.name;
  const fill = (text: string) => formatMessage(text, { requester, app });
  const scopeText: Record<string, string> = {
    openid: m.crossAppScopeOpenid,
    email: m.crossAppScopeMailAddress,
    wallets: m.crossAppScopeWallets,
  };
  const authenticated =
    session.status === 'authenticated' && (loggedIn || firstStatus.current === 'authenticated');
  const account = contactOf(session.user) ?? session.user?.wallet?.address ?? null;

  return (
    <main className="lk-xapp">
      <header className="lk-xapp-head">
        {details.client.icon_url ? (
          <img className="lk-xapp-icon" src={details.client.icon_url} alt="" />
        ) : null}
        <h1 className="lk-xapp-title">{fill(m.crossAppSignInTitle)}</h1>
        <p className="lk-xapp-detail">{fill(m.crossAppSignInDetail)}</p>
      </header>
      {authenticated ? (
        <section className="lk-xapp-card" aria-labelledby="lk-xapp-lead">
          <p id="lk-xapp-lead" className="lk-xapp-lead">
            {fill(m.crossAppConsentLead)}
          </p>
          <ul className="lk-xapp-scopes">
            {details.scopes.map((scope) => (
              <li key={scope}>{fill(scopeText[scope] ?? scope)}</li>
            ))}
          </ul>
          <p className="lk-xapp-note">
            {fill(details.read_only ? m.crossAppReadOnlyNote : m.crossAppSigningNote)}
          </p>
          {account ? (
            <p className="lk-xapp-account">{formatMessage(m.crossAppSignedInAs, { account })}</p>
          ) : null}
          <div className="lk-xapp-actions">
            <button
              type="button"
              className="lk-xapp-button lk-xapp-secondary"
              disabled={busy !== null}
              onClick={() => void decline()}
            >
              {m.crossAppDecline}
            </button>
            <button
              type="button"
              className="lk-xapp-button lk-xapp-primary"
              disabled={busy !== null}
              onClick={() => void allow()}
            >
              {busy === 'allow' ? m.crossAppAllowing : m.crossAppAllow}
            </button>
          </div>
          {error ? (
            <p className="lk-xapp-error" role="alert">
              {error}
            </p>
          ) : null}
        </section>
      ) : (
        <LatchkeyLogin showWhenAuthenticated />
      )}
    </main>
  );
}
