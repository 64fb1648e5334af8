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
import { methodUnlinkActions } from '../../hooks/methodActions.ts';
import { SCREENS } from '../../screens/registry.ts';
import { APP_ID } from '../../test/fakeClient.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { methodUiOf } from '../index.ts';
import { telegramUi } from './index.ts';

describe('the Telegram method (skeleton until issue 16)', () => {
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
});
