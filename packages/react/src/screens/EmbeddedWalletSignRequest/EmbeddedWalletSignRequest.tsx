import { SUCCESS_CLOSE_MS } from '@latchkey/api';
import { useEffect, useState } from 'react';
import { Button } from '../../components/Button/Button.tsx';
import { CheckIcon, PenIcon } from '../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../components/ModalHeader/ModalHeader.tsx';
import { walletLayoutCss } from '../../components/WalletLayout/WalletLayout.css.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { stringifyJson, utf8ToHex } from '../../wallet/encoding.ts';
import { useWalletScreen } from '../../wallet/useWalletScreen.ts';
import { signRequestCss } from './EmbeddedWalletSignRequest.css.ts';

type SignState = 'loading' | 'ready' | 'signing' | 'success' | 'error';

/** What the box shows: the message text, or the typed data / params as JSON. */
function shownMessage(request: ReturnType<typeof useWalletScreen>['request']): string {
  if (request.kind === 'sign-message') return request.message;
  if (request.kind === 'sign-typed-data') return stringifyJson(request.typedData, 2);
  if (request.kind === 'confirm-signature') {
    const params = request.params as unknown[];
    if (request.method === 'personal_sign' && typeof params?.[0] === 'string') {
      return hexToText(params[0]);
    }
    const data = request.method === 'eth_signTypedData_v4' ? params?.[1] : params;
    if (typeof data === 'string') {
      try {
        return stringifyJson(JSON.parse(data), 2);
      } catch {
        return data;
      }
    }
    return stringifyJson(data, 2);
  }
  return '';
}

function hexToText(value: string): string {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(value)) return value;
  const bytes = new Uint8Array((value.length - 2) / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(value.slice(2 + i * 2, 4 + i * 2), 16);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return value;
  }
}

/**
 * EMBEDDED_WALLET_SIGN_REQUEST_SCREEN (spec sections 3 and 4, "Sign screen"): signMessage
 * (EIP-191 `personal_sign`) and signTypedData (EIP-712 `eth_signTypedData_v4`). Texts default to
 * 'Sign message' / 'Signing this message will not cost you any fees.' / 'Sign and continue' and
 * follow the UI options {title, description, buttonText, iconUrl}. States loading, ready, signing,
 * success (closes after 1.4 s). Closing before success rejects with 4001 'user rejected'.
 * For a provider request (`confirm-signature`) the button approves and the provider signs.
 */
export default function EmbeddedWalletSignRequest() {
  useStyleSheet(walletLayoutCss);
  useStyleSheet(signRequestCss);
  const {
    request,
    wallet,
    settle,
    close,
    messages: m,
  } = useWalletScreen('sign-message', 'sign-typed-data', 'confirm-signature');
  const [state, setState] = useState<SignState>('loading');
  const [error, setError] = useState<string | null>(null);
  const ui = request.uiOptions ?? {};

  useEffect(() => {
    let live = true;
    wallet.manager().then(
      () => live && setState('ready'),
      (e: unknown) => {
        if (!live) return;
        setError(e instanceof Error ? e.message : String(e));
        setState('error');
      },
    );
    return () => {
      live = false;
    };
  }, [wallet]);

  useEffect(() => {
    if (state !== 'success') return;
    const timer = setTimeout(close, SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [state, close]);

  const sign = async () => {
    setState('signing');
    setError(null);
    try {
      if (request.kind === 'confirm-signature') {
        settle(undefined); // approve: the provider signs once this resolves
      } else {
        const manager = await wallet.manager();
        const provider = manager.getProvider();
        const address = manager.getState().address;
        const signature = await wallet.approved(() =>
          request.kind === 'sign-message'
            ? provider.request({
                method: 'personal_sign',
                params: [utf8ToHex(request.message), address],
              })
            : provider.request({
                method: 'eth_signTypedData_v4',
                params: [address, stringifyJson(request.typedData)],
              }),
        );
        settle(signature);
      }
      setState('success');
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setState('error');
    }
  };

  const busy = state === 'loading' || state === 'signing';
  return (
    <div className="lk-wallet lk-sign" data-state={state}>
      {ui.iconUrl && <img className="lk-sign__icon" src={ui.iconUrl} alt="" />}
      <ModalHeader
        title={ui.title ?? m.signTitle}
        message={ui.description ?? m.signDescription}
        icon={ui.iconUrl ? undefined : state === 'success' ? <CheckIcon /> : <PenIcon />}
        iconTone={state === 'success' ? 'success' : 'accent'}
      />
      <pre className="lk-wallet__box lk-sign__message" data-testid="sign-message">
        {shownMessage(request)}
      </pre>
      {error && (
        <p className="lk-wallet__error" role="alert">
          {error}
        </p>
      )}
      <Button
        disabled={busy || state === 'success'}
        onClick={() => void sign()}
        aria-busy={busy || undefined}
      >
        {state === 'signing'
          ? m.signing
          : state === 'success'
            ? m.signed
            : (ui.buttonText ?? m.signButton)}
      </Button>
    </div>
  );
}
