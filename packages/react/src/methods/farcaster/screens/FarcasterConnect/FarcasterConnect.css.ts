import { MOBILE_BREAKPOINT_PX } from '@latchkey/api';

/**
 * AWAITING_FARCASTER_CONNECTION: the QR code, always dark on white (readable by a camera in
 * dark mode too), with the Farcaster mark over its middle on a white rounded square; the
 * 'Open Farcaster' deep link shows only below the modal's mobile breakpoint (440 px, spec
 * section 9), as the modal's bottom sheet does.
 */
export const farcasterConnectCss = `
.lk-farcaster { display: flex; flex-direction: column; align-items: stretch; gap: var(--lk-space-3); }
.lk-farcaster__qr { position: relative; align-self: center; padding: var(--lk-space-3); border: 1px solid var(--lk-border); border-radius: 16px; background: #fff; line-height: 0; }
.lk-farcaster__qr img { display: block; }
.lk-farcaster__placeholder { display: flex; align-items: center; justify-content: center; }
.lk-farcaster__logo { position: absolute; left: 50%; top: 50%; transform: translate(-50%, -50%); box-sizing: content-box; padding: var(--lk-space-1); border-radius: 6px; background: #fff; }
.lk-farcaster__logo svg { display: block; width: 100%; height: 100%; }
.lk-farcaster a.lk-button { text-decoration: none; box-sizing: border-box; }
.lk-farcaster__open { display: none !important; }
@media (max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px) {
  .lk-farcaster__open { display: inline-flex !important; }
}
`;
