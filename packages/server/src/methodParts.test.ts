import { describe, expect, it } from 'vitest';
import { loadMethodParts } from './methodParts.ts';
import { METHODS } from './methods/index.ts';

describe('loadMethodParts (methods/<id>/<file> by convention)', () => {
  it("loads the file's export of every registry method that has it, in the registry's order", async () => {
    const parts = await loadMethodParts<unknown>('devSeed.ts', 'devSeed');
    const withSeed = METHODS.map((m) => m.id).filter((id) => parts.some((p) => p.id === id));
    expect(parts.map((p) => p.id)).toEqual(withSeed);
    expect(parts.map((p) => p.id)).toEqual(['email', 'sms', 'oauth', 'siwe', 'passkey']);
    for (const { part } of parts) expect(part).toHaveProperty('settings');
  });

  it('looks only in the methods it is given (the registry by default)', async () => {
    const parts = await loadMethodParts('devSeed.ts', 'devSeed', { methods: [{ id: 'sms' }] });
    expect(parts.map((p) => p.id)).toEqual(['sms']);
  });

  it('skips a method without the file', async () => {
    expect(await loadMethodParts('devSeed.ts', 'devSeed', { methods: [{ id: 'nope' }] })).toEqual(
      [],
    );
    expect(
      (await loadMethodParts('delivery/fromEnv.ts', 'transportFromEnv')).map((p) => p.id),
    ).toEqual(['email', 'sms']);
  });

  it('refuses a file without the export', async () => {
    await expect(
      loadMethodParts('devSeed.ts', 'seed', { methods: [{ id: 'email' }] }),
    ).rejects.toThrow('methods/email/devSeed.ts does not export seed');
  });
});
