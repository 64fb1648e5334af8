import { SCREEN, userRejected } from '@latchkey/core';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/Button/Button.tsx';
import { AlertIcon, CheckIcon, WalletIcon } from '../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../components/ModalHeader/ModalHeader.tsx';
import { walletLayoutCss } from '../../components/WalletLayout/WalletLayout.css.ts';
import {
  type FundWalletResult,
  type OnRampResult,
  pollOnRampStatus,
} from '../../funding/onRamp.ts';
import { useOnCancel } from '../../Modal/ModalContext.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { useWalletScreen } from '../../wallet/useWalletScreen.ts';
import { fiatOnRampCss } from './FiatOnRamp.css.ts';

/**
 * FIAT_ON_RAMP_STATUS_SCREEN (issue 20; spec section 4, "Fiat on-ramp result"): polls the
 * purchase every 3 s (`pollOnRampStatus`; polling stops when the screen goes) and shows
 * - `completed`: "You've funded your account!" (assets may take a few minutes) and Continue;
 * - `failed`: 'Something went wrong!', MoonPay's support and the debit card advice, and Done;
 * - `serviceFailure` (3 failed polls in a row, 404 aside): an error and Done;
 * - `waitingAuthorization`: 'Processing payment' (hours, then an email), no button;
 * - anything else (`pending`, a card payment awaiting authorization included): 'In Progress'
 *   with a spinner and no button.
 * Continue / Done: back to the send screen when the on-ramp came from its 'Add Funds' (the
 * transaction is checked again), else `fundWallet` resolves with {@link FundWalletResult} and the
 * modal closes. Closing the modal resolves with the last status too (the purchase goes on in
 * MoonPay's tab either way).
 */
export default function FiatOnRampStatus() {
  useStyleSheet(walletLayoutCss);
  useStyleSheet(fiatOnRampCss);
  const s = useWalletScreen('fund', 'send-transaction', 'confirm-transaction');
  const { request, client, params, navigate, settle, close, messages: m } = s;
  const externalTransactionId = params.onRamp?.externalTransactionId ?? '';
  const [result, setResult] = useState<OnRampResult>('pending');
  const latest = useRef<OnRampResult>('pending');
  latest.current = result;

  useEffect(() => {
    if (!externalTransactionId) return;
    return pollOnRampStatus({
      request: client.api.request,
      externalTransactionId,
      onResult: setResult,
    });
  }, [client, externalTransactionId]);

  const fromSend = request.kind !== 'fund';
  // Closing while the purchase goes on is not a refusal: `fundWallet` gets the last status. A
  // send request closed here is abandoned (4001), as on the send screen.
  useOnCancel(() => {
    if (fromSend) s.fail(userRejected());
    else settle({ status: latest.current, externalTransactionId } satisfies FundWalletResult);
  });
  const finish = () => {
    if (fromSend) {
      navigate(SCREEN.EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN, { wallet: request });
      return;
    }
    settle({ status: result, externalTransactionId } satisfies FundWalletResult);
    close();
  };

  const view = (() => {
    switch (result) {
      case 'completed':
        return {
          title: m.onRampCompletedTitle,
          detail: m.onRampCompletedDetail,
          icon: <CheckIcon />,
          tone: 'success' as const,
          button: m.continue,
        };
      case 'failed':
        return {
          title: m.onRampFailedTitle,
          detail: m.onRampFailedDetail,
          icon: <AlertIcon />,
          tone: 'danger' as const,
          button: m.done,
        };
      case 'serviceFailure':
        return {
          title: m.onRampServiceFailureTitle,
          detail: m.onRampServiceFailureDetail,
          icon: <AlertIcon />,
          tone: 'danger' as const,
          button: m.done,
        };
      case 'waitingAuthorization':
        return {
          title: m.onRampProcessingTitle,
          detail: m.onRampProcessingDetail,
          icon: <WalletIcon />,
          tone: 'accent' as const,
          button: null,
        };
      default:
        return {
          title: m.onRampInProgressTitle,
          detail: m.onRampInProgressDetail,
          icon: <WalletIcon />,
          tone: 'accent' as const,
          button: null,
        };
    }
  })();

  return (
    <div className="lk-wallet lk-onramp" data-status={result}>
      <ModalHeader title={view.title} message={view.detail} icon={view.icon} iconTone={view.tone} />
      {view.button ? (
        <Button onClick={finish}>{view.button}</Button>
      ) : (
        <div className="lk-wallet__busy" role="status" aria-label={view.title}>
          <span className="lk-spinner" />
        </div>
      )}
    </div>
  );
}
