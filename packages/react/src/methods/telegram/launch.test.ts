import { describe, expect, it } from 'vitest';
import { readTelegramLaunch, stripTelegramLoginUrl } from './launch.ts';

const HASH = 'ab'.repeat(32);

describe('Telegram logins in the page URL (spec section 2)', () => {
  it('reads Mini App init data from the hash, decoded once', () => {
    const initData = 'query_id=AA&user=%7B%22id%22%3A5%7D&auth_date=1800000000&hash=cd';
    const href = `https://app.example.com/#tgWebAppData=${encodeURIComponent(initData)}&tgWebAppVersion=8.0`;
    expect(readTelegramLaunch(href)).toEqual({ kind: 'mini-app', webAppData: initData });
  });

  it("reads the widget's redirect parameters, numbers as numbers", () => {
    const href = `https://app.example.com/done?x=1&id=42&first_name=Ada&username=ada&auth_date=1800000000&hash=${HASH}`;
    expect(readTelegramLaunch(href)).toEqual({
      kind: 'login-url',
      authResult: {
        id: 42,
        first_name: 'Ada',
        username: 'ada',
        auth_date: 1_800_000_000,
        hash: HASH,
      },
    });
  });

  it('ignores a URL without all of id, first_name, auth_date and a hex hash', () => {
    const base = 'https://app.example.com/?id=42&first_name=Ada&auth_date=1800000000';
    expect(readTelegramLaunch(base)).toBeNull();
    expect(readTelegramLaunch(`${base}&hash=xyz`)).toBeNull();
    expect(
      readTelegramLaunch(`https://app.example.com/?id=abc&first_name=A&auth_date=1&hash=${HASH}`),
    ).toBeNull();
    expect(readTelegramLaunch('https://app.example.com/#tgWebAppVersion=8.0')).toBeNull();
    expect(readTelegramLaunch('not a url')).toBeNull();
  });

  it('strips only the redirect parameters', () => {
    const href = `https://app.example.com/done?x=1&id=42&first_name=Ada&auth_date=1800000000&hash=${HASH}#top`;
    expect(stripTelegramLoginUrl(href)).toBe('https://app.example.com/done?x=1#top');
  });
});
