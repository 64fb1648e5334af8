/** Sign request: icon, the message in a scrollable box, one button. */
export const signRequestCss = `
.lk-sign__icon { display: block; width: 48px; height: 48px; margin: 0 auto -8px; border-radius: 12px; object-fit: cover; }
.lk-sign[data-state="success"] .lk-button { background: var(--lk-success); }
`;
