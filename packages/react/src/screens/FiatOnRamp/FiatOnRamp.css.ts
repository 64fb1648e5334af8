/** The on-ramp prompt's numbered points (issue 20), and the status screen's spacing. */
export const fiatOnRampCss = `
.lk-onramp__points { margin: 0; padding: var(--lk-space-2) var(--lk-space-3) var(--lk-space-2) var(--lk-space-8); display: flex; flex-direction: column; gap: var(--lk-space-2); border: 1px solid var(--lk-border); border-radius: var(--lk-radius-control); background: var(--lk-surface); color: var(--lk-foreground); font-size: 14px; line-height: 1.45; }
.lk-onramp__points li::marker { color: var(--lk-accent); font-weight: 600; }
`;
