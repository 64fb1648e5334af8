import { LoginList } from '../../components/LoginList/LoginList.tsx';
import { ModalHeader } from '../../components/ModalHeader/ModalHeader.tsx';
import { useModal } from '../../Modal/ModalContext.ts';

/**
 * CONNECT_ONLY_LANDING_SCREEN (spec sections 2 and 6): the wallet list, to connect a wallet
 * without logging in (`useConnectWallet().connectWallet()`).
 */
export default function ConnectOnlyLanding() {
  const { messages: m } = useModal();
  return (
    <>
      <ModalHeader title={m.connectOnlyTitle} />
      <LoginList mode="connect-only" />
    </>
  );
}
