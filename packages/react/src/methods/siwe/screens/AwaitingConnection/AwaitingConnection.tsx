import { formatMessage, SCREEN } from '@latchkey/core';
import { useEffect, useRef } from 'react';
import { createSiweMessage } from 'viem/siwe';
import { Button } from '../../../../components/Button/Button.tsx';
import { CheckIcon, WalletIcon } from '../../../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../../../components/ModalHeader/ModalHeader.tsx';
import { useInternalLatchkey } from '../../../../hooks/useInternalLatchkey.ts';
import { useWalletConnectionState, walletConnectionFlowFor } from '../../flow.ts';
import { useModal, useOnCancel } from '../../../../Modal/ModalContext.ts';
import { useCaptchaPrefetch } from '../../../../Modal/useCaptchaPrefetch.ts';
import { useStyleSheet } from '../../../../styles/useStyleSheet.ts';
import WalletConnect from '../WalletConnect/WalletConnect.tsx';
import { awaitingConnectionCss } from './AwaitingConnection.css.ts';

/**
 * AWAITING_CONNECTION and AWAITING_CONNECT_ONLY_CONNECTION (spec sections 2, 4 and 8): connects
 * `params.externalWallet` through core's wallet connection flow and shows its state (waiting,
 * switching_to_supported_chain, connected). Injected and mobile wallets are asked to sign at
 * once; others get a 'Sign' button. A failure moves to LOGIN_FAILED_SCREEN, or to the
 * allowlist, user-limit and account-not-found screens. Login success goes on 1400 ms later like
 * every login (`finishLogin`: consent screen, wallet creation or close); a connect-only success
 * shows CONNECT_ONLY_AUTHENTICATED_SCREEN. With `params.mode === 'link'` (LINK_WALLET_SCREEN,
 * issue 6) the signature links the wallet to the logged-in user (`/siwe/link`) and the flow
 * ends with `completeLink(user)`. Starts the captcha when it is ready (spec section 2).
 * viem's `createSiweMessage` is imported here, inside this lazily loaded screen.
 */
export default function AwaitingConnection() {
  useStyleSheet(awaitingConnectionCss);
  const { client } = useInternalLatchkey('AwaitingConnection');
  const {
    screen,
    params,
    config,
    messages: m,
    navigate,
    finishLogin,
    completeLink,
    fail,
  } = useModal();
  const mode =
    screen === SCREEN.AWAITING_CONNECT_ONLY_CONNECTION
      ? 'connect-only'
      : params.mode === 'link'
        ? 'link'
        : 'login';
  useCaptchaPrefetch(mode !== 'login');
  const flow = walletConnectionFlowFor({
    client,
    mode,
    config,
    createSiweMessage,
    onComplete: ({ user, isNewUser }) => {
      if (!user) return;
      if (mode === 'link') completeLink(user);
      else finishLogin({ user, isNewUser });
    },
  });
  const state = useWalletConnectionState(flow);
  // The params object of the attempt already started (WalletConnect re-enters this screen
  // with the paired provider; the screen stays mounted).
  const started = useRef<object | null>(null);

  useEffect(() => {
    if (started.current === params || params.walletConnect) return;
    started.current = params;
    if (params.retry) void flow.retry();
    else if (params.externalWallet) {
      // The captcha gate's token (login only) goes with the SIWE init.
      const captchaToken = mode === 'login' ? params.captchaToken : undefined;
      void flow.connect(params.externalWallet, captchaToken ? { captchaToken } : {});
    }
  }, [flow, params, mode]);

  useEffect(() => {
    if (state.step === 'error' && state.screen) {
      if (state.error) {
        // A wallet's own rejection has no Latchkey code: report its kind ('user_rejected').
        const code =
          state.error.code === 'unknown_error' && state.errorKind
            ? state.errorKind.replace('-', '_')
            : state.error.code;
        fail({ code, message: state.error.shortMessage, cause: state.error });
      }
      navigate(state.screen, {
        error: state.error,
        returnTo:
          mode === 'connect-only'
            ? SCREEN.CONNECT_ONLY_LANDING_SCREEN
            : (params.returnTo ?? SCREEN.LANDING),
        ...(mode === 'link' ? { mode } : {}),
      });
    }
    if (state.step === 'success' && mode === 'connect-only') {
      navigate(SCREEN.CONNECT_ONLY_AUTHENTICATED_SCREEN);
    }
  }, [state, navigate, fail, mode, params.returnTo]);

  // Closing the modal abandons the attempt.
  useOnCancel(() => flow.reset());

  if (params.walletConnect) return <WalletConnect />;

  const name = state.wallet?.name ?? params.externalWallet?.name ?? '';
  const icon = state.wallet?.icon ?? params.externalWallet?.icon;
  const values = { wallet: name };
  const busy = state.step !== 'connected' && state.step !== 'success' && state.step !== 'error';
  const status =
    state.step === 'success'
      ? m.awaitingConnectionSuccess
      : state.step === 'verifying'
        ? m.awaitingConnectionVerifying
        : state.status === 'switching_to_supported_chain'
          ? formatMessage(m.awaitingConnectionSwitching, values)
          : state.status === 'connected'
            ? formatMessage(m.awaitingConnectionConnected, values)
            : formatMessage(m.awaitingConnectionWaiting, values);

  return (
    <div className="lk-awaiting" data-step={state.step} data-status={state.status}>
      <div className="lk-awaiting__wallet" data-busy={busy} data-step={state.step}>
        {state.step === 'success' ? (
          <CheckIcon />
        ) : icon ? (
          <img src={icon} alt="" />
        ) : (
          <WalletIcon />
        )}
      </div>
      <ModalHeader title={formatMessage(m.awaitingConnectionTitle, values)} message={status} />
      {state.step === 'connected' && mode !== 'connect-only' && (
        <Button variant="primary" onClick={() => void flow.sign()}>
          {formatMessage(m.signInButton, values)}
        </Button>
      )}
      {state.step !== 'success' && (
        <Button
          variant="link"
          onClick={() => {
            flow.reset();
            navigate(
              mode === 'connect-only'
                ? SCREEN.CONNECT_ONLY_LANDING_SCREEN
                : mode === 'link'
                  ? SCREEN.LINK_WALLET_SCREEN
                  : SCREEN.LANDING,
            );
          }}
        >
          {m.useDifferentWallet}
        </Button>
      )}
    </div>
  );
}
