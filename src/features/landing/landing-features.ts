import { CalendarDays, Car, ListChecks, Map, MessageCircle, Wallet, type LucideIcon } from 'lucide-react';

export interface LandingFeature {
  icon: LucideIcon;
  title: string;
  text: string;
}

export const LANDING_FEATURES: LandingFeature[] = [
  {
    icon: MessageCircle,
    title: 'Group chat',
    text: 'One thread per event instead of five group chats. Messages wait on your phone and go out when the signal returns.',
  },
  {
    icon: ListChecks,
    title: 'Checklists',
    text: 'Tents, gas, the bottle opener: everyone sees who brings what, ticked off in real time.',
  },
  {
    icon: Wallet,
    title: 'Shared expenses',
    text: 'Record who paid for the groceries and the fuel; CrewCamp works out who owes whom.',
  },
  {
    icon: CalendarDays,
    title: 'Schedule',
    text: 'Arrival, shifts, the headliner at nine: one agenda for the whole crew.',
  },
  {
    icon: Car,
    title: 'Transport',
    text: 'Offer a ride, claim a seat, and know who is bringing the car with the roof box.',
  },
  {
    icon: Map,
    title: 'Site planner',
    text: 'Sketch the campsite: tents, cars, the kitchen and the fire, so nobody pitches on the path.',
  },
];
