/**
 * The Telegram method's UI skeleton (issue 11's recipe proof): the login list draws the entry
 * from the registries, clicking it opens TELEGRAM_AUTH_SCREEN, the screen registry has that
 * screen, and `useUnlinkAccount` gains `unlinkTelegram`, with no line outside the method
 * folder but the registries.
 */
import { SCREEN, type LatchkeyClient, type User } from '@latchkey/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LoginList } from '../../components/LoginList/LoginList.tsx';
import { resolveConfig } from '../../config/resolveConfig.ts';
import { methodLinkActions, methodUnlinkActions } from '../../hooks/methodActions.ts';
import { SCREENS } from '../../screens/registry.ts';
import { APP_ID } from '../../test/fakeClient.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { methodUiOf } from '../index.ts';
import { telegramUi } from './index.ts';

/** The widget functions, answered by the fake client's methods of the same names. */
vi.mock('./widget.ts', () => ({
  telegramWidgetReady: (c: { telegramWidgetReady: () => boolean }) => c.telegramWidgetReady(),
  prepareTelegramWidget: (c: { prepareTelegramWidget: () => Promise<void> }) =>
    c.prepareTelegramWidget(),
  loginWithTelegramWidget: (c: { loginWithTelegramWidget: (o: unknown) => unknown }, o: unknown) =>
    c.loginWithTelegramWidget(o),
  linkTelegramWidget: (c: { linkTelegramWidget: () => unknown }) => c.linkTelegramWidget(),
}));

describe('the Telegram method (issue 16)', () => {
  it('is the registered UI module of the telegram login item', () => {
    expect(methodUiOf('telegram')).toBe(telegramUi);
  });

  it("draws 'Telegram' in the login list; a click opens TELEGRAM_AUTH_SCREEN naming it", () => {
    const config = resolveConfig(APP_ID, { loginMethods: ['email', 'telegram'] }, { name: 'Acme' });
    const { value } = renderScreen(<LoginList />, { config, messages: config.messages });
    fireEvent.click(screen.getByRole('button', { name: /Telegram/ }));
    expect(value.navigate).toHaveBeenCalledWith(SCREEN.TELEGRAM_AUTH_SCREEN, {
      method: 'Telegram',
    });
  });

  it('has its screen in the modal registry, with Back to the landing', () => {
    expect(SCREENS[SCREEN.TELEGRAM_AUTH_SCREEN]?.back).toBe(SCREEN.LANDING);
  });

  it('adds unlinkTelegram to useUnlinkAccount, calling the client', async () => {
    const user = { id: 'user_1' } as User;
    const unlinkTelegram = vi.fn(async () => user);
    const actions = methodUnlinkActions({ unlinkTelegram } as unknown as LatchkeyClient);
    await expect(actions.unlinkTelegram('42')).resolves.toBe(user);
    expect(unlinkTelegram).toHaveBeenCalledWith('42');
  });

  it('useLinkAccount().linkTelegram opens the window in the click when the widget is ready', () => {
    const result = new Promise<User>(() => {});
    const linkTelegramWidget = vi.fn(() => result);
    const link = vi.fn(() => true);
    const client = { telegramWidgetReady: () => true, linkTelegramWidget };
    const { linkTelegram } = methodLinkActions({
      client: client as unknown as LatchkeyClient,
      link,
      authenticated: true,
    });
    linkTelegram();
    expect(linkTelegramWidget).toHaveBeenCalledTimes(1);
    expect(link).toHaveBeenCalledWith(SCREEN.TELEGRAM_AUTH_SCREEN, {
      mode: 'link',
      method: 'Telegram',
      telegram: { widget: true, result },
    });
  });

  it('linkTelegram opens the screen to continue when the widget is not loaded, and nothing logged out', () => {
    const linkTelegramWidget = vi.fn();
    const link = vi.fn(() => true);
    const client = { telegramWidgetReady: () => false, linkTelegramWidget };
    for (const authenticated of [true, false]) {
      methodLinkActions({
        client: client as unknown as LatchkeyClient,
        link,
        authenticated,
      }).linkTelegram();
    }
    expect(linkTelegramWidget).not.toHaveBeenCalled();
    expect(link).toHaveBeenCalledTimes(2);
    expect(link).toHaveBeenLastCalledWith(SCREEN.TELEGRAM_AUTH_SCREEN, {
      mode: 'link',
      method: 'Telegram',
      telegram: { widget: true },
    });
  });
});
