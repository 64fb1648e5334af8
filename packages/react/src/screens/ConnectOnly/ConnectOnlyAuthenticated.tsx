import { formatMessage, SUCCESS_CLOSE_MS } from '@latchkey/core';
import { useEffect } from 'react';
import { Button } from '../../components/Button/Button.tsx';
import { middleEllipsis } from '../../components/DisplayText/DisplayText.tsx';
import { CheckIcon } from '../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../components/ModalHeader/ModalHeader.tsx';
import { useInternalLatchkey } from '../../hooks/useInternalLatchkey.ts';
import { useModal } from '../../Modal/ModalContext.ts';

/**
 * CONNECT_ONLY_AUTHENTICATED_SCREEN (spec section 2): the wallet is connected to this page
 * (it is in `useWallets()` with `linked: false`); closes by itself after 1400 ms, or with Done.
 */
export default function ConnectOnlyAuthenticated() {
  const { client } = useInternalLatchkey('ConnectOnlyAuthenticated');
  const { messages: m, requestClose } = useModal();
  const external = client.wallets.list().filter((w) => w.connectorType !== 'embedded');
  const wallet = external.at(-1);
  useEffect(() => {
    const timer = setTimeout(requestClose, SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [requestClose]);
  const short = wallet ? middleEllipsis(wallet.address) : '';
  return (
    <div className="lk-error">
      <ModalHeader
        title={m.connectOnlyAuthenticatedTitle}
        message={formatMessage(m.connectOnlyAuthenticatedDetail, { address: short })}
        icon={<CheckIcon />}
        iconTone="success"
      />
      <Button variant="primary" onClick={requestClose}>
        {m.done}
      </Button>
    </div>
  );
}
