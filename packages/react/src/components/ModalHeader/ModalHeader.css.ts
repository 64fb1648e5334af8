/** Screen header: optional logo or icon, title, and a line of text under it. */
export const modalHeaderCss = `
.lk-header { display: flex; flex-direction: column; align-items: center; text-align: center; gap: var(--lk-space-2); margin: var(--lk-space-1) 0 var(--lk-space-5); }
.lk-header__logo { display: block; max-width: 180px; max-height: 56px; object-fit: contain; margin-bottom: var(--lk-space-2); }
.lk-header__icon {
  display: flex;
  align-items: center;
  justify-content: center;
  width: 48px;
  height: 48px;
  margin-bottom: var(--lk-space-2);
  border-radius: 50%;
  background: var(--lk-surface);
  color: var(--lk-accent);
}
.lk-header__icon svg { width: 24px; height: 24px; }
.lk-header__icon--danger { color: var(--lk-danger); }
.lk-header__icon--success { color: var(--lk-success); }
.lk-header__title { margin: 0; font-size: 18px; font-weight: 650; line-height: 1.3; letter-spacing: -0.01em; color: var(--lk-foreground); }
.lk-header__message { margin: 0; font-size: 14px; color: var(--lk-muted); overflow-wrap: anywhere; }
`;
