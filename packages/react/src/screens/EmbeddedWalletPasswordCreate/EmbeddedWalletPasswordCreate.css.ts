/** Password flow: steps, strength meter, saved-password box, acknowledgement. */
export const passwordCreateCss = `
.lk-pw__step { font-size: 12px; font-weight: 600; color: var(--lk-muted); text-align: center; margin: -12px 0 0; letter-spacing: 0.02em; }
.lk-pw__strength { display: flex; align-items: center; gap: 10px; margin-top: -4px; font-size: 13px; color: var(--lk-muted); }
.lk-pw__meter { flex: 1; height: 6px; border-radius: 3px; background: var(--lk-border); overflow: hidden; }
.lk-pw__meter span { display: block; height: 100%; border-radius: 3px; background: var(--lk-danger); transition: width 150ms; }
.lk-pw__strength[data-label="Medium"] .lk-pw__meter span { background: #e0a100; }
.lk-pw__strength[data-label="Strong"] .lk-pw__meter span { background: var(--lk-success); }
.lk-pw__saved { display: flex; align-items: center; justify-content: space-between; gap: 8px; }
.lk-pw__saved .lk-wallet__box { flex: 1; font-size: 15px; }
.lk-pw__ack { display: flex; gap: 10px; align-items: flex-start; padding: 12px; border: 1px solid var(--lk-border); border-radius: var(--lk-radius-control); background: var(--lk-surface); font-size: 13.5px; cursor: pointer; }
.lk-pw__ack input { margin-top: 2px; width: 16px; height: 16px; accent-color: var(--lk-accent); flex: none; }
.lk-pw__back { position: absolute; top: 22px; left: 18px; }
@media (prefers-reduced-motion: reduce) { .lk-pw__meter span { transition: none; } }
`;
