/** The auth feature's public API: what other features and the app may import (lint-enforced). */
export { cancelSignOut, confirmSignOut, signInAgain, signOut, startAuth, useAuthStore } from './auth-store.ts';
export { AuthSwitch } from './components/auth-switch.tsx';
export { RegisterForm } from './components/register-form.tsx';
export { SignInForm } from './components/sign-in-form.tsx';
export { writeCachedProfile } from './profile-cache.ts';
export type { CurrentUser } from './profile-cache.ts';
export { mayHaveSession } from './stored-session.ts';
export { CodeForm } from './components/code-form.tsx';
export { listFactors, removeFactor, startEnrolment } from './second-factor-service.ts';
export type { AuthenticatorFactor, Enrolment } from './second-factor-service.ts';
