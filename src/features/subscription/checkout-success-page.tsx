import { Text } from '@chakra-ui/react';
import { paths } from '../../lib/paths.ts';
import { BrandNotice } from '../../components/brand-layout.tsx';

/** `/checkout/success/{id}`: after a one-off purchase. */
export function CheckoutSuccessPage() {
  return (
    <BrandNotice
      title="Payment received"
      action={{ to: paths.dashboard.href(), label: 'Go to the dashboard', size: 'lg' }}
    >
      <Text>Thank you! Your purchase is confirmed and ready to use.</Text>
    </BrandNotice>
  );
}
