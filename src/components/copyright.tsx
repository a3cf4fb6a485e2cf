import { Text, type TextProps } from '@chakra-ui/react';

/** '© {current year} CrewCamp', as the login page and the landing page show it. */
export function Copyright(props: TextProps) {
  return (
    <Text textStyle="sm" color="fg.muted" {...props}>
      © {new Date().getFullYear()} CrewCamp. All rights reserved.
    </Text>
  );
}
