import { describe, expect, it } from 'vitest';
import { InvalidAppIdError } from '../errors/session.ts';
import { API_URL, APP_ID } from '../test/fakes.ts';
import { createLatchkeyClient } from './createLatchkeyClient.ts';
import { setup } from './test/client.ts';

describe('createLatchkeyClient', () => {
  it('refuses an invalid app id', () => {
    expect(() => createLatchkeyClient({ appId: 'short', apiUrl: API_URL })).toThrow(
      InvalidAppIdError,
    );
  });

  it('starts loading and exposes appId, apiUrl and api', () => {
    const { client } = setup({});
    expect(client.getState()).toEqual({ status: 'loading', user: null });
    expect(client.appId).toBe(APP_ID);
    expect(client.apiUrl).toBe(API_URL);
    expect(typeof client.api.getMe).toBe('function');
  });
});
