import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { BrandCard, BrandLayout, BrandNotice } from '../../components/brand-layout.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { approvedEmailOf } from './auth-service.ts';
import { AuthSwitch } from './components/auth-switch.tsx';
import { RegisterForm, type ApprovedSignUp } from './components/register-form.tsx';

type Approval =
  { state: 'none' } | { state: 'checking' } | { state: 'invalid' } | { state: 'valid'; entry: ApprovedSignUp };

/**
 * `/register`: open sign-up (name, email, password), or with `?token=` the sign-up of an approved
 * waitlist entry, its email pre-filled and locked, made through admin-create-user.
 */
export function RegisterPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const [approval, setApproval] = useState<Approval>(token ? { state: 'checking' } : { state: 'none' });

  useEffect(() => {
    if (!token) return;
    let isCurrent = true;
    void approvedEmailOf(token).then((entry) => {
      if (!isCurrent) return;
      setApproval(entry ? { state: 'valid', entry: { ...entry, token } } : { state: 'invalid' });
    });
    return () => {
      isCurrent = false;
    };
  }, [token]);

  if (approval.state === 'invalid') {
    return (
      <BrandNotice
        title="This link does not work"
        action={{ to: paths.waitlist.href({ join: true }), label: 'Go to the waitlist', variant: 'outline' }}
      >
        <FormMessage status="error">This approval link is not valid or has expired.</FormMessage>
      </BrandNotice>
    );
  }

  return (
    <BrandLayout>
      <BrandCard title={approval.state === 'none' ? 'Create your account' : 'Your spot is ready'}>
        <RegisterForm
          // A new form once the approval is known, so it starts from the approved email and name.
          key={approval.state}
          approval={approval.state === 'valid' ? approval.entry : null}
          isChecking={approval.state === 'checking'}
          onRegistered={() => navigate(paths.dashboard.href(), { replace: true })}
          footer={<AuthSwitch question="Already have an account?" label="Sign in" to={paths.login.href()} />}
        />
      </BrandCard>
    </BrandLayout>
  );
}
