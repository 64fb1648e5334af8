/** Modal footer: terms line and the 'Protected by Latchkey' link. */
export const footerCss = `
.lk-footer { display: flex; flex-direction: column; align-items: center; gap: var(--lk-space-2); margin-top: var(--lk-space-4); padding-top: var(--lk-space-3); border-top: 1px solid var(--lk-border); font-size: 12px; color: var(--lk-muted); text-align: center; }
.lk-footer__terms { margin: 0; }
.lk-footer a { color: inherit; text-decoration: underline; text-underline-offset: 2px; }
.lk-footer a:hover { color: var(--lk-foreground); }
.lk-footer a:focus-visible { outline: 2px solid var(--lk-accent); outline-offset: 2px; border-radius: 2px; }
.lk-footer__protected { display: inline-flex; align-items: center; gap: var(--lk-space-1); margin: 0; }
.lk-footer__protected svg { width: 13px; height: 13px; }
.lk-footer__protected a { text-decoration: none; font-weight: 600; }
`;
