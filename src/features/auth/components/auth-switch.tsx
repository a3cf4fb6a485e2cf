import { Button, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';

interface AuthSwitchProps {
  /** 'New to CrewCamp?' */
  question: string;
  /** 'Create an account' */
  label: string;
  /** The other page, or `onClick` for the other form on the same page. */
  to?: string;
  onClick?(): void;
}

/** The line under a sign-in or sign-up form that leads to the other one. */
export function AuthSwitch({ question, label, to, onClick }: AuthSwitchProps) {
  return (
    <Text textAlign="center" color="fg.muted">
      {question}{' '}
      {to ? (
        <Link asChild color="forest.fg" fontWeight="semibold">
          <RouterLink to={to}>{label}</RouterLink>
        </Link>
      ) : (
        <Button variant="plain" p="0" h="auto" color="forest.fg" fontWeight="semibold" onClick={onClick}>
          {label}
        </Button>
      )}
    </Text>
  );
}
