/** The stylesheet of the chat's message rows, on the theme's variables (light and dark alike). */
export const MESSAGE_CSS = `
.cc-msg { display: flex; flex-direction: column; align-items: flex-start; gap: 4px; padding: 4px 8px; }
.cc-msg.cc-mine { align-items: flex-end; }
.cc-line { display: flex; align-items: center; gap: 4px; max-width: 92%; }
.cc-mine .cc-line { flex-direction: row-reverse; }
.cc-bubble { min-width: 0; border-radius: var(--chakra-radii-xl); padding: 8px 12px; background: var(--chakra-colors-bg-muted); }
.cc-mine .cc-bubble { background: var(--chakra-colors-forest-subtle); }
.cc-highlight { outline: 2px solid var(--chakra-colors-forest-solid); }
.cc-head { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: 8px; font-size: var(--chakra-font-sizes-xs); line-height: var(--chakra-line-heights-xs, 1rem); }
.cc-msg.cc-cont { padding-top: 0; }
.cc-author { font-weight: 600; }
.cc-deleted { font-style: italic; }
.cc-photo { display: grid; place-items: center; width: 220px; max-width: 100%; height: 220px; margin: 4px 0; padding: 0; border-radius: var(--chakra-radii-lg); overflow: hidden; background: var(--chakra-colors-bg-subtle); cursor: zoom-in; }
.cc-photo img { width: 100%; height: 100%; object-fit: cover; }
.cc-photo-missing { display: flex; flex-direction: column; align-items: center; gap: 4px; padding: 8px; font-size: var(--chakra-font-sizes-xs); text-align: center; }
.cc-tag { margin-inline-start: 8px; padding: 0 4px; border: 1px solid var(--chakra-colors-border); border-radius: 4px; font-weight: 500; }
.cc-muted { color: var(--chakra-colors-fg-muted); }
.cc-quote { margin: 4px 0; padding-inline-start: 8px; border-inline-start: 3px solid var(--chakra-colors-forest-solid); font-size: var(--chakra-font-sizes-xs); display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; }
.cc-text { font-size: var(--chakra-font-sizes-sm); line-height: 1.45; white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; }
.cc-text a { color: inherit; text-decoration: underline; }
.cc-pending { display: flex; justify-content: flex-end; align-items: center; gap: 4px; margin-top: 4px; font-size: var(--chakra-font-sizes-xs); }
.cc-icon { flex-shrink: 0; display: inline-grid; place-items: center; width: 44px; height: 44px; border-radius: var(--chakra-radii-md); color: var(--chakra-colors-fg-muted); background: transparent; cursor: pointer; }
.cc-icon:hover { background: var(--chakra-colors-bg-subtle); }
.cc-icon:focus-visible, .cc-chip:focus-visible { outline: 2px solid var(--chakra-colors-forest-solid); outline-offset: 1px; }
.cc-reactions { display: flex; flex-wrap: wrap; gap: 4px; max-width: 85%; }
.cc-chip { font-size: var(--chakra-font-sizes-xs); padding: 2px 8px; border-radius: var(--chakra-radii-full); border: 1px solid var(--chakra-colors-border); background: transparent; cursor: pointer; }
.cc-chip-mine { background: var(--chakra-colors-forest-subtle); border-color: var(--chakra-colors-forest-solid); }
.cc-sep { display: flex; align-items: center; gap: 12px; padding: 8px 16px; font-size: var(--chakra-font-sizes-xs); font-weight: 500; }
.cc-sep::before, .cc-sep::after { content: ''; flex: 1; border-top: 1px solid var(--chakra-colors-border); }
.cc-unread { color: var(--chakra-colors-ember-fg); font-weight: 600; }
.cc-unread::before, .cc-unread::after { border-top-color: currentColor; }
@media (min-width: 48em) {
  .cc-msg { padding: 4px 16px; }
  .cc-line { max-width: 75%; }
}
`;
