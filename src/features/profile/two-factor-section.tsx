import { Badge, Box, Button, Code, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import {
  CodeForm,
  listFactors,
  removeFactor,
  startEnrolment,
  type AuthenticatorFactor,
  type Enrolment,
} from '../auth/index.ts';

/** The anchor of this section, linked from the admin panel's notice. */
const TWO_FACTOR_ANCHOR = 'two-factor';

type View =
  | { kind: 'loading' }
  | { kind: 'unavailable'; error: string }
  | { kind: 'off' }
  | { kind: 'enrolling'; enrolment: Enrolment }
  | { kind: 'on'; factor: AuthenticatorFactor };

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * `/profile/details`: two-factor sign-in with an authenticator app. Turning it on shows the QR code
 * the auth service made and the same secret as text, and asks for a code to prove the app has it;
 * from then on every sign-in asks for a code. Needs the network (the auth service keeps factors).
 */
export function TwoFactorSection() {
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [message, setMessage] = useState<{ status: 'error' | 'success'; text: string } | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [isConfirmingOff, setConfirmingOff] = useState(false);

  const [version, setVersion] = useState(0);
  /** Asks the auth service again (after a change, or Try again). */
  const load = () => {
    setView({ kind: 'loading' });
    setVersion((v) => v + 1);
  };

  useEffect(() => {
    let isCurrent = true;
    void listFactors().then(({ factors, error }) => {
      if (!isCurrent) return;
      const verified = factors.find((factor) => factor.isVerified);
      setView(error ? { kind: 'unavailable', error } : verified ? { kind: 'on', factor: verified } : { kind: 'off' });
    });
    return () => {
      isCurrent = false;
    };
  }, [version]);

  // Opened from the admin panel's notice (…#two-factor): bring the section into view.
  const { hash } = useLocation();
  const sectionRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (hash === `#${TWO_FACTOR_ANCHOR}`) sectionRef.current?.scrollIntoView({ block: 'start' });
  }, [hash]);

  async function begin() {
    setBusy(true);
    setMessage(null);
    const { enrolment, error } = await startEnrolment();
    setBusy(false);
    if (error || !enrolment) return setMessage({ status: 'error', text: error ?? 'Could not start the set-up.' });
    setView({ kind: 'enrolling', enrolment });
  }

  async function cancel(enrolment: Enrolment) {
    setView({ kind: 'off' });
    // The half-made factor is removed now or, if that fails (offline), at the next set-up.
    await removeFactor(enrolment.factorId);
  }

  async function turnOff(factor: AuthenticatorFactor) {
    const { error } = await removeFactor(factor.id);
    if (error) throw new Error(error);
    setView({ kind: 'off' });
    setMessage({ status: 'success', text: 'Two-factor sign-in is off. Sign-in asks only for your password.' });
  }

  return (
    <Box id={TWO_FACTOR_ANCHOR} ref={sectionRef} scrollMarginTop="24">
      <SectionCard title="Two-factor sign-in" titleSize="lg" gap="4">
        {view.kind === 'loading' ? <Text color="fg.muted">Loading your two-factor settings...</Text> : null}
        {view.kind === 'unavailable' ? (
          <Stack gap="3">
            <FormMessage status="error">{view.error}</FormMessage>
            <Button variant="outline" size="lg" alignSelf={{ base: 'stretch', sm: 'flex-start' }} onClick={load}>
              Try again
            </Button>
          </Stack>
        ) : null}
        {view.kind === 'off' ? (
          <Stack gap="3">
            <HStack>
              <Badge colorPalette="gray">Off</Badge>
            </HStack>
            <Text color="fg.muted">
              Protect your account with a code from an authenticator app on your phone (such as Google Authenticator,
              Microsoft Authenticator, 1Password or Aegis) each time you sign in. Site admins need it to use admin
              rights.
            </Text>
            <Button
              size="lg"
              alignSelf={{ base: 'stretch', sm: 'flex-start' }}
              loading={isBusy}
              onClick={() => void begin()}
            >
              Set up two-factor sign-in
            </Button>
          </Stack>
        ) : null}
        {view.kind === 'enrolling' ? (
          <EnrolmentSteps
            enrolment={view.enrolment}
            onVerified={() => {
              setMessage({ status: 'success', text: 'Two-factor sign-in is on. Each sign-in now asks for a code.' });
              load();
            }}
            onCancel={() => void cancel(view.enrolment)}
          />
        ) : null}
        {view.kind === 'on' ? (
          <Stack gap="3">
            <HStack>
              <Badge colorPalette="green">On</Badge>
              <Text fontWeight="medium">{view.factor.name ?? 'Authenticator app'}</Text>
            </HStack>
            <Text color="fg.muted">Each sign-in asks for a 6-digit code from your authenticator app.</Text>
            <Button
              variant="outline"
              colorPalette="red"
              size="lg"
              alignSelf={{ base: 'stretch', sm: 'flex-start' }}
              onClick={() => setConfirmingOff(true)}
            >
              Turn off two-factor sign-in
            </Button>
            <ConfirmDialog
              isOpen={isConfirmingOff}
              title="Turn off two-factor sign-in?"
              body="Sign-in will ask only for your password. If you are a site admin, the admin panel will ask you to set it up again."
              confirmLabel="Turn off"
              isDestructive
              onConfirm={() => turnOff(view.factor)}
              errorOf={(failure) => (failure instanceof Error ? failure.message : 'Could not turn it off.')}
              onClose={() => setConfirmingOff(false)}
            />
          </Stack>
        ) : null}
        {message ? <FormMessage status={message.status}>{message.text}</FormMessage> : null}
      </SectionCard>
    </Box>
  );
}

