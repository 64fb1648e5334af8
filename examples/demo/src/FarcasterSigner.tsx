import { useFarcasterSigner, useLatchkey } from '@latchkey/react';
import { useState } from 'react';

/**
 * The hash the demo signs: a fixed 20 bytes, the size of a Farcaster message's BLAKE3 hash
 * (0x0102…14). A real app hashes its Farcaster message (e.g. with `@farcaster/core`) instead.
 */
const DEMO_HASH = Uint8Array.from({ length: 20 }, (_, i) => i + 1);

/** Why something failed: the error's code and one sentence (`shortMessage` first). */
function failure(error: unknown): string {
  const e = (error ?? {}) as { code?: unknown; shortMessage?: unknown; message?: unknown };
  const text = typeof e.shortMessage === 'string' ? e.shortMessage : String(e.message ?? error);
  return typeof e.code === 'string' ? `${e.code}: ${text}` : text;
}

/**
 * The Farcaster signer (issue 16), under the linked Farcaster account: 'Add Farcaster signer'
 * opens the modal on AWAITING_FARCASTER_SIGNER (`requestFarcasterSigner`) and then shows the
 * approved key; 'Sign Farcaster message' signs a fixed 20-byte hash with it. Shown only when
 * the user has a Farcaster account and an embedded wallet. Test ids: `farcaster-signer-add`,
 * `farcaster-signer-sign`, `farcaster-signer-key`, `farcaster-signer-signature`,
 * `farcaster-signer-error`.
 */
export function FarcasterSigner() {
  const { user } = useLatchkey();
  const { requestFarcasterSigner, signFarcasterMessage, getFarcasterSignerPublicKey } =
    useFarcasterSigner();
  const [approvedKey, setApprovedKey] = useState<string | null>(null);
  const [signature, setSignature] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hasEmbeddedWallet = user?.linkedAccounts.some(
    (a) => a.type === 'wallet' && a.walletClientType === 'latchkey',
  );
  if (!user?.farcaster || !hasEmbeddedWallet) return null;
  // The approved signer's key, else the session's (`user.farcaster.signerPublicKey`, after a
  // reload).
  const publicKey = approvedKey ?? getFarcasterSignerPublicKey();

  const run = (action: () => Promise<void>) => async () => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(failure(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="demo__account demo__account--signer" data-testid="farcaster-signer">
      <span className="demo__account-kind">Farcaster signer</span>
      <span className="demo__account-value">
        {publicKey ? (
          <code data-testid="farcaster-signer-key">{publicKey}</code>
        ) : (
          <span className="demo__account-note">No signer approved yet</span>
        )}
        {signature && (
          <code className="demo__account-note" data-testid="farcaster-signer-signature">
            {signature}
          </code>
        )}
        {error && (
          <span className="demo__account-note" data-testid="farcaster-signer-error" role="alert">
            {error}
          </span>
        )}
        <span className="demo__actions">
          <button
            type="button"
            className="demo__button demo__button--small"
            data-testid="farcaster-signer-add"
            disabled={busy}
            onClick={run(async () => {
              setSignature(null);
              setApprovedKey((await requestFarcasterSigner()).publicKey);
            })}
          >
            Add Farcaster signer
          </button>
          <button
            type="button"
            className="demo__button demo__button--small demo__button--secondary"
            data-testid="farcaster-signer-sign"
            disabled={busy || !publicKey}
            onClick={run(async () => {
              setSignature((await signFarcasterMessage(DEMO_HASH)).signature);
            })}
          >
            Sign Farcaster message
          </button>
        </span>
      </span>
    </li>
  );
}
