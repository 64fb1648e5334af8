/**
 * Long values in the modal (issue 14 item 10): an address is shortened in the middle and kept
 * on one line, its full value in visually hidden text. (An email: `methods/email/EmailText`.)
 */
export const displayTextCss = `
.lk-address { white-space: nowrap; }
.lk-display-full { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
`;
