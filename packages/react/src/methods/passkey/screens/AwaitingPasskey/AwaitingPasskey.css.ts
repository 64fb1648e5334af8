/** AWAITING_PASSKEY_SYSTEM_DIALOGUE: a key icon with a ring while the browser's dialog is open. */
export const awaitingPasskeyCss = `
.lk-passkey { display: flex; flex-direction: column; gap: var(--lk-space-3); align-items: stretch; }
.lk-passkey__status { margin: 0; text-align: center; min-height: 1.4em; color: var(--lk-muted); }
.lk-passkey__status[data-tone="danger"] { color: var(--lk-danger, #dc2626); }
.lk-passkey__status[data-tone="success"] { color: var(--lk-success, #16a34a); }
.lk-passkey .lk-spinner { margin: var(--lk-space-1) auto; }
`;
