import { Box, Button, Container, Flex, Heading, HStack, Icon, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Tent, WifiOff } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { TIER_LIMITS } from '../../access/tier-limits.ts';
import { TIERS, tierLabel } from '../../access/tiers.ts';
import { paths } from '../../lib/paths.ts';
import { Copyright } from '../../components/copyright.tsx';
import { Logo } from '../../components/logo.tsx';
import { InstallAppButton } from '../../pwa/install-app-button.tsx';
import { LANDING_FEATURES } from './landing-features.ts';

/** `/landing`: what CrewCamp is, for a visitor, with the ways in. */
export function LandingPage() {
  return (
    <Box minH="100dvh" display="flex" flexDirection="column">
      <Container as="header" maxW="6xl" py="4">
        <Flex align="center" justify="space-between" gap="3">
          <HStack gap="2">
            <Logo size="9" />
            <Text fontWeight="bold" textStyle="lg">
              CrewCamp
            </Text>
          </HStack>
          <Button asChild variant="outline" size="sm">
            <RouterLink to={paths.login.href()}>Sign in</RouterLink>
          </Button>
        </Flex>
      </Container>

      <Box as="main" flex="1">
        <Box
          bgGradient="to-b"
          gradientFrom={{ base: 'forest.100', _dark: 'forest.950' }}
          gradientTo="bg"
          pt={{ base: '10', md: '20' }}
          pb={{ base: '12', md: '20' }}
        >
          <Container maxW="4xl" textAlign="center">
            <Stack gap="6" align="center">
              <HStack
                bg="ember.subtle"
                color="ember.fg"
                rounded="full"
                px="3"
                py="1"
                gap="2"
                textStyle="sm"
                fontWeight="medium"
                maxW="full"
              >
                <Icon as={Tent} boxSize="4" flexShrink={0} />
                <Text>For festival weekends, camping trips and group holidays</Text>
              </HStack>
              <Heading as="h1" textStyle={{ base: '4xl', md: '6xl' }} letterSpacing="tight" lineHeight="1.1">
                Your event crew, connected.
              </Heading>
              <Text textStyle={{ base: 'lg', md: 'xl' }} color="fg.muted" maxW="2xl">
                CrewCamp keeps the chat, the packing lists, the money, the rides and the site plan of your crew in one
                app, and it keeps working at the campsite where the signal doesn&apos;t reach.
              </Text>
              <Stack direction={{ base: 'column', sm: 'row' }} gap="3" w={{ base: 'full', sm: 'auto' }}>
                <Button asChild size="xl" colorPalette="ember">
                  <RouterLink to={paths.waitlist.href({ join: true })}>Join the waitlist</RouterLink>
                </Button>
                <Button asChild size="xl" variant="outline">
                  <RouterLink to={paths.login.href()}>Sign in</RouterLink>
                </Button>
                <InstallAppButton size="xl" variant="ghost" />
              </Stack>
            </Stack>
          </Container>
        </Box>

        <Container maxW="6xl" py={{ base: '10', md: '16' }}>
          <Heading as="h2" textStyle={{ base: '2xl', md: '3xl' }} mb="8" textAlign="center">
            Everything the crew needs, in one place
          </Heading>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="5">
            {LANDING_FEATURES.map((feature) => (
              <Stack key={feature.title} bg="bg.panel" borderWidth="1px" rounded="2xl" p="6" gap="3">
                <Flex boxSize="11" rounded="xl" bg="forest.subtle" color="forest.fg" align="center" justify="center">
                  <Icon as={feature.icon} boxSize="5" />
                </Flex>
                <Heading as="h3" textStyle="lg">
                  {feature.title}
                </Heading>
                <Text color="fg.muted">{feature.text}</Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Container>

        <Container maxW="6xl" pb={{ base: '10', md: '16' }}>
          <Flex
            direction={{ base: 'column', md: 'row' }}
            gap="6"
            align={{ base: 'start', md: 'center' }}
            bg="forest.solid"
            color="forest.contrast"
            rounded="2xl"
            p={{ base: '6', md: '10' }}
          >
            <Icon as={WifiOff} boxSize="10" flexShrink={0} />
            <Stack gap="2">
              <Heading as="h2" textStyle="2xl">
                Made for places without signal
              </Heading>
              <Text>
                Everything your crew planned is on your phone. Tick items, log expenses and write messages offline;
                CrewCamp sends them once, in order, when you are back in range.
              </Text>
            </Stack>
          </Flex>
        </Container>

        <Container maxW="6xl" pb={{ base: '12', md: '20' }}>
          <Heading as="h2" textStyle={{ base: '2xl', md: '3xl' }} mb="8" textAlign="center">
            Start free, grow with your crew
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
            {TIERS.map((tier) => {
              const limits = TIER_LIMITS[tier];
              return (
                <Stack key={tier} bg="bg.panel" borderWidth="1px" rounded="2xl" p="6" gap="3">
                  <Heading as="h3" textStyle="xl">
                    {tierLabel(tier)}
                  </Heading>
                  <Text textStyle="2xl" fontWeight="bold">
                    {limits.monthlyPrice === 0 ? 'Free' : `${limits.monthlyPrice} CHF / month`}
                  </Text>
                  <Stack as="ul" gap="1" color="fg.muted" listStyleType="disc" ps="5">
                    <li>{limits.maxEventsSimultaneously} events at once</li>
                    <li>Up to {limits.maxMembersPerEvent} members per event</li>
                    <li>Plan up to {limits.maxPlanningDays} days ahead</li>
                    <li>
                      {limits.maxCoOrganizers === 0
                        ? 'You organise, the crew joins'
                        : `${limits.maxCoOrganizers} co-organizer${limits.maxCoOrganizers > 1 ? 's' : ''} per event`}
                    </li>
                  </Stack>
                </Stack>
              );
            })}
          </SimpleGrid>
        </Container>
      </Box>

      <Container as="footer" maxW="6xl" py="6" borderTopWidth="1px">
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Copyright />
          <HStack gap="4">
            <Link asChild color="forest.fg" fontWeight="medium">
              <RouterLink to={paths.waitlist.href({ join: true })}>Waitlist</RouterLink>
            </Link>
            <Link asChild color="forest.fg" fontWeight="medium">
              <RouterLink to={paths.login.href()}>Sign in</RouterLink>
            </Link>
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
