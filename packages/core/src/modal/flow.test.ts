import { describe, expect, it, vi } from 'vitest';
import type { User } from '../session/user.ts';
import { createModalFlow, type ModalStart } from './flow.ts';

type Params = { mode?: string };
const USER: User = {
  id: 'user_1',
  createdAt: new Date(0),
  email: { address: 'alice@example.com' },
  linkedAccounts: [],
  mfaMethods: [],
  hasAcceptedTerms: false,
  isGuest: false,
};
const LINK_START: ModalStart<Params> = { screen: 'LINK_EMAIL_SCREEN', params: { mode: 'link' } };
const WALLET_START: ModalStart<Params> = {
  screen: 'EMBEDDED_WALLET_KEY_EXPORT_SCREEN',
  params: {},
};

function setup() {
  const linkedAccount = vi.fn(() => null);
  const flow = createModalFlow<Params>({
    exitedLinkFlowMessage: () => 'closed early',
    linkedAccount,
  });
  const login = { onComplete: vi.fn(), onError: vi.fn() };
  const link = { onSuccess: vi.fn(), onError: vi.fn() };
  flow.addLoginListeners(login);
  flow.addLinkListeners(link);
  return { flow, login, link, linkedAccount };
}

describe('createModalFlow (issue 11: the modal flow without a DOM)', () => {
  it('starts closed on a login, nothing requested', () => {
    const { flow } = setup();
    expect(flow.getState()).toMatchObject({
      open: false,
      requested: false,
      start: null,
      kind: 'login',
    });
  });

  it('login: opens on LANDING; closing early reports exited_auth_flow once', () => {
    const { flow, login } = setup();
    const changed = vi.fn();
    flow.subscribe(changed);
    flow.openLogin();
    expect(flow.getState()).toMatchObject({
      open: true,
      requested: true,
      start: null,
      kind: 'login',
    });
    expect(changed).toHaveBeenCalled();
    flow.close();
    flow.close();
    expect(flow.getState().open).toBe(false);
    expect(login.onError).toHaveBeenCalledTimes(1);
    expect(login.onError).toHaveBeenCalledWith({
      code: 'exited_auth_flow',
      message: 'The user closed the login modal',
    });
  });

  it('login: a cancel failure (terms_declined) replaces exited_auth_flow', () => {
    const { flow, login } = setup();
    flow.openLogin();
    flow.close({ code: 'terms_declined', message: 'declined' });
    expect(login.onError).toHaveBeenCalledWith({ code: 'terms_declined', message: 'declined' });
  });

  it('login: complete closes and fires onComplete; a later close reports nothing', () => {
    const { flow, login } = setup();
    flow.openLogin();
    flow.complete({ user: USER, isNewUser: true });
    expect(flow.getState().open).toBe(false);
    expect(login.onComplete).toHaveBeenCalledWith({ user: USER, isNewUser: true });
    flow.close();
    expect(login.onError).not.toHaveBeenCalled();
  });

  it('fail keeps the modal open and reports nothing while the attempt can be retried', () => {
    const { flow, login, link } = setup();
    flow.openLogin();
    flow.fail({ code: 'x', message: 'login failed' });
    expect(login.onError).not.toHaveBeenCalled();
    expect(flow.getState().open).toBe(true);
    // The retry succeeds: no error is ever reported.
    flow.complete({ user: USER, isNewUser: false });
    expect(login.onComplete).toHaveBeenCalledTimes(1);
    flow.close();
    expect(login.onError).not.toHaveBeenCalled();
    expect(link.onError).not.toHaveBeenCalled();
  });

  it('settle (back to another method) reports the failed attempt once, to the flow it belongs to', () => {
    const { flow, login, link } = setup();
    flow.openLogin();
    flow.fail({ code: 'x', message: 'first' });
    flow.fail({ code: 'x2', message: 'retried, failed again' });
    flow.settle();
    expect(login.onError).toHaveBeenCalledTimes(1);
    expect(login.onError).toHaveBeenCalledWith({ code: 'x2', message: 'retried, failed again' });
    flow.settle();
    expect(login.onError).toHaveBeenCalledTimes(1);
    flow.openLink(LINK_START, { method: 'email', before: USER });
    flow.fail({ code: 'y', message: 'link failed' });
    expect(link.onError).not.toHaveBeenCalled();
    flow.settle();
    expect(link.onError).toHaveBeenCalledWith({ code: 'y', message: 'link failed' });
    expect(login.onError).toHaveBeenCalledTimes(1);
  });

  it('closing after a failed attempt reports that failure instead of exited_auth_flow, once', () => {
    const { flow, login, link } = setup();
    flow.openLogin();
    flow.fail({ code: 'x', message: 'login failed' });
    flow.close();
    expect(login.onError).toHaveBeenCalledTimes(1);
    expect(login.onError).toHaveBeenCalledWith({ code: 'x', message: 'login failed' });
    flow.openLink(LINK_START, { method: 'email', before: USER });
    flow.fail({ code: 'y', message: 'link failed' });
    flow.close();
    expect(link.onError).toHaveBeenCalledTimes(1);
    expect(link.onError).toHaveBeenCalledWith({ code: 'y', message: 'link failed' });
    // A failure left from an earlier flow is not carried into the next one.
    flow.openLogin();
    flow.fail({ code: 'z', message: 'stale' });
    flow.openLogin();
    flow.close();
    expect(login.onError).toHaveBeenLastCalledWith({
      code: 'exited_auth_flow',
      message: 'The user closed the login modal',
    });
  });

  it('link: closing early reports exited_link_flow to the link listeners only', () => {
    const { flow, login, link } = setup();
    flow.openLink(LINK_START, { method: 'email', before: USER });
    expect(flow.getState()).toMatchObject({ open: true, kind: 'link', start: LINK_START });
    flow.close();
    expect(link.onError).toHaveBeenCalledWith({
      code: 'exited_link_flow',
      message: 'closed early',
    });
    expect(login.onError).not.toHaveBeenCalled();
  });

  it('link: completeLink reports the method and the account told apart from the user before', () => {
    const { flow, link, linkedAccount } = setup();
    const after = { ...USER, hasAcceptedTerms: true };
    flow.openLink(LINK_START, { method: 'sms', before: USER });
    flow.completeLink(after);
    expect(linkedAccount).toHaveBeenCalledWith(USER, after, 'sms');
    expect(link.onSuccess).toHaveBeenCalledWith({
      user: after,
      linkMethod: 'sms',
      linkedAccount: null,
    });
    expect(flow.getState().open).toBe(false);
  });

  it("completeLink outside a link reports linkMethod 'unknown'", () => {
    const { flow, link } = setup();
    flow.openLogin();
    flow.completeLink(USER);
    expect(link.onSuccess).toHaveBeenCalledWith({
      user: USER,
      linkMethod: 'unknown',
      linkedAccount: null,
    });
  });

  it('wallet, connect-only and consent screens are not logins: closing reports nothing', () => {
    const { flow, login, link } = setup();
    for (const open of [flow.openWallet, flow.openConnect, flow.openConsent]) {
      open(WALLET_START);
      expect(flow.getState()).toMatchObject({ open: true, start: WALLET_START });
      flow.close();
    }
    expect(login.onError).not.toHaveBeenCalled();
    expect(link.onError).not.toHaveBeenCalled();
  });

  it('a wallet screen opened during a link keeps reporting to the link; consent resets to login', () => {
    const { flow, login, link } = setup();
    flow.openLink(LINK_START, { method: 'email', before: null });
    flow.openWallet(WALLET_START);
    expect(flow.getState().kind).toBe('wallet');
    flow.fail({ code: 'w', message: 'wallet' });
    expect(link.onError).not.toHaveBeenCalled();
    // Closing a wallet screen reports nothing of its own, but its failed step ends there.
    flow.close();
    expect(link.onError).toHaveBeenCalledTimes(1);
    expect(link.onError).toHaveBeenCalledWith({ code: 'w', message: 'wallet' });
    flow.openConsent(WALLET_START);
    flow.fail({ code: 'c', message: 'consent' });
    flow.settle();
    expect(login.onError).toHaveBeenCalledWith({ code: 'c', message: 'consent' });
  });

  it('failLink reports to the link listeners; listeners unregister', () => {
    const { flow, link } = setup();
    flow.failLink({ code: 'must_be_authenticated', message: 'log in first' });
    expect(link.onError).toHaveBeenCalledWith({
      code: 'must_be_authenticated',
      message: 'log in first',
    });
    const late = { onError: vi.fn() };
    const off = flow.addLinkListeners(late);
    off();
    flow.failLink({ code: 'z', message: 'z' });
    expect(late.onError).not.toHaveBeenCalled();
  });
});
