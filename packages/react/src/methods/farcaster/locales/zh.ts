import type { Messages } from '../../../messages.ts';

/** Chinese (zh) texts of this login method (issue 16; issue 14, item 12). */
const zh: Pick<
  Messages,
  | 'farcasterTimedOut'
  | 'farcasterOpeningTitle'
  | 'farcasterOpeningDetail'
  | 'farcasterTitle'
  | 'farcasterScanDetail'
  | 'farcasterQrAlt'
  | 'farcasterCopyLink'
  | 'farcasterOpenApp'
  | 'farcasterVerifyingTitle'
  | 'farcasterVerifyingDetail'
  | 'farcasterConnectedTitle'
  | 'farcasterConnectedDetail'
  | 'farcasterInvalidCredentials'
  | 'farcasterTooManyRequests'
  | 'farcasterCannotLinkMore'
  | 'farcasterSomethingWentWrong'
  | 'farcasterRetry'
  | 'farcasterSignerOpeningTitle'
  | 'farcasterSignerOpeningDetail'
  | 'farcasterSignerTitle'
  | 'farcasterSignerDetail'
  | 'farcasterSignerQrAlt'
  | 'farcasterSignerWaiting'
  | 'farcasterSignerApprovedTitle'
  | 'farcasterSignerApprovedDetail'
  | 'farcasterSignerFailedTitle'
  | 'farcasterSignerRejectedTitle'
  | 'farcasterSignerRejectedDetail'
> = {
  farcasterTimedOut: '请求超时。请重试。',
  farcasterOpeningTitle: '正在连接 Farcaster',
  farcasterOpeningDetail: '正在准备你的登录链接…',
  farcasterTitle: '使用 Farcaster 登录',
  farcasterScanDetail: '使用手机相机扫描以继续。',
  farcasterQrAlt: '用于 Farcaster 登录的二维码',
  farcasterCopyLink: '复制链接',
  farcasterOpenApp: '打开 Farcaster',
  farcasterVerifyingTitle: '正在通过 Farcaster 验证',
  farcasterVerifyingDetail: '正在检查你的 Farcaster 账户…',
  farcasterConnectedTitle: '已连接 Farcaster',
  farcasterConnectedDetail: '一切就绪！',
  farcasterInvalidCredentials: '出了点问题。请重试。',
  farcasterTooManyRequests: '请求过多。请稍候再试。',
  farcasterCannotLinkMore: '你不能为此用户授权多个账户。',
  farcasterSomethingWentWrong: '出了点问题。请再试一次。',
  farcasterRetry: '重试',
  farcasterSignerOpeningTitle: '正在准备你的 Farcaster 签名者',
  farcasterSignerOpeningDetail: '正在从你的钱包获取签名密钥…',
  farcasterSignerTitle: '添加 Farcaster 签名者',
  farcasterSignerDetail:
    '请在 Farcaster 应用中批准此应用，以便它代你发帖。用手机相机扫描即可打开。',
  farcasterSignerQrAlt: '用于在 Farcaster 中批准签名者的二维码',
  farcasterSignerWaiting: '正在等待你的批准…',
  farcasterSignerApprovedTitle: '签名者已批准',
  farcasterSignerApprovedDetail: '此应用现在可以代你签署 Farcaster 消息。',
  farcasterSignerFailedTitle: '连接失败',
  farcasterSignerRejectedTitle: '请求被拒绝',
  farcasterSignerRejectedDetail: '请求已被拒绝。请重试。',
};

export default zh;
