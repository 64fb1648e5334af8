/**
 * Sign request: icon, header, the approval frame (its own CSS), the success line. Nothing here
 * may overlap the frame (issue 24): no absolute decorations, shadows or transforms.
 */
export const signRequestCss = `
.lk-sign__icon { display: block; width: 48px; height: 48px; margin: 0 auto calc(-1 * var(--lk-space-2)); border-radius: 12px; object-fit: cover; }
.lk-sign__done { display: flex; align-items: center; justify-content: center; gap: var(--lk-space-2); margin: 0; color: var(--lk-success); font-weight: 600; font-size: 14px; }
.lk-sign__done svg { width: 16px; height: 16px; }
`;
