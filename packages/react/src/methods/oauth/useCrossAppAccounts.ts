import {
  type Eip1193Provider,
  stringifyJson,
  type TransactionRequest,
  type User,
  utf8ToHex,
} from '@latchkey/core';
import { useCallback, useMemo } from 'react';
import { useInternalLatchkey } from '../../hooks/useInternalLatchkey.ts';

/** What {@link useCrossAppAccounts} returns. */
export interface UseCrossAppAccountsReturnType {
  /**
   * Logs in with another app's account (issue 21; spec sections 1, 4 "Cross-app auth", 9;
   * Privy's `loginWithCrossAppAccount`): `appId` is a provider app from
   * `GET /api/v1/apps/{appId}/cross-app/connections`. Opens the provider's sign-in page (its
   * login and consent) in a 440x680 popup before any await, so call it synchronously in the
   * click; a blocked popup falls back to a full-page redirect (the promise then never settles:
   * the page is leaving). The user gets a `cross_app` linked account with the provider's
   * embedded wallets.
   * @returns the logged-in user.
   * @throws `LatchkeyError` `cross_app_canceled` ('User canceled flow') when the popup closes
   *   without an answer, `cross_app_timeout` ('Authorization request timed out after 2
   *   minutes.'), `oauth_unexpected` ('Unexpected auth flow. This may be a phishing attempt.'),
   *   `oauth_user_denied` when the user cancels at the provider; `ApiError`
   *   `cross_app_invalid_connection` ('Invalid connected app'); `AlreadyLoggedInError` when
   *   logged in.
   */
  loginWithCrossAppAccount: (parameters: { appId: string }) => Promise<User>;
  /**
   * Links another app's account to the logged-in user (issue 21): as
   * {@link UseCrossAppAccountsReturnType.loginWithCrossAppAccount}, finished by the server's
   * link call.
   * @returns the updated user.
   * @throws as `loginWithCrossAppAccount`; `missing_or_invalid_token` when logged out;
   *   `ApiError` `linked_to_another_user`.
   */
  linkCrossAppAccount: (parameters: { appId: string }) => Promise<User>;
  /**
   * Signs `message` (UTF-8 text) with the cross-app wallet `address` (EIP-191 `personal_sign`)
   * through the provider's transact popup (400x680; issue 21 item 3, spec section 7), where the
   * user approves inside the provider's wallet frame. Call it synchronously in the click (the
   * popup opens before any await).
   * @returns the signature, 0x-hex (65 bytes), verifiable with viem's `verifyMessage`.
   * @throws `LatchkeyError` `cross_app_invalid_address` ('Cannot request a signature with this
   *   wallet address'), `cross_app_invalid_token` ('Transactions require a valid token': the
   *   provider token of the login is missing or older than 1 h; log in or link again),
   *   `cross_app_popup_blocked` ('Failed to initialize signature request'),
   *   `cross_app_request_timeout` ('Request timeout', 120 s), `cross_app_read_only`;
   *   `ProviderRpcError` 4001 ('User rejected request') when the user rejects or closes it.
   */
  signMessage: (message: string, options: { address: string }) => Promise<string>;
  /**
   * Signs EIP-712 typed data (`{domain, types, primaryType, message}`, bigint allowed) with the
   * cross-app wallet `address` (`eth_signTypedData_v4`), as {@link signMessage}.
   * @returns the signature, 0x-hex. @throws as {@link signMessage}.
   */
  signTypedData: (typedData: unknown, options: { address: string }) => Promise<string>;
  /**
   * Sends a transaction from the cross-app wallet `address` on the provider's side (its send
   * screen, its chains; `chainId` a number among the provider app's chains), as
   * {@link signMessage}. Quantities (value, gasLimit, gasPrice, maxFeePerGas,
   * maxPriorityFeePerGas) in wei or gas units as number, bigint or 0x-hex.
   * @returns the transaction hash, 0x-hex, once broadcast. @throws as {@link signMessage}.
   */
  sendTransaction: (request: TransactionRequest, options: { address: string }) => Promise<string>;
  /**
   * An EIP-1193 provider for the cross-app wallet `address` (e.g. a wagmi connector):
   * accounts and chain answered locally (`chainId`, default 1), signing methods through the
   * transact popup (so only from a click), any other method 4200.
   */
  getProvider: (options: { address: string; chainId?: number }) => Promise<Eip1193Provider>;
}

