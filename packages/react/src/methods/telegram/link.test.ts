import { SCREEN } from '@latchkey/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProviderMountContext } from '../linkTypes.ts';
import { telegramLink } from './link.ts';

const HASH = 'ab'.repeat(32);
const INIT_DATA = 'query_id=AA&user=%7B%22id%22%3A5%7D&auth_date=1800000000&hash=cd';

function mount(
  url: string,
  config: Record<string, unknown>,
  status: 'authenticated' | 'unauthenticated' = 'unauthenticated',
) {
  window.history.replaceState(null, '', url);
  const result = Promise.resolve({ user: { id: 'u' }, isNewUser: true });
  const client = {
    initialize: vi.fn(async () => {}),
    getState: () => ({ status, user: null }),
    getAppConfig: vi.fn(async () => config),
    loginWithTelegram: vi.fn(() => result),
  };
  const flow = { openLogin: vi.fn() };
  const context = { appId: 'app', client, flow } as unknown as ProviderMountContext;
  telegramLink.onProviderMount?.(context);
  return { client, flow, result };
}

const seamless = {
  telegram_auth: true,
  telegram_auth_config: {
    bot_id: '7',
    bot_name: 'b',
    link_enabled: false,
    seamless_auth_enabled: true,
  },
};

afterEach(() => window.history.replaceState(null, '', '/'));

describe('Telegram logins from the page URL (the provider mount, issue 16)', () => {
  it("logs a Mini App's user in without a click when seamless_auth_enabled", async () => {
    const { client, flow, result } = mount(
      `/app#tgWebAppData=${encodeURIComponent(INIT_DATA)}&tgWebAppVersion=8.0`,
      seamless,
    );
    await vi.waitFor(() => expect(flow.openLogin).toHaveBeenCalled());
    expect(client.loginWithTelegram).toHaveBeenCalledWith({ webAppData: INIT_DATA });
    expect(flow.openLogin).toHaveBeenCalledWith({
      screen: SCREEN.TELEGRAM_AUTH_SCREEN,
      params: { telegram: { result } },
    });
    expect(window.location.hash).toContain('tgWebAppData'); // Telegram's own script reads it too
  });

  it('does nothing without seamless_auth_enabled, with Telegram off, or while logged in', async () => {
    const href = `/app#tgWebAppData=${encodeURIComponent(INIT_DATA)}`;
    const off = {
      ...seamless,
      telegram_auth_config: { ...seamless.telegram_auth_config, seamless_auth_enabled: false },
    };
    const runs = [
      mount(href, off),
      mount(href, { ...seamless, telegram_auth: false }),
      mount(href, seamless, 'authenticated'),
    ];
    // Each got as far as its check (the config, or the session) before stopping.
    await vi.waitFor(() => {
      expect(runs[0]!.client.getAppConfig).toHaveBeenCalled();
      expect(runs[1]!.client.getAppConfig).toHaveBeenCalled();
      expect(runs[2]!.client.initialize).toHaveBeenCalled();
    });
    await new Promise((r) => setTimeout(r, 10));
    for (const { client, flow } of runs) {
      expect(client.loginWithTelegram).not.toHaveBeenCalled();
      expect(flow.openLogin).not.toHaveBeenCalled();
    }
  });

  it("logs in with the widget's redirect parameters and strips them from the URL", async () => {
    const { client, flow } = mount(
      `/done?x=1&id=42&first_name=Ada&auth_date=1800000000&hash=${HASH}`,
      { ...seamless, telegram_auth_config: null },
    );
    await vi.waitFor(() => expect(flow.openLogin).toHaveBeenCalled());
    expect(window.location.search).toBe('?x=1');
    expect(client.loginWithTelegram).toHaveBeenCalledWith({
      authResult: { id: 42, first_name: 'Ada', auth_date: 1_800_000_000, hash: HASH },
    });
  });
});
