import type { OAuthProvider } from '@latchkey/api';
import type { LatchkeyClient, User } from '@latchkey/core';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { MethodAccounts } from '../methods/linkTypes.ts';
import { METHOD_ACCOUNTS } from '../methods/links.ts';
import { methodLinkActions, methodUnlinkActions } from './methodActions.ts';
import type { UseLinkAccountReturnType } from './useLinkAccount.ts';
import type { UseUnlinkAccountReturnType } from './useUnlinkAccount.ts';

/** The intersection of the methods' types as one object type. */
type Flat<T> = { [K in keyof T]: T[K] };

describe("the methods' account helpers (issue 11: METHOD_ACCOUNTS: linkActions / unlinkActions)", () => {
  it('merges every registered method into useLinkAccount / useUnlinkAccount, types included', () => {
    const link = vi.fn(() => true);
    const client = {} as LatchkeyClient;
    const linkActions = methodLinkActions({ client, link, authenticated: true });
    const unlinkActions = methodUnlinkActions(client);
    const accounts: readonly MethodAccounts[] = METHOD_ACCOUNTS;
    const expectedLink = accounts.flatMap((m) =>
      Object.keys(m.linkActions?.({ client, link, authenticated: true }) ?? {}),
    );
    const expectedUnlink = accounts.flatMap((m) => Object.keys(m.unlinkActions?.(client) ?? {}));
    expect(Object.keys(linkActions).sort()).toEqual([...expectedLink].sort());
    expect(Object.keys(unlinkActions).sort()).toEqual([...expectedUnlink].sort());
    expect(Object.keys(linkActions).sort()).toEqual(
      [
        'linkApple',
        'linkCrossApp',
        'linkDiscord',
        'linkEmail',
        'linkFarcaster',
        'linkGithub',
        'linkGoogle',
        'linkInstagram',
        'linkLinkedIn',
        'linkOAuth',
        'linkPasskey',
        'linkPhone',
        'linkSpotify',
        'linkTelegram',
        'linkTiktok',
        'linkTwitter',
        'linkWallet',
      ].sort(),
    );
    expectTypeOf<UseLinkAccountReturnType['linkOAuth']>().toEqualTypeOf<
      (provider: OAuthProvider) => void
    >();
    expectTypeOf<UseLinkAccountReturnType['linkEmail']>().toEqualTypeOf<() => void>();
    expectTypeOf<UseLinkAccountReturnType['linkCrossApp']>().toEqualTypeOf<
      (parameters: { appId: string }) => void
    >();
    // The methods of issue 11 keep their exact calls; a new method may add its own.
    type Existing =
      'unlinkEmail' | 'unlinkPhone' | 'unlinkWallet' | 'unlinkOAuth' | 'unlinkPasskey';
    expectTypeOf<Pick<Flat<UseUnlinkAccountReturnType>, Existing>>().toEqualTypeOf<{
      unlinkEmail: (address: string) => Promise<User>;
      unlinkPhone: (phoneNumber: string) => Promise<User>;
      unlinkWallet: (address: string) => Promise<User>;
      unlinkOAuth: (provider: OAuthProvider, subject: string) => Promise<User>;
      unlinkPasskey: (credentialId: string) => Promise<User>;
    }>();
  });
});
