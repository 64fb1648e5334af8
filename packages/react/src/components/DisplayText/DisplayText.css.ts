/**
 * Long values in the modal (issue 14 item 10): an address is shortened in the middle and kept
 * on one line; an email wraps at its `<wbr>` points (after '@', before '.'), and only when one
 * part is still wider than the line does `overflow-wrap: anywhere` break it, as a last resort.
 */
export const displayTextCss = `
.lk-address { white-space: nowrap; }
.lk-email { overflow-wrap: anywhere; }
.lk-display-full { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
`;
