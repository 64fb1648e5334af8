import { toCoreChain, stringifyJson, utf8ToHex } from '@latchkey/core';
import { SUCCESS_CLOSE_MS } from '@latchkey/api';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '../../components/Button/Button.tsx';
import { CheckIcon, PenIcon } from '../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../components/ModalHeader/ModalHeader.tsx';
import { walletLayoutCss } from '../../components/WalletLayout/WalletLayout.css.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { useWalletScreen } from '../../wallet/useWalletScreen.ts';
import {
  ApprovalFrame,
  type ApprovalFrameEvent,
  approvalFrameCss,
  type ApprovalRequest,
  type ApprovalSource,
  ethereumApproval,
  solanaApproval,
} from './ApprovalFrame.tsx';
import { signRequestCss } from './EmbeddedWalletSignRequest.css.ts';

type SignState = 'loading' | 'ready' | 'success' | 'error';

/** The request the approval page signs: `personal_sign` (hex) or `eth_signTypedData_v4`. */
function signingRequest(
  request: ReturnType<
    typeof useWalletScreen<'sign-message' | 'sign-typed-data' | 'confirm-signature'>
  >['request'],
  address: string,
): ApprovalRequest {
  if (request.kind === 'sign-message') {
    return { method: 'personal_sign', params: [utf8ToHex(request.message), address] };
  }
  if (request.kind === 'sign-typed-data') {
    return { method: 'eth_signTypedData_v4', params: [address, stringifyJson(request.typedData)] };
  }
  return {
    method: request.method as ApprovalRequest['method'],
    params: Array.isArray(request.params) ? (request.params as unknown[]) : [request.params],
  };
}

/**
 * EMBEDDED_WALLET_SIGN_REQUEST_SCREEN (spec sections 3 and 4, "Sign screen"; issue 24):
 * signMessage (EIP-191 `personal_sign`), signTypedData (EIP-712 `eth_signTypedData_v4`) and
 * the provider's signature requests (`confirm-signature`). Title, description and icon default
 * to 'Sign message' / 'Signing this message will not cost you any fees.' and follow the UI
 * options {title, description, buttonText, iconUrl}. The request's details and the approve
 * button ('Sign and continue' or `buttonText`) are drawn by the wallet's approval page, framed
 * here: only a real click inside that frame signs, so this page never can. States: loading
 * (until the frame is loaded), ready, success (the frame answered the signature; 'Signed',
 * closes after 1.4 s), error (with 'Try again', which remounts the frame). The request resolves
 * with the signature; closing before success rejects with 4001 'user rejected'.
 *
 * Issue 22 item 2: a Solana message (`kind: 'solana-sign-message'`, from the embedded Solana
 * wallet's `signMessage`) shows the same header and frames the approval page with the Solana
 * request (`latchkey:solana-wallet:approve`); it resolves with the frame's `{signature}`.
 */
export default function EmbeddedWalletSignRequest() {
  useStyleSheet(walletLayoutCss);
  useStyleSheet(approvalFrameCss);
  useStyleSheet(signRequestCss);
  const {
    request,
    wallet,
    walletConfig,
    config,
    settle,
    close,
    messages: m,
  } = useWalletScreen(
    'sign-message',
    'sign-typed-data',
    'confirm-signature',
    'solana-sign-message',
  );
  const [state, setState] = useState<SignState>('loading');
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [target, setTarget] = useState<ApprovalSource | null>(null);
  const ui = request.uiOptions ?? {};
  const { colorScheme, accent, accentForeground } = config.theme;

  useEffect(() => {
    if (request.kind === 'solana-sign-message') {
      setTarget(solanaApproval(request.solana));
      return;
    }
    let live = true;
    wallet.manager().then(
      (manager) => {
        if (!live) return;
        const chainId = manager.getProvider().chainId;
        const chain =
          walletConfig.supportedChains.find((c) => c.id === chainId) ?? walletConfig.defaultChain;
        setTarget(
          ethereumApproval(
            manager,
            signingRequest(request, manager.getState().address ?? ''),
            toCoreChain(chain),
          ),
        );
      },
      (e: unknown) => {
        if (!live) return;
        setError(e instanceof Error ? e.message : String(e));
        setState('error');
      },
    );
    return () => {
      live = false;
    };
  }, [wallet, request, walletConfig]);

  useEffect(() => {
    if (state !== 'success') return;
    const timer = setTimeout(close, SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [state, close]);

  const onEvent = useCallback(
    (event: ApprovalFrameEvent) => {
      if (event.type === 'ready') {
        setState((s) => (s === 'loading' ? 'ready' : s));
      } else if (event.type === 'approved') {
        settle(event.response);
        setState('success');
      } else {
        const e = event.error;
        setError(e instanceof Error ? e.message : String(e));
        setState('error');
      }
    },
    [settle],
  );

  const retry = () => {
    setError(null);
    setState('loading');
    setAttempt((n) => n + 1);
  };

  return (
    <div className="lk-wallet lk-sign" data-state={state}>
      {ui.iconUrl && <img className="lk-sign__icon" src={ui.iconUrl} alt="" />}
      <ModalHeader
        title={ui.title ?? m.signTitle}
        message={ui.description ?? m.signDescription}
        icon={ui.iconUrl ? undefined : state === 'success' ? <CheckIcon /> : <PenIcon />}
        iconTone={state === 'success' ? 'success' : 'accent'}
      />
      {target && state !== 'error' && (
        <ApprovalFrame
          source={target}
          buttonText={ui.buttonText ?? m.signButton}
          theme={{ colorScheme, accent, accentForeground, locale: config.intl.locale }}
          title={m.approvalFrameTitle}
          attempt={attempt}
          onEvent={onEvent}
        />
      )}
      {!target && state === 'loading' && (
        <div className="lk-wallet__busy" role="status" aria-label={m.loading}>
          <span className="lk-spinner" />
        </div>
      )}
      {state === 'success' && (
        <p className="lk-sign__done" role="status">
          <CheckIcon /> {m.signed}
        </p>
      )}
      {error && (
        <p className="lk-wallet__error" role="alert">
          {error}
        </p>
      )}
      {state === 'error' && target && <Button onClick={retry}>{m.approvalRetry}</Button>}
    </div>
  );
}
