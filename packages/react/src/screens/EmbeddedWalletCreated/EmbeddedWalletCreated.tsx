import { WALLET_CREATED_CLOSE_MS } from '@latchkey/api';
import { Address } from '../../components/DisplayText/DisplayText.tsx';
import { CheckIcon } from '../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../components/ModalHeader/ModalHeader.tsx';
import { walletLayoutCss } from '../../components/WalletLayout/WalletLayout.css.ts';
import { useAutoClose } from '../../Modal/useAutoClose.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { useWalletScreen } from '../../wallet/useWalletScreen.ts';
import { walletCreatedCss } from './EmbeddedWalletCreated.css.ts';

/**
 * EMBEDDED_WALLET_CREATED_SCREEN (spec sections 2 and 4): 'Welcome' for a user new this session,
 * else 'All set!'; closes itself after 2.5 s (WALLET_CREATED_CLOSE_MS), not
 * counting the time the pointer rests on it (`useAutoClose`). After a login it completes
 * the login (`useLogin`'s onComplete); otherwise it resolves the request with the address.
 */
export default function EmbeddedWalletCreated() {
  useStyleSheet(walletLayoutCss);
  useStyleSheet(walletCreatedCss);
  const { request, settle, complete, close, messages: m } = useWalletScreen('create');
  const title = request.login?.isNewUser ? m.walletCreatedNewUser : m.walletCreatedReturning;

  const autoCloseRef = useAutoClose(WALLET_CREATED_CLOSE_MS, () => {
    settle(request.address);
    if (request.login) complete(request.login);
    else close();
  });

  return (
    <div className="lk-wallet" ref={autoCloseRef}>
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
