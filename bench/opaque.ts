/**
 * `npm run bench:opaque`: what an OPAQUE recovery-password unlock costs (issue 24 item 5),
 * against the legacy PBKDF2 unlock it replaces, measured in the same run.
 *
 * In Node, with the libraries the frame and the server use (`@serenity-kit/opaque`, WebCrypto):
 * 1. client registration: `startRegistration` + `finishRegistration` (Argon2id with
 *    `OPAQUE_KSF_PARAMETERS[OPAQUE_KSF_ID]`) + sealing the share (HKDF + AES-GCM);
 * 2. server registration: `createRegistrationResponse` (one OPRF evaluation);
 * 3. client unlock: `startLogin` + `finishLogin` (Argon2id) + opening the share;
 * 4. server unlock: `startLogin` + `finishLogin` (no KSF on the server);
 * 5. the legacy unlock: `decryptWithPassword` of a PBKDF2-SHA256 blob (600,000 iterations).
 * With `BENCH_BROWSER=1`, (1) and (3)'s OPAQUE parts also run in headless Chromium
 * (`/usr/bin/chromium`, WebAssembly), as the frame runs them.
 *
 * Prints ms (mean, p50) and ratios to the PBKDF2 unlock (the machine is shared and noisy:
 * compare ratios). Asserts nothing. Runs: `BENCH_RUNS` (default 8).
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import {
  OPAQUE_KSF_ID,
  OPAQUE_KSF_PARAMETERS,
  opaqueKeyStretching,
  opaqueUserIdentifier,
} from '@latchkey/api';
import * as opaque from '@serenity-kit/opaque';
import { chromium } from 'playwright-core';
import {
  registerRecoveryPassword,
  unlockRecoveryPassword,
} from '../packages/wallet-frame/src/custody/opaque-recovery.ts';
import {
  decryptWithPassword,
  encryptWithPassword,
  PASSWORD_KDF_ITERATIONS,
} from '../packages/wallet-frame/src/custody/password.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 8);
const APP = 'clpispdty00ycl80fpueukbhl';
const ADDRESS = '0x1111111111111111111111111111111111111111';
const PASSWORD = 'correct horse battery staple';
const KSF = opaqueKeyStretching(OPAQUE_KSF_ID);

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  return { mean, p50: sorted[Math.floor(sorted.length / 2)]! };
}

async function time(run: () => unknown | Promise<unknown>): Promise<number[]> {
  await run(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await run();
    samples.push(performance.now() - t0);
  }
  return samples;
}

await opaque.ready;
const setup = opaque.server.createSetup();
const userIdentifier = opaqueUserIdentifier(APP, ADDRESS);
const share = crypto.getRandomValues(new Uint8Array(49));
const binding = { appId: APP, address: ADDRESS };

// Server side alone.
const register = (registrationRequest: string) =>
  opaque.server.createRegistrationResponse({
    serverSetup: setup,
    userIdentifier,
    registrationRequest,
  }).registrationResponse;
const stored = { record: '', sealed: null as unknown };
const logins = new Map<string, string>();
const transport = {
  register: async (request: string) => register(request),
  loginStart: async (startLoginRequest: string) => {
    const { serverLoginState, loginResponse } = opaque.server.startLogin({
      serverSetup: setup,
      userIdentifier,
      registrationRecord: stored.record,
      startLoginRequest,
    });
    const id = `login_${logins.size}`;
    logins.set(id, serverLoginState);
    return { login_id: id, login_response: loginResponse, ksf: OPAQUE_KSF_ID };
  },
  loginFinish: async (id: string, finishLoginRequest: string) => {
    opaque.server.finishLogin({ serverLoginState: logins.get(id)!, finishLoginRequest });
    logins.delete(id);
    return stored.sealed as Awaited<ReturnType<typeof registerRecoveryPassword>>['sealed_share'];
  },
};
const first = await registerRecoveryPassword({ password: PASSWORD, share, binding, transport });
stored.record = first.registration_record;
stored.sealed = first.sealed_share;

const legacyBlob = await encryptWithPassword(share, PASSWORD, PASSWORD_KDF_ITERATIONS);
const results: [string, number[]][] = [];
results.push([
  'legacy PBKDF2 unlock (600k iterations)',
  await time(() => decryptWithPassword(legacyBlob, PASSWORD)),
]);
results.push([
  'OPAQUE client registration + seal (Argon2id)',
  await time(() => registerRecoveryPassword({ password: PASSWORD, share, binding, transport })),
]);
const { registrationRequest } = opaque.client.startRegistration({ password: PASSWORD });
results.push([
  'OPAQUE server registration response',
  await time(() => register(registrationRequest)),
]);
// The full unlock: client and server steps in process (no HTTP, no database).
results.push([
  'OPAQUE full unlock (client + server, in process)',
  await time(() => unlockRecoveryPassword({ password: PASSWORD, binding, transport })),
]);
// The server's part of one unlock alone: startLogin + finishLogin.
const serverSamples: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const { clientLoginState, startLoginRequest } = opaque.client.startLogin({ password: PASSWORD });
  const t0 = performance.now();
  const { serverLoginState, loginResponse } = opaque.server.startLogin({
    serverSetup: setup,
    userIdentifier,
    registrationRecord: stored.record,
    startLoginRequest,
  });
  let serverMs = performance.now() - t0;
  const finished = opaque.client.finishLogin({
    clientLoginState,
    loginResponse,
    password: PASSWORD,
    keyStretching: KSF,
  })!;
  const t1 = performance.now();
  opaque.server.finishLogin({ serverLoginState, finishLoginRequest: finished.finishLoginRequest });
  serverMs += performance.now() - t1;
  serverSamples.push(serverMs);
}
results.push(['OPAQUE server start + finish only', serverSamples]);

const base = stats(results[0]![1]).p50;
const ksf = OPAQUE_KSF_PARAMETERS[OPAQUE_KSF_ID];
console.log(
  `KSF ${OPAQUE_KSF_ID}: Argon2id memory ${ksf.memory} KiB, iterations ${ksf.iterations}, ` +
    `parallelism ${ksf.parallelism}; ${RUNS} runs each, Node ${process.version}`,
);
for (const [name, samples] of results) {
  const { mean, p50 } = stats(samples);
  console.log(
    `${name.padEnd(50)} mean ${mean.toFixed(1).padStart(8)} ms  p50 ${p50.toFixed(1).padStart(8)} ms  x${(p50 / base).toFixed(2)} of PBKDF2`,
  );
}

if (process.env.BENCH_BROWSER === '1') {
  // The frame's side in Chromium: the same library (its browser build, WebAssembly).
  const require = createRequire(import.meta.url);
  const lib = readFileSync(
    require.resolve('@serenity-kit/opaque').replace(/cjs[/\\]index\.js$/, 'esm/index.js'),
  );
  const page = `<!doctype html><script type="module">
import * as opaque from '/opaque.js';
window.measure = async (ksf, runs) => {
  await opaque.ready;
  const setup = opaque.server.createSetup();
  const keyStretching = { 'argon2id-custom': ksf };
  const reg = [], login = [];
  for (let i = 0; i <= runs; i++) {
    const s = opaque.client.startRegistration({ password: 'pw' });
    const { registrationResponse } = opaque.server.createRegistrationResponse({ serverSetup: setup, userIdentifier: 'u', registrationRequest: s.registrationRequest });
    const t0 = performance.now();
    const { registrationRecord } = opaque.client.finishRegistration({ clientRegistrationState: s.clientRegistrationState, registrationResponse, password: 'pw', keyStretching });
    const t1 = performance.now();
    const l = opaque.client.startLogin({ password: 'pw' });
    const { loginResponse } = opaque.server.startLogin({ serverSetup: setup, userIdentifier: 'u', registrationRecord, startLoginRequest: l.startLoginRequest });
    const t2 = performance.now();
    opaque.client.finishLogin({ clientLoginState: l.clientLoginState, loginResponse, password: 'pw', keyStretching });
    const t3 = performance.now();
    if (i > 0) { reg.push(t1 - t0); login.push(t3 - t2); }
  }
  return { reg, login };
};
window.ready = true;
</script>`;
  const server = createServer((req, res) => {
    res.setHeader('content-type', req.url === '/opaque.js' ? 'text/javascript' : 'text/html');
    res.end(req.url === '/opaque.js' ? lib : page);
  }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  try {
    const tab = await browser.newPage();
    await tab.goto(`http://127.0.0.1:${port}/`);
    await tab.waitForFunction('window.ready === true');
    const { reg, login } = (await tab.evaluate(
      `window.measure(${JSON.stringify(ksf)}, ${RUNS})`,
    )) as { reg: number[]; login: number[] };
    for (const [name, samples] of [
      ['Chromium: client finishRegistration (Argon2id)', reg],
      ['Chromium: client finishLogin (Argon2id)', login],
    ] as const) {
      const { mean, p50 } = stats(samples);
      console.log(
        `${name.padEnd(50)} mean ${mean.toFixed(1).padStart(8)} ms  p50 ${p50.toFixed(1).padStart(8)} ms  x${(p50 / base).toFixed(2)} of PBKDF2 (Node)`,
      );
    }
  } finally {
    await browser.close();
    server.close();
  }
}
