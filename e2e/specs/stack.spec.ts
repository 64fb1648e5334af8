/**
 * The harness itself: `scripts/start.ts` brings up every part of the stack on the ports it was
 * given, and stopping it leaves no process and no data folder behind.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { groupAlive, startStack } from '../harness.ts';

test(
  'npm start brings up anvil, the API and the demo; stop() leaves no process behind',
  {
    timeout: 240_000,
  },
  async () => {
    // `npm start`'s own default: the demo on Vite's dev server (the other specs use a build).
    const stack = await startStack({ env: { LATCHKEY_DEMO_MODE: 'dev' } });
    let groups: number[] | undefined;
    try {
      const config = await fetch(`${stack.apiUrl}/api/v1/apps/${stack.appId}`);
      assert.equal(config.status, 200, 'the API serves the dev app config');
      assert.equal(((await config.json()) as { id: string }).id, stack.appId);

      const demo = await fetch(stack.demoUrl);
      assert.equal(demo.status, 200);
      assert.match(
        await demo.text(),
        /<script type="module" src="\/@vite\/client">/,
        "the demo runs on Vite's dev server, as npm start runs it",
      );

      // App A of the cross-app demo (issue 21 item 5): the same dev server on a second origin.
      const providerDemo = await fetch(stack.providerDemoUrl);
      assert.equal(providerDemo.status, 200);
      assert.match(await providerDemo.text(), /<script type="module" src="\/@vite\/client">/);

      const chain = await fetch(stack.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      assert.equal(
        ((await chain.json()) as { result: string }).result,
        '0x7a69',
        'anvil answers with chain id 31337',
      );

      assert.deepEqual(await stack.outbox(), [], 'a fresh data folder has an empty outbox');

      groups = stack.processGroups();
      assert.ok(
        groups.length >= 4,
        `start.ts and its three parts run in their own groups: ${groups.join(', ')}`,
      );
      assert.ok(groups.every(groupAlive));
    } finally {
      await stack.stop();
    }
    assert.deepEqual((groups ?? []).filter(groupAlive), [], 'no process group survives stop()');
    assert.equal(existsSync(stack.dataDir), false, 'the temporary data folder is removed');
    await assert.rejects(fetch(stack.providerDemoUrl), "app A's port is closed too");
  },
);
