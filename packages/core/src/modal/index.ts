/**
 * The modal's flow logic without a DOM (issue 11): which flow is open (login, link, connect,
 * wallet, consent), where it goes next and how it ends; the wallet controller and the password
 * flow. `@latchkey/react` renders what these decide.
 */
export {
  type CreateModalFlowParameters,
  createModalFlow,
  EXITED_AUTH_FLOW,
  type ModalFailure,
  type ModalFlow,
  type ModalFlowKind,
  type ModalFlowState,
  type ModalLinkContext,
  type ModalLinkListeners,
  type ModalLinkSuccess,
  type ModalLoginListeners,
  type ModalLoginSuccess,
  type ModalStart,
} from './flow.ts';
export {
  type AfterLoginParams,
  closeLoginOnSuccess,
  type LoginRouteTarget,
  routeLogin,
  TERMS_DECLINED,
} from './afterLogin.ts';
export {
  exitModal,
  type TermsGateInput,
  termsGateUser,
  type WalletAutoConnectStep,
  walletAutoConnectStep,
} from './gates.ts';
