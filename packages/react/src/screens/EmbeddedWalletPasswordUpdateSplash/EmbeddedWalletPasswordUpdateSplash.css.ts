/**
 * Update splash: the explainer disclosure. Its summary is text on the surface: the foreground
 * colour (the dark theme's accent reads 4.0:1 on the surface; axe, issue 14 item 4), the
 * disclosure triangle in the accent.
 */
export const passwordUpdateSplashCss = `
.lk-why { border: 1px solid var(--lk-border); border-radius: var(--lk-radius-control); background: var(--lk-surface); padding: var(--lk-space-3); font-size: 13.5px; }
.lk-why summary { cursor: pointer; font-weight: 600; color: var(--lk-foreground); }
.lk-why summary::marker { color: var(--lk-accent); }
.lk-why p { margin: var(--lk-space-2) 0 var(--lk-space-1); color: var(--lk-muted); }
.lk-why ul { margin: 0; padding-left: var(--lk-space-4); color: var(--lk-foreground); display: flex; flex-direction: column; gap: var(--lk-space-1); }
`;
