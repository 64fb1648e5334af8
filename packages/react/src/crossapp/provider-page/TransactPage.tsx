/**
 * The provider app's transact page (issue 21 item 2; spec section 7, "cross-app popup to
 * {providerApiUrl}/oauth/transact"), rendered inside `<LatchkeyProvider>` of the provider app on
 * the API origin, in the requester's 400x680 popup:
 * 1. tells its opener it listens (`CROSS_APP_ACTION.ready`, posted only to the requester origin
 *    the server checked), and takes one request (`CROSS_APP_ACTION.request`) from that opener at
 *    that origin; anything else is ignored;
 * 2. the provider app's login when this browser has no session of it;
 * 3. the server's check (`POST {issuer}/transact/check`): the requester's token, the user, the
 *    connection (not read-only) and the address;
 * 4. the request through the provider's own embedded wallet (EIP-1193): its sign or send screen,
 *    approved by the user's click inside the provider's wallet frame;
 * 5. the answer (`CROSS_APP_ACTION.response` with the signature or transaction hash, or
 *    `CROSS_APP_ACTION.error` with `{code, message}`; 4001 'User rejected request' when the user
 *    rejects) to the opener at that origin only, then the window closes.
 */
import {
  CROSS_APP_ACTION,
  CROSS_APP_ROUTES,
  type CrossAppActionRequest,
  crossAppActionRequest,
  crossAppRequestAddress,
  crossAppTransactChecked,
} from '@latchkey/api';
import { formatMessage } from '@latchkey/core';
import { useEffect, useRef, useState } from 'react';
import { useInternalLatchkey } from '../../hooks/useInternalLatchkey.ts';
import { LatchkeyLogin } from '../../LatchkeyLogin/LatchkeyLogin.tsx';

/** Spec section 8, cross-app: the user rejected the request (EIP-1193 code 4001). */
export const USER_REJECTED_REQUEST = 'User rejected request';

/** How often the page says it listens until the request comes, in ms. */
const READY_REPEAT_MS = 300;

/** Props of {@link TransactPage}. */
export interface TransactPageProps {
  /** The provider app. */
  appId: string;
  /** The requester's client id at the provider. */
  clientId: string;
  /** The requester page's origin, checked by the server: the only one this page answers. */
  origin: string;
  /** The requester window (default `window.opener`; tests). */
  opener?: Window | null;
  /** Closes this window after the answer (default `window.close`; tests). */
  close?: () => void;
}

type Phase =
  | { state: 'waiting' }
  | { state: 'checking' | 'signing'; request: CrossAppActionRequest; requester?: string }
  | { state: 'done' }
  | { state: 'failed'; message: string };

/** The error answer's `{code, message}` of a thrown value. */
function errorOf(error: unknown): { code: string | number; message: string } {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (e?.code === 4001) return { code: 4001, message: USER_REJECTED_REQUEST };
  const code = typeof e?.code === 'string' || typeof e?.code === 'number' ? e.code : 'internal';
  return { code, message: typeof e?.message === 'string' ? e.message : String(error) };
}

/** The result the opener gets: a signature, or the hash of a sent transaction. */
function resultOf(value: unknown): string {
  if (typeof value === 'string') return value;
  const hash = (value as { transactionHash?: unknown } | null)?.transactionHash;
  if (typeof hash === 'string') return hash;
  throw new Error('The wallet gave no result');
}

/**
 * @throws nothing: every failure is answered to the opener (and shown) as an error message.
 */
