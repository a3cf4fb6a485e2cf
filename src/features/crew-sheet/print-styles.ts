/**
 * The crew sheet on paper: only the sheet (no header, sidebar, tab bar, sync banners or buttons; the
 * event's brand bar stays), each section from a new page, colours kept (the accent, the plan).
 */
export const SHEET_PRINT_CSS = `@media print {
  @page { margin: 14mm 12mm; }
  html, body { background: #fff !important; }
  header, aside, nav, [data-sheet-hide], [role='status']:not(main *), [role='alert']:not(main *) { display: none !important; }
  main#main { padding: 0 !important; }
  [data-sheet-section] { break-before: page; box-shadow: none !important; border: none !important; }
  [data-sheet-section='facts'] { break-before: auto; }
  [data-sheet-keep] { break-inside: avoid; }
  a { color: inherit !important; text-decoration: none !important; }
  * { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
}`;
