/** Phantom screens: the setup steps list. */
export const phantomCss = `
.lk-phantom { display: flex; flex-direction: column; gap: var(--lk-space-3); }
.lk-phantom__steps { margin: 0 0 var(--lk-space-1); padding: 0; list-style: none; counter-reset: lk-step; display: flex; flex-direction: column; gap: var(--lk-space-2); }
.lk-phantom__steps li { counter-increment: lk-step; display: flex; gap: var(--lk-space-3); align-items: center; font-size: 14px; color: var(--lk-foreground); }
.lk-phantom__steps li::before { content: counter(lk-step); display: inline-flex; align-items: center; justify-content: center; flex: none; width: 24px; height: 24px; border-radius: 50%; background: var(--lk-surface); border: 1px solid var(--lk-border); font-size: 12px; font-weight: 700; }
.lk-phantom a.lk-button { text-decoration: none; box-sizing: border-box; }
`;
