import type { LatchkeyClient } from '@latchkey/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginWithTelegramWidget, prepareTelegramWidget, telegramWidgetReady } from './widget.ts';

const AUTH_RESULT = { id: 42, first_name: 'Ada', auth_date: 1_800_000_000, hash: 'ab'.repeat(32) };

/** `window.Telegram.Login` as the served script would define it; answers `answer`. */
const widget = { answer: AUTH_RESULT as unknown, opened: [] as unknown[] };
const fakeLogin = {
  auth: (options: unknown, callback: (r: unknown) => void) => {
    widget.opened.push(options);
    callback(widget.answer);
  },
};

/** jsdom does not fetch scripts: a script "loads" by defining the widget, as the real one does. */
function scriptsLoad(ok: boolean) {
  const appended: string[] = [];
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    for (const node of nodes) {
      const script = node as HTMLScriptElement;
      appended.push(script.src);
      setTimeout(() => {
        if (ok) {
          (window as { Telegram?: unknown }).Telegram = { Login: fakeLogin };
          script.onload?.(new Event('load'));
        } else script.onerror?.(new Event('error'));
      }, 0);
    }
  });
  return appended;
}

let n = 0;
function fakeClient(config: Record<string, unknown>) {
  return {
    appId: `app${n++}`.padEnd(25, '0'),
    apiUrl: 'http://api.test/',
    getAppConfig: async () => config,
    loginWithTelegram: vi.fn(async () => ({ user: { id: 'u' }, isNewUser: true })),
  } as unknown as LatchkeyClient & { loginWithTelegram: ReturnType<typeof vi.fn> };
}
const withBot = {
  telegram_auth: true,
  telegram_auth_config: {
    bot_id: '7000',
    bot_name: 'b',
    link_enabled: false,
    seamless_auth_enabled: false,
  },
};

afterEach(() => {
  vi.restoreAllMocks();
  delete (window as { Telegram?: unknown }).Telegram;
  widget.opened = [];
});

describe('the Telegram Login Widget in the browser (issue 16)', () => {
  it('loads the script from the API origin, then opens the window with the bot id and logs in', async () => {
    const appended = scriptsLoad(true);
    const client = fakeClient(withBot);
    await expect(loginWithTelegramWidget(client)).rejects.toMatchObject({ code: 'not_supported' });
    expect(telegramWidgetReady(client)).toBe(false);
    await prepareTelegramWidget(client);
    expect(appended).toEqual([
      `http://api.test/api/v1/telegram/widget.js?app_id=${encodeURIComponent(client.appId)}`,
    ]);
    expect(telegramWidgetReady(client)).toBe(true);
    widget.answer = AUTH_RESULT;
    await loginWithTelegramWidget(client, { captchaToken: 'cap' });
    expect(widget.opened).toEqual([{ bot_id: '7000', request_access: 'write' }]);
    expect(client.loginWithTelegram).toHaveBeenCalledWith({
      authResult: AUTH_RESULT,
      captchaToken: 'cap',
    });
  });

  it('a declined or closed window rejects exited_auth_flow, without a login', async () => {
    scriptsLoad(true);
    const client = fakeClient(withBot);
    await prepareTelegramWidget(client);
    widget.answer = false;
    await expect(loginWithTelegramWidget(client)).rejects.toMatchObject({
      code: 'exited_auth_flow',
    });
    expect(client.loginWithTelegram).not.toHaveBeenCalled();
  });

  it('refuses an app without Telegram, and a script that does not load (network_error)', async () => {
    const appended = scriptsLoad(false);
    await expect(prepareTelegramWidget(fakeClient({ telegram_auth: false }))).rejects.toMatchObject(
      { code: 'not_supported' },
    );
    expect(appended).toEqual([]);
    const client = fakeClient(withBot);
    await expect(prepareTelegramWidget(client)).rejects.toMatchObject({ code: 'network_error' });
    expect(telegramWidgetReady(client)).toBe(false);
  });
});
