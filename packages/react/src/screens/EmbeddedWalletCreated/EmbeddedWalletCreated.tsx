import { WALLET_CREATED_CLOSE_MS } from '@latchkey/api';
import { useEffect } from 'react';
import { Address } from '../../components/DisplayText/DisplayText.tsx';
import { CheckIcon } from '../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../components/ModalHeader/ModalHeader.tsx';
import { walletLayoutCss } from '../../components/WalletLayout/WalletLayout.css.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { useWalletScreen } from '../../wallet/useWalletScreen.ts';
import { walletCreatedCss } from './EmbeddedWalletCreated.css.ts';

/**
 * EMBEDDED_WALLET_CREATED_SCREEN (spec sections 2 and 4): 'Welcome' for a user new this session,
 * else 'All set!'; closes itself after 2.5 s (WALLET_CREATED_CLOSE_MS). After a login it completes
 * the login (`useLogin`'s onComplete); otherwise it resolves the request with the address.
 */
export default function EmbeddedWalletCreated() {
  useStyleSheet(walletLayoutCss);
  useStyleSheet(walletCreatedCss);
  const { request, settle, complete, close, messages: m } = useWalletScreen('create');
  const title = request.login?.isNewUser ? m.walletCreatedNewUser : m.walletCreatedReturning;

  useEffect(() => {
    const timer = setTimeout(() => {
      settle(request.address);
      if (request.login) complete(request.login);
      else close();
    }, WALLET_CREATED_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [request, settle, complete, close]);

  return (
    <div className="lk-wallet">
      <ModalHeader
        title={title}
        message={m.walletCreatedDetail}
        icon={<CheckIcon />}
        iconTone="success"
      />
      {request.address && (
        <p className="lk-wallet-created__address lk-wallet__mono">
          <Address value={request.address} />
        </p>
      )}
    </div>
  );
}
