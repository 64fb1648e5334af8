import * as z from 'zod';

/** An EVM chain the server knows an RPC for (development: the local anvil chain). */
export const chainConfig = z.object({
  /** EIP-155 chain id, e.g. 31337. */
  id: z.number().int().positive(),
  name: z.string(),
  /** JSON-RPC URL the client broadcasts signed transactions to. */
  rpc_url: z.string(),
  native_currency: z.object({ symbol: z.string(), decimals: z.number().int().nonnegative() }),
});
export type ChainConfigWire = z.infer<typeof chainConfig>;

/** `GET /api/v1/chains` answer; empty when the server has no RPC configured. */
export const chainsResponse = z.object({ chains: z.array(chainConfig) });
export type ChainsResponse = z.infer<typeof chainsResponse>;
