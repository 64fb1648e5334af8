/**
 * The password frame (issue 24 item 4): its height until the page first reports its content's
 * (`--lk-password-frame-height` for the four-step flow, `--lk-password-frame-recover-height` for
 * recovery); then `useFrameHeight` sets it inline, within `PASSWORD_FRAME_HEIGHT` and the
 * modal card's room (issue 14). The iframe is in the flow, so nothing of the modal overlaps it.
 */
export const passwordFrameCss = `
.lk-pwframe { --lk-password-frame-height: 290px; --lk-password-frame-recover-height: 170px; position: relative; }
.lk-pwframe iframe { display: block; width: 100%; height: var(--lk-password-frame-height); border: 0; background: transparent; color-scheme: normal; }
.lk-pwframe[data-action="recover"] iframe { height: var(--lk-password-frame-recover-height); }
.lk-pwframe[data-state="connecting"] iframe { visibility: hidden; }
.lk-pwframe__busy { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; }
`;
