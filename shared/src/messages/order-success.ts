import { LOGIN_REQUIRED_MESSAGES } from './login-required';
export const ORDER_SUCCESS_MESSAGES = {
  loginRequired: LOGIN_REQUIRED_MESSAGES.orderSuccess.message,
} as const;
