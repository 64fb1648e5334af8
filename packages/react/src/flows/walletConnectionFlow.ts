/**
 * Moved to `methods/siwe/flow.ts` (issue 11). This re-export keeps `screens/LoginFailed`
 * compiling until it imports the new path; remove it then.
 */
export * from '../methods/siwe/flow.ts';
