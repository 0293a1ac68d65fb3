/**
 * Texts of the account pages: forgot password, reset password, email verification and the Google
 * sign-up callback (01 §2 "Authentication pages"). The spec quotes none of them; server messages
 * (the reset-link answer, per-field errors, the Google rejection) are always shown as the server sent them.
 */
export const accountMessages = {
  // /forgotpassword
  forgotTitle: 'Forgot your password?',
  forgotSubtitle: 'Enter the email address of your account and we will email you a link to choose a new password.',
  sendLink: 'Send reset link',
  sendingLink: 'Sending…',
  linkSentTitle: 'Check your email',
  backToSignIn: 'Back to sign in',
  rememberPassword: 'Remembered it?',
  // /resetpassword
  resetTitle: 'Choose a new password',
  resetSubtitle: 'Pick a password of at least 8 characters. Other devices will be signed out.',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
  resetAction: 'Reset password',
  resetting: 'Saving…',
  passwordsDiffer: 'The passwords do not match',
  resetDoneTitle: 'Password changed',
  resetLinkMissing: 'This password reset link is incomplete. Ask for a new one.',
  requestNewLink: 'Request a new link',
  // /verify-email
  verifyTitle: 'Verify your email',
  verifying: 'Verifying your email address…',
  verifiedTitle: 'Email verified',
  verifyFailedTitle: 'We could not verify your email',
  verifyLinkMissing: 'This verification link is incomplete. Open the link from your email again.',
  continueToApp: 'Continue to Wordsmith AI',
  goToSignIn: 'Go to sign in',
  // /auth/google/callback
  googleTitle: 'Sign up with Google',
  googleSubtitle: 'Create your Wordsmith AI account with your Google account: no new password to remember.',
  googleContinue: 'Continue with Google',
  googleSigningIn: 'Signing you in with Google…',
  googleFailedTitle: 'Google sign-in failed',
  googleNotConfigured: 'Google sign-in is not available here. Create an account with your email address instead.',
  googleStateMismatch: 'This Google sign-in was not started from this browser. Please try again.',
  createWithEmail: 'Create an account with email',
  tryAgain: 'Try again',
} as const;
