/**
 * An email on screen (issue 14 item 10): it wraps at its `<wbr>` points (after '@', before
 * '.'), and only when one part is still wider than the line does `overflow-wrap: anywhere`
 * break it, as a last resort.
 */
export const emailTextCss = `
.lk-email { overflow-wrap: anywhere; }
`;
