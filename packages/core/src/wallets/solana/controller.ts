import { SCREEN } from '../../screens/screens.ts';
import type { WalletController } from '../../modal/wallet/controller.ts';
import type { SolanaApprovalPrompt } from '../../modal/wallet/requests.ts';
import { embeddedWalletOf } from '../embedded/types.ts';
import {
  createSolanaWalletManager,
  type CreateSolanaWalletManagerParameters,
  type SolanaWalletManager,
} from './manager.ts';
import type { SolanaApprovalRequest, SolanaCluster } from './types.ts';

/** Parameters of {@link createSolanaWalletController}. */
export type CreateSolanaWalletControllerParameters = Omit<
  CreateSolanaWalletManagerParameters,
  'clusters' | 'ensureEthereumWallet'
> & {
  /** The modal's wallet controller: its `prompt` (one screen at a time) and `ready`. */
  wallet: Pick<WalletController, 'prompt' | 'ready'>;
  /** The latest resolved config: the app's `solanaClusters` and `noPromptOnSignature`. */
  getConfig: () => {
    solanaClusters: readonly SolanaCluster[];
    noPromptOnSignature: boolean;
  };
};

/**
 * The embedded Solana wallet wired to the modal (issue 22 item 2): a
 * {@link SolanaWalletManager} whose approvals open the existing wallet screens with their
 * Solana payload, EMBEDDED_WALLET_SIGN_REQUEST_SCREEN (`kind: 'solana-sign-message'`) for a
 * message and EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN (`kind: 'solana-transaction'`) for a
 * transaction; each screen frames the approval page with the request and resolves with the
 * frame's answer, and closing it rejects (the wallet turns that into `user_rejected`).
 * `noPromptOnSignature` asks the hidden frame first (the app's wallet policy decides); creating
 * first gets the user's Ethereum wallet on this device (`wallet.ready()`), so the Solana key
 * derives from its entropy.
 *
 * @example
 * const { createSolanaWalletController } = await import('@latchkey/core/solana');
 * const solana = createSolanaWalletController({ client, wallet, getConfig });
 * const account = (await solana.connect()) ?? (await solana.create());
 */
export function createSolanaWalletController(
  parameters: CreateSolanaWalletControllerParameters,
): SolanaWalletManager {
  const { wallet, getConfig, ...rest } = parameters;
  const manager = createSolanaWalletManager({
    ...rest,
    clusters: () => getConfig().solanaClusters,
    ensureEthereumWallet: async () => {
      if (embeddedWalletOf(parameters.client.getState().user)) await wallet.ready();
    },
  });
  manager.setNoPrompt(() => getConfig().noPromptOnSignature);
  manager.setApprover((request: SolanaApprovalRequest) => {
    const solana: SolanaApprovalPrompt = {
      address: request.address,
      request: request.request,
      cluster: { name: request.cluster.name, chain: request.cluster.chain },
      send: request.send === true,
      ensureMfa: () => manager.ensureMfa(),
      mount: (container, options) =>
        manager.mountApproval(container, {
          request: request.request,
          cluster: request.cluster,
          ...options,
        }),
    };
    return request.request.method === 'signMessage'
      ? wallet.prompt(SCREEN.EMBEDDED_WALLET_SIGN_REQUEST_SCREEN, {
          kind: 'solana-sign-message',
          solana,
        })
      : wallet.prompt(SCREEN.EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN, {
          kind: 'solana-transaction',
          solana,
        });
  });
  return manager;
}
