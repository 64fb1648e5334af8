import type { crossAppMessages } from '../messages.ts';

/** Chinese (zh) texts of the provider's sign-in page (issue 21). */
const zh: { [K in keyof typeof crossAppMessages]: string } = {
  crossAppSignInTitle: '登录 {requester}',
  crossAppSignInDetail: '使用您的 {app} 账户',
  crossAppConsentLead: '{requester} 将获得：',
  crossAppScopeOpenid: '您的 {app} 用户 ID',
  crossAppScopeMailAddress: '您的电子邮件地址',
  crossAppScopeWallets: '您的钱包地址',
  crossAppSigningNote:
    '{requester} 可以请求您使用 {app} 钱包签署消息和交易。每一项都需要您在此处批准。',
  crossAppReadOnlyNote: '{requester} 可以读取您的钱包地址，但不能请求签名。',
  crossAppSignedInAs: '已登录为 {account}',
  crossAppAllow: '允许',
  crossAppAllowing: '正在允许…',
  crossAppDecline: '取消',
  crossAppFailed: '连接您的 {app} 账户时出现问题。请重试。',
  crossAppTransactTitle: '{requester} 请求签名',
  crossAppTransactDetail: '来自您的 {app} 账户',
  crossAppTransactWaiting: '正在等待请求…',
  crossAppTransactApprove: '请查看下面的请求，然后批准或拒绝。',
  crossAppTransactDone: '已完成。此窗口将自动关闭。',
  crossAppTransactNoOpener: '此页面用于响应其他应用的请求。请在该应用中发起请求。',
  crossAppTransactSignMessage: '签署消息',
  crossAppTransactSignTypedData: '签署类型化数据',
  crossAppTransactSendTransaction: '发送交易',
  crossAppTransactReject: '拒绝',
};
export default zh;
