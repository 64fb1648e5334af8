/**
 * The modal's flow logic without a DOM (issue 11): which flow is open (login, link, connect,
 * wallet, consent), where it goes next and how it ends; the wallet controller and the password
 * flow. `@latchkey/react` renders what these decide.
 */
export {};
