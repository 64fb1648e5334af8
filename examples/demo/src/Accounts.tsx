import {
  type LinkedAccount,
  useLatchkey,
  useLinkAccount,
  useUnlinkAccount,
  useUpdateEmail,
} from '@latchkey/react';
import { Fragment, useState } from 'react';
import { FarcasterSigner } from './FarcasterSigner.tsx';

/** Another app whose accounts this one may link (the cross-app demo's app A). */
export interface CrossAppSite {
  appId: string;
  name: string;
}

/** What the panel shows for an account, and how to unlink it (null: it cannot be unlinked). */
function describe(
  account: LinkedAccount,
  unlink: ReturnType<typeof useUnlinkAccount>,
  crossApp: CrossAppSite | undefined,
): { kind: string; value: string; note?: string; unlink: (() => Promise<unknown>) | null } {
  switch (account.type) {
    case 'email':
      return {
        kind: 'Email',
        value: account.address,
        unlink: () => unlink.unlinkEmail(account.address),
      };
    case 'phone':
      return {
        kind: 'Phone',
        value: account.number,
        unlink: () => unlink.unlinkPhone(account.number),
      };
    case 'wallet':
      return account.walletClientType === 'latchkey'
        ? { kind: 'Embedded wallet', value: account.address, unlink: null }
        : {
            kind: 'Wallet',
            value: account.address,
            note: account.walletClientType,
            unlink: () => unlink.unlinkWallet(account.address),
          };
    case 'passkey':
      return {
        kind: 'Passkey',
        value: account.authenticatorName ?? account.credentialId.slice(0, 12),
        unlink: () => unlink.unlinkPasskey(account.credentialId),
      };
    case 'telegram':
      return {
        kind: 'Telegram',
        value: account.username ? `@${account.username}` : account.telegramUserId,
        unlink: () => unlink.unlinkTelegram(account.telegramUserId),
      };
    case 'farcaster':
      return {
        kind: 'Farcaster',
        value: account.username ? `@${account.username}` : `fid ${account.fid}`,
        note: account.username ? `fid ${account.fid}` : undefined,
        unlink: () => unlink.unlinkFarcaster(account.fid),
      };
    case 'cross_app':
      // Another app's account (issue 21): the wallet it shares (else its user id there).
      return {
        kind:
          account.providerApp.id === crossApp?.appId
            ? `${crossApp.name} account`
            : `Account of app ${account.providerApp.id}`,
        value: account.embeddedWallets[0]?.address ?? account.subject,
        unlink: null,
      };
    default: {
      const provider = account.type.replace(/_oauth$/, '') as Parameters<
        typeof unlink.unlinkOAuth
      >[0];
      return {
        kind: provider.charAt(0).toUpperCase() + provider.slice(1),
        value: account.email ?? account.username ?? account.name ?? account.subject,
        unlink: () => unlink.unlinkOAuth(provider, account.subject),
      };
    }
  }
}

/** Why something failed, as the user should read it (`LatchkeyError.shortMessage` first). */
function messageOf(error: unknown): string {
  if (error && typeof error === 'object') {
    const e = error as { shortMessage?: unknown; message?: unknown };
    if (typeof e.shortMessage === 'string') return e.shortMessage;
    if (typeof e.message === 'string') return e.message;
  }
  return String(error);
}

/**
 * Linked accounts (issue 6): each account with Unlink, the link helpers and 'Update email'.
 * Test ids: `linked-<type>` and `unlink-<type>` per account (`linked-embedded-wallet` for the
 * embedded wallet, which cannot be unlinked), `account-error`, `account-event`. Under the
 * Farcaster account, its signer (`FarcasterSigner`, issue 16). With `crossApp` (app B of the
 * cross-app demo, issue 21), its account is named by the app and 'Link <app>' links one
 * (`useLinkAccount().linkCrossApp`, the modal's CROSS_APP_AUTH_SCREEN).
 */
