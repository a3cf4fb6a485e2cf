import { Button, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../app/paths.ts';
import { BrandCard, BrandLayout } from '../../components/brand-layout.tsx';

/** `/checkout/success/{id}`: after a one-off purchase. */
export function CheckoutSuccessPage() {
  return (
    <BrandLayout>
      <BrandCard title="Payment received">
        <Stack gap="4">
          <Text>Thank you! Your purchase is confirmed and ready to use.</Text>
          <Button asChild size="lg">
            <RouterLink to={paths.dashboard.href()}>Go to the dashboard</RouterLink>
          </Button>
        </Stack>
      </BrandCard>
    </BrandLayout>
  );
}
