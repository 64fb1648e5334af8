import type { Messages } from '../../../messages.ts';

/** Simplified Chinese (zh) texts of this login method (issue 14, item 12). */
const zh: Pick<
  Messages,
  | 'iHaveAPasskey'
  | 'passkeyNotAllowed'
  | 'passkeyCannotLinkMore'
  | 'passkeyMfaUnlink'
  | 'passkeyUnknownError'
  | 'passkeyLoadingTitle'
  | 'passkeyLoadingDetail'
  | 'passkeySuccessTitle'
  | 'passkeySuccessDetail'
  | 'passkeyLinkedDetail'
  | 'passkeyErrorTitle'
  | 'passkeyRetry'
  | 'passkeySignUp'
  | 'linkPasskeyTitle'
  | 'linkPasskeyDetail'
  | 'noPasskeys'
  | 'addNewPasskey'
  | 'viewAllPasskeys'
  | 'removePasskey'
  | 'removingPasskey'
  | 'passkeyRemoved'
  | 'passkeyLimitReached'
  | 'passkeyLastUsed'
> = {
  iHaveAPasskey: '我有通行密钥',
  passkeyNotAllowed: '通行密钥请求已超时或被用户拒绝。',
  passkeyCannotLinkMore: '无法为账户关联更多通行密钥。',
  passkeyMfaUnlink: '无法取消关联已注册用于多重身份验证的通行密钥',
  passkeyUnknownError: '发生未知错误。',
  passkeyLoadingTitle: '正在等待你的通行密钥',
  passkeyLoadingDetail: '请按照浏览器或设备上的提示操作。',
  passkeySuccessTitle: '成功!',
  passkeySuccessDetail: '你已使用通行密钥登录。',
  passkeyLinkedDetail: '你的新通行密钥已添加到账户。',
  passkeyErrorTitle: '无法使用你的通行密钥',
  passkeyRetry: '重试',
  passkeySignUp: '使用通行密钥注册',
  linkPasskeyTitle: '你的通行密钥',
  linkPasskeyDetail: '使用面容、指纹或设备 PIN 码登录。',
  noPasskeys: '你还没有通行密钥。',
  addNewPasskey: '添加新通行密钥',
  viewAllPasskeys: '查看全部',
  removePasskey: '移除',
  removingPasskey: '正在移除…',
  passkeyRemoved: '通行密钥已移除。',
  passkeyLimitReached: '你的通行密钥数量已达上限({max} 个)。',
  passkeyLastUsed: '上次使用:{date}',
};

export default zh;
