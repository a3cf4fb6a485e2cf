import { Box, Button, Code, Flex, Heading, Text } from '@chakra-ui/react';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** The router's error page: an error the routes did not handle. */
export function RouterErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <Flex as="main" minH="100dvh" direction="column" align="center" justify="center" gap="4" p="6" textAlign="center">
      <Heading as="h1" textStyle="2xl">
        Unexpected Application Error!
      </Heading>
      <Box maxW="lg">
        <Code whiteSpace="pre-wrap" wordBreak="break-word" p="3" display="block">
          {detail}
        </Code>
      </Box>
      <Text color="fg.muted">We apologize for the inconvenience. Please try refreshing the page.</Text>
      <Button onClick={() => window.location.reload()}>Refresh Page</Button>
    </Flex>
  );
}
