/**
 * The email method of the client (issue 11): its actions (send a code, log in, link, update,
 * unlink). Its code flow is the shared one of `methods/passwordless/` (channel `email`).
 */
export * from './actions.ts';