/** Quantities as 0x-hex (a number or bigint converted; a string kept for the provider to check). */
const quantity = (v: unknown) =>
  typeof v === 'number' || typeof v === 'bigint' ? `0x${BigInt(v).toString(16)}` : v;

/**
 * A transaction request in JSON-RPC form for the provider's `eth_sendTransaction`: hex
 * quantities, `gasLimit` as `gas`, `chainId` a number, `from` the cross-app wallet.
 */
function toRpc(
  request: TransactionRequest,
  from: string,
): { from: string } & Record<string, unknown> {
  const { gasLimit, chainId, ...rest } = request as TransactionRequest & Record<string, unknown>;
  const tx: { from: string } & Record<string, unknown> = { from };
  for (const [key, value] of Object.entries(rest)) {
    if (value === undefined || key === 'from') continue;
    tx[key] = [
      'value',
      'gasPrice',
      'maxFeePerGas',
      'maxPriorityFeePerGas',
      'nonce',
      'gas',
    ].includes(key)
      ? quantity(value)
      : value;
  }
  if (gasLimit !== undefined) tx.gas = quantity(gasLimit);
  if (chainId !== undefined) tx.chainId = Number(chainId);
  return tx;
}

/** A promise that never settles: the page is leaving for the provider (full-page redirect). */
const leaving = () => new Promise<never>(() => {});

/**
 * Cross-app accounts on the requester's side (issue 21; Privy's `useCrossAppAccounts`): log in
 * or link with a provider app's account, then sign and send with the provider's wallet through
 * the provider's transact popup.
 *
 * @throws {LatchkeyProviderMissingError} outside `<LatchkeyProvider>`.
 * @example
 * const { loginWithCrossAppAccount } = useCrossAppAccounts();
 * <button onClick={() => loginWithCrossAppAccount({ appId: 'cm0provider...' })}>Log in</button>
 */
export function useCrossAppAccounts(): UseCrossAppAccountsReturnType {
  const { client } = useInternalLatchkey('useCrossAppAccounts');
  const loginWithCrossAppAccount = useCallback(
    async (parameters: { appId: string }) => {
      const result = await client.loginWithCrossAppAccount(parameters);
      return result ? result.user : leaving();
    },
    [client],
  );
  const linkCrossAppAccount = useCallback(
    async (parameters: { appId: string }) =>
      (await client.linkCrossAppAccount(parameters)) ?? leaving(),
    [client],
  );
  return useMemo(
    () => ({
      loginWithCrossAppAccount,
      linkCrossAppAccount,
      signMessage: (message: string, { address }: { address: string }) =>
        client.crossAppRequest({
          address,
          request: { method: 'personal_sign', params: [utf8ToHex(message), address] },
        }),
      signTypedData: (typedData: unknown, { address }: { address: string }) =>
        client.crossAppRequest({
          address,
          request: { method: 'eth_signTypedData_v4', params: [address, stringifyJson(typedData)] },
        }),
      sendTransaction: (request: TransactionRequest, { address }: { address: string }) =>
        client.crossAppRequest({
          address,
          request: { method: 'eth_sendTransaction', params: [toRpc(request, address)] },
        }),
      getProvider: (options: { address: string; chainId?: number }) =>
        client.getCrossAppProvider(options),
    }),
    [client, loginWithCrossAppAccount, linkCrossAppAccount],
  );
}
