import { Text } from '@chakra-ui/react';
import { useParams } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { BrandNotice } from '../../components/brand-layout.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { useAuthStore } from '../auth/index.ts';
import { useCheckoutPayment, type KnownPayment } from './use-checkout-payment.ts';
import { StatusSpinner } from '../../components/status-spinner.tsx';

function paid(payment: KnownPayment): string {
  const amount = new Intl.NumberFormat('en-US', { style: 'currency', currency: payment.currency }).format(
    payment.amount_minor / 100,
  );
  const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(payment.created_at));
  return `${payment.description ?? 'Your purchase'}: ${amount}, paid on ${day}.`;
}

/**
 * `/checkout/success/{id}`: "Payment received" only for a checkout the server recorded for this
 * user; a made-up or someone else's reference, or a payment not arrived yet, is said plainly.
 */
export function CheckoutSuccessPage() {
  const { id = '' } = useParams();
  const userId = useAuthStore((state) => state.session?.user.id ?? null);
  const lookup = useCheckoutPayment(id, userId);
  const plans = {
    to: paths.subscription.href(),
    label: 'See your plan',
    size: 'lg' as const,
    variant: 'outline' as const,
  };

  if (lookup.state === 'checking') {
    return (
      <BrandNotice title="Checking your payment" action={plans}>
        <StatusSpinner label="Checking your payment" />
      </BrandNotice>
    );
  }
  if (lookup.state === 'found') {
    return (
      <BrandNotice
        title="Payment received"
        action={{ to: paths.dashboard.href(), label: 'Go to the dashboard', size: 'lg' }}
      >
        <Text>Thank you! Your purchase is confirmed and ready to use.</Text>
        <Text color="fg.muted">{paid(lookup.payment)}</Text>
      </BrandNotice>
    );
  }
  return (
    <BrandNotice title="Payment not found" action={plans}>
      <FormMessage status="error">
        {lookup.state === 'offline'
          ? 'You are offline, so this payment cannot be checked. Open this page again when you have a connection.'
          : 'We have no payment with this reference on your account. If you have just paid, it can take a minute to arrive: reload this page.'}
      </FormMessage>
    </BrandNotice>
  );
}
