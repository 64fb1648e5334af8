import { MAX_PASSKEYS_PER_USER } from '@latchkey/api';
import {
  formatMessage,
  type PasskeyAccount,
  passkeyDisplayName,
  SCREEN,
  toLatchkeyError,
  type User,
} from '@latchkey/core';
import { useRef, useState } from 'react';
import { Button } from '../../../../components/Button/Button.tsx';
import { KeyIcon } from '../../../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../../../components/ModalHeader/ModalHeader.tsx';
import { useInternalLatchkey } from '../../../../hooks/useInternalLatchkey.ts';
import { useModal } from '../../../../Modal/ModalContext.ts';
import type { Messages } from '../../../../messages.ts';
import { useStyleSheet } from '../../../../styles/useStyleSheet.ts';
import { linkScreenCss } from '../../../link.css.ts';

/** How many passkeys the list shows before 'View all' (spec section 9). */
export const PASSKEYS_SHOWN = 2;

/** The user's passkeys, in the order the server lists them. */
export function passkeysOf(user: User | null): PasskeyAccount[] {
  return (user?.linkedAccounts ?? []).filter((a): a is PasskeyAccount => a.type === 'passkey');
}

/** The text for a failed unlink: MFA-enrolled passkeys get the spec's sentence (section 8). */
function unlinkErrorText(error: unknown, m: Messages): string {
  const e = toLatchkeyError(error);
  return e.code === 'missing_or_invalid_mfa' ? m.passkeyMfaUnlink : e.shortMessage;
}

/**
 * LINK_PASSKEY_SCREEN (issue 6; spec sections 2, 5 and 9): the user's passkeys, named with
 * `passkeyDisplayName`, 2 shown then 'View all'; each has Remove (`client.unlinkPasskey`, which
 * the server refuses for a passkey enrolled in MFA: 'Cannot unlink a passkey enrolled in MFA',
 * or for the last login method). 'Add new passkey' shows only with fewer than 5 passkeys and
 * opens AWAITING_PASSKEY_SYSTEM_DIALOGUE `{ mode: 'link' }`.
 */
export default function LinkPasskey() {
  useStyleSheet(linkScreenCss);
  const { client, session } = useInternalLatchkey('LinkPasskey');
  const { messages: m, navigate } = useModal();
  const [updated, setUpdated] = useState<User | null>(null);
  const [showAll, setShowAll] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [removed, setRemoved] = useState(false);
  // After a removal, focus goes to the status line: not to the next Remove button, where a
  // second Enter would remove another passkey.
  const statusRef = useRef<HTMLParagraphElement>(null);
  const passkeys = passkeysOf(updated ?? session.user);
  const shown = showAll ? passkeys : passkeys.slice(0, PASSKEYS_SHOWN);
  const canAdd = passkeys.length < MAX_PASSKEYS_PER_USER;

  const remove = async (credentialId: string) => {
    if (removing) return;
    setRemoving(credentialId);
    setError(null);
    setRemoved(false);
    try {
      setUpdated(await client.unlinkPasskey(credentialId));
      setRemoved(true);
      requestAnimationFrame(() => statusRef.current?.focus());
    } catch (cause) {
      setError(unlinkErrorText(cause, m));
    } finally {
      setRemoving(null);
    }
  };

  return (
    <div className="lk-link" data-testid="link-passkey-screen">
      <ModalHeader title={m.linkPasskeyTitle} message={m.linkPasskeyDetail} icon={<KeyIcon />} />
      {passkeys.length === 0 ? (
        <p className="lk-link__note">{m.noPasskeys}</p>
      ) : (
        <ul className="lk-link__list" aria-label={m.linkPasskeyTitle}>
          {shown.map((passkey) => {
            const name = passkeyDisplayName(passkey);
            return (
              <li key={passkey.credentialId} className="lk-link__item" data-testid="passkey-item">
                <span className="lk-link__item-text">
                  <span className="lk-link__item-name">{name}</span>
                  <span className="lk-link__item-detail">
                    {formatMessage(m.passkeyLastUsed, {
                      date: passkey.latestVerifiedAt.toLocaleDateString(),
                    })}
                  </span>
                </span>
                <Button
                  variant="secondary"
                  aria-label={`${m.removePasskey} ${name}`}
                  disabled={removing !== null}
                  aria-busy={removing === passkey.credentialId}
                  onClick={() => void remove(passkey.credentialId)}
                >
                  {removing === passkey.credentialId ? m.removingPasskey : m.removePasskey}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {!showAll && passkeys.length > PASSKEYS_SHOWN && (
        <Button variant="link" onClick={() => setShowAll(true)}>
          {m.viewAllPasskeys}
        </Button>
      )}
      <p className="lk-link__note" role="status" tabIndex={-1} ref={statusRef}>
        {removed ? m.passkeyRemoved : ''}
      </p>
      {error && (
        <p className="lk-link__error" role="alert">
          {error}
        </p>
      )}
      {canAdd ? (
        <Button
          variant="primary"
          onClick={() =>
            navigate(SCREEN.AWAITING_PASSKEY_SYSTEM_DIALOGUE, {
              mode: 'link',
              passkey: 'signup',
              returnTo: SCREEN.LINK_PASSKEY_SCREEN,
            })
          }
        >
          {m.addNewPasskey}
        </Button>
      ) : (
        <p className="lk-link__note">
          {formatMessage(m.passkeyLimitReached, { max: String(MAX_PASSKEYS_PER_USER) })}
        </p>
      )}
    </div>
  );
}
