import type {
  CreateEmbeddedWalletBridgeParameters,
  EmbeddedWalletBridge,
} from '../wallets/embedded/bridge.ts';

/** The lazy `@latchkey/core/wallet-bridge` entry (the frame bridge, without viem). */
export type WalletBridgeModule = {
  createEmbeddedWalletBridge: (
    parameters: CreateEmbeddedWalletBridgeParameters,
  ) => EmbeddedWalletBridge;
};

/**
 * The client's one wallet frame bridge, made with `create` on first use
 * (`LatchkeyClient.sharedWalletBridge`): the lazy halves that talk to the frame pass their
 * statically imported factory, as the embedded wallet manager does.
 */
export type SharedWalletBridge = (
  create: WalletBridgeModule['createEmbeddedWalletBridge'],
) => EmbeddedWalletBridge;

/** Default wait for the wallet frame's login proof, in ms. */
export const LOGIN_PROOF_TIMEOUT_MS = 10_000;

/**
 * The client's one wallet frame and the session binding it gives (issue 10; design.md, Keys).
 *
 * Every login call (the `SESSION_ROUTES`) carries a DPoP proof (RFC 9449) made by the wallet
 * frame's own non-extractable key; the server binds the new session to that key, and afterwards
 * only that frame can obtain the user's wallet shares. The host page forwards the proof but can
 * neither make one for a share route nor read the key. The frame (one hidden iframe) is shared
 * with the embedded wallet manager, so a page has a single frame.
 *
 * When the bridge cannot load or the frame does not answer within `timeoutMs`, the login goes on
 * without a proof (the session works, but the embedded wallet answers `session_not_bound` until
 * the user logs in again), and a warning is logged.
 */
export function createWalletFrameBinding(parameters: {
  apiUrl: string;
  appId: string;
  /** Loads the bridge module; undefined disables binding (sessions are unbound). */
  load: (() => Promise<WalletBridgeModule>) | undefined;
  getAccessToken: () => Promise<string | null>;
  timeoutMs?: number;
  logger: { warn(...args: unknown[]): void };
}) {
  let bridge: EmbeddedWalletBridge | null = null;
  const timeoutMs = parameters.timeoutMs ?? LOGIN_PROOF_TIMEOUT_MS;

  function shared(create: WalletBridgeModule['createEmbeddedWalletBridge']): EmbeddedWalletBridge {
    bridge ??= create({
      apiUrl: parameters.apiUrl,
      appId: parameters.appId,
      getAccessToken: parameters.getAccessToken,
    });
    return bridge;
  }

  async function loaded(): Promise<EmbeddedWalletBridge | null> {
    if (bridge) return bridge;
    if (!parameters.load) return null;
    return shared((await parameters.load()).createEmbeddedWalletBridge);
  }

  return {
    /**
     * The shared bridge, made with `create` on first use (the embedded wallet manager passes
     * its statically imported factory).
     */
    shared,
    /** Starts loading the frame (e.g. when the login modal opens), so the proof is quick. */
    prepare(): void {
      void loaded()
        .then((b) => b?.ready())
        .catch(() => {});
    },
    /**
     * The `DPoP` header value for a login call to `htu`, or null when binding is off or the
     * frame did not answer (warned). `serverNowMs`: the server's clock, for the proof's `iat`.
     */
    async proof(htu: string, serverNowMs?: number): Promise<string | null> {
      if (!parameters.load && !bridge) return null;
      try {
        const b = await loaded();
        if (!b) return null;
        return (await b.loginProof(htu, timeoutMs, serverNowMs)).proof;
      } catch (error) {
        parameters.logger.warn(
          'Latchkey: the wallet frame did not answer; this session cannot use the embedded wallet',
          error,
        );
        return null;
      }
    },
  };
}