export function TransactPage({
  appId,
  clientId,
  origin,
  opener = typeof window === 'undefined' ? null : (window.opener as Window | null),
  close = () => window.close(),
}: TransactPageProps) {
  const { client, config, session, wallet } = useInternalLatchkey('TransactPage');
  const m = config.messages;
  const appName = config.appName ?? '';
  const [phase, setPhase] = useState<Phase>(
    opener ? { state: 'waiting' } : { state: 'failed', message: m.crossAppTransactNoOpener },
  );
  const started = useRef(false);
  const answered = useRef(false);

  const answer = (message: Record<string, unknown>) => {
    if (answered.current) return;
    answered.current = true;
    opener?.postMessage(message, origin);
    close();
  };

  // 1. Listen, then say so; one request, from the opener at the checked origin.
  useEffect(() => {
    if (!opener) return;
    // Said again until the request comes: the opener may start listening after this page loads.
    const say = () => opener.postMessage({ type: CROSS_APP_ACTION.ready }, origin);
    const repeat = setInterval(say, READY_REPEAT_MS);
    const onMessage = (event: MessageEvent) => {
      if (event.source !== opener || event.origin !== origin) return;
      const parsed = crossAppActionRequest.safeParse(event.data);
      if (!parsed.success) return;
      clearInterval(repeat);
      setPhase((current) =>
        current.state === 'waiting' ? { state: 'checking', request: parsed.data } : current,
      );
    };
    window.addEventListener('message', onMessage);
    say();
    return () => {
      clearInterval(repeat);
      window.removeEventListener('message', onMessage);
    };
  }, [opener, origin]);

  // 3 and 4, once the request is here and the provider app's user is logged in.
  const request = phase.state === 'checking' ? phase.request : null;
  const authenticated = session.status === 'authenticated';
  useEffect(() => {
    if (!request || !authenticated || started.current) return;
    started.current = true;
    const fail = (error: unknown) => {
      const e = errorOf(error);
      setPhase({ state: 'failed', message: e.message });
      answer({ type: CROSS_APP_ACTION.error, id: request.id, error: e });
    };
    void (async () => {
      // The provider app's API client: its bearer token, its errors (`code`, `message`).
      const body = await client.api.request<unknown>({
        method: 'POST',
        path: CROSS_APP_ROUTES.transactCheck(appId),
        body: {
          client_id: clientId,
          access_token: request.token,
          address: crossAppRequestAddress(request.request),
        },
        accessToken: await client.getAccessToken(),
      });
      const checked = crossAppTransactChecked.parse(body);
      setPhase({
        state: 'signing',
        request,
        requester: checked.client.name ?? origin,
      });
      const provider = await wallet.provider();
      const result = resultOf(await provider.request(request.request));
      setPhase({ state: 'done' });
      answer({ type: CROSS_APP_ACTION.response, id: request.id, result });
    })().catch(fail);
    // `answer` reads refs only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request, authenticated, client, wallet, appId, clientId, origin]);

  const requester =
    (phase.state === 'signing' && phase.requester) || new URL(origin).host || origin;
  const fill = (text: string) => formatMessage(text, { requester, app: appName });
  const kind =
    phase.state === 'checking' || phase.state === 'signing'
      ? {
          personal_sign: m.crossAppTransactSignMessage,
          eth_signTypedData_v4: m.crossAppTransactSignTypedData,
          eth_sendTransaction: m.crossAppTransactSendTransaction,
        }[phase.request.request.method]
      : null;

  return (
    <main className="lk-xapp" aria-busy={phase.state === 'checking'}>
      <header className="lk-xapp-head">
        <h1 className="lk-xapp-title">{fill(m.crossAppTransactTitle)}</h1>
        <p className="lk-xapp-detail">{fill(m.crossAppTransactDetail)}</p>
      </header>
      {phase.state === 'failed' ? (
        <section className="lk-xapp-card" role="alert">
          <p className="lk-xapp-error">{phase.message}</p>
        </section>
      ) : authenticated || phase.state === 'done' ? (
        <section className="lk-xapp-card" aria-live="polite">
          {kind ? <p className="lk-xapp-lead">{kind}</p> : null}
          <p className="lk-xapp-note">
            {phase.state === 'waiting'
              ? m.crossAppTransactWaiting
              : phase.state === 'done'
                ? m.crossAppTransactDone
                : fill(m.crossAppTransactApprove)}
          </p>
          {phase.state === 'checking' || phase.state === 'signing' ? (
            <div className="lk-xapp-actions">
              <button
                type="button"
                className="lk-xapp-button lk-xapp-secondary"
                onClick={() => {
                  setPhase({ state: 'done' });
                  answer({
                    type: CROSS_APP_ACTION.error,
                    id: phase.request.id,
                    error: { code: 4001, message: USER_REJECTED_REQUEST },
                  });
                }}
              >
                {m.crossAppTransactReject}
              </button>
            </div>
          ) : null}
        </section>
      ) : null}
      {/* The provider app's login, then (standalone, in place) its sign or send screen. */}
      {phase.state !== 'failed' &&
      phase.state !== 'done' &&
      (!authenticated || phase.state === 'signing') ? (
        <LatchkeyLogin showWhenAuthenticated />
      ) : null}
    </main>
  );
}
