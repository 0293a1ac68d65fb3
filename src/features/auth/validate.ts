import { authMessages as m } from './messages';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

// A practical email check (the server validates the format authoritatively).
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateSignIn(v: { email: string; password: string }): FieldErrors<'email' | 'password'> {
  const e: FieldErrors<'email' | 'password'> = {};
  if (!v.email.trim()) e.email = m.emailRequired;
  else if (!EMAIL.test(v.email.trim())) e.email = m.emailInvalid;
  if (!v.password) e.password = m.passwordRequired;
  return e;
}

export function validateRegister(v: { name: string; email: string; password: string }): FieldErrors<'name' | 'email' | 'password'> {
  const e: FieldErrors<'name' | 'email' | 'password'> = { ...validateSignIn(v) };
  if (!v.name.trim()) e.name = m.nameRequired;
  if (v.password && v.password.length < 8) e.password = m.passwordTooShort;
  return e;
}
