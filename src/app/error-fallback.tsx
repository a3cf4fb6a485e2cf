import { Button, Flex, Heading, Text } from '@chakra-ui/react';
import { Component, type ErrorInfo, type ReactNode } from 'react';

/** The error fallback screen of spec section 2. */
function ErrorFallback() {
  return (
    <Flex minH="60dvh" direction="column" align="center" justify="center" gap="4" p="6" textAlign="center" role="alert">
      <Heading as="h1" textStyle="2xl">
        Something went wrong
      </Heading>
      <Text color="fg.muted">We apologize for the inconvenience. Please try refreshing the page.</Text>
      <Button onClick={() => window.location.reload()}>Refresh Page</Button>
    </Flex>
  );
}

/** Catches a render error of a page, so the shell around it stays usable. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { hasError: boolean }> {
  state = { hasError: false };

  static getDerivedStateFromError() {
    return { hasError: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Page error', error, info.componentStack);
  }

  render() {
    return this.state.hasError ? <ErrorFallback /> : this.props.children;
  }
}
