import { ROUTES } from '@latchkey/api';
import { describe, expect, it } from 'vitest';
import { fresh, storeSetup } from '../session/test/client.ts';
import { json, wireUser } from '../test/fakes.ts';
import { acceptTerms } from './acceptTerms.ts';

describe('acceptTerms', () => {
  it('posts an empty body with the bearer token and stores the answered user', async () => {
    const { store, calls } = await storeSetup(
      {
        [`POST ${ROUTES.acceptTerms}`]: () =>
          json({ user: wireUser({ has_accepted_terms: true }) }),
      },
      { loggedIn: true },
    );
    const user = await acceptTerms(store);
    const call = calls.at(-1)!;
    expect(call.url).toMatch(ROUTES.acceptTerms);
    expect(call.body).toEqual({});
    expect(call.headers.get('authorization')).toBe(`Bearer ${fresh}`);
    expect(user.hasAcceptedTerms).toBe(true);
    expect(store.getState().user).toBe(user);
  });
});
