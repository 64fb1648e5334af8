import { errorCodeOf, formatMessage, SCREEN } from '@latchkey/core';
import { createSiweMessage } from 'viem/siwe';
import { buttonCss } from '../../../../components/Button/Button.css.ts';
import { Button } from '../../../../components/Button/Button.tsx';
import { AlertIcon } from '../../../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../../../components/ModalHeader/ModalHeader.tsx';
import { useWalletConnectionState, walletConnectionFlowFor } from '../../flow.ts';
import { useInternalLatchkey } from '../../../../hooks/useInternalLatchkey.ts';
import { useModal } from '../../../../Modal/ModalContext.ts';
import { useStyleSheet } from '../../../../styles/useStyleSheet.ts';
import { errorScreenCss } from '../../../../screens/ErrorScreen/ErrorScreen.css.ts';

/**
 * LOGIN_FAILED_SCREEN (spec sections 2 and 8): 'Could not connect with wallet', the reason
 * (rejected, timed out, linked to another user, or the error's message; 'Unable to connect
 * wallet' once the 2 retries are used), then Try again / Cancel, or 'Use a different wallet'
 * when no retry is left. Also says when a chosen wallet is not installed.
 */
export default function LoginFailed() {
  useStyleSheet(buttonCss);
  useStyleSheet(errorScreenCss);
  const { client } = useInternalLatchkey('LoginFailed');
  const { params, config, messages: m, navigate, requestClose } = useModal();
  const mode = params.returnTo === SCREEN.CONNECT_ONLY_LANDING_SCREEN ? 'connect-only' : 'login';
  const flow = walletConnectionFlowFor({
    client,
    mode,
    config,
    createSiweMessage,
    onComplete: undefined,
  });
  const state = useWalletConnectionState(flow);
  const notInstalled = errorCodeOf(params.error) === 'wallet_not_installed';
  const back = params.returnTo ?? SCREEN.LANDING;
  const detail = notInstalled
    ? formatMessage(m.walletNotInstalled, { wallet: params.method ?? '' })
    : // Core's wallet-connection fallback ('Something went wrong while connecting your wallet.').
      (state.errorMessage ?? m.walletGenericError);
  const canRetry = !notInstalled && state.step === 'error' && state.canRetry;
  const awaiting =
    mode === 'connect-only' ? SCREEN.AWAITING_CONNECT_ONLY_CONNECTION : SCREEN.AWAITING_CONNECTION;
  return (
    <div
      className="lk-error"
      data-error-kind={notInstalled ? 'not-installed' : (state.errorKind ?? undefined)}
    >
      <ModalHeader
        title={m.loginFailedTitle}
        message={detail}
        icon={<AlertIcon />}
        iconTone="danger"
      />
      {canRetry ? (
        <>
          <Button variant="primary" onClick={() => navigate(awaiting, { retry: true })}>
            {m.tryAgain}
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              flow.reset();
              requestClose();
            }}
          >
            {m.cancel}
          </Button>
        </>
      ) : (
        <Button
          variant="primary"
          onClick={() => {
            flow.reset();
            navigate(back);
          }}
        >
          {m.useDifferentWallet}
        </Button>
      )}
    </div>
  );
}
