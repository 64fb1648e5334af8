import { describe, expect, it } from 'vitest';
import { runCli } from './main.ts';
import { loadMethodClis } from './methodCommands.ts';

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

describe('method commands (methods/<id>/cli.ts)', () => {
  it("loads the registry methods' command-line parts, and only theirs", async () => {
    const clis = await loadMethodClis();
    expect(clis.map((c) => c.remoteCommands)).toEqual([['oauth']]);
    expect(await loadMethodClis({ methods: [{ id: 'email' }, { id: 'sms' }] })).toEqual([]);
  });

  it('registers them after the shared commands and names their remote mode in --help', async () => {
    const out = await help(['--help']);
    expect(out).toMatch(
      / {2}allowlist [^\n]*\n {2}oauth +set an app's OAuth client at a provider\n/,
    );
    expect(out).toContain('mode of show/set/allowlist/oauth with --api-url <url>');
    expect(await help(['oauth', 'set', '--help'])).toContain(
      'Usage: latchkey oauth set [options] <appId> <provider>',
    );
  });
});
