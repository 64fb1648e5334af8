/** The workspace packages that are published to npm (folders under packages/), in build order. */
export const PUBLISHED = ['api', 'core', 'react', 'wallet-frame', 'server', 'wagmi'] as const;