export function Accounts({ crossApp }: { crossApp?: CrossAppSite }) {
  const { authenticated, user } = useLatchkey();
  const [error, setError] = useState<string | null>(null);
  const [event, setEvent] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const unlink = useUnlinkAccount();
  const link = useLinkAccount({
    onSuccess: ({ linkMethod, linkedAccount }) => {
      setError(null);
      setEvent(`Linked ${linkMethod}${linkedAccount ? ` (${linkedAccount.type})` : ''}`);
    },
    onError: ({ code, message }) => {
      if (code !== 'exited_link_flow') setError(message);
    },
  });
  const { updateEmail } = useUpdateEmail();
  if (!authenticated || !user) return null;

  /** Runs a click's action: clears the last error, shows the new one (sync throws too). */
  const act = (name: string, run: () => unknown) => {
    setError(null);
    setEvent(null);
    try {
      const result = run();
      if (result instanceof Promise) {
        setBusy(name);
        result
          .then(() => setEvent(`${name}: done`))
          .catch((e: unknown) => setError(messageOf(e)))
          .finally(() => setBusy(null));
      }
    } catch (e) {
      setError(messageOf(e));
    }
  };

  return (
    <section className="demo__card" data-testid="linked-accounts">
      <h2>Linked accounts</h2>
      <ul className="demo__accounts">
        {user.linkedAccounts.map((account) => {
          const shown = describe(account, unlink, crossApp);
          const key = `${account.type}:${shown.value}`;
          return (
            <Fragment key={key}>
              <li
                className="demo__account"
                data-testid={`linked-${shown.unlink ? account.type : 'embedded-wallet'}`}
              >
                <span className="demo__account-kind">{shown.kind}</span>
                <span className="demo__account-value">
                  <code>{shown.value}</code>
                  {shown.note && <span className="demo__account-note">{shown.note}</span>}
                </span>
                {shown.unlink && (
                  <button
                    type="button"
                    className="demo__button demo__button--small demo__button--secondary"
                    data-testid={`unlink-${account.type}`}
                    disabled={busy !== null}
                    onClick={() => act(`Unlink ${shown.kind.toLowerCase()}`, shown.unlink!)}
                  >
                    Unlink
                  </button>
                )}
              </li>
              {/* Issue 16: the Farcaster signer, next to the Farcaster account. */}
              {account.type === 'farcaster' && <FarcasterSigner />}
            </Fragment>
          );
        })}
      </ul>
      <div className="demo__actions">
        <button type="button" className="demo__button" onClick={() => act('link', link.linkEmail)}>
          Link email
        </button>
        <button type="button" className="demo__button" onClick={() => act('link', link.linkPhone)}>
          Link phone
        </button>
        <button type="button" className="demo__button" onClick={() => act('link', link.linkWallet)}>
          Link wallet
        </button>
        <button
          type="button"
          className="demo__button"
          onClick={() => act('link', link.linkPasskey)}
        >
          Link passkey
        </button>
        <button type="button" className="demo__button" onClick={() => act('link', link.linkGoogle)}>
          Link Google
        </button>
        <button
          type="button"
          className="demo__button"
          onClick={() => act('link', link.linkTelegram)}
        >
          Link Telegram
        </button>
        <button
          type="button"
          className="demo__button"
          onClick={() => act('link', link.linkFarcaster)}
        >
          Link Farcaster
        </button>
        {crossApp && (
          <button
            type="button"
            className="demo__button"
            onClick={() => act('link', () => link.linkCrossApp({ appId: crossApp.appId }))}
          >
            Link {crossApp.name}
          </button>
        )}
        <button
          type="button"
          className="demo__button demo__button--secondary"
          onClick={() => act('update', updateEmail)}
        >
          Update email
        </button>
      </div>
      <p className="demo__error" data-testid="account-error" role="alert" hidden={!error}>
        {error}
      </p>
      {event && (
        <p className="demo__event" data-testid="account-event">
          {event}
        </p>
      )}
    </section>
  );
}
