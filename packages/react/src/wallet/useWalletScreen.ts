import { userRejected, type WalletParamsOf, type WalletScreenParams } from '@latchkey/core';
import { useCallback, useRef } from 'react';
import { useInternalLatchkey } from '../hooks/useInternalLatchkey.ts';
import { useModal, useOnCancel } from '../Modal/ModalContext.ts';

/**
 * A wallet screen's request and helpers. Closing the modal before the screen settled rejects
 * the request with 4001 'user rejected' (spec section 4), through the modal's graceful close
 * path. `settle(value)` resolves once; `close()` closes without rejecting.
 */
export function useWalletScreen<K extends WalletScreenParams['kind']>(...kinds: K[]) {
  const modal = useModal();
  const latchkey = useInternalLatchkey('wallet screen');
  const request = modal.params.wallet as WalletParamsOf<K> | undefined;
  if (!request || (kinds.length > 0 && !kinds.includes(request.kind as K))) {
    throw new Error(`This screen needs a wallet request of kind ${kinds.join(' | ')}`);
  }
  const settled = useRef(false);
  useOnCancel(() => {
    if (settled.current) return;
    settled.current = true;
    request.reject(userRejected());
  });
  const settle = useCallback(
    (value: unknown) => {
      if (settled.current) return;
      settled.current = true;
      request.resolve(value);
    },
    [request],
  );
  const fail = useCallback(
    (error: unknown) => {
      if (settled.current) return;
      settled.current = true;
      request.reject(error);
    },
    [request],
  );
  return {
    ...modal,
    request,
    wallet: latchkey.wallet,
    client: latchkey.client,
    walletConfig: modal.config.wallet,
    /** Resolves the request (once). */
    settle,
    /** Rejects the request (once) with `error`. */
    fail,
    /** Closes the modal; an unsettled request is rejected with 4001. */
    close: modal.requestClose,
  };
}
