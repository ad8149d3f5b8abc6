/** Messages the account screens share. */
export const MSG_AGREE = '请先阅读并同意《注册须知》和《隐私条款》';

export const MSG_PASSWORDS_DIFFER = '两次输入的密码不一致';
