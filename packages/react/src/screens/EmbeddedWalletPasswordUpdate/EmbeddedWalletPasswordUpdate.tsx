import EmbeddedWalletPasswordCreate from '../EmbeddedWalletPasswordCreate/EmbeddedWalletPasswordCreate.tsx';

/**
 * EMBEDDED_WALLET_PASSWORD_UPDATE_SCREEN (spec section 2): the password flow in 'update' mode,
 * moving a 'latchkey' (automatic recovery) wallet to user-passcode through the wallet's password
 * page (action `set`; issue 24).
 * Reached from the update splash screen.
 */
export default function EmbeddedWalletPasswordUpdate() {
  return <EmbeddedWalletPasswordCreate />;
}
