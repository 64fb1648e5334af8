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
};

export default zh;
