import { describe, expect, it } from 'vitest';
import { runCli } from './main.ts';
import { emailMethod } from '../methods/email/index.ts';
import { METHODS } from '../methods/index.ts';
import { smsMethod } from '../methods/sms/index.ts';
import { loadMethodClis, type MethodCli } from './methodCommands.ts';

async function help(args: string[]): Promise<string> {
  let out = '';
  const code = await runCli(args, {
    stdout: (t) => (out += t),
    stderr: (t) => (out += t),
    env: {},
  });
  expect(code).toBe(0);
  return out;
}

describe("method commands (the method modules' `cli`)", () => {
  it("loads the registry methods' command-line parts, and only theirs", async () => {
    const clis = await loadMethodClis();
    expect(clis.map((c) => c.remoteCommands)).toEqual([['oauth'], ['farcaster'], ['telegram']]);
    expect(await loadMethodClis({ methods: [emailMethod, smsMethod] })).toEqual([]);
    expect(METHODS.filter((m) => m.cli).map((m) => m.id)).toEqual([
      'oauth',
      'farcaster',
      'telegram',
    ]);
  });

  it("loads a fake module's cli, in the given order; a module without one adds none", async () => {
    const a: MethodCli = { register: () => {}, remoteCommands: ['a'] };
    const b: MethodCli = { register: () => {} };
    const clis = await loadMethodClis({
      methods: [{ cli: async () => a }, {}, { cli: async () => b }],
    });
    expect(clis).toEqual([a, b]);
  });

  it('registers them after the shared commands and names their remote mode in --help', async () => {
    const out = await help(['--help']);
    expect(out).toMatch(
      / {2}allowlist [^\n]*\n {2}oauth +set an app's OAuth client at a provider\n {2}farcaster +set the app's Farcaster account that requests signers\n {2}telegram +set an app's Telegram bot\n/,
    );
    expect(out).toContain(
      'mode of show/set/allowlist/oauth/farcaster/telegram/moonpay/cross-app/recovery with --api-url <url>',
    );
    expect(await help(['oauth', 'set', '--help'])).toContain(
      'Usage: latchkey oauth set [options] <appId> <provider>',
    );
    expect(await help(['telegram', 'set', '--help'])).toContain(
      'Usage: latchkey telegram set [options] <appId>',
    );
  });
});