/** Scan (or type) the secret into the app, then prove it with the code the app shows. */
function EnrolmentSteps({
  enrolment,
  onVerified,
  onCancel,
}: {
  enrolment: Enrolment;
  onVerified(): void;
  onCancel(): void;
}) {
  const [isCopied, setCopied] = useState(false);
  return (
    <Stack gap="4">
      <Text>1. Scan this QR code with your authenticator app, or on this phone add it directly.</Text>
      <Image
        src={enrolment.qrCode}
        alt="QR code to add CrewCamp to your authenticator app"
        boxSize="48"
        bg="white"
        p="2"
        rounded="lg"
        borderWidth="1px"
        alignSelf="center"
      />
      <Button asChild variant="outline" size="lg" alignSelf={{ base: 'stretch', sm: 'flex-start' }}>
        <a href={enrolment.uri}>Add to the authenticator app on this phone</a>
      </Button>
      <Stack gap="2">
        <Text>Can't scan it? Enter this setup key in the app instead:</Text>
        <Code
          aria-label="Setup key"
          data-secret={enrolment.secret}
          fontSize="md"
          p="3"
          rounded="lg"
          wordBreak="break-all"
          whiteSpace="normal"
        >
          {grouped(enrolment.secret)}
        </Code>
        <Button
          variant="outline"
          size="lg"
          alignSelf={{ base: 'stretch', sm: 'flex-start' }}
          onClick={() =>
            void navigator.clipboard?.writeText(enrolment.secret).then(
              () => setCopied(true),
              () => undefined,
            )
          }
        >
          {isCopied ? 'Setup key copied' : 'Copy setup key'}
        </Button>
      </Stack>
      <Text>2. Enter the 6-digit code the app now shows for CrewCamp.</Text>
      <CodeForm
        factorId={enrolment.factorId}
        label="Confirm your authenticator app"
        submitLabel="Turn on two-factor sign-in"
        idPrefix="enrol-code"
        onVerified={onVerified}
        footer={
          <Button variant="ghost" size="lg" onClick={onCancel}>
            Cancel
          </Button>
        }
      />
    </Stack>
  );
}
