// My Account "Sign-in & security": password, linked Google/Apple, e-mail verification.
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { hasPassword } from '../../domain/sign-in-methods';
import { message } from '../../messages/catalogue';
import { enterSecuritySection } from '../../state/account-security';
import { signInMethodsText } from '../../state/sign-in-method-names';
import { session } from '../../state/session';
import { EmailVerification } from './EmailVerification';
import { LinkedMethods } from './LinkedMethods';
import { PasswordSettings } from './PasswordSettings';
import { SignedInSessions } from './SignedInSessions';
import { useLanguage } from '../../state/language';

export function SignInSecurity() {
  useLanguage();
  const { user } = useSnapshot(session);
  useEffect(() => enterSecuritySection(), []);
  if (!user) return null;
  return (
    <section className="card security-card" aria-labelledby="security-title">
      <h2 id="security-title">{message('securityHeading')}</h2>
      <PasswordSettings
        hasPassword={hasPassword(user.providerIds)}
        email={user.email}
        methods={signInMethodsText(user.providerIds)}
      />
      <LinkedMethods providerIds={user.providerIds} />
      <EmailVerification email={user.email} />
      <SignedInSessions />
    </section>
  );
}
