/**
 * Static classes for the home's event cards, the app's longest first-screen list. Chakra's style
 * props cost a style resolution per element and render (recipe, serialisation, hash): about 9 ms
 * per card on a phone's first render, most of the home's drawing time (bench/home.ts). These
 * classes are the same styles, turned into CSS once with the theme (its tokens, so both colour
 * modes follow), and the cards are plain elements that name them. Added to the theme's global CSS
 * (app/theme/system.ts); keep each in step with the Chakra recipe it mirrors, named beside it.
 */
import type { SystemStyleObject } from '@chakra-ui/react';

export const listClasses = {
  card: 'cc-card',
  head: 'cc-head',
  row: 'cc-row',
  stack: 'cc-stack',
  title: 'cc-title',
  badge: 'cc-badge',
  iconButton: 'cc-icon-button',
  facts: 'cc-facts',
  lines: 'cc-lines',
  line: 'cc-line',
} as const;

/** The badge tones the cards use: `data-tone` on a `cc-badge`. */
export type BadgeTone = 'forest' | 'gray' | 'ember-solid' | 'outline';

export const listClassStyles: Record<string, SystemStyleObject> = {
  // Chakra's Stack (column) with the card's panel look.
  '.cc-card': {
    display: 'flex',
    flexDirection: 'column',
    gap: '3',
    bg: 'bg.panel',
    borderWidth: '1px',
    rounded: 'xl',
    p: '4',
    minW: '0',
  },
  // The card's top: name and badges beside the actions button.
  '.cc-head': { display: 'flex', alignItems: 'flex-start', gap: '2' },
  '.cc-row': { display: 'flex', alignItems: 'center', gap: '2', minW: '0', flexWrap: 'wrap' },
  '.cc-stack': { display: 'flex', flexDirection: 'column', gap: '1', flex: '1', minW: '0' },
  // The event's name: Text with textStyle lg, semibold, truncated; a link turns forest on hover.
  '.cc-title': {
    textStyle: 'lg',
    fontWeight: 'semibold',
    color: 'fg',
    truncate: true,
    focusVisibleRing: 'outside',
    '&:is(a):hover': { color: 'forest.fg' },
  },
  // Chakra's Badge recipe, size sm (its default): subtle, solid and outline variants.
  '.cc-badge': {
    display: 'inline-flex',
    alignItems: 'center',
    borderRadius: 'l2',
    gap: '1',
    fontWeight: 'medium',
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
    userSelect: 'none',
    textStyle: 'xs',
    px: '1.5',
    minH: '5',
    colorPalette: 'gray',
    bg: 'colorPalette.subtle',
    color: 'colorPalette.fg',
    '&[data-tone=forest]': { colorPalette: 'forest' },
    '&[data-tone=ember-solid]': { colorPalette: 'ember', bg: 'colorPalette.solid', color: 'colorPalette.contrast' },
    '&[data-tone=outline]': {
      colorPalette: 'forest',
      bg: 'transparent',
      shadow: 'inset 0 0 0px 1px var(--shadow-color)',
      shadowColor: 'colorPalette.border',
    },
  },
  // Chakra's IconButton, variant ghost, size sm.
  '.cc-icon-button': {
    display: 'inline-flex',
    appearance: 'none',
    alignItems: 'center',
    justifyContent: 'center',
    userSelect: 'none',
    position: 'relative',
    borderRadius: 'l2',
    borderWidth: '1px',
    borderColor: 'transparent',
    cursor: 'button',
    flexShrink: '0',
    outline: '0',
    h: '9',
    minW: '9',
    color: 'colorPalette.fg',
    bg: 'transparent',
    transitionProperty: 'common',
    transitionDuration: 'moderate',
    focusVisibleRing: 'outside',
    _hover: { bg: 'colorPalette.subtle' },
    '& svg': { width: '4', height: '4', fontSize: '1.2em', flexShrink: '0' },
  },
  // The dates, place and crew: a muted column of icon-and-text rows.
  '.cc-facts': { display: 'flex', flexDirection: 'column', gap: '1.5', color: 'fg.muted', textStyle: 'sm' },
  '.cc-facts > div': { display: 'flex', alignItems: 'center', gap: '2', minW: '0' },
  '.cc-facts svg': { flexShrink: '0' },
  '.cc-facts [data-truncate]': { truncate: true },
  // "What needs you": each line a link of at least 44 px.
  '.cc-lines': { display: 'flex', flexDirection: 'column', listStyleType: 'none', mx: '-2' },
  '.cc-line': {
    display: 'flex',
    alignItems: 'center',
    gap: '2',
    px: '2',
    minH: '11',
    rounded: 'md',
    textStyle: 'sm',
    color: 'fg.muted',
    fontWeight: 'normal',
    focusVisibleRing: 'outside',
    _hover: { bg: 'bg.muted' },
    '& svg': { width: '4', height: '4', flexShrink: '0' },
    '& span': { lineClamp: '2', minW: '0' },
    '&[data-urgent]': { color: 'fg', fontWeight: 'medium' },
    '&[data-urgent] svg': { color: 'ember.fg' },
  },
};
