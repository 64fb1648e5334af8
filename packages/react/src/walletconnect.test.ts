// @vitest-environment node
/**
 * WalletConnect as an optional peer (issue 12 item 6): the main entry `@latchkey/react` reaches
 * no `@walletconnect/*` or `@reown/*` module, statically or through `import()` (an app that did
 * not install the peer would fail to build on the unresolved import); the subpath
 * `@latchkey/react/walletconnect` loads it only when `connect()` runs; package.json declares it
 * as an optional peer.
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

const pkgDir = path.resolve(import.meta.dirname, '..');
const outdir = mkdtempSync(path.join(tmpdir(), 'latchkey-wc-graph-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

/**
 * Every module file an entry reaches (static imports and `import()` chunks), as esbuild sees
 * them when it bundles the entry from source with nothing external.
 */
async function reachedModules(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [path.join(pkgDir, 'src', entry)],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    jsx: 'automatic',
    conditions: ['@latchkey/source'],
    outdir,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs);
}

const WALLET_CONNECT_MODULE = /node_modules\/@(walletconnect|reown)\//;

describe('the main entry never reaches WalletConnect (optional peer)', () => {
  it('bundles src/index.ts and every lazy chunk of it without a @walletconnect or @reown module', async () => {
    const inputs = await reachedModules('index.ts');
    // The graph is the whole package: the modal's lazy screens are in it.
    expect(inputs.some((f) => f.endsWith('screens/WalletConnect/WalletConnect.tsx'))).toBe(true);
    expect(inputs.filter((f) => WALLET_CONNECT_MODULE.test(f))).toEqual([]);
  }, 60_000);

  it('sees the package through the subpath (so the check above can find it)', async () => {
    const inputs = await reachedModules('walletconnect.ts');
    expect(inputs.some((f) => f.includes('node_modules/@walletconnect/ethereum-provider/'))).toBe(
      true,
    );
  }, 60_000);
});

const wc = vi.hoisted(() => {
  const listeners = new Map<string, (uri: string) => void>();
  const state = {
    loaded: false,
    initOptions: null as unknown,
    peerName: 'MetaMask Wallet' as string | undefined,
    connectError: null as Error | null,
    listeners,
  };
  const provider = {
    on: (event: string, fn: (uri: string) => void) => listeners.set(event, fn),
    removeListener: (event: string) => listeners.delete(event),
    connect: async () => {
      listeners.get('display_uri')?.('wc:pairing@2');
      if (state.connectError) throw state.connectError;
    },
    get session() {
      return state.peerName === undefined
        ? undefined
        : { peer: { metadata: { name: state.peerName } } };
    },
  };
  return { state, provider };
});

vi.mock('@walletconnect/ethereum-provider', () => {
  wc.state.loaded = true;
  return {
    EthereumProvider: {
      init: async (options: unknown) => {
        wc.state.initOptions = options;
        return wc.provider;
      },
    },
  };
});

const params = (onDisplayUri = vi.fn()) => ({
  projectId: 'cloud-project',
  chains: [31337, 1],
  onDisplayUri,
  metadata: { name: 'Acme', description: 'Acme', url: 'https://acme.test', icons: [] },
});

describe('walletConnect of @latchkey/react/walletconnect', () => {
  beforeEach(() => {
    wc.state.peerName = 'MetaMask Wallet';
    wc.state.connectError = null;
    wc.state.listeners.clear();
  });

  it('loads @walletconnect/ethereum-provider only when connect() runs, then pairs', async () => {
    const { walletConnect } = await import('./walletconnect.ts');
    expect(wc.state.loaded).toBe(false);
    const onDisplayUri = vi.fn();
    const connection = await walletConnect.connect(params(onDisplayUri));
    expect(wc.state.loaded).toBe(true);
    expect(wc.state.initOptions).toEqual({
      projectId: 'cloud-project',
      optionalChains: [31337, 1],
      showQrModal: false,
      metadata: params().metadata,
    });
    expect(onDisplayUri).toHaveBeenCalledWith('wc:pairing@2');
    expect(wc.state.listeners.has('display_uri')).toBe(false);
    expect(connection).toEqual({
      provider: wc.provider,
      walletClientType: 'metamask',
      name: 'MetaMask Wallet',
    });
  });

  it("names other peers 'wallet_connect' and stops listening when the pairing fails", async () => {
    const { walletConnect } = await import('./walletconnect.ts');
    wc.state.peerName = undefined;
    await expect(walletConnect.connect({ ...params(), chains: [] })).resolves.toMatchObject({
      walletClientType: 'wallet_connect',
      name: 'WalletConnect',
    });
    expect((wc.state.initOptions as { optionalChains: number[] }).optionalChains).toEqual([1]);
    wc.state.connectError = new Error('rejected');
    await expect(walletConnect.connect(params())).rejects.toThrow('rejected');
    expect(wc.state.listeners.has('display_uri')).toBe(false);
  });
});

describe('walletConnect without the package installed', () => {
  it('rejects with the install command', async () => {
    vi.resetModules();
    vi.doMock('@walletconnect/ethereum-provider', () => {
      throw new Error('Cannot find package @walletconnect/ethereum-provider');
    });
    try {
      const { walletConnect } = await import('./walletconnect.ts');
      await expect(walletConnect.connect(params())).rejects.toThrow(
        'npm i @walletconnect/ethereum-provider',
      );
    } finally {
      vi.doUnmock('@walletconnect/ethereum-provider');
      vi.resetModules();
    }
  });
});

describe('package.json (optional peer)', () => {
  const pkg = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    peerDependencies: Record<string, string>;
    peerDependenciesMeta?: Record<string, { optional?: boolean }>;
    devDependencies: Record<string, string>;
    exports: Record<string, unknown>;
  };

  it('declares @walletconnect/ethereum-provider as an optional peer, not a dependency', () => {
    expect(pkg.dependencies['@walletconnect/ethereum-provider']).toBeUndefined();
    expect(pkg.peerDependencies['@walletconnect/ethereum-provider']).toBeDefined();
    expect(pkg.peerDependenciesMeta?.['@walletconnect/ethereum-provider']).toEqual({
      optional: true,
    });
    expect(pkg.devDependencies['@walletconnect/ethereum-provider']).toBe(
      pkg.peerDependencies['@walletconnect/ethereum-provider'],
    );
    expect(pkg.exports['./walletconnect']).toEqual({
      '@latchkey/source': './src/walletconnect.ts',
      types: './dist/walletconnect.d.ts',
      import: './dist/walletconnect.js',
    });
  });
});
