import type { ComponentType } from 'react';
import { EmailLoginMethod } from '../../components/EmailLoginMethod/EmailLoginMethod.tsx';
import type { LoginMethod } from '../../config/config.ts';

/**
 * Landing's login methods, as data: method name -> component. The landing renders
 * `config.loginMethods` in order through this map; a method without an entry (not built in
 * this slice) is skipped. Adding SMS, wallets or socials is one entry and one component.
 */
export const LOGIN_METHOD_COMPONENTS: Partial<Record<LoginMethod, ComponentType>> = {
  email: EmailLoginMethod,
};
