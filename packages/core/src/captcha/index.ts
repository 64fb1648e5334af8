/**
 * `@latchkey/core/captcha` (issue 6): the captcha state machine and its provider drivers
 * (Cloudflare Turnstile, ALTCHA proof of work). A lazy entry: the modal imports it.
 * STUB: filled in by the core work.
 */
export {};
