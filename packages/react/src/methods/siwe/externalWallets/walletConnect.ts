/**
 * WalletConnect through the official packages (spec sections 2 and 9; issue 4):
 * `@walletconnect/ethereum-provider` (an EIP-1193 provider over the WalletConnect relay) and a QR
 * code of its pairing URI drawn with `qrcode` (high error correction, 160 px, the WalletConnect
 * logo over the middle 15 %). Both are imported dynamically, so they load only when a person
 * picks WalletConnect.
 */
import type { Eip1193Provider } from '@latchkey/core';

/** QR code settings (spec section 9). */
export const WALLET_CONNECT_QR = {
  /** 'H': about 30 % of the code can be covered (the logo takes 15 % of the width). */
  errorCorrectionLevel: 'H',
  /** Default size in CSS pixels. */
  size: 160,
  /** The logo's width as a share of the code's. */
  logoRatio: 0.15,
} as const;

/**
 * The QR code of a WalletConnect URI as a PNG data URL (`qrcode`, error correction H,
 * {@link WALLET_CONNECT_QR.size} px). The logo is laid over it by the screen.
 */
export async function walletConnectQrDataUrl(
  uri: string,
  size: number = WALLET_CONNECT_QR.size,
): Promise<string> {
  const { toDataURL } = await import('qrcode');
  return toDataURL(uri, {
    errorCorrectionLevel: WALLET_CONNECT_QR.errorCorrectionLevel,
    width: size,
    margin: 1,
  });
}

/** The logo's box in pixels for a code of `size` pixels, centred. */
export function walletConnectLogoBox(size: number = WALLET_CONNECT_QR.size): {
  size: number;
  offset: number;
} {
  const logo = Math.round(size * WALLET_CONNECT_QR.logoRatio);
  return { size: logo, offset: Math.round((size - logo) / 2) };
}

/** A connected WalletConnect session. */
export interface WalletConnectConnection {
  provider: Eip1193Provider;
  /** `wallet_client_type` from the peer's name ('metamask' for MetaMask, else 'wallet_connect'). */
  walletClientType: string;
  name: string;
}

/** Parameters of {@link connectWalletConnect}. */
export interface ConnectWalletConnectParameters {
  projectId: string;
  /** Chain ids to ask for; the first is required. */
  chains: readonly number[];
  /** Called with the pairing URI to show as a QR code. */
  onDisplayUri: (uri: string) => void;
  /** App metadata shown in the wallet. */
  metadata: { name: string; description: string; url: string; icons: string[] };
}

/**
 * Starts a WalletConnect pairing and resolves once a wallet approved it.
 * @throws when the relay cannot be reached or the person rejects the pairing.
 */
export async function connectWalletConnect(
  p: ConnectWalletConnectParameters,
): Promise<WalletConnectConnection> {
  const { EthereumProvider } = await import('@walletconnect/ethereum-provider');
  const [first, ...rest] = p.chains;
  const provider = await EthereumProvider.init({
    projectId: p.projectId,
    optionalChains: [first ?? 1, ...rest],
    showQrModal: false,
    metadata: p.metadata,
  });
  provider.on('display_uri', p.onDisplayUri);
  try {
    await provider.connect();
  } finally {
    provider.removeListener('display_uri', p.onDisplayUri);
  }
  const peer = provider.session?.peer.metadata.name ?? 'WalletConnect';
  return {
    provider: provider as unknown as Eip1193Provider,
    walletClientType: /metamask/i.test(peer) ? 'metamask' : 'wallet_connect',
    name: peer,
  };
}
