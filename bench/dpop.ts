/**
 * `npm run bench:dpop`: what sender-constrained custody (issue 10) costs per share request.
 *
 * In one process, on PGlite in memory, through the real Hono app (`app.request`, no sockets):
 * 1. baseline: `GET /api/v1/users/me` with a bearer token (token check, session row, user load);
 * 2. `POST /api/v1/embedded_wallets/auth_share` as the frame makes it: a fresh DPoP proof
 *    (made with the `dpop` library, as in the frame) + `Authorization: DPoP`, verified by the
 *    server (jose, `jti` stored) before the share is unsealed;
 * 3. proof making alone (`generateProof`, P-256 WebCrypto);
 * 4. proof checking alone (`verifyDpopProof`: jose verify, thumbprint, `jti` insert).
 *
 * Prints per-operation times (ms) and ratios to the baseline measured in the same run (the
 * machine is shared and noisy: compare ratios, not absolute figures). Asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import { ROUTES, walletProofMessage } from '@latchkey/api';
import { generateProof } from 'dpop';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { publicHtu, verifyDpopProof } from '../packages/server/src/sessions/dpop.ts';
import { testDatabase, testFrame, testServer } from '../packages/server/src/test-utils.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const WARMUP = 30;

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  return { mean, p50: at(0.5), p99: at(0.99) };
}

async function measure(label: string, op: () => Promise<unknown>) {
  for (let i = 0; i < WARMUP; i++) await op();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await op();
    samples.push(performance.now() - start);
  }
  return { label, ...stats(samples) };
}

async function main() {
  const database = await testDatabase();
  const server = testServer(database);
  // The server's clock must follow real time here, so proofs made now are fresh.
  const start = Date.now();
  server.clock.advance(start - server.clock());
  const app = await server.createApp();
  const frame = await testFrame(server);
  const session = await frame.login(app.id);
  const wallet = privateKeyToAccount(generatePrivateKey());
  const nonceRes = await frame.post(session, ROUTES.walletNonce);
  const { nonce } = (await nonceRes.json()) as { nonce: string };
  const signature = await wallet.signMessage({
    message: walletProofMessage({
      action: 'create',
      appId: app.id,
      userId: session.userId,
      address: wallet.address,
      nonce,
    }),
  });
  const created = await frame.post(session, ROUTES.embeddedWallets, {
    address: wallet.address,
    chain_type: 'ethereum',
    auth_share: Buffer.alloc(33, 1).toString('base64'),
    recovery_method: 'latchkey',
    recovery_share: Buffer.alloc(33, 2).toString('base64'),
    recovery_blob: null,
    nonce,
    signature,
  });
  if (created.status !== 200) throw new Error(`create answered ${created.status}`);

  const tick = () => server.clock.advance(Date.now() - server.clock());
  const baseline = await measure('GET /users/me (bearer), baseline', async () => {
    const res = await server.app.request(ROUTES.usersMe, {
      headers: { authorization: `Bearer ${session.token}`, 'latchkey-app-id': app.id },
    });
    if (res.status !== 200) throw new Error(`users/me ${res.status}`);
    await res.arrayBuffer();
  });
  const share = await measure(
    'POST auth_share with a fresh DPoP proof (made + checked)',
    async () => {
      tick();
      const res = await frame.post(session, ROUTES.walletAuthShare, { address: wallet.address });
      if (res.status !== 200) throw new Error(`auth_share ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    },
  );
  const make = await measure('DPoP proof made (dpop generateProof, P-256)', () =>
    generateProof(
      frame.keyPair,
      publicHtu(server.context, ROUTES.walletAuthShare),
      'POST',
      undefined,
      session.token,
    ),
  );
  const check = await measure(
    'DPoP proof checked (jose verify + thumbprint + jti insert)',
    async () => {
      tick();
      const proof = await generateProof(
        frame.keyPair,
        publicHtu(server.context, ROUTES.walletAuthShare),
        'POST',
        undefined,
        session.token,
      );
      const t = performance.now();
      await verifyDpopProof(server.context, proof, {
        htm: 'POST',
        htu: publicHtu(server.context, ROUTES.walletAuthShare),
        accessToken: session.token,
        jkt: frame.jkt,
      });
      return performance.now() - t;
    },
  );

  console.log(
    `\nDPoP custody cost, ${RUNS} runs each after ${WARMUP} warm-up (PGlite in memory, app.request)`,
  );
  for (const r of [baseline, share, make, check]) {
    console.log(
      `${r.label}: mean ${r.mean.toFixed(2)} ms, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms` +
        ` (${(r.mean / baseline.mean).toFixed(2)} x baseline)`,
    );
  }
  console.log(
    `(the "checked" line includes making its proof; checking alone is about ${(check.mean - make.mean).toFixed(2)} ms)`,
  );
  await database.close();
}

await main();
