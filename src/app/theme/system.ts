/**
 * The CrewCamp look: forest greens for actions, campfire ember for highlights, warm olive-stone
 * neutrals, and a night-pine canvas in dark mode. Every text/background pair used by the
 * components meets WCAG AA in both modes (checked by the axe runs of e2e/).
 *
 * Built on Chakra's base preset with only the recipes of the components the app uses (Chakra's
 * full default config carries ~100 recipes, a third of the first load's JavaScript): a component
 * that needs a recipe not listed here gets it added below.
 */
import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  codeRecipe,
  comboboxSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  radioGroupSlotRecipe,
  semanticTokens,
  separatorRecipe,
  spinnerRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  tokens,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';
import { listClassStyles } from '../../components/list-classes.ts';

/**
 * Chakra's colour palettes the app never uses. Each is 27 tokens (11 shades, 8 semantic roles in
 * two modes) that createSystem turns into CSS variables at every start: about a seventh of its
 * work. A palette named in the code must not be listed here (nothing else refers to these).
 */
const UNUSED_PALETTES = new Set(['teal', 'cyan', 'purple', 'pink']);
const withoutUnusedPalettes = <T extends { colors?: object }>(group: T): T => ({
  ...group,
  colors: Object.fromEntries(Object.entries(group.colors ?? {}).filter(([name]) => !UNUSED_PALETTES.has(name))),
});

const themeBase = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: withoutUnusedPalettes(tokens),
    semanticTokens: withoutUnusedPalettes(semanticTokens),
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      combobox: comboboxSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      popover: popoverSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      tooltip: tooltipSlotRecipe,
    },
  },
});

const scale = (values: string[]) =>
  Object.fromEntries(
    ['50', '100', '200', '300', '400', '500', '600', '700', '800', '900', '950'].map((step, i) => [
      step,
      { value: values[i] },
    ]),
  );

const palette = (name: string, solid: [string, string], contrast: [string, string]) => ({
  solid: { value: { _light: `{colors.${name}.${solid[0]}}`, _dark: `{colors.${name}.${solid[1]}}` } },
  contrast: { value: { _light: contrast[0], _dark: contrast[1] } },
  fg: { value: { _light: `{colors.${name}.700}`, _dark: `{colors.${name}.300}` } },
  muted: { value: { _light: `{colors.${name}.200}`, _dark: `{colors.${name}.800}` } },
  subtle: { value: { _light: `{colors.${name}.100}`, _dark: `{colors.${name}.900}` } },
  emphasized: { value: { _light: `{colors.${name}.300}`, _dark: `{colors.${name}.700}` } },
  focusRing: { value: { _light: `{colors.${name}.600}`, _dark: `{colors.${name}.400}` } },
  border: { value: { _light: `{colors.${name}.600}`, _dark: `{colors.${name}.400}` } },
});

const config = defineConfig({
  globalCss: {
    html: { colorPalette: 'forest', bg: 'bg', WebkitTapHighlightColor: 'transparent' },
    body: { minHeight: '100dvh' },
    ...listClassStyles,
  },
  theme: {
    tokens: {
      fonts: {
        heading: {
          value:
            "'Avenir Next', 'Segoe UI', system-ui, -apple-system, Roboto, Ubuntu, 'Helvetica Neue', Arial, sans-serif",
        },
        body: { value: "system-ui, -apple-system, 'Segoe UI', Roboto, Ubuntu, 'Helvetica Neue', Arial, sans-serif" },
      },
      colors: {
        forest: scale([
          '#eef7f1',
          '#d5ecdd',
          '#acd8bd',
          '#7bbd97',
          '#4f9e73',
          '#2f8257',
          '#236a46',
          '#1c5639',
          '#17452f',
          '#133a28',
          '#0a2116',
        ]),
        ember: scale([
          '#fff5ed',
          '#ffe8d4',
          '#ffcca8',
          '#ffa771',
          '#fd7838',
          '#f05a17',
          '#d9430d',
          '#b4320d',
          '#8f2a12',
          '#742512',
          '#3f1007',
        ]),
        gray: scale([
          '#f7f7f2',
          '#eeeee6',
          '#dedfd3',
          '#c3c5b5',
          '#9c9f8c',
          '#777a68',
          '#5a5d4d',
          '#44473a',
          '#2d3027',
          '#1e211a',
          '#121510',
        ]),
      },
    },
    semanticTokens: {
      colors: {
        forest: palette('forest', ['600', '500'], ['white', 'white']),
        ember: palette('ember', ['700', '400'], ['white', '{colors.gray.950}']),
        bg: {
          DEFAULT: { value: { _light: '{colors.gray.50}', _dark: '{colors.gray.950}' } },
          panel: { value: { _light: '{colors.white}', _dark: '{colors.gray.900}' } },
          subtle: { value: { _light: '{colors.gray.100}', _dark: '{colors.gray.900}' } },
          muted: { value: { _light: '{colors.gray.200}', _dark: '{colors.gray.800}' } },
        },
        fg: {
          DEFAULT: { value: { _light: '{colors.gray.950}', _dark: '{colors.gray.50}' } },
          muted: { value: { _light: '{colors.gray.600}', _dark: '{colors.gray.300}' } },
          error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } },
          success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } },
          warning: { value: { _light: '{colors.orange.800}', _dark: '{colors.orange.300}' } },
        },
      },
    },
  },
});

export const system = createSystem(defaultBaseConfig, themeBase, config);
