import { NOT_AUTHENTICATED } from '../../actions/requireSession.ts';
import { LatchkeyError } from '../../errors/base.ts';
import { SCREEN } from '../../screens/screens.ts';
import type { WalletController } from '../../modal/wallet/controller.ts';
import type { SolanaApprovalPrompt } from '../../modal/wallet/requests.ts';
import { WALLET_ERROR_MESSAGES, WalletError } from '../embedded/errors.ts';
import { embeddedWalletOf } from '../embedded/types.ts';
import {
  createSolanaWalletManager,
  type CreateSolanaWalletManagerParameters,
  type SolanaWalletManager,
} from './manager.ts';
import { type SolanaApprovalRequest, type SolanaCluster, solanaWalletOf } from './types.ts';

/** Parameters of {@link createSolanaWalletController}. */
export type CreateSolanaWalletControllerParameters = Omit<
  CreateSolanaWalletManagerParameters,
  'clusters' | 'ensureEthereumWallet'
> & {
  /**
   * The modal's wallet controller: its `prompt` (one screen at a time; the import and export
   * screens too) and `ready`.
   */
  wallet: Pick<WalletController, 'prompt' | 'ready'>;
  /** The latest resolved config: the app's `solanaClusters` and `noPromptOnSignature`. */
  getConfig: () => {
    solanaClusters: readonly SolanaCluster[];
    noPromptOnSignature: boolean;
  };
};

/**
 * The Solana wallet manager wired to the modal ({@link createSolanaWalletController}), with the
 * key import and export flows of issue 22 item 4 on the modal's existing screens.
 */
export interface SolanaWalletController extends SolanaWalletManager {
  /**
   * Imports an existing Solana secret key as the user's Solana wallet through
   * EMBEDDED_WALLET_IMPORT_SCREEN (`kind: 'import'` with `solana`): the screen frames the import
   * page asking for a Solana key (64 bytes in base58, or `solana-keygen`'s JSON array), which
   * shows its base58 address and imports it on the user's click there (`imported: true`); the
   * key never reaches this page. Then the user is refreshed and the wallet connected
   * ({@link SolanaWalletManager.mountImport}). A user with an Ethereum wallet may import one
   * (one wallet per chain family, spec section 5).
   * @returns `{address, chainType: 'solana'}` (base58) once imported and connected.
   * @throws LatchkeyError `missing_or_invalid_token` when logged out; WalletError
   *   `embedded_wallet_exists` when the user has a Solana wallet (before any screen opens); the
   *   page's failure; ProviderRpcError 4001 when the screen is closed first.
   */
  importWallet(): Promise<{ address: string; chainType: 'solana' }>;
  /**
   * Shows EMBEDDED_WALLET_KEY_EXPORT_SCREEN for the user's Solana wallet (`kind: 'export'` with
   * `solana`): connects it first when needed, then the screen checks MFA and frames the export
   * page for its base58 address, which shows the 64-byte secret key in base58 after the user's
   * Reveal click inside it. Resolves once the page is ready.
   * @throws LatchkeyError `missing_or_invalid_token` when logged out; WalletError
   *   `no_embedded_wallet` when the user has no Solana wallet; connect's failures;
   *   ProviderRpcError 4001 when the screen is closed first.
   */
  exportWallet(): Promise<void>;
}

/**
 * The embedded Solana wallet wired to the modal (issue 22 item 2): a
 * {@link SolanaWalletManager} whose approvals open the existing wallet screens with their
 * Solana payload, EMBEDDED_WALLET_SIGN_REQUEST_SCREEN (`kind: 'solana-sign-message'`) for a
 * message and EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN (`kind: 'solana-transaction'`) for a
 * transaction; each screen frames the approval page with the request and resolves with the
 * frame's answer, and closing it rejects (the wallet turns that into `user_rejected`).
 * `noPromptOnSignature` asks the hidden frame first (the app's wallet policy decides); creating
 * first gets the user's Ethereum wallet on this device (`wallet.ready()`), so the Solana key
 * derives from its entropy. Key import and export (issue 22 item 4) open the import and export
 * screens with their Solana payload ({@link SolanaWalletController}).
 *
 * @example
 * const { createSolanaWalletController } = await import('@latchkey/core/solana');
 * const solana = createSolanaWalletController({ client, wallet, getConfig });
 * const account = (await solana.connect()) ?? (await solana.create());
 */
export function createSolanaWalletController(
  parameters: CreateSolanaWalletControllerParameters,
): SolanaWalletController {
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
  const assertAuthenticated = () => {
    if (parameters.client.getState().status !== 'authenticated') {
      throw new LatchkeyError('The user must be logged in to use the embedded wallet.', {
        code: NOT_AUTHENTICATED,
      });
    }
  };
  return Object.assign(manager, {
    async importWallet() {
      assertAuthenticated();
      // Only a Solana wallet stops it: an Ethereum one may sit beside it (spec section 5).
      if (solanaWalletOf(parameters.client.getState().user)) {
        throw new WalletError('The user already has a Solana embedded wallet', {
          code: 'embedded_wallet_exists',
        });
      }
      const address = await wallet.prompt<string>(SCREEN.EMBEDDED_WALLET_IMPORT_SCREEN, {
        kind: 'import',
        solana: {
          mount: (container, options) => manager.mountImport(container, options),
        },
      });
      return { address, chainType: 'solana' as const };
    },
    async exportWallet() {
      assertAuthenticated();
      const connected = await manager.connect();
      if (!connected) {
        throw new WalletError(WALLET_ERROR_MESSAGES.noEmbeddedWallet, {
          code: 'no_embedded_wallet',
        });
      }
      await wallet.prompt(SCREEN.EMBEDDED_WALLET_KEY_EXPORT_SCREEN, {
        kind: 'export',
        solana: {
          address: connected.address,
          ensureMfa: () => manager.ensureMfa(),
          mount: (container, options) => manager.mountExport(container, options),
        },
      });
    },
  });
}
